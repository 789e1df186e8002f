/**
 * The non-treatment pages in a real browser on the built site: the home slideshow, the needs accordion, the blog
 * filter and articles, the price list's anchors, the entrance animation and the layout at a phone's width and on a
 * desktop. What these pages say and link to is read from the served HTML by tests/built/ and rendered by
 * tests/unit/pages-content.test.tsx; here is only what needs a browser.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test, type Locator, type Page } from "../support/test";
import { site } from "../../frontend/app/salon/config";
import { scrollThrough } from "../support/scroll";
import { ownPaths, requiredTreatmentPaths } from "../support/routes";
import { componentSample } from "../support/pageSample";
import { listedPrice } from "../support/prices";

const slideCount = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, "../../content/content.json"), "utf8")) as {
    hero: { slides: unknown[] };
  }
).hero.slides.length;

/** Hydration or runtime errors would leave the interactive parts dead: none may occur on these pages. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test.beforeEach(async ({ context }) => {
  // The cookie banner has its own tests; a stored choice keeps it from covering the controls here.
  await context.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
});

// ------------------------------------------------------------------------------------------------ home
test.describe("home slideshow", () => {
  const current = (page: Page) => page.locator('[aria-roledescription="slajd"][data-active="true"]');
  const hero = (page: Page) => page.getByRole("region", { name: "Najważniejsze informacje" });

  test("starts on slide 1; arrows wrap both ways; dots jump", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);
    // The pointer stays over the slideshow while clicking, which also keeps it from advancing by itself.
    await hero(page).getByRole("button", { name: "Poprzedni slajd" }).click();
    await expect(current(page)).toHaveAttribute("aria-label", `${slideCount} z ${slideCount}`);
    await hero(page).getByRole("button", { name: "Następny slajd" }).click();
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);
    await hero(page).getByRole("button", { name: "Następny slajd" }).click();
    await expect(current(page)).toHaveAttribute("aria-label", `2 z ${slideCount}`);
    await hero(page)
      .getByRole("button", { name: `Slajd ${slideCount}` })
      .click();
    await expect(current(page)).toHaveAttribute("aria-label", `${slideCount} z ${slideCount}`);
    await expect(hero(page).getByRole("button", { name: `Slajd ${slideCount}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await hero(page).getByRole("button", { name: "Slajd 1" }).click();
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);
    // Only the current slide's text is visible.
    await expect(current(page).locator("p").first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  /** Pointer and keyboard focus off the slideshow, so only the pause button can stop it. */
  async function leave(page: Page) {
    await page.mouse.move(1, 1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }

  test("advances by itself every 8 seconds, last → first, and stops with the pause button", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    // Freeze time, then start the interval afresh at a known moment: a manual change restarts it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await hero(page).getByRole("button", { name: "Slajd 1" }).click();
    await leave(page);
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);
    await page.clock.runFor(7_900);
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);
    await page.clock.runFor(200);
    await expect(current(page)).toHaveAttribute("aria-label", `2 z ${slideCount}`);
    for (let i = 2; i < slideCount; i++) await page.clock.runFor(8_000);
    await expect(current(page)).toHaveAttribute("aria-label", `${slideCount} z ${slideCount}`);
    await page.clock.runFor(8_000);
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);

    await hero(page).getByRole("button", { name: "Zatrzymaj automatyczne przewijanie" }).click();
    await leave(page);
    await page.clock.runFor(16_100);
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);
    await hero(page).getByRole("button", { name: "Wznów automatyczne przewijanie" }).click();
    await leave(page);
    await page.clock.runFor(8_100);
    await expect(current(page)).toHaveAttribute("aria-label", `2 z ${slideCount}`);
  });

  test("does not advance while the pointer rests on it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await hero(page).getByRole("button", { name: "Slajd 1" }).click(); // restarts the interval; the pointer stays on it
    await hero(page).hover();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(16_100);
    await expect(current(page)).toHaveAttribute("aria-label", `1 z ${slideCount}`);
  });

  test("'Kontakt' leads to /kontakt and 'Booksy' opens the booking service in a new tab", async ({ page }) => {
    await page.goto("/");
    const booksy = current(page).getByRole("link", { name: /^Booksy/ });
    await expect(booksy).toHaveAttribute("href", site.bookingUrl);
    await expect(booksy).toHaveAttribute("target", "_blank");
    await current(page).getByRole("link", { name: "Kontakt" }).click();
    await expect(page).toHaveURL(/\/kontakt$/);
  });

  test("the blog teaser's two cards open their articles", async ({ page }) => {
    await page.goto("/");
    const teaser = page.getByRole("region", { name: "Z naszego bloga" });
    await expect(teaser.getByRole("article")).toHaveCount(2);
    const first = teaser.getByRole("article").first().getByRole("link");
    const href = await first.getAttribute("href");
    expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await teaser.getByRole("article").first().click(); // the whole card is clickable
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("link", { name: "Wróć do bloga" }).first()).toBeVisible();
  });
});

// ------------------------------------------------------------------------------------------------ needs
test.describe("needs accordion", () => {
  // Each entry is a <details>; its <summary> (holding the title's heading) is what a visitor clicks or focuses.
  const header = (page: Page, index: number) => page.getByRole("main").locator("summary").nth(index);
  const entry = (page: Page, index: number) => page.getByRole("main").locator("details").nth(index);
  const open = (page: Page) => page.getByRole("main").locator("details[open]");

  test("one entry open at a time; clicking the open one closes it", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/twoje-potrzeby");
    await expect(header(page, 0)).toBeVisible();
    await expect(page.getByRole("main").locator("summary")).toHaveCount(15);
    await header(page, 0).click();
    await expect(entry(page, 0)).toHaveAttribute("open", "");
    await expect(entry(page, 0).getByText("Polecane zabiegi:")).toBeVisible();
    await expect(entry(page, 0).getByText("Efekty:")).toBeVisible();

    await header(page, 4).click();
    await expect(entry(page, 4)).toHaveAttribute("open", "");
    await expect(entry(page, 0)).not.toHaveAttribute("open");
    await expect(entry(page, 0).getByText("Polecane zabiegi:")).toBeHidden();
    await expect(open(page)).toHaveCount(1);

    await header(page, 4).click();
    await expect(open(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("works with the keyboard, and a treatment chip leads to its page", async ({ page }) => {
    await page.goto("/twoje-potrzeby");
    await header(page, 0).focus();
    await page.keyboard.press("Enter");
    await expect(entry(page, 0)).toHaveAttribute("open", "");
    await page.keyboard.press("Space");
    await expect(entry(page, 0)).not.toHaveAttribute("open");
    await page.keyboard.press("ArrowDown");
    await expect(header(page, 1)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(entry(page, 1)).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    const chip = page.locator(":focus");
    const href = await chip.getAttribute("href");
    expect(href).toMatch(/^\/[A-Za-z-]+$/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});

// ------------------------------------------------------------------------------------------------ blog
test.describe("blog list", () => {
  const cards = (page: Page) => page.getByRole("main").getByRole("article");

  test("the search filters live, the categories combine with it, and no match shows the empty-result text", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto("/blog");
    const all = await cards(page).count();
    expect(all).toBeGreaterThanOrEqual(7);
    const search = page.getByPlaceholder("Szukaj artykułów...");

    await search.fill("CELLULIT");
    await expect(cards(page)).not.toHaveCount(all);
    for (const card of await cards(page).all()) await expect(card).toContainText(/cellulit/i);

    await search.fill("");
    await expect(cards(page)).toHaveCount(all);
    await page.getByRole("button", { name: "Makijaż permanentny" }).click();
    await expect(page.getByRole("button", { name: "Makijaż permanentny" })).toHaveAttribute("aria-pressed", "true");
    for (const card of await cards(page).all()) await expect(card).toContainText("Makijaż permanentny");

    await search.fill("cellulit"); // no permanent-makeup article is about cellulite
    await expect(cards(page)).toHaveCount(0);
    await expect(
      page.getByText("Nie znaleziono artykułów spełniających kryteria wyszukiwania.", { exact: true }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Wszystkie", exact: true }).click();
    await expect(cards(page).first()).toContainText(/cellulit/i);
    expect(errors).toEqual([]);
  });

  test("1, 2 or 3 columns depending on the width", async ({ page }) => {
    await page.goto("/blog");
    for (const [width, columns] of [
      [390, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      const tops = await cards(page).evaluateAll((els) =>
        els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().top)),
      );
      expect(tops.filter((top) => top === tops[0]).length, `${width}px`).toBe(columns);
    }
  });

  test("a card opens its article; the article's back link returns to the list", async ({ page }) => {
    await page.goto("/blog");
    const card = cards(page).filter({ hasText: "laserem frakcyjnym" }).first();
    await card.getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/odmladzanie-skory-laserem-frakcyjnym$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("laserem frakcyjnym");
    await page.getByRole("link", { name: "Wróć do bloga" }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByPlaceholder("Szukaj artykułów...")).toBeVisible();
  });
});

test.describe("blog article", () => {
  const slug = "odmladzanie-skory-laserem-frakcyjnym";

  // Its links, share links and call to action are in the served HTML: tests/unit/pages-content.test.tsx and, for
  // the new tab, tests/built/external-links.test.ts.
  test("has the 400 px hero", async ({ page }) => {
    await page.goto(`/blog/${slug}`);
    const heroImage = page.getByRole("main").locator("picture img").first();
    await expect(heroImage).toBeVisible();
    expect(Math.round((await heroImage.boundingBox())!.height)).toBe(400);
  });

  test("an unknown slug shows 'Nie znaleziono artykułu' with a back link to the blog", async ({ page }) => {
    const response = await page.goto("/blog/tego-artykulu-nie-ma");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Nie znaleziono artykułu" })).toBeVisible();
    await page.getByRole("link", { name: "Wróć do bloga" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

// ------------------------------------------------------------------------------------------------ price list
test.describe("price list", () => {
  test("a category can be linked to directly: /cennik#laser-frakcyjny lands on it", async ({ page }) => {
    await page.goto("/cennik#laser-frakcyjny");
    const category = page.locator("#laser-frakcyjny");
    await expect(category).toBeInViewport();
    await expect(category.getByRole("heading", { level: 2 })).toContainText("Laser frakcyjny");
    await expect(category).toContainText(listedPrice({ priceGroup: "laser-frakcyjny", service: "Twarz" }));
    await page.goto("/cennik#modelowanie-termiczne");
    await expect(page.locator("#modelowanie-termiczne")).toBeInViewport();
  });

  test("the table of contents jumps to each category; the heading is not hidden under the sticky header", async ({
    page,
  }) => {
    await page.goto("/cennik");
    const toc = page.getByRole("navigation", { name: "Kategorie cennika" });
    await toc.getByRole("link", { name: /Modelowanie termiczne/ }).click();
    await expect(page).toHaveURL(/#modelowanie-termiczne$/);
    const heading = page.locator("#modelowanie-termiczne h2");
    await expect(heading).toBeInViewport();
    const headerBottom = await page
      .locator("header")
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom);
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom - 1);
  });
});

// ------------------------------------------------------------------------------------------------ every page
// Whether a page fits a phone's width is up to its components: a word too wide for the line breaks (global.scss,
// overflow-wrap on the body), so pages of one template differ only in what never widens them. One page of each
// template and of each component (tests/support/pageSample.ts, which tests/built/page-sample.test.ts proves holds
// them all), but the treatment pages (treatments.spec.ts), the contact page (its own specs) and our own pages.
const pages = componentSample.filter(
  (path) =>
    path !== "/kontakt" &&
    !(requiredTreatmentPaths as readonly string[]).includes(path) &&
    !(ownPaths as readonly string[]).includes(path),
);

// Without JavaScript no section waits to fade in: without-javascript.spec.ts sees every heading and line of text.
test.describe("entrance animation", () => {
  test("sections below the fold fade in once, when they scroll into view", async ({ page }) => {
    await page.goto("/");
    const reviews = page.getByRole("region", { name: "Co mówią nasze klientki" });
    await expect(reviews).toHaveAttribute("data-reveal", "hidden");
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews).toHaveAttribute("data-reveal", "shown");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(reviews).toHaveAttribute("data-reveal", "shown"); // once: it does not hide again
  });

  test.describe("for visitors who prefer reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("nothing animates", async ({ page }) => {
      for (const path of ["/", "/blog", "/zabiegi-na-twarz"]) {
        await page.goto(path); // hydrated: the reveal effects have run
        await expect(page.locator("[data-reveal]")).toHaveCount(0);
      }
      const transition = await page.goto("/").then(() =>
        page
          .locator('[aria-roledescription="slajd"]')
          .first()
          .evaluate((el) => getComputedStyle(el).transitionDuration),
      );
      expect(transition).toBe("0s");
    });
  });
});

test.describe("layout at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  for (const path of pages) {
    // Reached from the site's own home page: set in the web fonts (frontend/app/site/fonts.ts).
    test(`${path} does not scroll sideways`, async ({ page, baseURL }) => {
      await page.goto(path, { referer: new URL("/", baseURL).href });
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('600 1rem "Cormorant Garamond"'))).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
  // The page a visitor enters by is set in the fallback faces (frontend/app/site/fonts.ts), and so is a later page
  // whose font is not in within 100 ms (`font-display: optional`): wider here, where Georgia and Arial are missing.
  // The page must fit in those too.
  for (const path of pages) {
    test(`${path} does not scroll sideways in the fallback fonts`, async ({ page }) => {
      await page.goto(path);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector("h1")!).fontFamily)).toMatch(
        /^"Cormorant Garamond Fallback",/,
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

/**
 * Every heading, paragraph, list item, term and label of the page, scrolled to the middle of the screen, is what a
 * tap on its middle reaches: no photo, box or block lies on top of it. A card's link stretched over the card is
 * meant to; so is the form's trap field for bots, which nobody sees.
 */
async function coveredText(page: Page) {
  // Every deferred photo in place first: a photo that comes later could cover what was checked before it.
  await scrollThrough(page);
  return page.evaluate(() => {
    const headerBottom = document.querySelector("header")!.getBoundingClientRect().bottom;
    const covered: string[] = [];
    for (const text of document.querySelectorAll("main :is(h1, h2, h3, h4, p, li, dt, dd, label, summary, td)")) {
      if (!text.checkVisibility({ visibilityProperty: true }) || text.closest("[aria-hidden=true]")) continue;
      text.scrollIntoView({ block: "center", behavior: "instant" });
      // Its first box: for text that wraps inline (a breadcrumb), its first line; the middle of all its lines can be
      // the space beside a shorter last line.
      const box = text.getClientRects()[0] ?? text.getBoundingClientRect();
      const x = Math.min(Math.max(box.left + box.width / 2, 1), innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 1), innerHeight - 1);
      // The first lines of a page cannot come to the middle; there the sticky header is on top, as it should be.
      if (box.width < 2 || box.height < 2 || y <= headerBottom) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || text.contains(hit)) continue;
      if (hit.closest("a") && hit.closest("article") && hit.closest("article") === text.closest("article")) continue;
      covered.push(
        `${text.tagName.toLowerCase()} "${text.textContent.trim().slice(0, 40)}" under <${hit.tagName.toLowerCase()}>`,
      );
    }
    return covered;
  });
}

// What lies on top of what is the components' layout, and a page's words wrap within them: the sample of
// tests/support/pageSample.ts holds every component of the site (tests/built/page-sample.test.ts).
test.describe("nothing covers a page's text", () => {
  for (const path of componentSample)
    test(`${path}, on a phone and on a desktop`, async ({ page }) => {
      for (const viewport of [
        { width: 360, height: 780 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        expect(await coveredText(page), `${path} at ${viewport.width} px`).toEqual([]);
      }
    });
});

test.describe("visible keyboard focus", () => {
  async function outlineOf(locator: Locator) {
    return locator.evaluate((el) => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    });
  }

  test("the slideshow controls, accordion titles and blog filters show a focus ring", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Następny slajd" }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await outlineOf(page.getByRole("button", { name: "Następny slajd" }))).toBe(true);
    await page.goto("/twoje-potrzeby");
    await page.getByRole("main").locator("summary").first().focus();
    await page.keyboard.press("ArrowDown");
    expect(await outlineOf(page.getByRole("main").locator("summary").nth(1))).toBe(true);
    await page.goto("/blog");
    await page.getByPlaceholder("Szukaj artykułów...").focus();
    await page.keyboard.press("Tab");
    expect(await outlineOf(page.getByRole("button", { name: "Wszystkie", exact: true }))).toBe(true);
  });
});
