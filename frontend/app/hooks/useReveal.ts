import { useEffect, useRef } from "react";

/** Fade-in threshold: an element appears once 20% of it is visible. */
export const REVEAL_THRESHOLD = 0.2;

/**
 * Fades an element in the first time it scrolls into view. The prerendered HTML is fully visible; only elements
 * still below the fold after hydration are hidden and revealed, so nothing flashes, nothing shifts, nothing is lost
 * without JavaScript, and visitors who prefer reduced motion see no animation at all.
 * `delay` staggers cards (milliseconds).
 */
export function useReveal<T extends HTMLElement>(delay = 0) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const rect = element.getBoundingClientRect();
    if (rect.top < window.innerHeight) return;
    element.dataset.reveal = "hidden";
    element.style.transitionDelay = delay ? `${delay}ms` : "";
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          element.dataset.reveal = "shown";
          observer.disconnect();
        }
      },
      // An element taller than five screens could never be 20% visible: then half a screen of it is enough.
      { threshold: Math.min(REVEAL_THRESHOLD, (0.5 * window.innerHeight) / Math.max(rect.height, 1)) },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [delay]);
  return ref;
}
