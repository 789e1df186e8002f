/**
 * The widths every image is emitted at, shared by the build-time pipeline (frontend/build/images.ts) and <Picture>,
 * so the manifest every page loads carries only each image's own size, not its list of widths.
 */

/**
 * Candidate widths; an image never gets a width above its own (no upscaling). 800 is for full-width images on the
 * most common phones (412 CSS px at 1.75 device pixels = 721 px, Lighthouse's phone too): without it they take
 * 960, a third more bytes on the page's LCP image.
 */
export const WIDTHS = [360, 640, 800, 960, 1280, 1920] as const;

/** The widths an image of this (oriented) width is emitted at: the candidates below it, and its own up to the largest. */
export function widthsFor(width: number): number[] {
  const largest = WIDTHS[WIDTHS.length - 1]!;
  const widths: number[] = WIDTHS.filter((w) => w < width);
  if (width <= largest) widths.push(width);
  else if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/**
 * The one JPEG of each image: the <img src> inside <picture>, for the rare browser without WebP (Safari before 14).
 * Every other browser takes AVIF or WebP from the <source> elements and never fetches it.
 */
export function fallbackWidth(width: number): number {
  const widths = widthsFor(width);
  return widths.find((w) => w >= 960) ?? widths[widths.length - 1]!;
}
