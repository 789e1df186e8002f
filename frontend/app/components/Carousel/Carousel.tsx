import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { NoScriptPicture, Picture } from "../Picture/Picture";
import { Icon } from "../Icon/Icon";
import { Slide } from "../Slide/Slide";
import { useHydrated } from "../../hooks/useHydrated";
import { usePageWords } from "../../hooks/useWords";
import { fill } from "../../contentModel/blanks";
import styles from "./Carousel.module.scss";

export interface CarouselPhoto {
  image: string;
  alt: string;
}

export interface CarouselProps {
  photos: CarouselPhoto[];
  /** 'full': arrows, dots and a counter; 'dots': dots only (ONDA PRO body). */
  controls: "full" | "dots";
  label: string;
}

/** A horizontal move at least this long (px) counts as a swipe; shorter ones are taps. */
export const SWIPE_THRESHOLD = 40;

const SIZES = "(min-width: 48rem) 48rem, calc(100vw - 3rem)";

/**
 * Before/after photo carousel. Never moves by itself; previous/next wrap both ways, dots jump, arrow keys work
 * while focus is inside, and a horizontal swipe on a touch screen changes the photo. All slides share one grid
 * cell, so the height never changes and nothing below shifts.
 */
export function Carousel({ photos, controls, label }: CarouselProps) {
  const words = usePageWords("carousel");
  const [index, setIndex] = useState(0);
  const count = photos.length;
  // The prerendered page carries only the first photo; the hidden ones come after hydration (hooks/useHydrated.ts).
  const hydrated = useHydrated();
  const id = useId();
  const dots = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = ((target % count) + count) % count;
    go(next);
    // Arrows on a dot move focus with the selection, so the focused dot stays the current one.
    if (dots.current.includes(event.target as HTMLButtonElement)) dots.current[next]?.focus();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    // Touch and pen only: a mouse drag on a photo would fight the browser's own image dragging.
    if (event.pointerType === "mouse" || !event.isPrimary) return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // Mostly vertical moves are the visitor scrolling the page, not swiping.
    if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return;
    go(dx < 0 ? index + 1 : index - 1);
  }

  return (
    // A group, not a region: the page's own section around it already carries the same title.
    <div
      className={styles.carousel}
      role="group"
      aria-roledescription={words.role}
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <div className={styles.slides} id={`${id}-slajdy`}>
          {photos.map((photo, i) => (
            <Slide key={photo.image} index={i} count={count} active={i === index} className={styles.slide}>
              {/* A plain figure inside: a figure with a caption may not carry the slide's group role. */}
              <figure className={styles.figure}>
                {i === 0 || hydrated ? (
                  <Picture name={photo.image} alt={photo.alt} sizes={SIZES} className={styles.picture} />
                ) : (
                  // Without JavaScript every slide is shown, one below the other (the stylesheet), each with its photo.
                  <NoScriptPicture name={photo.image} alt={photo.alt} sizes={SIZES} className={styles.picture} />
                )}
                {/* The alt already says this to screen readers; the caption is for sighted visitors. */}
                <figcaption className={styles.caption} aria-hidden="true">
                  {photo.alt}
                </figcaption>
              </figure>
            </Slide>
          ))}
        </div>
        {controls === "full" && (
          <div className={styles.arrows}>
            <button
              type="button"
              className={styles.arrow}
              aria-controls={`${id}-slajdy`}
              aria-label={words.previous}
              onClick={() => go(index - 1)}
            >
              <Icon name="chevronLeft" size={26} />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-controls={`${id}-slajdy`}
              aria-label={words.next}
              onClick={() => go(index + 1)}
            >
              <Icon name="chevronRight" size={26} />
            </button>
          </div>
        )}
      </div>

      <div className={styles.controls}>
        <ul className={styles.dots}>
          {photos.map((photo, i) => (
            <li key={photo.image}>
              <button
                ref={(el) => {
                  dots.current[i] = el;
                }}
                type="button"
                className={styles.dot}
                aria-controls={`${id}-slajdy`}
                aria-label={fill(words.photo, { number: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
              />
            </li>
          ))}
        </ul>
        {controls === "full" && (
          <p className={styles.counter} aria-hidden="true" data-testid="licznik">
            {`${index + 1} / ${count}`}
          </p>
        )}
      </div>

      {/* Announces the change after a click, a key or a swipe; the visible counter is only a picture of this. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {fill(words.status, { number: index + 1, count })}
      </p>
    </div>
  );
}
