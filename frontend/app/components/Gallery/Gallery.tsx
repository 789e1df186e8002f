import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from "react";
import { Picture, photoUrl } from "../Picture/Picture";
import type { LightboxPhoto } from "../Lightbox/Lightbox";
import { usePageWords } from "../../hooks/useWords";
import { fill } from "../../contentModel/blanks";
import styles from "./Gallery.module.scss";

// The lightbox is code for a click that may never come: fetched when a thumbnail is pointed at, focused or
// clicked, not with the page.
const loadLightbox = () => import("../Lightbox/Lightbox");
const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

/**
 * Thumbnails that open full screen. Each is a link to its photo, so a tap enlarges it from the first paint on —
 * before the page has hydrated, or without JavaScript, the browser shows the photo's file; once hydrated, the page's
 * own viewer opens instead (a tap or Enter; a click with a modifier key still opens the file, in a new tab if so
 * asked). After the viewer closes, focus goes back to the thumbnail that opened it.
 */
export function Gallery({ images }: { images: LightboxPhoto[] }) {
  const words = usePageWords("gallery");
  const [open, setOpen] = useState<number | null>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const photo = open === null ? undefined : images[open];

  const returnTo = useRef<HTMLAnchorElement | null>(null);

  function close() {
    returnTo.current = open === null ? null : (links.current[open] ?? null);
    setOpen(null);
  }

  // After the lightbox has unmounted and let go of focus, hand it back to the thumbnail that opened it.
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    returnTo.current.focus();
    returnTo.current = null;
  }, [open]);

  function openViewer(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(index);
  }

  return (
    <>
      <ul className={styles.gallery}>
        {images.map((image, i) => (
          <li key={image.image} className={styles.item}>
            <a
              ref={(el) => {
                links.current[i] = el;
              }}
              href={photoUrl(image.image)}
              className={styles.thumb}
              aria-label={fill(words.enlarge, { alt: image.alt })}
              aria-haspopup="dialog"
              onPointerEnter={() => void loadLightbox()}
              onFocus={() => void loadLightbox()}
              onClick={(event) => openViewer(event, i)}
            >
              <Picture
                name={image.image}
                alt={image.alt}
                // On phones the first photo spans both columns.
                sizes={
                  i === 0
                    ? "(min-width: 48rem) 16rem, (min-width: 36rem) 33vw, calc(100vw - 3rem)"
                    : "(min-width: 48rem) 16rem, (min-width: 36rem) 33vw, calc(50vw - 2rem)"
                }
                className={styles.picture}
              />
            </a>
          </li>
        ))}
      </ul>
      {photo && (
        <Suspense fallback={null}>
          <Lightbox key={open} photo={photo} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
