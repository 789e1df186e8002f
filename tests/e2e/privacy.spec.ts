import { expect, test, type Page } from "../support/test";
import { componentSample } from "../support/pageSample";
import { scrollThrough } from "../support/scroll";

/** Records every request a page makes that leaves the site's own origin (navigations the visitor starts aside). */
function watchForeignRequests(page: Page, origin: string) {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
  });
  return foreign;
}

// What every page's markup loads is read from the build (tests/built/own-origin.test.ts), as is the consent's
// default (tests/built/head.test.ts); what the page's scripts load is up to its components, all of which the sample
// of tests/support/pageSample.ts holds (tests/built/page-sample.test.ts).
test.describe("before consent nothing leaves the site", () => {
  for (const path of componentSample) {
    test(`${path}: a fresh visitor's page, hydrated with its one heading, requests only our own origin`, async ({
      page,
      baseURL,
    }) => {
      const origin = new URL(baseURL!).origin;
      const foreign = watchForeignRequests(page, origin);
      const response = await page.goto(path); // loaded and hydrated
      // Hydrated, the page still has its one heading (the served HTML's: shell.spec.ts) and its language.
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).not.toBeEmpty();
      await expect(page.locator("html")).toHaveAttribute("lang", "pl");
      // Through the whole page, so lazy photos and anything loaded on view are requested too.
      await scrollThrough(page);
      expect(foreign).toEqual([]);
      // The analytics data array exists with every consent field denied.
      const defaults = await page.evaluate(() =>
        (window.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>)),
      );
      expect(defaults[0]).toEqual([
        "consent",
        "default",
        { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
      ]);
    });
  }
});

test("after 'Akceptuję' the map service loads on /kontakt, and nowhere else", async ({ page, baseURL, context }) => {
  const origin = new URL(baseURL!).origin;
  // The machine has no outside network: answer the map service locally, but count the requests.
  await context.route(/^https:\/\/(www|maps)\.google\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>mapa</title>" }),
  );
  const foreign = watchForeignRequests(page, origin);

  await page.goto("/");
  await page.getByRole("button", { name: "Akceptuję" }).click();
  // The banner asks for the map only: no statistics or advertising field is granted.
  const consent = await page.evaluate(() =>
    JSON.stringify((window.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>))),
  );
  expect(consent).not.toContain("granted");
  for (const path of ["/cennik", "/natlenienie-skory-3-w-1", "/blog"]) {
    await page.goto(path); // hydrated: rendered with the stored choice
    await expect(page.locator("iframe")).toHaveCount(0);
  }
  expect(foreign).toEqual([]);

  await page.goto("/kontakt");
  const map = page.locator("iframe");
  await expect(map).toHaveAttribute("src", /https:\/\/www\.google\.com\/maps/);
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => foreign.some((url) => url.startsWith("https://www.google.com/maps"))).toBe(true);
});

test("a visitor who declined gets the map only by asking for it, in the same reserved box", async ({
  page,
  context,
}) => {
  await context.route(/^https:\/\/(www|maps)\.google\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>mapa</title>" }),
  );
  await page.goto("/kontakt");
  await page.getByRole("button", { name: "Odmawiam" }).click();
  await expect(page.locator("iframe")).toHaveCount(0);
  const box = page.locator("figure").filter({ has: page.getByRole("button", { name: "Pokaż mapę interaktywną" }) });
  const before = await box.boundingBox();
  await page.getByRole("button", { name: "Pokaż mapę interaktywną" }).click();
  await expect(page.locator("iframe")).toHaveCount(1);
  const after = await page
    .locator("figure")
    .filter({ has: page.locator("iframe") })
    .boundingBox();
  expect(Math.round(after!.height)).toBe(Math.round(before!.height));
});

test("the footer's 'Ustawienia cookies' shows the banner again to change the decision", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Odmawiam" }).click();
  await expect(page.getByRole("button", { name: "Akceptuję" })).toBeHidden();
  await page.getByRole("button", { name: "Ustawienia cookies" }).click();
  await page.getByRole("button", { name: "Akceptuję" }).click();
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("accepted");
  await page.reload();
  await expect(page.getByRole("button", { name: "Akceptuję" })).toBeHidden();
});

test("refusing is as prominent as accepting: the banner's two buttons look the same, side by side", async ({
  page,
}) => {
  await page.goto("/");
  const look = (name: string) =>
    page.getByRole("button", { name }).evaluate((button) => {
      const style = getComputedStyle(button);
      const box = button.getBoundingClientRect();
      return {
        background: style.backgroundColor,
        color: style.color,
        border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
        font: `${style.fontSize} ${style.fontWeight}`,
        height: Math.round(box.height),
        top: Math.round(box.top),
      };
    });
  expect(await look("Odmawiam")).toEqual(await look("Akceptuję"));
});
