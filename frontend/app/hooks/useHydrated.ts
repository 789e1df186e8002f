import { useEffect, useState } from "react";

/**
 * False in the prerendered HTML and while the page hydrates, true right after. Slideshows render the images of
 * their hidden slides only once it is true: those images are not seen before a visitor (or the timer) moves on, and
 * fetched with the page they would share its first paint's bandwidth with the fonts and the visible image.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
