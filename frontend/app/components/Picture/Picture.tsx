import { preload } from "react-dom";
import manifest from "../../generated/images.json";
import imageVersion from "../../generated/image-version.json";

interface ImageEntry {
  w: number;
  h: number;
  widths: number[];
}
const images = manifest as Record<string, ImageEntry>;

export interface PictureProps {
  /** Image name: the file name in content/images without its extension. */
  name: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Above the fold and likely the LCP element: load eagerly with high priority. */
  priority?: boolean;
  className?: string;
}

/** The pipeline's content-hashed name: it never changes, so nginx lets browsers cache it for a year. */
const url = (name: string, width: number, ext: string) => `/img/${name}-${width}.${imageVersion.hash}.${ext}`;
const srcSet = (name: string, entry: ImageEntry, ext: string) => entry.widths.map((w) => `${url(name, w, ext)} ${w}w`).join(", ");

/** A responsive image from the build-time pipeline: AVIF, WebP and a JPEG fallback, with intrinsic size. */
export function Picture({ name, alt, sizes, priority = false, className }: PictureProps) {
  const entry = images[name];
  if (!entry) throw new Error(`Obraz '${name}' nie przeszedł przez potok obrazów (npm run images)`);
  const fallback = entry.widths.find((w) => w >= 960) ?? entry.widths.at(-1)!;
  if (priority) {
    // The page's LCP image: React puts this preload into <head> of the prerendered HTML.
    preload(url(name, fallback, "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(name, entry, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(name, entry, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, entry, "webp")} sizes={sizes} />
      <img
        src={url(name, fallback, "jpg")}
        srcSet={srcSet(name, entry, "jpg")}
        sizes={sizes}
        width={entry.w}
        height={entry.h}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
