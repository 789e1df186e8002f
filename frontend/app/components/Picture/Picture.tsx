import { useEffect, useRef, useState, type RefObject } from "react";
import { preload } from "react-dom";
import manifest from "../../generated/images.json";
import imageVersion from "../../generated/image-version.json";
import { fallbackWidth, widthsFor } from "./widths";
import { DEFERRED, NEAR_MARGIN } from "../../site/deferredImages";

/** [width, height] of each image as seen (after its EXIF orientation), from the build-time pipeline. */
const images = manifest as unknown as Record<string, [number, number]>;

export interface PictureProps {
  /** Image name: the file name in content/images without its extension. */
  name: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Above the fold and likely the LCP element: preloaded, eager, high priority, not deferred. */
  priority?: boolean;
  /**
   * With priority: the screens (a media query) on which the image is the LCP element. It is preloaded for those
   * only, and the <img> waits for the first paint like any other (a treatment list's first photo is the LCP
   * element on a desktop, but sits below the fold of a phone, where the page's lead text is).
   */
  priorityMedia?: string;
  /** Shown on a visitor's action (the lightbox): loaded at once, never deferred. */
  immediate?: boolean;
  /** The box takes the photo's own proportions (from the manifest); the page's stylesheet may still cap its height. */
  ownRatio?: boolean;
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
/** The photo's one JPEG (the <img> fallback below): a file every browser shows by itself (a gallery links to it). */
export const photoUrl = (name: string) => url(name, fallbackWidth(imageSize(name).width), "jpg");
const srcSet = (name: string, width: number, ext: string) =>
  widthsFor(width)
    .map((w) => `${url(name, w, ext)} ${w}w`)
    .join(", ");

/**
 * Whether a deferred photo may be shown: false in the prerendered page and while it hydrates (the inline script of
 * site/deferredImages.ts shows such photos meanwhile), then true once its picture comes within NEAR_VIEWPORT_PX of
 * the screen — the inline script's rule, so that hydration changes nothing. The picture is watched, not the photo:
 * until it is shown the photo is not rendered, and the picture holds its box.
 */
function usePhotoNear(ref: RefObject<HTMLElement | null>, deferrable: boolean): boolean {
  const [near, setNear] = useState(!deferrable);
  useEffect(() => {
    const picture = ref.current;
    if (near || !picture) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(picture);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * A responsive image from the build-time pipeline: AVIF and WebP at every width, intrinsic size for the layout, and
 * one JPEG as the <img> fallback for browsers that know neither format (no JPEG srcset: no other browser fetches it).
 * The <picture> is the photo's box: the page's stylesheet sizes it (width, aspect-ratio or height) and the photo
 * fills it (styles/global.scss). Any image but the page's LCP image is fetched after the first paint, as it comes
 * near (site/deferredImages.ts).
 */
export function Picture({
  name,
  alt,
  sizes,
  priority = false,
  priorityMedia,
  immediate = false,
  ownRatio = false,
  className,
}: PictureProps) {
  const { width, height } = imageSize(name);
  const ref = useRef<HTMLPictureElement>(null);
  // The LCP image on every screen: in place from the start. Any other is lazy: a deferred photo is not rendered
  // until it is shown (and an eager image would be fetched even then).
  const lcp = priority && priorityMedia === undefined;
  const deferred = !usePhotoNear(ref, !immediate && !lcp);
  const jpeg = url(name, fallbackWidth(width), "jpg");
  if (priority) {
    // The page's LCP image: React puts this preload into <head> of the prerendered HTML.
    preload(url(name, fallbackWidth(width), "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(name, width, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
      media: priorityMedia,
    });
  }
  return (
    <picture ref={ref} className={className} style={ownRatio ? { aspectRatio: `${width} / ${height}` } : undefined}>
      <source type="image/avif" srcSet={srcSet(name, width, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, width, "webp")} sizes={sizes} />
      <img
        src={jpeg}
        width={width}
        height={height}
        alt={alt}
        loading={lcp ? "eager" : "lazy"}
        decoding={lcp ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        {...(deferred ? { [DEFERRED]: "" } : {})}
      />
    </picture>
  );
}

/**
 * The image for a browser without JavaScript where a slideshow's hidden slide has no photo until hydration (Hero,
 * Carousel). Inside <noscript>: a browser that runs scripts never parses it, let alone fetches it. WebP at every
 * width (every browser of the last five years) and the JPEG, loaded lazily by the browser itself.
 */
export function NoScriptPicture({
  name,
  alt,
  sizes,
  className,
}: Pick<PictureProps, "name" | "alt" | "sizes" | "className">) {
  const { width, height } = imageSize(name);
  return (
    <noscript>
      <picture className={className}>
        <source type="image/webp" srcSet={srcSet(name, width, "webp")} sizes={sizes} />
        <img
          src={url(name, fallbackWidth(width), "jpg")}
          width={width}
          height={height}
          alt={alt}
          loading="lazy"
          decoding="async"
        />
      </picture>
    </noscript>
  );
}
