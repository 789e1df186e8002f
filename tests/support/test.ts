/**
 * Playwright's `test` with one change: `page.goto` to one of our pages returns once React has hydrated it
 * (<html data-hydrated>, set by the root component's first effect). Pages paint before their JavaScript arrives
 * (frontend/build/afterFirstPaint.ts), so the browser's load event no longer means the page's controls work; a test
 * that clicks straight after `goto` would otherwise race the hydration. Tests of what happens before hydration
 * use `gotoUnhydrated`.
 */
import { test as base, expect, type Page, type Response } from "@playwright/test";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration.ts";
import { nextSourceAddress } from "./contactHttp.ts";
import { resolveTestHosts } from "./testHosts.ts";

resolveTestHosts();

type Goto = Page["goto"];

/**
 * Resolves once React has hydrated the page: what `goto` waits for, for a `reload` or a navigation a test starts
 * itself.
 */
export const waitForHydration = (page: Page) =>
  page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached", timeout: 20_000 });

export const test = base.extend<{ gotoUnhydrated: Goto }>({
  page: async ({ page }, use) => {
    // Each test's browser is its own visitor to the contact form's rate limit (10 posts a minute per address), as
    // real visitors are: the address goes in X-Forwarded-For, which the stack's nginx believes from 127.0.0.1 (and,
    // under Compose, from the network's gateway). Otherwise every browser post of the suite shares 127.0.0.1's
    // bucket, and a test that sends a message fails with 429 whenever the tests before it happened to post within
    // the same minute.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": nextSourceAddress() });
    const goto: Goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response: Response | null = await goto(url, options);
      if ((response?.headers()["content-type"] ?? "").startsWith("text/html")) {
        await waitForHydration(page);
      }
      return response;
    };
    await use(page);
  },
  gotoUnhydrated: async ({ page }, use) => {
    await use(Object.getPrototypeOf(page).goto.bind(page) as Goto);
  },
});

export { expect };
export type { Locator, Page } from "@playwright/test";
