/**
 * On a phone's slow CPU the HTML parser yields often, and the browser paints what it has parsed so far. A frame of
 * the page parsed in part must show each element of the first screen where the whole page has it: otherwise that
 * element moves when the rest arrives, a layout shift the visitor did not cause (the menu icon moved 26 px, an
 * article's title in the breadcrumbs jumped to the next line, on a phone with a 6× slower CPU). Here each page is
 * served cut after every tag from its header on, until what is parsed reaches below the first screen, with the
 * fallback faces and without the page's module scripts (so that every load is laid out alike; the inline scripts run,
 * and the controls shown only with scripting are there), and every element on the screen is compared with the whole
 * page's.
 */
import { test, expect, type Page } from "../support/test";

/**
 * Where each painted element on the screen starts: the top-left of its first box (for text that wraps, where its
 * first line starts), the point whose change the Layout Instability API scores.
 */
const places = (page: Page) =>
  page.evaluate(() => {
    const found: Record<string, string> = {};
    const walk = (element: Element, key: string) => {
      const box = element.getClientRects()[0];
      if (
        box &&
        box.width > 0 &&
        box.height > 0 &&
        box.top < innerHeight &&
        box.bottom > 0 &&
        getComputedStyle(element).visibility === "visible"
      )
        found[key] = `${Math.round(box.x)},${Math.round(box.y)}`;
      [...element.children].forEach((child, i) => walk(child, `${key} > ${child.tagName.toLowerCase()}:${i}`));
    };
    walk(document.body, "body");
    let last: Element = document.body;
    while (last.lastElementChild) last = last.lastElementChild;
    return { found, pastTheScreen: last.getBoundingClientRect().top > innerHeight };
  });

/**
 * Serves `path` whole, then cut where the test asks, without the web fonts (the fallback faces lay every load out
 * alike) and without the module scripts (unhydrated; the inline scripts run). `cutAt(end)` loads the page cut after
 * `end` characters and names each element on the screen that is not where the whole page has it.
 */
async function inPart(page: Page, goto: Page["goto"], path: string) {
  const html = await (await page.request.get(path)).text();
  let served = html;
  await page.route(/\.(woff2|js)$/, (route) => route.abort());
  await page.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ body: served, contentType: "text/html; charset=utf-8" }),
  );
  await goto(path);
  const whole = (await places(page)).found;
  const cutAt = async (end: number) => {
    served = html.slice(0, end);
    await goto(path);
    const { found, pastTheScreen } = await places(page);
    const moved = Object.entries(found)
      .filter(([element, place]) => whole[element] && whole[element] !== place)
      .map(([element, place]) => `${element}: ${place} → ${whole[element]} (cut after …${html.slice(end - 40, end)})`);
    return { moved, pastTheScreen };
  };
  return { html, whole, cutAt };
}

// One page of each kind whose first screen differs (the header is the same markup on all of them); on a wide screen
// the pages whose first screen has columns.
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const screens = [
  {
    screen: "a phone",
    // From the header's start: its layout on a phone does not rely on the first paint waiting for it.
    from: "<header",
    device: phone,
    scripting: true,
    paths: [
      "/laser-frakcyjny",
      "/",
      "/blog/jak-przygotowac-skore-do-lata",
      "/polityka-prywatnosci-socialmedia",
      "/twoje-potrzeby",
      "/kontakt/wyslano",
      "/blog",
    ],
  },
  {
    screen: "a desktop",
    // From the header's end: the first paint waits for it (root.tsx), and its menu is right-aligned.
    from: "</header>",
    device: { viewport: { width: 1280, height: 800 } },
    scripting: true,
    paths: ["/zabiegi-na-twarz", "/polityka-prywatnosci", "/twoje-potrzeby"],
  },
  {
    // The pages whose first screen shows other controls when nothing can run them (the slideshow, the blog's filters).
    screen: "a phone without JavaScript",
    from: "<header",
    device: phone,
    scripting: false,
    paths: ["/", "/blog"],
  },
];

for (const { screen, from, device, scripting, paths } of screens)
  test.describe(`on ${screen}`, () => {
    test.use({ ...device, javaScriptEnabled: scripting });
    for (const path of paths) {
      test(`${path}: a frame of the page parsed in part shows each element on the screen where the whole page has it`, async ({
        page,
        gotoUnhydrated,
      }) => {
        test.setTimeout(180_000);
        const { html, whole, cutAt } = await inPart(page, gotoUnhydrated, path);
        expect(Object.keys(whole).length).toBeGreaterThan(30);

        const moved: string[] = [];
        const start = html.indexOf(from);
        // Cut after each tag, opening or closing: an element without its text yet, or without its later siblings.
        const cuts = [...html.slice(start).matchAll(/<[^>]+>/g)].map((m) => start + m.index + m[0].length);
        let cut = 0;
        for (const end of cuts) {
          const { moved: here, pastTheScreen } = await cutAt(end);
          moved.push(...here);
          cut += 1;
          if (pastTheScreen) break;
        }
        expect(cut, "cuts made before the parsed page reached below the screen").toBeGreaterThan(40);
        expect(moved).toEqual([]);
      });
    }
  });

// The cookie banner comes last in every page, fixed at the bottom of the first screen, and is shown by scripting (the
// inline one is enough): it must not show a button before its text, nor grow a button as the text arrives.
for (const { screen, device } of screens.filter(({ scripting }) => scripting))
  test.describe(`the cookie banner on ${screen}`, () => {
    test.use(device);
    test("a frame with the banner parsed in part shows each of its elements where the whole banner has it", async ({
      page,
      gotoUnhydrated,
    }) => {
      const { html, whole, cutAt } = await inPart(page, gotoUnhydrated, "/promocje");
      const banner = Object.keys(whole).filter((key) => key.includes("section") && key.endsWith("button:1"));
      expect(banner, "the whole banner's second button is on the screen").toHaveLength(1);

      const start = html.search(/<section[^>]*aria-labelledby="cookie-banner-title"/);
      const end = html.indexOf("</section>", start) + "</section>".length;
      expect(start).toBeGreaterThan(0);
      // After each tag, and in the middle of each text: the parser may stop within a text where the network's packet
      // ends.
      const cuts = [...html.slice(start, end).matchAll(/(<[^>]+>)([^<]*)/g)].flatMap(
        ({ index, 1: tag = "", 2: text = "" }) => {
          const after = start + index + tag.length;
          return text.trim().length > 1 ? [after, after + Math.floor(text.length / 2)] : [after];
        },
      );
      const moved: string[] = [];
      for (const cut of cuts) moved.push(...(await cutAt(cut)).moved);
      expect(cuts.length).toBeGreaterThan(10);
      expect(moved).toEqual([]);
    });
  });
