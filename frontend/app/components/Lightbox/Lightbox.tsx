import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { Picture, imageSize } from "../Picture/Picture";
import { usePageWords } from "../../hooks/useWords";
import styles from "./Lightbox.module.scss";

export interface LightboxPhoto {
  image: string;
  alt: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Locks page scrolling while open; pads the body by the scrollbar's width so the page behind does not jump. */
function lockScroll(): () => void {
  const { body, documentElement } = document;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // clientWidth is 0 where there is no layout (tests); then there is no scrollbar to make up for either.
  const scrollbar = documentElement.clientWidth > 0 ? window.innerWidth - documentElement.clientWidth : 0;
  body.style.overflow = "hidden";
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  return () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}

/**
 * How wide the enlarged photo is shown: as wide as the screen allows (92vw, at most 64rem), unless its height
 * (at most 82vh) stops it first, which for a portrait photo is most screens. Mirrors `.picture img` in
 * Lightbox.module.scss; the browser picks the width from the pipeline's (never the original) that covers this at
 * the screen's pixel density.
 */
export function lightboxSizes(name: string): string {
  const { width, height } = imageSize(name);
  return `min(92vw, 64rem, ${((82 * width) / height).toFixed(2)}vh)`;
}

/**
 * One photo enlarged over the whole screen in a native modal <dialog>: the browser makes the rest of the page
 * inert. Closes on the × button, a click on the backdrop and Escape. Mounted only while open; the owner
 * returns focus to the opener once this has unmounted (and stopped holding focus).
 */
export function Lightbox({ photo, onClose }: { photo: LightboxPhoto; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const captionId = useId();
  const words = usePageWords("gallery");

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    closeButton.current?.focus();
    const unlock = lockScroll();
    // Where modal inertness is missing or leaky, focus that lands outside is brought back in.
    const keepFocus = (event: FocusEvent) => {
      if (!element.contains(event.target as Node)) closeButton.current?.focus();
    };
    document.addEventListener("focusin", keepFocus);
    return () => {
      document.removeEventListener("focusin", keepFocus);
      unlock();
      if (element.open) element.close();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "Escape") {
      // Handled here rather than by the native 'cancel', which browsers may refuse to repeat.
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab") return;
    // The native modal keeps focus out of the page; this also keeps it off the browser's own toolbar.
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  // The dialog box fills the screen; a click that lands on it and not on the photo is a click on the backdrop.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={dialog}
      className={styles.lightbox}
      aria-labelledby={captionId}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <button ref={closeButton} type="button" className={styles.close} aria-label={words.close} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <figure className={styles.figure}>
        <Picture
          name={photo.image}
          alt={photo.alt}
          sizes={lightboxSizes(photo.image)}
          immediate
          className={styles.picture}
        />
        <figcaption id={captionId} className={styles.caption}>
          {photo.alt}
        </figcaption>
      </figure>
    </dialog>
  );
}
