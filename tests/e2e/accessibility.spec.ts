import AxeBuilder from "@axe-core/playwright";
import { createRequire } from "node:module";
import { expect, test, type Page } from "../support/test";
import { componentSample } from "../support/pageSample";
import { animationsDone, scrollThrough } from "../support/scroll";
import { LABEL } from "../support/confirmation";
import { nextSourceAddress } from "../support/contactHttp";
import { held } from "../support/stack";
import { dictionaries } from "../support/frameWords";
import { languageOfPath } from "../../frontend/app/site/languagePaths";
import { PUBLISHED_LANGUAGES } from "../../frontend/app/contentModel/languages";

/** Outside judge 2: axe-core (pinned, the current 4.x) with the WCAG 2.1 A and AA rules. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** What axe finds on the page, or only within `include` (a CSS selector). */
async function violations(page: Page, include?: string) {
  // Two copies of playwright-core (ours and axe's peer) differ only in types.
  const builder = new AxeBuilder({ page: page }).withTags(WCAG);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Every section has come into view and faded in, and every transition has ended, before axe looks: it judges the
 * colours people actually see, not a section half-way through its fade-in. The home page's slideshow is stopped
 * first, by its own button as a visitor would: left running, its next cross-fade may start while axe is looking.
 */
async function settle(page: Page) {
  await scrollThrough(page);
  const stop = page.getByRole("button", { name: "Zatrzymaj automatyczne przewijanie" });
  if (await stop.count()) await stop.click();
  await animationsDone(page);
}

test("the judge is axe-core 4.14 or later, which catches an accessible name that leaves out the visible text", async ({
  page,
}) => {
  // Two axe runs: on a slow machine, beside the Compose stage, more than the suite's 30 s (34 s seen).
  test.setTimeout(90_000);
  const version = (createRequire(import.meta.url)("axe-core/package.json") as { version: string }).version;
  const [major, minor] = version.split(".").map(Number) as [number, number];
  expect(major * 1000 + minor, version).toBeGreaterThanOrEqual(4014);
  const page_ = (logo: string) =>
    `<!DOCTYPE html><html lang="pl"><head><title>Logo</title></head><body><header>${logo}</header><main><h1>Strona</h1></main></body></html>`;
  // A logo link whose label does not contain what the link shows.
  await page.setContent(
    page_(
      '<a href="/" aria-label="Aurea Instytut Urody – strona główna"><span aria-hidden="true">Aurea</span><span aria-hidden="true">Instytut Urody</span></a>',
    ),
  );
  expect(await violations(page)).toEqual([expect.stringMatching(/^label-content-name-mismatch:/)]);
  // The logo as the site writes it: the visible text, then where it leads.
  await page.setContent(
    page_(
      '<a href="/"><span>Aurea</span> <span>Instytut Urody</span> <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">– strona główna</span></a>',
    ),
  );
  expect(await violations(page)).toEqual([]);
});

// Both states in one visit: the banner as a new visitor sees it over the page, then the whole page as she sees it
// once she has chosen. What the banner covers is judged in the second state (with the banner over it axe cannot tell
// its contrast and leaves it out), so the first one judges the banner itself; the rest of the page is the same in
// both. One page load and one whole-page judgement per page.
// Every page's markup is judged by the same rules at build time (tests/built/accessibility.test.ts); what only a
// browser shows (colours as seen, the page as its scripts leave it, the banner) comes from the templates and the
// components, all of which the sample of tests/support/pageSample.ts holds (tests/built/page-sample.test.ts).
test.describe("WCAG 2.1 A/AA, the cookie banner, then the page once it is dismissed", () => {
  // Two axe runs and a scroll through the whole page: their time grows with the page and with the CPU the test gets
  // (the Compose stage may run beside it), so more than the suite's 30 s per test.
  test.describe.configure({ timeout: 90_000 });
  // The templates' pages, and one page of each language besides Polish, with the frame in its words.
  for (const path of [...componentSample, ...PUBLISHED_LANGUAGES.map((language) => `/${language}/laser-frakcyjny`)]) {
    test(`${path}`, async ({ page }) => {
      const words = dictionaries[languageOfPath(path)];
      await page.goto(path);
      const banner = page.getByRole("region", { name: words.cookies.title, exact: true });
      await expect(banner).toBeVisible();
      expect.soft(await violations(page, 'section[aria-labelledby="cookie-banner-title"]'), "banner").toEqual([]);
      await banner.getByRole("button", { name: words.cookies.decline }).click();
      await expect(banner).toBeHidden();
      await settle(page);
      expect(await violations(page), "page").toEqual([]);
    });
  }
});

test.describe("WCAG 2.1 A/AA in other states", () => {
  // A scroll through the whole page and an axe run on it, as above: 32.7 s seen for the price list's dropdown
  // beside the Compose stage.
  test.describe.configure({ timeout: 90_000 });

  test("mobile menu open with the treatments submenu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: "Odmawiam" }).click();
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Menu główne" }).getByRole("button", { name: "Zabiegi" }).click();
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });

  test("desktop dropdown open", async ({ page }) => {
    await page.goto("/cennik");
    await page.getByRole("button", { name: "Odmawiam" }).click();
    await page.getByRole("button", { name: "Zabiegi" }).click();
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });

  test("contact form showing its error state", async ({ page }) => {
    await page.route("**/send-email.php", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({
          ok: false,
          error: "Formularz zawiera błędy.",
          fields: { email: "Podaj poprawny adres e-mail." },
        }),
      }),
    );
    await page.goto("/kontakt");
    await page.getByRole("button", { name: "Odmawiam" }).click();
    await page.getByLabel(LABEL.name).fill("Anna");
    await page.getByLabel("E-mail").fill("anna@example.com");
    await page.getByLabel("Wiadomość").fill("Dzień dobry");
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });

  test("contact form asking the mailer's question in place", async ({ page }) => {
    await page.route("**/send-email.php", (route) =>
      route.fulfill({
        status: 428,
        contentType: "application/json",
        body: JSON.stringify({
          ok: false,
          error: "Jeszcze jeden krok: odpowiedz na pytanie poniżej, a wyślemy wiadomość do salonu.",
          confirm: {
            token: "0123456789abcdef.0123456789abcdef0123456789abcdef",
            question: "Ile to jest trzy plus cztery?",
            hint: "Wpisz wynik cyframi.",
            title: "Potwierdź wysłanie wiadomości",
            submit: "Potwierdź i wyślij",
          },
        }),
      }),
    );
    await page.goto("/kontakt");
    await page.getByRole("button", { name: "Odmawiam" }).click();
    await page.getByLabel(LABEL.name).fill("Anna");
    await page.getByLabel("E-mail").fill("anna@example.com");
    await page.getByLabel("Wiadomość").fill("Dzień dobry");
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(page.getByLabel("Ile to jest trzy plus cztery?")).toBeFocused();
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });

  test("the mailer's question as a page, when the page's scripts never ran", async ({ browser, baseURL }) => {
    // The site's scripts blocked (axe itself needs JavaScript): the browser posts the form, the mailer asks.
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": nextSourceAddress() } });
    const page = await context.newPage();
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    const stamp = `dostepnosc${Date.now().toString(36)}`;
    await page.goto("/kontakt");
    await page.getByLabel(LABEL.name).fill("Anna");
    await page.getByLabel("E-mail").fill("anna@example.com");
    await page.getByLabel("Wiadomość").fill(`Dzień dobry, pytanie o dostępność (${stamp}).`);
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Potwierdź wysłanie wiadomości");
    expect(await violations(page)).toEqual([]);
    await context.close();
    // Never answered: the message waits; it is this test's to remove.
    for (const message of (await held.list()).filter((m) => m.body.includes(stamp)))
      await held.run("purge", message.id);
  });
});
