/**
 * Images in a real browser, at the Lighthouse phone's size (412×823 at 1.75 device pixels per CSS pixel) and at a
 * desktop's (1350×940 at 1, and a 2× laptop for the lightbox):
 *   - the LCP element of a page of each template: where it is an image, the page's HTML preloads exactly that image
 *     with high priority. Which element is the LCP is the template's layout; that every page's HTML preloads its
 *     template's LCP image, and only that, is checked on every built page by tests/built/lcp-preload.test.ts;
 *   - the lightbox, the articles' photos and the before/after carousels load the width that covers the photo as
 *     shown at the screen's density — not a smaller one (blurred), not a much larger one, never the original. That
 *     every photo of every page offers every width, each file there, is checked by tests/built/photo-markup.test.ts.
 * Meaningful with the photo fixtures (`npm run photos:on`, then build) as much as with the artwork.
 */
import { test, expect, type Page } from "../support/test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { articlePaths, onePagePerKind } from "../support/routes";
import { loadArticle, loadTreatment } from "../../frontend/app/contentModel/load.server";
import { routes } from "../../frontend/app/site/routeTable";
import { DEFERRED } from "../../frontend/app/site/deferredImages";

const PHONE = {
  viewport: { width: 412, height: 823 },
  // A phone's screen is its viewport: left at the desktop project's 1920 px, Chromium's preload scanner would read
  // the preload's `sizes` there and fetch a desktop's width.
  screen: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 };
const LAPTOP_2X = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 };

interface LcpInfo {
  tag: string;
  text: string;
  /** For an image: the AVIF srcset of its <picture>, what it loaded, and how wide it is shown. */
  srcset?: string;
  currentSrc?: string;
}

/** Two animation frames: whatever was loaded or laid out before has been painted. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Every photo the page has asked for in its first screen (the preloaded one, and those the first paint lets come)
 * has arrived and been painted.
 */
async function firstScreenPainted(page: Page): Promise<void> {
  await painted(page);
  await page.waitForFunction(() =>
    [...document.images].every(
      (img) =>
        img.complete ||
        img.currentSrc === "" ||
        !img.checkVisibility({ visibilityProperty: true }) ||
        img.getBoundingClientRect().top >= window.innerHeight,
    ),
  );
  await painted(page);
}

/** The page's final LCP element, as the browser reports it once the first screen's photos are painted. */
async function lcpOf(page: Page): Promise<LcpInfo> {
  await firstScreenPainted(page);
  return page.evaluate(() => {
    let last: Element | null = null;
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    for (const entry of observer.takeRecords())
      last = (entry as PerformanceEntry & { element: Element | null }).element ?? last;
    observer.disconnect();
    if (!last) return { tag: "none", text: "" };
    const el: Element = last;
    const img = el instanceof HTMLImageElement ? el : null;
    return {
      tag: el.tagName,
      text: (el.textContent ?? "").slice(0, 60),
      srcset: img?.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? undefined,
      currentSrc: img?.currentSrc,
    };
  });
}

for (const [device, settings] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`LCP image preloaded (${device})`, () => {
    test.use(settings);
    for (const path of onePagePerKind) {
      test(path, async ({ page, gotoUnhydrated, request }) => {
        await gotoUnhydrated(path, { waitUntil: "load" });
        const lcp = await lcpOf(page);
        test.info().annotations.push({ type: "LCP", description: `${lcp.tag} ${lcp.currentSrc ?? lcp.text}` });
        if (lcp.tag !== "IMG") return;
        const html = await (await request.get(path)).text();
        const head = html.slice(0, html.indexOf("</head>"));
        const preloads = [...head.matchAll(/<link\b[^>]*rel="preload"[^>]*as="image"[^>]*>/g)].map((m) => m[0]);
        expect(lcp.srcset, `${path}: LCP image not from <Picture>`).toBeTruthy();
        expect(
          preloads.some((p) => p.includes(`imageSrcSet="${lcp.srcset}"`) && p.includes('fetchPriority="high"')),
          `${path}: LCP image ${lcp.currentSrc} not preloaded`,
        ).toBe(true);
      });
    }
  });
}

/** The width a srcset candidate was made at, from its file name (name-640.1a2b3c4d.avif). */
const widthOf = (url: string) => Number(url.match(/-(\d+)\.[0-9a-f]{8}\.(?:avif|webp|jpg)$/)?.[1]);

/**
 * The loaded candidate covers the shown size at the screen's density, and the next smaller one would not. A photo
 * that covers a box of other proportions (object-fit: cover) is shown as wide as the box's height asks for, if more.
 */
async function expectRightWidth(page: Page, selector: string, label: string) {
  const img = page.locator(selector);
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const info = await img.evaluate((el: HTMLImageElement) => ({
    shown: Math.max(
      el.getBoundingClientRect().width,
      getComputedStyle(el).objectFit === "cover"
        ? (el.getBoundingClientRect().height * el.naturalWidth) / el.naturalHeight
        : 0,
    ),
    dpr: window.devicePixelRatio,
    currentSrc: el.currentSrc,
    candidates: (el.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? "")
      .split(", ")
      .map((c) => Number(c.split(" ")[1]!.replace("w", ""))),
  }));
  const needed = info.shown * info.dpr;
  const loaded = widthOf(info.currentSrc);
  const candidates = info.candidates.sort((a, b) => a - b);
  const right = candidates.find((w) => w >= needed * 0.99) ?? candidates[candidates.length - 1]!;
  test.info().annotations.push({
    type: label,
    description: `shown ${info.shown.toFixed(0)} px × ${info.dpr} = ${needed.toFixed(0)} px → loaded ${loaded} w of ${candidates.join("/")}`,
  });
  expect(loaded, `${label}: ${info.currentSrc} for ${needed.toFixed(0)} device px`).toBe(right);
}

/** Each photo's [width, height] as the image pipeline measured it. */
const manifest = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "../../frontend/app/generated/images.json"), "utf8"),
) as Record<string, [number, number]>;

/**
 * The first of the items for each proportion of their photos. The width the browser picks follows the template's
 * layout, the same on every page of it, and the photo's proportions where they size it: a photo cut to its box
 * (object-fit: cover) is shown as wide as the box's height asks for, a lightbox fits the photo to the screen's
 * height (Lightbox.lightboxSizes). Which photo it is beyond that changes nothing the browser does.
 */
function onePerRatio<T>(items: readonly T[], photo: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const [width, height] = manifest[photo(item)]!;
    const ratio = (width / height).toFixed(2);
    return !seen.has(ratio) && seen.add(ratio);
  });
}

const treatments = routes
  .filter((r) => r.kind === "treatment")
  .map((r) => ({ path: r.path, doc: loadTreatment(r.doc!) }));
const galleryPhotos = onePerRatio(
  treatments.flatMap(({ path, doc }) => (doc.gallery?.images ?? []).map((photo) => ({ path, photo }))),
  ({ photo }) => photo.image,
);
const articles = onePerRatio(articlePaths, (path) => loadArticle(path.slice("/blog/".length)).image);
const withCarousel = onePerRatio(
  treatments.filter(({ doc }) => doc.beforeAfter),
  ({ doc }) => doc.beforeAfter!.photos[0]!.image,
);

for (const [device, settings] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
  ["2× laptop", LAPTOP_2X],
] as const) {
  test.describe(`photo widths (${device})`, () => {
    test.use(settings);

    test("the lightbox loads the width the screen needs, not the original", async ({ page }) => {
      let shown = "";
      for (const { path, photo } of galleryPhotos) {
        if (path !== shown) await page.goto((shown = path));
        await page.getByRole("link", { name: `Powiększ zdjęcie: ${photo.alt}` }).click();
        await expectRightWidth(page, "dialog img", `${path} lightbox ${photo.image}`);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
    });

    test("the articles' hero photos load the width the screen needs", async ({ page }) => {
      for (const path of articles) {
        await page.goto(path);
        await expectRightWidth(page, "main article picture img", `${path} hero`);
      }
    });

    test("the before/after carousels load the width the screen needs", async ({ page }) => {
      for (const { path } of withCarousel) {
        await page.goto(path);
        // The photo's box: the photo itself is shown once its box comes near (site/deferredImages.ts).
        await page.locator('[aria-roledescription="karuzela"] [data-active="true"] picture').scrollIntoViewIfNeeded();
        await expectRightWidth(page, '[aria-roledescription="karuzela"] [data-active="true"] img', `${path} carousel`);
      }
    });
  });
}

test.describe("photos below the LCP image wait for the first paint (phone)", () => {
  test.use(PHONE);

  for (const path of [
    "/",
    "/zabiegi-na-twarz",
    "/blog",
    articlePaths[0]!,
    "/laser-frakcyjny",
    "/promocje",
    "/kontakt",
  ]) {
    test(`${path}: fetched after the first contentful paint, in boxes that do not move`, async ({
      page,
      gotoUnhydrated,
    }) => {
      await page.addInitScript(() => {
        // Layout shifts from the very start of the page, before any script of the page runs.
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await gotoUnhydrated(path, { waitUntil: "load" });
      // The first paint has let the first screen's photos come (site/deferredImages.ts), and they have arrived.
      await firstScreenPainted(page);
      const timing = await page.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]!.startTime;
        // Every image preload of the page, whatever its media: Chromium's preload scanner evaluates a preload's media
        // query against the screen, which an emulation may leave wider than the viewport (a treatment list's
        // wide-screen preload is then fetched, at 960 px); Lighthouse's emulation sets both, as PHONE does.
        const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
          (link) => link.getAttribute("imagesrcset") ?? "",
        );
        const photos = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => new URL(entry.name).pathname.startsWith("/img/"))
          .map((entry) => ({ file: new URL(entry.name).pathname, start: entry.startTime }));
        return { fcp, preloaded, photos, shifts: (window as unknown as { shifts: number[] }).shifts };
      });
      const early = timing.photos.filter(
        (p) => p.start < timing.fcp && !timing.preloaded.some((set) => set.includes(p.file)),
      );
      test.info().annotations.push({
        type: "photos",
        description: `FCP ${timing.fcp.toFixed(0)} ms; ${timing.photos.map((p) => `${p.file.split("/").pop()} @${p.start.toFixed(0)}`).join(", ")}`,
      });
      expect(timing.photos.length, `${path}: no photo loaded at all`).toBeGreaterThan(0);
      expect(early, `${path}: photos fetched before the first paint that are not the LCP image`).toEqual([]);
      expect(timing.shifts, `${path}: layout shifts while loading`).toEqual([]);

      // Every photo arrives once its box comes into view (a slide the slideshow hides is skipped: its photo comes
      // when the slide is shown).
      const pictures = page.locator("main picture");
      const count = await pictures.count();
      expect(count, `${path}: no picture`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const picture = pictures.nth(i);
        if (await picture.evaluate((el) => getComputedStyle(el).visibility === "hidden")) continue;
        await picture.scrollIntoViewIfNeeded();
        await expect
          .poll(
            () =>
              picture
                .locator("img")
                .evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : "")),
            { message: `${path}: photo ${i + 1}` },
          )
          .toMatch(/\/img\/.+\.(avif|webp)$/);
      }
      // The box is the picture's, not the photo's: the same with the photo shown and with it waiting (not rendered),
      // so nothing moves when a photo comes, wherever it stands.
      const boxes = await pictures.evaluateAll(
        (all, deferred) =>
          all
            .filter((picture) => getComputedStyle(picture).visibility !== "hidden")
            .map((picture) => {
              const img = picture.querySelector("img")!;
              const shown = picture.getBoundingClientRect().height;
              img.setAttribute(deferred, "");
              const waiting = picture.getBoundingClientRect().height;
              img.removeAttribute(deferred);
              return { photo: img.alt, shown: Math.round(shown), waiting: Math.round(waiting) };
            }),
        DEFERRED,
      );
      expect(
        boxes.filter((b) => b.shown === 0 || b.waiting !== b.shown),
        `${path}: boxes that move`,
      ).toEqual([]);
    });
  }

  test("without JavaScript every photo is shown in its box, fetched by the browser itself, and the text stays", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...PHONE,
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto("/");
    // The photos that wait for the first paint where scripts run: each shown where it stands, from its real address.
    const deferred = page.locator(`main img[${DEFERRED}]`);
    expect(await deferred.count()).toBeGreaterThan(0);
    for (const img of await deferred.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(/^\/img\//);
    }
    // A slideshow's other slides, whose photos come with hydration where scripts run: from their <noscript> copies.
    const copies = page.locator("main noscript img");
    expect(await copies.count()).toBeGreaterThan(0);
    for (const copy of await copies.all()) await expect(copy).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await context.close();
  });
});
