/**
 * The web fonts stay off the page a visitor enters the site by (frontend/app/site/fonts.ts): there the text is set
 * once, in the metric-matched local fallbacks, and the two font files are fetched only after the page's largest
 * paint, so that on a phone's network the LCP photo does not share the line with them. Every page after it is set
 * in the web fonts from its first frame — a client-side navigation, a reload — and nothing moves on any of them
 * (`font-display: optional`: a swap moved the text, CLS 0.026–0.127 on a phone). Without JavaScript the page asks
 * for the fonts itself.
 */
import { test, expect, type Page } from "../support/test";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration.ts";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

test.use(PHONE);

/** Before any page script: layout shifts not caused by the visitor's input, and the time of the largest paint. */
async function watchPaints(page: Page) {
  await page.addInitScript(() => {
    const seen = { shifts: [] as number[], lcp: 0 };
    Object.assign(window, { __seen: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) seen.shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.lcp = Math.max(seen.lcp, entry.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
}

/** What the page shows now: the h1's font stack, whether its face is in use, shifts, LCP and the font requests. */
const state = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { __seen: { shifts: number[]; lcp: number } }).__seen;
    return {
      heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
      shifts: seen.shifts,
      lcp: seen.lcp,
      fonts: performance
        .getEntriesByType("resource")
        .filter((r) => r.name.endsWith(".woff2"))
        .map((r) => ({ file: r.name.replace(/.*\//, ""), start: r.startTime })),
    };
  });

const WEB = /^"Cormorant Garamond",/;
const FALLBACK = /^"Cormorant Garamond Fallback",/;

for (const path of ["/", "/twoje-potrzeby", "/kobido-lodz", "/cennik"]) {
  test(`${path}: entered on a phone with a 4× slower CPU, it is set once in the fallback faces, the fonts come after its largest paint and the next page has them from its first frame`, async ({
    page,
    browserName,
  }) => {
    test.skip(browserName !== "chromium", "CPU throttling through the Chrome DevTools Protocol");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await watchPaints(page);
    await page.goto(path);
    // Both files arrive once the page has hydrated.
    await expect.poll(async () => (await state(page)).fonts.length, { timeout: 10_000 }).toBe(2);
    await page.waitForTimeout(500);
    const entry = await state(page);
    expect(entry.heading, `${path}: the entry page's heading`).toMatch(FALLBACK);
    expect(entry.shifts, `${path}: layout shifts on the entry page`).toEqual([]);
    expect(entry.lcp).toBeGreaterThan(0);
    for (const font of entry.fonts)
      expect(font.start, `${path}: ${font.file} before the largest paint`).toBeGreaterThan(entry.lcp);

    // A client-side navigation (the same document: the marker survives it) is set in the web fonts.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    const entryHeading = (await page.locator("h1").textContent())!;
    const next = path === "/" ? "/cennik" : "/";
    // On a phone's network the next page renders well after the click (layout-shift scoring leaves out only what
    // moves within 0.5 s of the input): its data arrives 0.8 s late here.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.locator(`a[href="${next}"]:visible`).first().click();
    await page.waitForURL(new URL(next, page.url()).href);
    await expect(page.locator("h1")).not.toHaveText(entryHeading);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    const after = await state(page);
    expect(after.heading, `${next} after ${path}: the heading`).toMatch(WEB);
    expect(await page.evaluate(() => document.fonts.check('600 1rem "Cormorant Garamond"'))).toBe(true);
    expect(after.shifts, `${next} after ${path}: layout shifts without the visitor's input`).toEqual([]);
    await page.unroute(/\.data(\?|$)/);

    // A reload is not an entry page: the fonts come from the cache, the text is set once, in them.
    await page.reload();
    await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached" });
    await page.waitForTimeout(500);
    const reloaded = await state(page);
    expect(reloaded.heading, `${next} reloaded: the heading`).toMatch(WEB);
    expect(reloaded.shifts, `${next} reloaded: layout shifts`).toEqual([]);
  });
}

test("a page reached by a full load from another of the site's pages is set in the web fonts", async ({
  page,
  baseURL,
}) => {
  await watchPaints(page);
  await page.goto("/cennik", { referer: new URL("/", baseURL).href });
  await page.waitForTimeout(500);
  const shown = await state(page);
  expect(shown.heading).toMatch(WEB);
  expect(shown.shifts).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page asks for the fonts itself and is set in them", async ({ page, gotoUnhydrated }) => {
    await gotoUnhydrated("/");
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("h1")!).fontFamily)).toMatch(WEB);
    expect(await page.evaluate(() => document.fonts.check('600 1rem "Cormorant Garamond"'))).toBe(true);
  });
});
