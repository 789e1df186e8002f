import { preload } from "react-dom";
import manifest from "../../generated/images.json";
import imageVersion from "../../generated/image-version.json";
import { fallbackWidth, widthsFor } from "./widths";

/** [width, height] of each image as seen (after its EXIF orientation), from the build-time pipeline. */
const images = manifest as unknown as Record<string, [number, number]>;

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

/** The intrinsic (oriented) size of an image of the pipeline. */
export function imageSize(name: string): { width: number; height: number } {
  const entry = images[name];
  if (!entry) throw new Error(`Obraz '${name}' nie przeszedł przez potok obrazów (npm run images)`);
  return { width: entry[0], height: entry[1] };
}

/** The pipeline's content-hashed name: it never changes, so nginx lets browsers cache it for a year. */
const url = (name: string, width: number, ext: string) => `/img/${name}-${width}.${imageVersion.hash}.${ext}`;
const srcSet = (name: string, width: number, ext: string) =>
  widthsFor(width)
    .map((w) => `${url(name, w, ext)} ${w}w`)
    .join(", ");

/**
 * A responsive image from the build-time pipeline: AVIF and WebP at every width, intrinsic size for the layout, and
 * one JPEG as the <img> fallback for browsers that know neither format (no JPEG srcset: no other browser fetches it).
 */
export function Picture({ name, alt, sizes, priority = false, className }: PictureProps) {
  const { width, height } = imageSize(name);
  if (priority) {
    // The page's LCP image: React puts this preload into <head> of the prerendered HTML.
    preload(url(name, fallbackWidth(width), "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(name, width, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(name, width, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, width, "webp")} sizes={sizes} />
      <img
        src={url(name, fallbackWidth(width), "jpg")}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
