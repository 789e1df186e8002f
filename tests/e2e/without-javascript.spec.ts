/**
 * The site for a visitor whose JavaScript does not run — turned off, filtered out, or its files lost on the way —
 * and for one whose page hydrates late. Every route reads and navigates as plain HTML: headings, text, prices,
 * every photo of the slideshows and galleries, the menu on a phone and on a desktop, the needs accordion, every
 * article of the blog; nothing is fetched from another origin. Checked against what the visitor sees, not against
 * how the page is built (the form itself: contact-fallback.spec.ts).
 */
import { expect, test, type Page } from "../support/test";
import { articlePaths, onePagePerKind } from "../support/routes";
import { componentSample } from "../support/pageSample";
import { mainNavIn } from "../../frontend/app/site/routeTable";
import { pl } from "../../frontend/app/site/words/pl";

const PHONE = { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true };
const menuLinks = mainNavIn("pl", pl.routes).flatMap((item) =>
  item.children ? item.children : [item as { label: string; path: string }],
);

/** A page loaded without waiting for hydration (there is none without JavaScript). */
async function open(page: Page, gotoUnhydrated: Page["goto"], path: string) {
  const response = await gotoUnhydrated(path);
  expect(response?.status(), path).toBe(200);
  return response;
}

/** Lines of text a visitor sees in <main> (innerText: what is rendered, not what is hidden). */
const visibleLines = (page: Page) =>
  page.locator("main").evaluate((main) =>
    (main as HTMLElement).innerText
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter(Boolean),
  );

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false });

  // What is shown without scripts is up to the components' styles, all of which the sample of
  // tests/support/pageSample.ts holds (tests/built/page-sample.test.ts); that no page's markup loads anything from
  // another origin is read from every page of the build (tests/built/own-origin.test.ts).
  for (const path of componentSample) {
    test(`${path}: its heading, text and photos are there, and nothing comes from another origin`, async ({
      page,
      gotoUnhydrated,
      baseURL,
    }) => {
      const foreign: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol !== "data:" && url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
      });
      await open(page, gotoUnhydrated, path);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator("h1")).not.toBeEmpty();
      // Every heading is visible, unless it is inside a closed <details> (whose own title is).
      const hiddenHeadings = await page
        .locator("main :is(h2, h3, h4)")
        .evaluateAll((els) =>
          els.filter((el) => !el.checkVisibility() && !el.closest("details:not([open])")).map((el) => el.textContent),
        );
      expect(hiddenHeadings).toEqual([]);
      // No photo is left as the transparent placeholder that only a script would replace.
      const placeholders = await page
        .locator("img")
        .evaluateAll(
          (els) => els.filter((el) => el.checkVisibility() && el.getAttribute("src")!.startsWith("data:")).length,
        );
      expect(placeholders).toBe(0);
      // Buttons that only a script could make work are not shown (the dropdown's button opens its submenu on hover
      // and focus; the gallery's thumbnails are links to their photos).
      const deadButtons = await page
        .locator("button:not([type=submit])")
        .evaluateAll((els) =>
          els.filter((el) => el.checkVisibility()).map((el) => el.getAttribute("aria-label") ?? el.textContent.trim()),
        );
      expect(deadButtons.filter((label) => label !== "Zabiegi")).toEqual([]);
      // No cookie banner: without scripts nothing is stored and nothing loads that would need consent.
      await expect(page.getByRole("button", { name: /Akceptuję|Odmawiam/ })).toHaveCount(0);
      expect(foreign).toEqual([]);
    });
  }

  test("on a phone the menu opens and closes with its links, the treatments' submenu inside, and leads to its pages", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/cennik");
    const menu = page.getByRole("navigation", { name: "Menu główne" });
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    for (const link of menuLinks) await expect(menu.getByRole("link", { name: link.label, exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Zamknij", exact: true }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await menu.getByRole("link", { name: "Zabiegi na ciało" }).click();
    await expect(page).toHaveURL(/\/zabiegi-na-cialo$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
    await context.close();
  });

  test("on a desktop the treatments' submenu opens on hover and on keyboard focus", async ({
    page,
    gotoUnhydrated,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, gotoUnhydrated, "/");
    const submenuLink = page
      .getByRole("navigation", { name: "Menu główne" })
      .getByRole("link", { name: "Zabiegi na twarz" });
    await expect(submenuLink).toBeHidden();
    await page.getByRole("button", { name: "Zabiegi" }).hover();
    await expect(submenuLink).toBeVisible();
    await page.mouse.move(0, 700);
    await expect(submenuLink).toBeHidden();
    await page.getByRole("button", { name: "Zabiegi" }).focus();
    await expect(submenuLink).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(submenuLink).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/zabiegi-na-twarz$/);
  });

  test("the needs accordion opens one entry at a time, by click or keyboard, and its treatments are links", async ({
    page,
    gotoUnhydrated,
  }) => {
    await open(page, gotoUnhydrated, "/twoje-potrzeby");
    const titles = page.getByRole("main").locator("summary");
    await expect(titles).toHaveCount(15);
    const entry = (i: number) => page.getByRole("main").locator("details").nth(i);
    await titles.nth(0).click();
    await expect(entry(0)).toHaveAttribute("open", "");
    await expect(entry(0).getByText("Polecane zabiegi:")).toBeVisible();
    await titles.nth(4).click();
    await expect(entry(4)).toHaveAttribute("open", "");
    await expect(entry(0)).not.toHaveAttribute("open");
    await titles.nth(7).focus();
    await page.keyboard.press("Enter");
    await expect(entry(7)).toHaveAttribute("open", "");
    const chip = entry(7).getByRole("link").first();
    const href = await chip.getAttribute("href");
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test("the blog lists and links every article; its search and categories, which need JavaScript, are not shown", async ({
    page,
    gotoUnhydrated,
  }) => {
    await open(page, gotoUnhydrated, "/blog");
    const linked = await page
      .getByRole("main")
      .getByRole("article")
      .getByRole("link")
      .evaluateAll((els) => [...new Set(els.map((a) => a.getAttribute("href")))]);
    expect(linked.sort()).toEqual([...articlePaths].sort());
    await expect(page.getByRole("search")).toBeHidden();
  });

  test("every photo of the slideshow, the carousels and the galleries is shown and loads", async ({
    page,
    gotoUnhydrated,
  }) => {
    for (const path of ["/", "/laser-frakcyjny", "/modelowanie-termiczne-sylwetki", "/makijaz-permanentny-ust"]) {
      await open(page, gotoUnhydrated, path);
      const photos = page.locator('[aria-roledescription="karuzela"] img, #galeria img').filter({ visible: true });
      const slides = await page.locator('[aria-roledescription="slajd"]').count();
      const thumbs = await page.locator("#galeria li").count();
      expect(await photos.count(), path).toBe(slides + thumbs);
      expect(slides + thumbs, path).toBeGreaterThan(1);
      for (const photo of await photos.all()) {
        await photo.scrollIntoViewIfNeeded();
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
            message: path,
          })
          .toBe(true);
      }
    }
  });

  test("the contact page shows our map image and a link to the map service, and no control that would need a script", async ({
    page,
    gotoUnhydrated,
  }) => {
    await open(page, gotoUnhydrated, "/kontakt");
    const map = page.getByRole("img", { name: /Mapa okolicy salonu/ }).filter({ visible: true });
    await expect(map).toBeVisible();
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole("link", { name: /Otwórz w Mapach Google/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pokaż mapę interaktywną" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Ustawienia cookies" })).toBeHidden();
  });
});

test.describe("what a visitor with JavaScript reads, a visitor without it reads too", () => {
  // One page of every kind, and the treatment pages with a carousel and a gallery.
  const sample = [...new Set([...onePagePerKind, "/laser-frakcyjny", "/makijaz-permanentny-ust"])];

  for (const path of sample) {
    test(path, async ({ page, browser, baseURL }) => {
      await page.goto(path); // hydrated: what React renders
      // Controls only a script makes work have no counterpart without it: the blog's filters, the carousel's
      // counter, the map's button.
      await page
        .locator('main [role="search"], main [data-testid="licznik"], main button:not([type=submit])')
        .evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.display = "none")));
      const withScript = await visibleLines(page);
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const plain = await context.newPage();
      await plain.goto(path);
      const without = new Set(await visibleLines(plain));
      expect(withScript.length).toBeGreaterThan(3);
      expect(withScript.filter((line) => !without.has(line))).toEqual([]);
      await context.close();
    });
  }
});

test.describe("when the page's scripts or data do not arrive, it stays a working HTML page", () => {
  test("every data request failing, the page still hydrates: its data is in the page itself", async ({
    page,
    gotoUnhydrated,
  }) => {
    let failed = 0;
    await page.route("**/*", (route) =>
      ["fetch", "xhr"].includes(route.request().resourceType()) ? (failed++, route.abort()) : route.continue(),
    );
    await gotoUnhydrated("/laser-frakcyjny");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
    // Nothing was asked for: the hydration data travels in the HTML and nothing of content/ is served live (a content
    // edit is a rebuild), so a network that refuses every data request costs the page nothing.
    expect(failed).toBe(0);
  });

  // Only scripts: the page's data is in the HTML, so with its data requests blocked it hydrates as usual (the test
  // above), and it is then the app that opens the menu and the accordion, tested elsewhere.
  for (const [label, blocked] of [["every module script blocked", ["script"]]] as const) {
    test(`${label}: on a phone the menu opens and its links lead on; the accordion opens`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ ...PHONE, baseURL });
      const page = await context.newPage();
      const refused: string[] = [];
      await page.route("**/*", (route) => {
        if (!(blocked as readonly string[]).includes(route.request().resourceType())) return route.continue();
        refused.push(route.request().url());
        return route.abort();
      });
      await page.goto("/twoje-potrzeby");
      await page.getByRole("main").locator("summary").first().click();
      await expect(page.getByRole("main").locator("details").first()).toHaveAttribute("open", "");
      // Once the page has asked for its scripts (after the first paint: frontend/build/afterFirstPaint.ts) and every
      // one of them has been refused, nothing is left that could still take the page over: it works as plain HTML.
      const scripts = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
        );
      await expect.poll(scripts).not.toEqual([]);
      await expect.poll(async () => (await scripts()).filter((href) => !refused.includes(href))).toEqual([]);
      await page.getByRole("banner").getByText("Menu", { exact: true }).click();
      await page.getByRole("navigation", { name: "Menu główne" }).getByRole("link", { name: "Cennik" }).click();
      await expect(page).toHaveURL(/\/cennik$/);
      await expect(page.getByRole("heading", { level: 1, name: "Cennik" })).toBeVisible();
      await context.close();
    });
  }
});
