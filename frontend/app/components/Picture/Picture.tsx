import { useEffect, useRef, useState, type RefObject } from "react";
import { preload } from "react-dom";
import manifest from "../../generated/images.json";
import imageVersion from "../../generated/image-version.json";
import { fallbackWidth, widthsFor } from "./widths";
import { DEFERRED_SIZES, DEFERRED_SRC, DEFERRED_SRCSET, NEAR_MARGIN, placeholder } from "../../site/deferredImages";

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
 * Whether a deferred photo may load: false in the prerendered page and while it hydrates (the inline script of
 * site/deferredImages.ts puts such photos in place meanwhile), then true once the photo comes within
 * NEAR_VIEWPORT_PX of the screen — the inline script's rule, so that hydration changes nothing.
 */
function usePhotoNear(ref: RefObject<HTMLImageElement | null>, deferrable: boolean): boolean {
  const [near, setNear] = useState(!deferrable);
  useEffect(() => {
    const img = ref.current;
    if (near || !img) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(img);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * A responsive image from the build-time pipeline: AVIF and WebP at every width, intrinsic size for the layout, and
 * one JPEG as the <img> fallback for browsers that know neither format (no JPEG srcset: no other browser fetches it).
 * Any image but the page's LCP image is fetched after the first paint, as it comes near (site/deferredImages.ts).
 */
export function Picture({
  name,
  alt,
  sizes,
  priority = false,
  priorityMedia,
  immediate = false,
  className,
}: PictureProps) {
  const { width, height } = imageSize(name);
  const ref = useRef<HTMLImageElement>(null);
  const deferred = !usePhotoNear(ref, !immediate && (!priority || priorityMedia !== undefined));
  // Deferred, a <source> still needs a srcset (HTML requires one inside <picture>): the placeholder, without sizes.
  const sourceOf = (ext: string) =>
    deferred
      ? { srcSet: placeholder(width, height), [DEFERRED_SRCSET]: srcSet(name, width, ext), [DEFERRED_SIZES]: sizes }
      : { srcSet: srcSet(name, width, ext), sizes };
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
    <>
      <picture className={className}>
        <source type="image/avif" {...sourceOf("avif")} />
        <source type="image/webp" {...sourceOf("webp")} />
        <img
          ref={ref}
          {...(deferred ? { src: placeholder(width, height), [DEFERRED_SRC]: jpeg } : { src: jpeg })}
          width={width}
          height={height}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          decoding={priority && !priorityMedia ? "sync" : "async"}
          fetchPriority={priority ? "high" : "auto"}
        />
      </picture>
      {deferred && <NoScriptPicture name={name} alt={alt} sizes={sizes} className={className} />}
    </>
  );
}

/**
 * The image for a browser without JavaScript, where a deferred photo would stay its placeholder (hidden then, see
 * NO_SCRIPT_IMAGES_CSS), and for a slide whose photo comes only after hydration. Inside <noscript>: a browser that
 * runs scripts never parses it, let alone fetches it. WebP at every width (every browser of the last five years)
 * and the JPEG, loaded lazily by the browser itself.
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
