import { expect, test } from "../support/test";
import { allPaths } from "../support/routes";

/**
 * A demonstration deployment (SALON_DEMO=1: the production configuration with the repository's stand-ins,
 * frontend/build/launchGate.ts): every route tells search engines to stay away and tells the visitor that the salon's
 * data are examples. The Compose production stage runs it (tests/compose/run.sh); a stack built without the setting
 * has neither, so the spec runs only where the stack was built with it.
 */
test.skip(process.env.SALON_DEMO !== "1", "a demonstration deployment only (SALON_DEMO=1)");

for (const path of [...allPaths, "/tej-strony-nie-ma"]) {
  test(`${path}: noindex and the notice that the salon's data are examples`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /^noindex\b/);
    const notice = page.getByRole("note").filter({ hasText: "Strona demonstracyjna." });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("dane prawdziwego salonu");
  });
}
