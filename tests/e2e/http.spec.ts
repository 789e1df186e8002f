import { expect, test } from "../support/test";
import { allPaths } from "../support/routes";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration";

/** What nginx answers, as a crawler or a browser sees it: statuses, redirects, 404s, caching and headers. */

test("every page redirects from its trailing-slash form permanently, keeping host and port", async ({
  request,
  baseURL,
}) => {
  for (const path of allPaths.filter((p) => p !== "/")) {
    const response = await request.get(`${path}/`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    const location = response.headers()["location"]!;
    expect(new URL(location, baseURL).href, path).toBe(new URL(path, baseURL).href);
  }
  const withQuery = await request.get("/cennik/?utm_source=test", { maxRedirects: 0 });
  expect(withQuery.headers()["location"]).toBe("/cennik?utm_source=test");
});

test("paths are case-sensitive; a page that moved answers its old address, in any case, with 301", async ({
  request,
}) => {
  expect((await request.get("/cennik")).status()).toBe(200);
  expect((await request.get("/Cennik")).status()).toBe(404);
  // The build's map (frontend/build/redirects.ts) on the real stack; every entry: tests/integration/redirects.test.ts.
  for (const old of ["/endermologia-LPG", "/endermologia-lpg"]) {
    const moved = await request.get(old, { maxRedirects: 0 });
    expect(moved.status(), old).toBe(301);
    expect(moved.headers()["location"], old).toBe("/endermologia-twarzy");
  }
});

test("an unknown path answers 404 with the Polish not-found page inside the shell", async ({ page }) => {
  const response = await page.goto("/nie-ma-takiej-strony"); // hydrated: React's page, not only nginx's
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nie znaleziono strony");
  await expect(page.getByRole("navigation", { name: "Menu główne" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Strona główna" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Kontakt" })).toHaveAttribute("href", "/kontakt");
  await expect(main.getByRole("link", { name: "Zabiegi na twarz" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
});

test("an unknown article answers 404 with 'Nie znaleziono artykułu' and a way back to the blog", async ({ page }) => {
  const response = await page.goto("/blog/artykul-ktorego-nie-ma"); // hydrated: React's page, not only nginx's
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nie znaleziono artykułu");
  await page
    .getByRole("link", { name: /Wróć do bloga/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("missing assets and data files are plain 404s, never a page's HTML", async ({ request }) => {
  for (const path of [
    "/assets/nie-ma.js",
    "/assets/nie-ma.css",
    "/nie-ma.data",
    "/img/nie-ma-640.avif",
    "/content/nie-ma.json",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain("<html");
  }
});

test("/content/ serves the checked JSON the pages were built from, read-only and revalidated like them", async ({
  request,
}) => {
  const page = await request.get("/cennik");
  const prices = await request.get("/content/pricing.json");
  expect(prices.status()).toBe(200);
  expect(prices.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(prices.headers()["cache-control"]).toBe(page.headers()["cache-control"]);
  expect(prices.headers()["x-content-type-options"]).toBe("nosniff");
  // The price list page's prices are the served list's (tests/built/served-content.test.ts: every line, in order).
  const html = await page.text();
  const { categories } = (await prices.json()) as { categories: { id: string; services: { price?: string }[] }[] };
  const kobido = categories.find((group) => group.id === "kobido")!;
  for (const { price } of kobido.services) expect(html).toContain(`>${price}<`);
  // Placeholders filled as in the build; the operator's registers and content/'s own files are not served.
  expect(await (await request.get("/content/legal/rodo.json")).text()).not.toContain("{phone}");
  for (const path of ["/content/devices.json", "/content/figures.json", "/content/images/mapa-salonu.svg"])
    expect((await request.get(path)).status(), path).toBe(404);
  expect((await request.post("/content/pricing.json")).status()).toBe(405);
});

test("pages revalidate, hashed assets are cached for a year, text is compressed", async ({ request, page }) => {
  const html = await request.get("/cennik", { headers: { "Accept-Encoding": "gzip" } });
  expect(html.headers()["cache-control"]).toBe("no-cache");
  expect(html.headers()["content-encoding"]).toBe("gzip");
  await page.goto("/cennik");
  const script =
    (await page.locator('script[type="module"][src], link[rel="modulepreload"]').first().getAttribute("href")) ?? "";
  const asset = await request.get(script || (await page.locator("link[rel=stylesheet]").first().getAttribute("href"))!);
  expect(asset.headers()["cache-control"]).toContain("immutable");
});

test("text travels as Brotli to a client that takes br, as gzip to one that takes gzip only, and as is otherwise", async ({
  request,
}) => {
  // The page's inline loader names its scripts (frontend/build/afterFirstPaint.ts); the first is the entry module.
  const plain = await request.get("/kontakt", { headers: { "Accept-Encoding": "identity" } });
  const script = (await plain.text()).match(/\/assets\/[^"']+\.js/)?.[0];
  expect(script, "no script named in /kontakt").toBeTruthy();
  for (const path of ["/kontakt", script!]) {
    const identity = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers()["content-encoding"], path).toBeUndefined();
    const body = await identity.body();
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const response = await request.get(path, { headers: { "Accept-Encoding": accept } });
      expect(response.headers()["content-encoding"], `${path}, Accept-Encoding: ${accept}`).toBe(encoding);
      // A cache in between must keep the encodings apart.
      expect(response.headers()["vary"], `${path}, Accept-Encoding: ${accept}`).toMatch(/Accept-Encoding/i);
      // The precompressed copy is the file itself (Playwright unpacks br and gzip): a stale copy would differ.
      expect((await response.body()).equals(body), `${path}, Accept-Encoding: ${accept}`).toBe(true);
    }
  }
});

test("paint first: no script is requested before the first contentful paint, and the page then hydrates", async ({
  page,
}) => {
  for (const path of ["/", "/mezoterapia-mikroiglowa", "/kontakt"]) {
    await page.goto(path); // returns once the page has hydrated (support/test.ts)
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((e) => /\.js(\?|$)/.test(e.name))
        .map((e) => ({ name: e.name, start: e.startTime })),
    }));
    expect(timing.fcp, path).toBeGreaterThan(0);
    expect(timing.scripts.length, path).toBeGreaterThan(2);
    for (const script of timing.scripts)
      expect(script.start, `${path}: ${script.name}`).toBeGreaterThanOrEqual(timing.fcp);
  }
});

test("the stylesheet travels in the page: the page is styled with no stylesheet request, before or after hydration", async ({
  page,
}) => {
  for (const path of ["/", "/cennik", "/blog/jak-przygotowac-skore-do-lata"]) {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto(path); // returns once the page has hydrated (support/test.ts)
    // Then a request of the test's own, made once the hydrated page is idle: the browser reports a page's requests
    // in the order it makes them, so a stylesheet asked for before, during or after hydration (a <link> enabled, a
    // chunk's CSS) has been reported by the time this one is.
    const marker = `/robots.txt?after-hydration=${Date.now()}`;
    await Promise.all([
      page.waitForRequest((request) => request.url().endsWith(marker)),
      page.evaluate(
        (url) => new Promise<void>((done) => requestIdleCallback(() => void fetch(url).finally(done))),
        marker,
      ),
    ]);
    expect(stylesheets, path).toEqual([]);
    // Styled: the body without the browser's default 8 px margin, as global.scss sets it.
    expect(await page.evaluate(() => getComputedStyle(document.body).marginTop), path).toBe("0px");
    page.removeAllListeners("request");
  }
});

test("the hydration data travels in the page, and React takes over the painted page without rendering it anew", async ({
  page,
  gotoUnhydrated,
}) => {
  // The scripts are held back until the painted page is marked: it must hydrate onto the nodes it painted (loader
  // data that does not match the HTML makes React render the page again on the client, and the marked node would be
  // gone), from the data written into the page itself: no request for page data is made.
  let release!: () => void;
  let gate!: Promise<void>;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of ["/laser-frakcyjny", "/kontakt"]) {
    const dataRequests: string[] = [];
    page.on(
      "request",
      (request) => /\.data(\?|$)|\/page-data\//.test(request.url()) && dataRequests.push(request.url()),
    );
    gate = new Promise((resolve) => (release = resolve));
    // The parsed page, not its load event, which waits for the scripts held here.
    await gotoUnhydrated(path, { waitUntil: "domcontentloaded" });
    await page.evaluate(() => Object.assign(document.querySelector("main")!, { paintedNode: true }));
    await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`), `${path}: marked before hydration`).toHaveCount(0);
    release();
    await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached", timeout: 20_000 });
    expect(
      await page.evaluate(() => "paintedNode" in document.querySelector("main")!),
      `${path}: <main> replaced on hydration`,
    ).toBe(true);
    expect(dataRequests, `${path}: page data fetched for hydration`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("every response carries the security headers, pages with their own script hashes", async ({ request }) => {
  for (const path of ["/", "/cennik", "/nie-ma", "/assets/nie-ma.js", "/robots.txt", "/sitemap.xml"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    // nginx, or over HTTPS the front (Caddy), named once and without a version.
    expect(headers["server"], path).toMatch(/^(nginx|Caddy)$/);
  }
  const csp = (await request.get("/cennik")).headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
});

test("the CSP lets the page hydrate: a click after load works and nothing is refused", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => /Content Security Policy/i.test(message.text()) && refused.push(message.text()));
  await page.goto("/blog");
  await page.getByRole("button", { name: "Porady" }).click();
  await expect(page.getByRole("button", { name: "Porady" })).toHaveAttribute("aria-pressed", "true");
  expect(refused).toEqual([]);
});
