import { preload } from "react-dom";
import manifest from "../../generated/images.json";

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

const srcSet = (name: string, widths: number[], ext: string) => widths.map((w) => `/img/${name}-${w}.${ext} ${w}w`).join(", ");

/** A responsive image from the build-time pipeline: AVIF, WebP and a JPEG fallback, with intrinsic size. */
export function Picture({ name, alt, sizes, priority = false, className }: PictureProps) {
  const entry = images[name];
  if (!entry) throw new Error(`Obraz '${name}' nie przeszedł przez potok obrazów (npm run images)`);
  const fallback = entry.widths.find((w) => w >= 960) ?? entry.widths[entry.widths.length - 1];
  if (priority) {
    // The page's LCP image: React puts this preload into <head> of the prerendered HTML.
    preload(`/img/${name}-${fallback}.avif`, {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(name, entry.widths, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(name, entry.widths, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, entry.widths, "webp")} sizes={sizes} />
      <img
        src={`/img/${name}-${fallback}.jpg`}
        srcSet={srcSet(name, entry.widths, "jpg")}
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
