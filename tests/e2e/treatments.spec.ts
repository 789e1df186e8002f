/**
 * The treatment pages in a real browser: the table of contents takes the reader to its sections, the booking links
 * work, carousels and galleries work with the mouse, the keyboard and touch, and the pages fit a phone. What each of
 * the 16 pages says and links to (its heading, sections, table of contents, booking links, photos) is read from the
 * served HTML by tests/built/treatment-pages.test.ts; the browser visits the treatment pages of
 * tests/support/pageSample.ts, which hold every component a treatment page can have (tests/built/page-sample.test.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test, type Page } from "../support/test";
import { requiredTreatmentPaths } from "../support/routes";
import { componentSample } from "../support/pageSample";
import { site } from "../../frontend/app/salon/config";
import type { Treatment } from "../../frontend/app/contentModel/schema";

const contentOf = (doc: string): Treatment =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, "../../content", `${doc}.json`), "utf8")) as Treatment;

const pages = requiredTreatmentPaths.map((path) => ({ path, t: contentOf(`treatments${path}`) }));
/** One treatment page of each component: the same template, so the same behaviour, with each part it can have. */
const sampled = pages.filter((page) => componentSample.includes(page.path));

/** Hydration or runtime errors would leave the carousel and the lightbox dead: none may occur. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.beforeEach(async ({ context }) => {
  // The cookie banner is not under test here; a stored choice keeps it out of the way.
  await context.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
});

test("there are 16 treatment pages", () => {
  expect(pages).toHaveLength(16);
});

for (const { path, t } of sampled) {
  test(`${path}: its sections and booking links are shown, and the table of contents leads to them`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const ids = [...t.sections.map((s) => s.id), ...(t.variants ? [t.variants.id] : []), "cennik", "rezerwacja"];
    const toc = page.getByRole("navigation", { name: "Na tej stronie" });
    await expect(toc).toBeVisible();
    for (const id of ids)
      await expect(
        page.locator(`section[id="${id}"]`).getByRole("heading", { level: 2 }).first(),
        `#${id}`,
      ).toBeVisible();
    const booking = page.locator("section#rezerwacja");
    for (const action of t.booking.actions)
      await expect(booking.getByRole("link", { name: action.label })).toBeVisible();

    // A table-of-contents link takes the reader to its section.
    await toc.locator('a[href="#cennik"]').click();
    await expect(page).toHaveURL(new RegExp(`${path}#cennik$`));
    await expect(page.locator("#cennik-tytul")).toBeInViewport();
    expect(errors).toEqual([]);
  });
}

test("Thermal body modelling ends with 'Umów wizytę' (contact) and 'Zobacz cennik' (price list), which work", async ({
  page,
}) => {
  await page.goto("/modelowanie-termiczne-sylwetki");
  const links = page.locator("section#rezerwacja a");
  await expect(links).toHaveText(["Umów wizytę", "Zobacz cennik"]);
  await links.nth(0).click();
  await expect(page).toHaveURL(/\/kontakt$/);
  await page.goBack();
  await page.locator("section#rezerwacja").getByRole("link", { name: "Zobacz cennik" }).click();
  await expect(page).toHaveURL(/\/cennik$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cennik");
});

test("the booking link really opens the booking service in a new tab", async ({ page, context }) => {
  await page.goto("/natlenienie-skory-3-w-1");
  // The external service is not reached from tests: the new tab's request is answered here.
  await context.route(`${site.bookingUrl}**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>rezerwacja</title>" }),
  );
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page
      .locator("section#rezerwacja")
      .getByRole("link", { name: /Zarezerwuj online/ })
      .click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(site.bookingUrl);
  expect(page.url()).toMatch(/\/natlenienie-skory-3-w-1$/);
});

// ------------------------------------------------------------------ before/after carousels

const carousels = pages.filter((p) => p.t.beforeAfter);

test("the before/after carousels are on the pages that must have them", () => {
  expect(
    Object.fromEntries(carousels.map((p) => [p.path, [p.t.beforeAfter!.photos.length, p.t.beforeAfter!.controls]])),
  ).toEqual({
    "/laser-frakcyjny": [6, "full"],
    "/mikroiglowa-radiofrekwencja": [2, "full"],
    "/modelowanie-termiczne-twarzy": [3, "full"],
    "/modelowanie-termiczne-sylwetki": [3, "dots"],
  });
});

// The carousel's code is one for every page; its two variants are tried here, each on its sampled page (every
// photo's description and dot on every page: tests/built/treatment-pages.test.ts; two photos wrapping:
// frontend/app/components/Carousel/Carousel.test.tsx).
for (const { path, t } of carousels.filter((page) => componentSample.includes(page.path))) {
  const { photos, controls, title } = t.beforeAfter!;
  const total = photos.length;

  test(`${path}: the before/after carousel works`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    const carousel = page.getByRole("group", { name: title, exact: true });
    await carousel.scrollIntoViewIfNeeded();
    // The slide that is current for assistive technology; once the cross-fade ends it is also the only one seen.
    const visibleImage = carousel.locator('[aria-roledescription="slajd"]:not([aria-hidden="true"]) img');
    const seen = carousel.locator("img:visible");
    const dot = (n: number) => carousel.getByRole("button", { name: `Zdjęcie ${n}`, exact: true });

    // One photo shown at a time, starting with the first; each has its alt text.
    await expect(seen).toHaveCount(1);
    await expect(visibleImage).toHaveCount(1);
    await expect(visibleImage).toHaveAttribute("alt", photos[0]!.alt);
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    await expect(carousel.getByRole("button", { name: /^Zdjęcie \d+$/ })).toHaveCount(total);

    if (controls === "full") {
      const counter = carousel.getByText(/^\d+ \/ \d+$/);
      const next = carousel.getByRole("button", { name: "Następne zdjęcie" });
      const previous = carousel.getByRole("button", { name: "Poprzednie zdjęcie" });
      await expect(counter).toHaveText(`1 / ${total}`);
      await next.click();
      await expect(counter).toHaveText(`2 / ${total}`);
      await expect(visibleImage).toHaveAttribute("alt", photos[1]!.alt);
      await expect(seen).toHaveCount(1);
      await expect(seen).toHaveAttribute("alt", photos[1]!.alt);
      await previous.click();
      await previous.click();
      await expect(counter).toHaveText(`${total} / ${total}`);
      await expect(visibleImage).toHaveAttribute("alt", photos[total - 1]!.alt);
      await next.click();
      await expect(counter).toHaveText(`1 / ${total}`);
      await dot(total).click();
      await expect(counter).toHaveText(`${total} / ${total}`);
      // Arrow keys work while focus is in the carousel.
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`1 / ${total}`);
      await expect(dot(1)).toBeFocused();
    } else {
      await expect(carousel.getByRole("button", { name: /Następne|Poprzednie/ })).toHaveCount(0);
      await expect(carousel.getByText(/^\d+ \/ \d+$/)).toHaveCount(0);
      await dot(3).click();
      await expect(dot(3)).toHaveAttribute("aria-current", "true");
      await expect(visibleImage).toHaveAttribute("alt", photos[2]!.alt);
      await dot(1).click();
    }

    // A swipe to the left on a touch screen shows the next photo, to the right the previous one.
    const box = (await visibleImage.boundingBox())!;
    const swipe = async (dx: number) => {
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 2;
      const init = { pointerId: 11, pointerType: "touch", isPrimary: true, bubbles: true };
      await visibleImage.dispatchEvent("pointerdown", { ...init, clientX: x, clientY: y });
      await visibleImage.dispatchEvent("pointerup", { ...init, clientX: x + dx, clientY: y });
    };
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    await swipe(-120);
    await expect(dot(2)).toHaveAttribute("aria-current", "true");
    await swipe(120);
    await swipe(120);
    await expect(dot(total)).toHaveAttribute("aria-current", "true");

    // The box keeps its height whatever photo is shown: nothing below it moves.
    const heights = new Set<number>();
    for (let n = 1; n <= total; n++) {
      await dot(n).click();
      heights.add(Math.round((await carousel.boundingBox())!.height));
    }
    expect(heights.size).toBe(1);
    expect(errors).toEqual([]);
  });
}

// ------------------------------------------------------------------ galleries and the lightbox

const galleries = pages.filter((p) => p.t.gallery);

test("the galleries are on the pages that must have them", () => {
  expect(Object.fromEntries(galleries.map((p) => [p.path, p.t.gallery!.images.map((i) => i.image)]))).toEqual({
    "/makijaz-permanentny-ust": ["usta-u1", "usta-u2", "usta-u3"],
    "/makijaz-permanentny-brwi": ["brwi-b1", "brwi-b2", "brwi-b3"],
  });
});

// One gallery's code for both pages, with three photos each (each page's thumbnails: tests/unit/treatments.test.tsx).
for (const { path, t } of galleries.filter((page) => componentSample.includes(page.path))) {
  const images = t.gallery!.images;

  test(`${path}: the gallery opens photos full screen and closes three ways`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    const thumb = (i: number) => page.getByRole("link", { name: `Powiększ zdjęcie: ${images[i]!.alt}` });
    const dialog = page.getByRole("dialog");
    const close = dialog.getByRole("button", { name: "Zamknij powiększenie" });
    await expect(page.getByRole("link", { name: /^Powiększ zdjęcie: / })).toHaveCount(images.length);

    // Opens on a click; the large photo fills the screen; focus is inside; the page behind does not scroll.
    await thumb(1).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveAttribute("alt", images[1]!.alt);
    await expect(close).toBeFocused();
    await expect(close).toHaveText("×");
    const viewport = page.viewportSize()!;
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(dialogBox.height).toBeGreaterThanOrEqual(viewport.height - 1);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

    // Focus stays inside while it is open.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    // 1. Escape; focus returns to the thumbnail that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(thumb(1)).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    // 2. The × button.
    await thumb(2).click();
    await expect(dialog.getByRole("img")).toHaveAttribute("alt", images[2]!.alt);
    await close.click();
    await expect(dialog).toHaveCount(0);
    await expect(thumb(2)).toBeFocused();

    // 3. A click on the backdrop, but not a click on the photo.
    await thumb(0).click();
    await dialog.getByRole("img").click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, viewport.height - 8);
    await expect(dialog).toHaveCount(0);
    await expect(thumb(0)).toBeFocused();

    // The keyboard opens it too.
    await thumb(0).press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  // Up to the components (a word too wide for the line breaks: overflow-wrap, global.scss): one page of each.
  test("treatment pages fit a 360 px screen without sideways scrolling", async ({ page }) => {
    for (const { path } of sampled) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("the carousel follows a real touch swipe", async ({ page }) => {
    await page.goto("/laser-frakcyjny");
    const carousel = page.getByRole("group", { name: "Laser frakcyjny – przed i po", exact: true });
    await carousel.scrollIntoViewIfNeeded();
    // The photo's box (its <picture>), there before the photo is shown.
    const box = (await carousel
      .locator('[aria-roledescription="slajd"]:not([aria-hidden="true"]) picture')
      .boundingBox())!;
    const y = box.y + box.height / 2;
    // Chromium's touch emulation through the DevTools protocol: a real touchstart/move/end sequence.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", box.x + box.width * 0.8);
    for (const f of [0.65, 0.5, 0.35, 0.2]) await touch("touchMove", box.x + box.width * f);
    await touch("touchEnd", box.x + box.width * 0.2);
    await expect(carousel.getByText(/^\d+ \/ \d+$/)).toHaveText("2 / 6");
  });
});
