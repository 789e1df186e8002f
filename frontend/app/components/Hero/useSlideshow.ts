import { useCallback, useEffect, useState } from "react";

/** The slideshow advances every 8 seconds (the salon's brief). */
export const SLIDE_INTERVAL_MS = 8000;

/**
 * Slide index with wrap-around in both directions and automatic advance every interval while not paused.
 * Any manual change restarts the interval, so a visitor who just clicked gets the full time on the new slide.
 */
export function useSlideshow(count: number, paused: boolean, interval = SLIDE_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  const [tick, setTick] = useState(0);

  const go = useCallback(
    (next: number) => {
      setIndex(((next % count) + count) % count);
      setTick((t) => t + 1);
    },
    [count],
  );

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [paused, count, interval, tick]);

  return {
    index,
    next: () => go(index + 1),
    previous: () => go(index - 1),
    goTo: go,
  };
}
