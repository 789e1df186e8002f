import { expect, test } from "../support/test";
import { allPaths } from "../support/routes";

/**
 * A demonstration deployment (SALON_DEMO=1: the production configuration with the repository's stand-ins,
 * frontend/build/launchGate.ts): every route tells search engines to stay away and tells the visitor that the salon's
 * data are examples. The Compose production stage runs it (tests/compose/run.sh); a stack built without the setting
 * has neither, so the spec runs only where the stack was built with it.
 */
test.skip(process.env.SALON_DEMO !== "1", "a demonstration deployment only (SALON_DEMO=1)");

const paths = [...allPaths, "/tej-strony-nie-ma"];

// Both are in the served HTML of every page (the prerendered pages and the 404): one request each, no browser.
test("every route and the missing page: noindex and the notice that the salon's data are examples", async ({
  request,
}) => {
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<meta name="robots" content="noindex\b/);
    const notice = html
      .match(/<p [^>]*role="note"[^>]*>([\s\S]*?)<\/p>/g)
      ?.find((p) => p.includes("Strona demonstracyjna."));
    expect(notice, `${path}: the notice`).toMatch(/dane prawdziwego\s+salonu/);
  }
});

// And a visitor sees it, on a page of the route table and on the missing page.
for (const path of ["/", "/tej-strony-nie-ma"]) {
  test(`${path}: the notice is shown`, async ({ page }) => {
    await page.goto(path);
    const notice = page.getByRole("note").filter({ hasText: "Strona demonstracyjna." });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("dane prawdziwego salonu");
  });
}
