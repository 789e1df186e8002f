/**
 * A visitor on a slow phone: a page of each template she can enter the site by, with Chromium's CPU really slowed 4×
 * and 6× (the DevTools protocol's Emulation.setCPUThrottlingRate, not a model of it), is painted once and stays where
 * it is — no layout shift that her input did not cause, measured with the Layout Instability API over the whole visit:
 * while the page hydrates, fetches its fonts after its largest paint and shows its photos, and after a client-side
 * navigation from it whose next page renders well after her click. Lighthouse's simulated throttling cannot see
 * this: it never slows the CPU.
 *
 * The web fonts stay off the page a visitor enters the site by (frontend/app/site/fonts.ts): there the text is set
 * once, in the metric-matched local fallbacks, and the two font files are fetched only after the page's largest
 * paint, so that on a phone's network the LCP photo does not share the line with them. The next page's content is
 * set in the web fonts from its first frame (a client-side navigation, a reload), and nothing moves on any of them
 * (`font-display: optional`: a swap moves the text, CLS 0.026–0.127 on a phone). Without JavaScript the page asks
 * for the fonts itself.
 *
 * What each page's markup must hold for that — the entry page's script in its head, no font asked for before, the
 * faces optional and their fallbacks metric-matched, every photo's box known before the photo comes — is checked on
 * every built page by tests/built/fonts.test.ts and tests/built/photo-markup.test.ts.
 */
import { test, expect, type Page } from "../support/test";
import { articlePaths, onePagePerKind, requiredTreatmentPaths } from "../support/routes";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration.ts";
import { languageOfPath } from "../../frontend/app/site/languagePaths.ts";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

test.use(PHONE);

/** Before any page script: layout shifts not caused by the visitor's input (with what moved), and the largest paint. */
async function watchPaints(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const seen = { shifts: [] as string[], lcp: 0 };
    const name = (node: Node | null): string => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return "?";
      const text = (element.textContent ?? "").trim().slice(0, 40);
      return `${node instanceof Element ? "" : "text in "}<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">${text}`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const record = (entries: PerformanceEntry[]) => {
      for (const entry of entries as Shift[])
        if (!entry.hadRecentInput)
          seen.shifts.push(
            `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms on ${location.pathname}: ` +
              entry.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`).join("; "),
          );
    };
    const shifts = new PerformanceObserver((list) => record(list.getEntries()));
    shifts.observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.lcp = Math.max(seen.lcp, entry.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
    // Also the shifts of the last frames, which the observer has not been handed yet.
    Object.assign(window, { __seen: seen, __takeShifts: () => record(shifts.takeRecords()) });
  });
}

/**
 * Until the page has settled: its fonts loaded or given up, every photo on the screen decoded and two frames painted
 * after that, so that whatever those moved has been measured.
 */
const settled = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const onScreen = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.width > 0;
    });
    await Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
  });

/** The faces the page shows: the font stacks of its h1 and of its content's text, and whether the h1's faces are in. */
const faces = (page: Page) =>
  page.evaluate(() => {
    const h1 = document.querySelector("h1")!;
    return {
      heading: getComputedStyle(h1).fontFamily,
      headingFacesIn: document.fonts.check('600 1rem "Cormorant Garamond"', h1.textContent ?? ""),
      text: getComputedStyle(document.querySelector("main")!).fontFamily,
    };
  });

/** What the page shows now: its faces, the shifts so far, the largest paint and the font requests. */
const state = async (page: Page) => ({
  ...(await faces(page)),
  ...(await page.evaluate(() => {
    const w = window as unknown as { __seen: { shifts: string[]; lcp: number }; __takeShifts: () => void };
    w.__takeShifts();
    return {
      shifts: [...w.__seen.shifts],
      lcp: w.__seen.lcp,
      fonts: performance
        .getEntriesByType("resource")
        .filter((r) => r.name.endsWith(".woff2"))
        .map((r) => ({ file: r.name.replace(/.*\//, "").replace(/-[\w-]{8}\.woff2$/, ""), start: r.startTime })),
    };
  })),
});

/**
 * The font files a page's text needs: the Latin ones, and on a Ukrainian page the headings' Cyrillic one (its body
 * text is set in the fallback throughout, styles/global.scss). A Polish page never fetches the Cyrillic file for the
 * Ukrainian name in its language switcher.
 */
const filesFor = (path: string) =>
  [
    "cormorant-garamond-600-latin",
    "jost-latin",
    ...(languageOfPath(path) === "uk" ? ["cormorant-garamond-600-cyrillic"] : []),
  ].toSorted();

/**
 * Until the page's font files have arrived, as the page's own resource timing records them: awaited in the page, on
 * each frame, rather than polled from the test at growing intervals (up to a second late per test).
 */
const fontsArrived = (page: Page, path: string) =>
  page.waitForFunction(
    (count) => performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".woff2")).length === count,
    filesFor(path).length,
    { timeout: 15_000 },
  );

const WEB = /^"Cormorant Garamond",/;
const FALLBACK = /^"Cormorant Garamond Fallback",/;
/** The body text's stack: Jost, or on a Ukrainian page its fallback. */
const textFace = (path: string) => (languageOfPath(path) === "uk" ? /^"Jost Fallback",/ : /^"?jost"?,/i);

/** The link a visitor follows from the page: the last one in its content to another page (the logo's otherwise). */
const nextLink = (page: Page, path: string) =>
  page.evaluate((current) => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>("main a[href^='/']")].filter((a) => {
      const url = new URL(a.href);
      return url.pathname !== current && !url.hash && !/\.\w+$/.test(url.pathname) && a.getClientRects().length > 0;
    });
    return links.at(-1)?.getAttribute("href") ?? "/";
  }, path);

/**
 * One page of each template at each rate (each rate another moment for each frame of a page painted while it is
 * parsed): the pages of a template share its layout, its scripts and its photos' boxes, and each page's own markup
 * is checked at build time (see above). Of the templates with many pages 6× visits another page than 4× (of the
 * treatments one with the optional parts the first lacks: a promotion box, a before/after carousel), so that the
 * two rates together see two pages of each. A translated page at each rate: Ukrainian, whose headings need the
 * display font's Cyrillic file too, and English.
 */
const pathsAt: Record<number, readonly string[]> = {
  4: [...onePagePerKind, "/uk/laser-frakcyjny"],
  6: [
    ...onePagePerKind.map(
      (path) =>
        ({
          "/zabiegi-na-twarz": "/zabiegi-na-cialo",
          [articlePaths[0]!]: articlePaths.at(-1)!,
          [requiredTreatmentPaths[0]!]: "/laser-frakcyjny",
          "/rodo": "/polityka-prywatnosci",
        })[path] ?? path,
    ),
    "/en/laser-frakcyjny",
  ],
};

for (const rate of [4, 6]) {
  test.describe(`a phone with a ${rate}× slower CPU`, () => {
    // A CPU slowed 6× on a machine of this kind, whose speed varies 3×: hydration alone can take seconds.
    test.describe.configure({ timeout: 60_000 });

    for (const path of pathsAt[rate]!) {
      test(`${path}: entered here, nothing moves, the fonts come after the largest paint; nor after a click to the next page, set in them`, async ({
        page,
        browserName,
        gotoUnhydrated,
      }) => {
        test.skip(browserName !== "chromium", "CPU throttling through the Chrome DevTools Protocol");
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate });
        await watchPaints(page);
        await gotoUnhydrated(path);
        await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached", timeout: 40_000 });
        // The files arrive once the page has hydrated and painted its first screen.
        await fontsArrived(page, path);
        await settled(page);
        const entry = await state(page);
        expect(entry.shifts, `${path}: layout shifts on the entry page`).toEqual([]);
        expect(entry.heading, `${path}: the entry page's heading`).toMatch(FALLBACK);
        expect(entry.lcp).toBeGreaterThan(0);
        expect(entry.fonts.map((font) => font.file).toSorted(), `${path}: the font files fetched`).toEqual(
          filesFor(path),
        );
        for (const font of entry.fonts)
          expect(font.start, `${path}: ${font.file} before the largest paint`).toBeGreaterThan(entry.lcp);

        // A client-side navigation (the same document: the marker survives it), its page set in the web fonts.
        await page.evaluate(() => Object.assign(window, { __samePage: true }));
        const entryHeading = (await page.locator("h1").first().textContent())!;
        const next = await nextLink(page, path);
        // On a phone's network the next page renders well after the click (layout-shift scoring leaves out only what
        // moves within 0.5 s of the input): its data arrives 0.8 s late here.
        await page.route(/\.data(\?|$)/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 800));
          await route.continue();
        });
        await page.locator(`a[href="${next}"]:visible`).last().click();
        await page.waitForURL(new URL(next, page.url()).href);
        await expect(page.locator("h1").first()).not.toHaveText(entryHeading);
        expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
        await settled(page);
        const after = await state(page);
        expect(after.shifts, `${next} after ${path}: layout shifts without the visitor's input`).toEqual([]);
        expect(after.heading, `${next} after ${path}: the heading`).toMatch(WEB);
        expect(after.text, `${next} after ${path}: the text`).toMatch(textFace(next));
        // Its heading set in the web font indeed, not left in the fallback (Ukrainian: the Cyrillic file is in).
        expect(after.headingFacesIn, `${next} after ${path}: the heading's faces loaded`).toBe(true);
      });
    }
  });
}

test("a reload is not an entry page: the fonts come from the cache, the text is set once, in them", async ({
  page,
}) => {
  await watchPaints(page);
  await page.goto("/");
  await fontsArrived(page, "/");
  await page.reload();
  await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached" });
  await settled(page);
  const reloaded = await state(page);
  expect(reloaded.heading).toMatch(WEB);
  expect(reloaded.shifts).toEqual([]);
});

test("a page reached by a full load from another of the site's pages is set in the web fonts", async ({
  page,
  baseURL,
}) => {
  await watchPaints(page);
  await page.goto("/cennik", { referer: new URL("/", baseURL).href });
  await settled(page);
  const shown = await state(page);
  expect(shown.heading).toMatch(WEB);
  expect(shown.shifts).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ["/", "/uk/"])
    test(`${path}: the page asks for the fonts its text needs itself and is set in them`, async ({
      page,
      gotoUnhydrated,
    }) => {
      await gotoUnhydrated(path);
      await page.evaluate(() => document.fonts.ready);
      const shown = await faces(page);
      expect(shown.heading).toMatch(WEB);
      expect(shown.headingFacesIn, `${path}: the heading's faces loaded`).toBe(true);
      expect(shown.text).toMatch(textFace(path));
    });
});
