/**
 * The two web fonts travel inside the stylesheet (vite.config.ts), and Chrome decodes them a few milliseconds after
 * the stylesheet has arrived. On a phone's slower CPU that is after the first layout: with `font-display: swap` the
 * text was laid out in the fallback face first and moved when the font came (the home page's hero caption, a
 * heading wrapping differently: CLS 0.026–0.127). With `optional` the page is laid out once, in the web fonts.
 */
import { test, expect } from "../support/test";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

test.use(PHONE);

for (const path of ["/", "/twoje-potrzeby", "/kobido-lodz", "/cennik"]) {
  test(`${path}: on a phone with a 4× slower CPU the text is set once, in the web fonts, and nothing moves`, async ({
    page,
    browserName,
  }) => {
    test.skip(browserName !== "chromium", "CPU throttling through the Chrome DevTools Protocol");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    await page.waitForTimeout(1000);
    const result = await page.evaluate(() => ({
      shifts: (window as unknown as { __shifts: number[] }).__shifts,
      display: document.fonts.check('600 1rem "Cormorant Garamond"'),
      body: document.fonts.check('400 1rem "Jost"'),
      heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
    }));
    expect(result.shifts, `${path}: layout shifts`).toEqual([]);
    expect(result.display && result.body, `${path}: the web fonts are loaded`).toBe(true);
    expect(result.heading).toContain("Cormorant Garamond");
  });
}
