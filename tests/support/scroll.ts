/**
 * What a visitor who reads a page to its end causes, awaited by what it causes rather than by time: every part of
 * the page comes into view once (lazy and deferred photos are asked for, sections fade in), and the test goes on
 * when that has happened — however slow the machine.
 */
import type { Page } from "@playwright/test";

/**
 * Scrolls from the top to the bottom one screen at a time, each step after the browser has rendered the last one
 * (two animation frames: intersection observers, the browser's own lazy loading among them, are told in a frame's
 * rendering step), then waits until every photo rendered on the page has loaded or failed, and back to the top.
 */
export async function scrollThrough(page: Page): Promise<void> {
  // Two frames, or 250 ms if the browser stops producing frames: headless Chromium can stop calling
  // requestAnimationFrame for a hydrated, idle page, and a wait on frames alone then never ends.
  const rendered = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(resolve));
          setTimeout(resolve, 250);
        }),
    );
  // One step per evaluation, driven from here: the steps are counted from the page's height when they start, so a
  // page that grows as it is read (a photo's box taking its height) is scrolled again, never endlessly, and a trace
  // shows how far it got.
  const size = () =>
    page.evaluate(() => ({ height: document.documentElement.scrollHeight, step: Math.max(innerHeight - 100, 200) }));
  let from = 0;
  for (let pass = 0; pass < 3; pass++) {
    const { height, step } = await size();
    if (from >= height) break;
    for (let y = from; y < height; y += step) {
      // Instant: the page's own smooth scrolling would leave the steps half-way.
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      await rendered();
    }
    from = height;
  }
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await rendered();
  // A photo not shown (a hidden slide, a closed entry) or never near enough to be asked for is not waited for.
  // Polled on a timer, not on frames (Playwright's default), for the same reason.
  await page.waitForFunction(
    () =>
      [...document.images].every(
        (img) => img.complete || !img.checkVisibility({ visibilityProperty: true }) || img.currentSrc === "",
      ),
    undefined,
    { polling: 100 },
  );
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/** Waits until every section has faded in and every running transition or animation has finished. */
export async function animationsDone(page: Page): Promise<void> {
  // On a timer, not on frames: an idle page (its slideshow stopped) may get no frame at all (scrollThrough, above).
  await page.waitForFunction(() => document.querySelector('[data-reveal="hidden"]') === null, undefined, {
    polling: 100,
  });
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}
