// @vitest-environment node
/**
 * The self-hosted fonts are cut to the characters the site's text uses (frontend/tools/fontCharset.ts), each file to
 * fit the first round trip of a connection: a page after the entry page (frontend/app/site/fonts.ts) gives a font
 * that is not in the cache 100 ms (`font-display: optional`), and a small file is what makes that enough. Two ways
 * that can go wrong without anybody seeing it on a fast machine: a text gains a character the cut lacks (it would
 * show in the fallback face, a letter in Georgia inside a Cormorant heading), or a rebuilt font grows.
 * Run `npm run build` first when running this alone (tests/run.sh builds before the unit tests).
 */
import { languageOfPath } from "../../frontend/app/site/languagePaths";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BODY_UNICODES, CYRILLIC_UNICODES, DISPLAY_UNICODES, parseRanges } from "../../frontend/tools/fontCharset";
import { builtPages } from "../support/builtPages";
import { FONTS_ON_ENTRY } from "../../frontend/app/site/fonts";

/** TCP's initial congestion window (10 segments of 1460 bytes), what Lighthouse's network model and Linux use. */
const INITIAL_WINDOW = 14_600;
/** Response headers of a font from nginx, measured: ≈ 806 bytes (the security headers, the CSP among them). */
const HEADERS = 850;

/** Characters that are meant to come from the fallback face: an arrow in link texts, the subscript of CO₂. */
const FROM_FALLBACK = new Set(["→", "₂"]);

const covers = (ranges: [number, number][]) => (ch: string) =>
  ranges.some(([from, to]) => ch.codePointAt(0)! >= from && ch.codePointAt(0)! <= to);
const inBody = covers(parseRanges(BODY_UNICODES));
const inDisplay = covers(parseRanges(DISPLAY_UNICODES));
const inDisplayCyrillic = covers(parseRanges(`${DISPLAY_UNICODES},${CYRILLIC_UNICODES}`));

const fontDir = resolve(import.meta.dirname, "../../frontend/app/fonts");
const fontFiles = readdirSync(fontDir).filter((file) => file.endsWith(".woff2"));

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

const missing = (text: string, has: (ch: string) => boolean) => [
  ...new Set([...text].filter((ch) => ch.trim() !== "" && !has(ch) && !FROM_FALLBACK.has(ch))),
];

describe("the fonts' character sets", () => {
  // Each page without its fragments in another language (the language switcher's names, set in the fallback: the
  // body font has no Cyrillic file). The Latin files are cut to Polish and English; a Ukrainian page's body text is
  // set in the fallback throughout (styles/global.scss), its headings in the display font's Latin and Cyrillic files.
  const pages = builtPages().map((p) => {
    const language = languageOfPath(p.path);
    const foreign = new RegExp(`<(\\w+)\\b[^>]*\\slang="(?!${language}")[^"]*"[^>]*>[\\s\\S]*?<\\/\\1>`, "g");
    return { ...p, language, html: p.html.replace(foreign, " ") };
  });

  it("cover every character of the text of every Polish and English page", () => {
    const gaps = pages
      .filter((p) => p.language !== "uk")
      .map((p) => ({ path: p.path, chars: missing(bodyText(p.html), inBody) }))
      .filter((g) => g.chars.length);
    expect(gaps, "znaki spoza czcionki tekstu (frontend/tools/fontCharset.ts)").toEqual([]);
  });

  it("cover every character of every heading, Ukrainian ones with the Cyrillic file", () => {
    const gaps = pages
      .map((p) => ({
        path: p.path,
        chars: missing(headingText(p.html), p.language === "uk" ? inDisplayCyrillic : inDisplay),
      }))
      .filter((g) => g.chars.length);
    expect(gaps, "znaki spoza czcionki nagłówków (frontend/tools/fontCharset.ts)").toEqual([]);
  });
});

describe("the font files", () => {
  const css = readFileSync(resolve(import.meta.dirname, "../../frontend/app/styles/fonts.scss"), "utf8");

  it("are the files the stylesheet names, and no other", () => {
    const named = [...css.matchAll(/url\("\.\.\/fonts\/([^"]+)"\)/g)].map((m) => m[1]!);
    expect(named.toSorted()).toEqual(fontFiles.toSorted());
  });

  for (const file of fontFiles) {
    it(`${file} fits, with its headers, into the first round trip of a connection`, () => {
      const size = statSync(resolve(fontDir, file)).size;
      expect(size + HEADERS).toBeLessThanOrEqual(INITIAL_WINDOW);
    });
  }
});

/**
 * What keeps the fonts off the page a visitor enters by, in every built page (frontend/app/site/fonts.ts): a real
 * browser checks on one page of each template, its CPU slowed, that the text is painted once in the fallbacks and
 * the files come after the largest paint (tests/e2e/fonts.spec.ts); what a page could get wrong on its own is here.
 *   - the inline script that marks the entry page runs in <head>, before anything is painted;
 *   - nothing asks for a font file before that: no preload, no link, no web font named outside its @font-face and
 *     the two custom properties the entry page's class sets to the fallbacks;
 *   - a face that comes late is left out, never swapped in (`font-display: optional`), and each fallback is
 *     metric-matched.
 */
describe("the fonts stay off the entry page", () => {
  const pages = builtPages();
  /** A web font's name, not its fallback's. */
  const WEB_FONT = /cormorant garamond(?! fallback)|\bjost\b(?! fallback)/i;
  /** Where a web font may be named: its own face, and the custom properties the entry page's class overrides. */
  const MAY_NAME = new Set([":root", ":root.fonts-later.fonts-in-content main"]);
  const styleOf = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join("");
  /** The innermost rules of a stylesheet (those inside @media and @supports too): selector and declarations. */
  const rules = (css: string) =>
    [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
      selector: m[1]!.trim(),
      // Split on the semicolons between declarations, not on those inside url(data:…) and other functions.
      declarations: m[2]!.split(/;(?![^(]*\))/).map((d) => d.trim()),
    }));

  const each = (name: string, check: (path: string, html: string, css: string) => void) =>
    it.each(pages.map((p) => [p.path, p.html] as const))(`%s: ${name}`, (path, html) =>
      check(path, html, styleOf(html)),
    );

  each("the entry page's script in the head, no font file asked for", (path, html) => {
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.includes(`<script>${FONTS_ON_ENTRY}</script>`), `${path}: brak skryptu strony wejścia w <head>`).toBe(
      true,
    );
    const fontLinks = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).filter((l) => /as="font"|\.woff2/.test(l));
    expect(fontLinks, `${path}: plik czcionki wczytywany przed pierwszym malowaniem`).toEqual([]);
  });

  each("a web font named only in its face and the properties the entry page overrides", (path, html, css) => {
    const named = rules(css).flatMap(({ selector, declarations }) =>
      selector === "@font-face"
        ? []
        : declarations
            .filter((d) => WEB_FONT.test(d))
            .filter((d) => !(MAY_NAME.has(selector) && /^--font-(display|body):/.test(d)))
            .map((d) => `${selector} { ${d} }`),
    );
    const inAttributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]!).filter((s) => WEB_FONT.test(s));
    expect([...named, ...inAttributes], `${path}: czcionka z sieci użyta poza zmiennymi --font-*`).toEqual([]);
  });

  each("the entry page's class sets both faces to the fallbacks", (path, _, css) => {
    const entry = rules(css).find((r) => r.selector === ":root.fonts-later");
    expect(entry, `${path}: brak reguły :root.fonts-later`).toBeDefined();
    for (const property of ["--font-display", "--font-body"]) {
      const value = entry!.declarations.find((d) => d.startsWith(`${property}:`));
      expect(value, `${path}: ${property} strony wejścia`).toBeDefined();
      expect(value, `${path}: ${property} strony wejścia`).not.toMatch(WEB_FONT);
    }
  });

  each("the web faces optional, the fallbacks metric-matched", (path, _, css) => {
    const faces = rules(css).filter((r) => r.selector === "@font-face");
    const web = faces.filter((f) => f.declarations.some((d) => d.startsWith("src:url(")));
    expect(web, `${path}: @font-face czcionek z sieci`).toHaveLength(fontFiles.length);
    for (const face of web)
      expect(face.declarations, `${path}: ${face.declarations[0]}`).toContain("font-display:optional");
    const fallbacks = faces.filter((f) => f.declarations.some((d) => d.startsWith("src:local(")));
    expect(fallbacks, `${path}: @font-face zastępcze`).toHaveLength(2);
    for (const face of fallbacks)
      for (const metric of ["size-adjust", "ascent-override", "descent-override", "line-gap-override"])
        expect(
          face.declarations.some((d) => d.startsWith(`${metric}:`)),
          `${path}: ${face.declarations[0]} ${metric}`,
        ).toBe(true);
  });
});
