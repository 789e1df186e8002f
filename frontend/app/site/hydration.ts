/**
 * The page is painted before its JavaScript arrives (frontend/build/afterFirstPaint.ts), and it works as plain HTML until
 * React takes it over: links navigate, and the contact form posts itself to the mailer (method="post"), which
 * answers such a post with pages instead of JSON (docs/without-javascript.md). So a form sent before hydration — or on a page
 * whose scripts never arrive — goes out once, natively; after hydration React's handler sends it with
 * fetch. No submit is ever held (docs/without-javascript.md).
 */

/**
 * Set on <html> when React has hydrated the page. Styles key on it: controls that work without React (the menu
 * link, the dropdown on hover or focus) apply until it is there. Also what the end-to-end tests wait for.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Called once from the root component's first effect, i.e. after the whole page has hydrated. */
export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
}
