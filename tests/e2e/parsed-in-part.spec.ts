/**
 * On a phone's slow CPU the HTML parser yields often, and the browser paints what it has parsed so far. A frame of
 * the page parsed in part must show each element of the first screen where the whole page has it: otherwise that
 * element moves when the rest arrives, a layout shift the visitor did not cause (the menu icon moved 26 px, an
 * article's title in the breadcrumbs jumped to the next line, on a phone with a 6× slower CPU). Here each page is
 * sent to the browser in parts, as a slow network would, cut after every tag from its header on until what is
 * parsed reaches below the first screen, and after each part, once the parser has taken all of it and waits for
 * more, every element on the screen is compared with the whole page's: the very state a frame painted then shows,
 * with the page's inline scripts run by the parser as they arrive. One load per page, not one per cut. The web
 * fonts and the module scripts are blocked (the fallback faces lay every load out alike; unhydrated, the controls
 * shown only with scripting are there).
 */
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect, type Page } from "../support/test";

/**
 * Where each painted element on the screen starts: the top-left of its first box (for text that wraps, where its
 * first line starts), the point whose change the Layout Instability API scores. With `mark`, once the parser has
 * inserted the comment `mark`, the end of the part just sent (asked again until it has: a page without JavaScript
 * runs no observer of its own).
 */
async function places(page: Page, mark?: string) {
  for (;;) {
    const parsed = await page.evaluate((mark) => {
      if (mark && !document.evaluate(`//comment()[.="${mark}"]`, document, null, XPathResult.BOOLEAN_TYPE).booleanValue)
        return undefined;
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
    }, mark);
    if (parsed) return parsed;
  }
}

// A tag (its attributes may hold ">" in quotes) or a comment.
const TAG = /<!--[\s\S]*?-->|<\/?[a-zA-Z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>/g;

/**
 * The ends of the tags in html[from, to): the points a part may end at. None inside an element whose content is
 * text to the parser (a script, a style, a template's inert content; a <noscript> when scripting is on): nothing
 * inside one is laid out before its end tag, and a comment there would not end the part.
 */
function tagEnds(html: string, from: number, to: number, scripting: boolean) {
  const rawText = new RegExp(`^<(script|style|textarea|title|template|iframe|xmp${scripting ? "|noscript" : ""})\\b`);
  const ends: number[] = [];
  TAG.lastIndex = from;
  for (let m = TAG.exec(html); m && m.index < to; m = TAG.exec(html)) {
    TAG.lastIndex = m.index + m[0].length;
    const name = rawText.exec(m[0])?.[1];
    if (name && !m[0].endsWith("/>")) TAG.lastIndex = html.indexOf(">", html.indexOf(`</${name}`, TAG.lastIndex)) + 1;
    if (TAG.lastIndex <= to) ends.push(TAG.lastIndex);
  }
  return ends;
}

/**
 * Serves `path` whole, without the web fonts and the module scripts, and names where each element on its screen is
 * (`whole`). `inParts()` then loads it again from a server of the test's own, which sends the page part by part:
 * `upTo(end)` sends it up to `end` characters, with a comment marking the end, and names each element on the screen
 * that is not where the whole page has it; `rest()` sends the rest and names those the marks moved (none: a comment
 * is laid out as nothing).
 */
async function inPart(page: Page, goto: Page["goto"], path: string) {
  const html = await (await page.request.get(path)).text();
  const isThePage = (url: URL) => url.pathname === path;
  await page.route(/\.(woff2|js)$/, (route) => route.abort());
  await page.route(isThePage, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
  await goto(path);
  const whole = (await places(page)).found;
  const movedFrom = (found: Record<string, string>, end: number) =>
    Object.entries(found)
      .filter(([element, place]) => whole[element] && whole[element] !== place)
      .map(([element, place]) => `${element}: ${place} → ${whole[element]} (cut after …${html.slice(end - 40, end)})`);

  const inParts = async () => {
    const server = createServer();
    const responded = new Promise<ServerResponse>((resolve) =>
      server.once("request", (_, response: ServerResponse) => {
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        response.flushHeaders();
        resolve(response);
      }),
    );
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    page.once("close", () => server.close().closeAllConnections());
    const { port } = server.address() as AddressInfo;
    await page.unroute(isThePage);
    // The request goes to the test's server in the page's stead: the page keeps its address, and its styles,
    // images and links come from the site as ever.
    await page.route(isThePage, (route) => route.continue({ url: `http://127.0.0.1:${port}${path}` }));
    const loading = goto(path, { waitUntil: "commit" });
    const response = await responded;
    let sent = 0;
    const send = async (end: number, last = false) => {
      const mark = `part ${sent}-${end}`;
      response.write(html.slice(sent, end) + (last ? "" : `<!--${mark}-->`));
      sent = end;
      if (!last) {
        await loading;
        return places(page, mark);
      }
      response.end();
      await page.waitForLoadState("load");
      return places(page);
    };
    return {
      upTo: async (end: number) => {
        const { found, pastTheScreen } = await send(end);
        return { moved: movedFrom(found, end), pastTheScreen };
      },
      rest: async () => movedFrom((await send(html.length, true)).found, html.length),
    };
  };
  return { html, whole, inParts };
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
        // Generous: one load, but a hundred parts or so, each waited for and measured.
        test.setTimeout(120_000);
        const { html, whole, inParts } = await inPart(page, gotoUnhydrated, path);
        expect(Object.keys(whole).length).toBeGreaterThan(30);

        const parts = await inParts();
        const moved: string[] = [];
        // After each tag, opening or closing: an element without its text yet, or without its later siblings.
        const cuts = tagEnds(html, html.indexOf(from), html.length, scripting);
        let cut = 0;
        for (const end of cuts) {
          const { moved: here, pastTheScreen } = await parts.upTo(end);
          moved.push(...here);
          cut += 1;
          if (pastTheScreen) break;
        }
        expect(cut, "cuts made before the parsed page reached below the screen").toBeGreaterThan(40);
        expect(moved).toEqual([]);
        expect(await parts.rest(), "the page sent in parts, once whole, laid out as the whole page").toEqual([]);
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
      test.setTimeout(60_000);
      const { html, whole, inParts } = await inPart(page, gotoUnhydrated, "/promocje");
      const banner = Object.keys(whole).filter((key) => key.includes("section") && key.endsWith("button:1"));
      expect(banner, "the whole banner's second button is on the screen").toHaveLength(1);

      const start = html.search(/<section[^>]*aria-labelledby="cookie-banner-title"/);
      const end = html.indexOf("</section>", start) + "</section>".length;
      expect(start).toBeGreaterThan(0);
      // After each tag, and in the middle of each text: the parser may stop within a text where the network's packet
      // ends (never within a character reference).
      const cuts = [start, ...tagEnds(html, start, end, true)].flatMap((after) => {
        const text = html.slice(after, html.indexOf("<", after));
        const middle = Math.floor(text.length / 2);
        return text.trim().length > 1 && !/&[^;\s]*$/.test(text.slice(0, middle)) ? [after, after + middle] : [after];
      });
      const parts = await inParts();
      const moved: string[] = [];
      for (const cut of cuts) moved.push(...(await parts.upTo(cut)).moved);
      expect(cuts.length).toBeGreaterThan(10);
      expect(moved).toEqual([]);
      expect(await parts.rest(), "the page sent in parts, once whole, laid out as the whole page").toEqual([]);
    });
  });
