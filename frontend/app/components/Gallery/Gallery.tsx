import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Picture } from "../Picture/Picture";
import type { LightboxPhoto } from "../Lightbox/Lightbox";
import styles from "./Gallery.module.scss";

// The lightbox is code for a click that may never come: fetched when a thumbnail is pointed at, focused or
// clicked, not with the page.
const loadLightbox = () => import("../Lightbox/Lightbox");
const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

/**
 * Thumbnails that open full screen. Each is a real button, so it works with a keyboard and is announced as
 * one; after the lightbox closes, focus goes back to the thumbnail that opened it.
 */
export function Gallery({ images }: { images: LightboxPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const photo = open === null ? undefined : images[open];

  const returnTo = useRef<HTMLButtonElement | null>(null);

  function close() {
    returnTo.current = open === null ? null : (buttons.current[open] ?? null);
    setOpen(null);
  }

  // After the lightbox has unmounted and let go of focus, hand it back to the thumbnail that opened it.
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    returnTo.current.focus();
    returnTo.current = null;
  }, [open]);

  return (
    <>
      <ul className={styles.gallery}>
        {images.map((image, i) => (
          <li key={image.image} className={styles.item}>
            <button
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className={styles.thumb}
              aria-label={`Powiększ zdjęcie: ${image.alt}`}
              aria-haspopup="dialog"
              onPointerEnter={() => void loadLightbox()}
              onFocus={() => void loadLightbox()}
              onClick={() => setOpen(i)}
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
            </button>
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
