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
  await page.evaluate(async () => {
    // Two frames, or 250 ms if the browser stops producing frames: headless Chromium can stop calling
    // requestAnimationFrame for a hydrated, idle page, and a wait on frames alone then never ends.
    const frames = () =>
      new Promise((r) => {
        requestAnimationFrame(() => requestAnimationFrame(r));
        setTimeout(r, 250);
      });
    // Instant: the page's own smooth scrolling would leave the steps half-way.
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(window.innerHeight - 100, 200)) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frames();
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    await frames();
  });
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
