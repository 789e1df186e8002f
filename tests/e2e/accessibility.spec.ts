import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "../support/test";
import { allPaths } from "../support/routes";

/** Outside judge 2: axe-core (pinned) with the WCAG 2.1 A and AA rules. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function violations(page: Page) {
  // Two copies of playwright-core (ours and axe's peer) differ only in types.
  const result = await new AxeBuilder({ page: page as never }).withTags(WCAG).analyze();
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
        body: JSON.stringify({ ok: false, error: "Formularz zawiera błędy.", fields: { email: "Podaj poprawny adres e-mail." } }),
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
