/**
 * Calls `start` once the page has shown its first content: at the paint timing API's first contentful paint, after
 * the first frame where that API is missing, and after 3 s in any case (a hidden tab paints nothing); `start` may
 * be called more than once. The site's inline scripts that wait for the first paint (the loader of
 * frontend/build/afterFirstPaint.ts, deferredImages.ts, the contact page's early proof) write it into the page as
 * it is: it uses only its parameter and the browser's globals.
 */
export function whenPainted(start: () => void): void {
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) start();
    }).observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 3000);
}
