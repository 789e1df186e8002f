/**
 * On a phone's slow CPU the HTML parser yields often, and the browser paints what it has parsed so far. A frame of
 * the header parsed in part must show each of its elements where the whole page has it: otherwise that element
 * moves when the rest arrives, a layout shift the visitor did not cause (the menu icon moved 26 px on a phone with a
 * 6× slower CPU). Here the page is served cut at every tag inside its header, without JavaScript and with the
 * fallback faces (so that every load is laid out alike), and every header element's place is compared with the
 * whole page's. On wider screens the first paint also waits until the header is parsed (root.tsx, rel="expect").
 */
import { test, expect, type Page } from "../support/test";

test.use({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  javaScriptEnabled: false,
});

/** Where each rendered element of the header starts (the Layout Instability API scores a change of that). */
const places = (page: Page) =>
  page.evaluate(() => {
    const found: Record<string, string> = {};
    const walk = (element: Element, key: string) => {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) found[key] = `${Math.round(box.x)},${Math.round(box.y)}`;
      [...element.children].forEach((child, i) => walk(child, `${key} > ${child.tagName.toLowerCase()}:${i}`));
    };
    const header = document.querySelector("header");
    if (header) walk(header, "header");
    return found;
  });

// One page: the header is the same markup on every page.
for (const path of ["/red-touch-pro"]) {
  test(`${path}: a frame of the header parsed in part shows each element where the whole header has it`, async ({
    page,
    gotoUnhydrated,
  }) => {
    test.setTimeout(60_000);
    const html = await (await page.request.get(path)).text();
    let served = html;
    await page.route(/\.woff2$/, (route) => route.abort());
    await page.route(
      (url) => url.pathname === path,
      (route) => route.fulfill({ body: served, contentType: "text/html; charset=utf-8" }),
    );
    await gotoUnhydrated(path);
    const whole = await places(page);
    expect(Object.keys(whole).length).toBeGreaterThan(10);

    const moved: string[] = [];
    // Cut after each element's end: its later siblings, and its parent's, not there yet (what moved the menu icon,
    // the social icons and the wordmark).
    const cuts = [...html.slice(0, html.indexOf("</header>")).matchAll(/<\/[a-z]+>/g)]
      .map((m) => m.index + m[0].length)
      .filter((end) => end > html.indexOf("<header"));
    for (const end of cuts) {
      served = html.slice(0, end);
      await gotoUnhydrated(path);
      for (const [element, place] of Object.entries(await places(page)))
        if (element !== "header" && whole[element] && whole[element] !== place)
          moved.push(`${element}: ${place} → ${whole[element]} (cut after …${html.slice(end - 30, end)})`);
    }
    expect(moved).toEqual([]);
  });
}
