// @vitest-environment node
/**
 * The two self-hosted fonts are cut to the characters the site's text uses (frontend/tools/fontCharset.ts), each to
 * fit the first round trip of a connection: a page after the entry page (frontend/app/site/fonts.ts) gives a font
 * that is not in the cache 100 ms (`font-display: optional`), and a small file is what makes that enough. Two ways
 * that can go wrong without anybody seeing it on a fast machine: a text gains a character the cut lacks (it would
 * show in the fallback face, a letter in Georgia inside a Cormorant heading), or a rebuilt font grows.
 * Run `npm run build` first when running this alone (tests/run.sh builds before the unit tests).
 */
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BODY_UNICODES, DISPLAY_UNICODES, parseRanges } from "../../frontend/tools/fontCharset";
import { builtPages } from "../support/builtPages";

/** TCP's initial congestion window (10 segments of 1460 bytes), what Lighthouse's network model and Linux use. */
const INITIAL_WINDOW = 14_600;
/** Response headers of a font from nginx, measured: ≈ 806 bytes (the security headers, the CSP among them). */
const HEADERS = 850;

/** Characters that are meant to come from the fallback face: an arrow in link texts, the subscript of CO₂. */
const FROM_FALLBACK = new Set(["→", "₂"]);

const covers = (ranges: [number, number][]) => (ch: string) => ranges.some(([from, to]) => ch.codePointAt(0)! >= from && ch.codePointAt(0)! <= to);
const inBody = covers(parseRanges(BODY_UNICODES));
const inDisplay = covers(parseRanges(DISPLAY_UNICODES));

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The visible text of a page's body: no scripts, styles, inline SVG or tags. */
const bodyText = (html: string) =>
  decode(
    html
      .slice(html.indexOf("<body"))
      .replace(/<(script|style|svg|template)\b[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " "),
  );

/** The text of the page's headings and titles set in the display face (h1–h4 and the hero's slide titles). */
const headingText = (html: string) =>
  [...html.matchAll(/<(h[1-4])\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => decode(m[2]!.replace(/<[^>]+>/g, ""))).join(" ");

const missing = (text: string, has: (ch: string) => boolean) => [...new Set([...text].filter((ch) => ch.trim() !== "" && !has(ch) && !FROM_FALLBACK.has(ch)))];

describe("the fonts' character sets", () => {
  const pages = builtPages();

  it("cover every character of every built page's text", () => {
    const gaps = pages.map((p) => ({ path: p.path, chars: missing(bodyText(p.html), inBody) })).filter((g) => g.chars.length);
    expect(gaps, "znaki spoza czcionki tekstu (frontend/tools/fontCharset.ts)").toEqual([]);
  });

  it("cover every character of every heading", () => {
    const gaps = pages.map((p) => ({ path: p.path, chars: missing(headingText(p.html), inDisplay) })).filter((g) => g.chars.length);
    expect(gaps, "znaki spoza czcionki nagłówków (frontend/tools/fontCharset.ts)").toEqual([]);
  });
});

describe("the font files", () => {
  for (const file of ["cormorant-garamond-600-pl.woff2", "jost-pl.woff2"]) {
    it(`${file} fits, with its headers, into the first round trip of a connection`, () => {
      const size = statSync(resolve(import.meta.dirname, "../../frontend/app/fonts", file)).size;
      expect(size + HEADERS).toBeLessThanOrEqual(INITIAL_WINDOW);
      // And the file is what the build sends: the stylesheet names it (a leftover would pass the size check).
      const css = readFileSync(resolve(import.meta.dirname, "../../frontend/app/styles/fonts.scss"), "utf8");
      expect(css).toContain(`../fonts/${file}`);
    });
  }
});
