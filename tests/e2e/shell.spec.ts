import { expect, test, waitForHydration } from "../support/test";
import { allPaths } from "../support/routes";
import { site } from "../../frontend/app/salon/config";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration";
import { listedPrice } from "../support/prices";

// Every route as nginx (or, in production, Caddy over HTTPS) serves it: one request each, no browser. Pages
// hydrated in a browser, with one non-empty <h1>, are checked by privacy.spec.ts on one page of each template and
// component (tests/support/pageSample.ts).
test("every route of the table answers 200 with one heading of its own, in Polish", async ({ request }) => {
  const headings = new Map<string, string>();
  for (const path of allPaths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(/<html lang="pl"/);
    const h1 = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());
    expect(h1, `${path}: its <h1>`).toHaveLength(1);
    expect(h1[0], `${path}: its <h1>`).not.toBe("");
    headings.set(path, h1[0]!);
  }
  // Its own: a page that served another's content (a wrong rewrite) would repeat a heading.
  expect(new Set(headings.values()).size).toBe(headings.size);
});

test("prerendered HTML already holds the page's content without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/cennik");
  await expect(page.getByRole("heading", { level: 1, name: "Cennik" })).toBeVisible();
  await expect(page.getByText(listedPrice({ priceGroup: "laser-frakcyjny", service: "Twarz" })).first()).toBeVisible();
  await context.close();
});

test.describe("main menu", () => {
  test("the 'Zabiegi' dropdown opens on hover and closes on leaving", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Zabiegi" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.hover();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Menu główne" });
    await expect(nav.getByRole("link", { name: "Zabiegi na twarz", exact: true })).toBeVisible();
    await page.mouse.move(5, 700);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("the dropdown works with the keyboard and leads to the list", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Zabiegi" });
    const nav = page.getByRole("navigation", { name: "Menu główne" });
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Zabiegi na twarz", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "Zabiegi na ciało", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/zabiegi-na-twarz$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Zabiegi");
  });

  test("the active item is highlighted, also 'Zabiegi' on a treatment page", async ({ page }) => {
    await page.goto("/cennik");
    const nav = page.getByRole("navigation", { name: "Menu główne" });
    await expect(nav.getByRole("link", { name: "Cennik" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Kontakt" })).not.toHaveAttribute("aria-current", "page");
    // What the eye sees, not a class name (CSS modules' names are hashes): the current item's gold underline.
    const treatments = nav.getByRole("button", { name: "Zabiegi" });
    const underline = () => treatments.evaluate((el) => getComputedStyle(el).boxShadow);
    const plain = await underline();
    await page.goto("/natlenienie-skory-3-w-1");
    await expect.poll(underline).toMatch(/inset/);
    expect(await underline()).not.toBe(plain);
  });

  test("client-side navigation loads the next page and scrolls to the top", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("opens with the toggle and closes after navigating", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Menu główne" });
    await expect(nav).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Zamknij" })).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await nav.getByRole("button", { name: "Zabiegi" }).click();
    await nav.getByRole("link", { name: "Zabiegi na ciało", exact: true }).click();
    await expect(page).toHaveURL(/\/zabiegi-na-cialo$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("top bar and footer", () => {
  test("phone and social links, opening hours, the four links and this year's copyright", async ({ page }) => {
    await page.goto("/");
    const phone = page.getByRole("banner").getByRole("link", { name: site.phone });
    await expect(phone).toHaveAttribute("href", /^tel:\+48/);
    await expect(page.getByRole("link", { name: /Facebook/ }).first()).toHaveAttribute("href", site.social.facebook);
    await expect(page.getByRole("link", { name: /Instagram/ }).first()).toHaveAttribute("href", site.social.instagram);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("9:00–20:00");
    await expect(footer).toContainText("10:00–16:00");
    for (const [name, href] of [
      ["Polityka prywatności", "/polityka-prywatnosci"],
      ["RODO", "/rodo"],
      ["Blog", "/blog"],
      ["Kontakt", "/kontakt"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    await expect(footer).toContainText(/© \d{4}/);
  });

  test("the copyright shows the visitor's current year in her time zone, not the year the site was built", async ({
    page,
  }) => {
    // 23:30 on New Year's Eve in UTC is already 00:30 on 1 January in Warsaw (the browser's zone here).
    await page.clock.setFixedTime(new Date("2031-12-31T23:30:00Z"));
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2032");
    await expect(footer).not.toContainText("© 2031");
  });

  test("hydration raises no errors on any kind of page", async ({ page }) => {
    // Seven pages, each loaded and hydrated: 29 s before the last one in the Compose stage over HTTPS, while the
    // native stage ran beside it.
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    for (const path of [
      "/",
      "/cennik",
      "/natlenienie-skory-3-w-1",
      "/blog",
      allPaths.find((p) => p.startsWith("/blog/"))!,
      "/rodo",
      "/kontakt",
    ]) {
      await page.goto(path); // after its load event, and hydrated
      // The one thing the page still does on its own after hydrating: fetch the web fonts for the next page.
      await page.evaluate(() => document.fonts.ready);
    }
    expect(errors).toEqual([]);
  });
});

test.describe("cookie banner", () => {
  test("a new visitor sees it; the choice is stored and the banner stays hidden afterwards", async ({ page }) => {
    await page.goto("/");
    const accept = page.getByRole("button", { name: "Akceptuję" });
    await expect(accept).toBeVisible();
    await expect(page.getByRole("button", { name: "Odmawiam" })).toBeVisible();
    await accept.click();
    await expect(accept).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("accepted");
    // Hydrated: the page's own render, from the stored choice, has replaced the prerendered banner.
    await page.goto("/kontakt");
    await expect(page.getByRole("button", { name: "Akceptuję" })).toBeHidden();
  });

  test("it is in the first paint, and answers before the page's JavaScript has come", async ({
    page,
    gotoUnhydrated,
  }) => {
    // The page's modules never come: what the visitor sees and can do is the prerendered page's and its inline script's.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await gotoUnhydrated("/kontakt/wyslano");
    const decline = page.getByRole("button", { name: "Odmawiam" });
    await expect(decline).toBeVisible();
    await decline.click();
    await expect(decline).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("declined");
    // A returning visitor: hidden before the first paint, without the JavaScript too.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Odmawiam" })).toBeHidden();
    await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(0);
  });

  test("'Odmawiam' is remembered too", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("button", { name: "Odmawiam" }).click();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("declined");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Odmawiam" })).toBeHidden();
  });
});
