import AxeBuilder from "@axe-core/playwright";
import { createRequire } from "node:module";
import { expect, test, type Page } from "../support/test";
import { allPaths } from "../support/routes";

/** Outside judge 2: axe-core (pinned, the current 4.x) with the WCAG 2.1 A and AA rules. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function violations(page: Page) {
  // Two copies of playwright-core (ours and axe's peer) differ only in types.
  const result = await new AxeBuilder({ page: page }).withTags(WCAG).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Entrance animations finish before axe looks, so it judges the colours people actually see. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 20));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(900);
}

test("the judge is axe-core 4.14 or later, which catches an accessible name that leaves out the visible text", async ({
  page,
}) => {
  const version = (createRequire(import.meta.url)("axe-core/package.json") as { version: string }).version;
  const [major, minor] = version.split(".").map(Number) as [number, number];
  expect(major * 1000 + minor, version).toBeGreaterThanOrEqual(4014);
  const page_ = (logo: string) =>
    `<!DOCTYPE html><html lang="pl"><head><title>Logo</title></head><body><header>${logo}</header><main><h1>Strona</h1></main></body></html>`;
  // The logo as it was: a label that does not contain what the link shows.
  await page.setContent(
    page_(
      '<a href="/" aria-label="Aurea Instytut Urody – strona główna"><span aria-hidden="true">Aurea</span><span aria-hidden="true">Instytut Urody</span></a>',
    ),
  );
  expect(await violations(page)).toEqual([expect.stringMatching(/^label-content-name-mismatch:/)]);
  // The logo as it is: the visible text, then where it leads.
  await page.setContent(
    page_(
      '<a href="/"><span>Aurea</span> <span>Instytut Urody</span> <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">– strona główna</span></a>',
    ),
  );
  expect(await violations(page)).toEqual([]);
});

test.describe("WCAG 2.1 A/AA, cookie banner shown", () => {
  for (const path of allPaths) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Akceptuję" })).toBeVisible();
      await settle(page);
      expect(await violations(page)).toEqual([]);
    });
  }
});

test.describe("WCAG 2.1 A/AA, cookie banner dismissed", () => {
  for (const path of allPaths) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole("button", { name: "Odmawiam" }).click();
      await settle(page);
      expect(await violations(page)).toEqual([]);
    });
  }
});

test.describe("WCAG 2.1 A/AA in other states", () => {
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
    await page.getByLabel("Imię i nazwisko").fill("Anna");
    await page.getByLabel("E-mail").fill("anna@example.com");
    await page.getByLabel("Wiadomość").fill("Dzień dobry");
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });
});
