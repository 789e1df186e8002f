// @vitest-environment node
/**
 * The translated pages as built (issue 48): every page of a translated kind prerendered in each published language
 * with its `lang`; the versions of a page linked both ways with x-default to Polish, in the head and the sitemap; the
 * structured data in the page's language at the Polish page's prices; the frame (header, footer, cookie banner) in the
 * page's words; no Polish page loading a translation's script; and the templates' words in the page's data only.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageVersions, routes } from "../../frontend/app/site/routeTable";
import { PUBLISHED_LANGUAGES, type PageLanguage } from "../../frontend/app/contentModel/languages";
import { uk } from "../../frontend/app/site/words/uk";
import { en } from "../../frontend/app/site/words/en";
import { builtPages, clientDir, jsonLdOf } from "../support/builtPages";
import {
  dictionaries,
  frameText,
  pageDictionaries,
  polishLeftIn,
  polishOnlyWords,
  wordsOf,
} from "../support/frameWords";

const html = new Map(builtPages().map((page) => [page.path, page.html]));
const pagesIn = (language: PageLanguage) => routes.filter((r) => r.language === language && !r.path.includes(":"));
const origin = (path: string) => `https://www.aurea-salon.example${path === "/" ? "/" : path}`;

/** The alternates a page's head lists, hreflang → address. */
function alternatesOf(page: string): Record<string, string> {
  return Object.fromEntries(
    [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!]),
  );
}

describe.each(PUBLISHED_LANGUAGES)("the pages in %s", (language) => {
  it("are every page of the translated kinds, prerendered with lang on <html>", () => {
    const polish = pagesIn("pl").filter((r) =>
      ["home", "family", "treatment", "pricing", "promotions", "contact", "confirmation"].includes(r.kind),
    );
    expect(pagesIn(language).map((r) => r.polish)).toEqual(polish.map((r) => r.path));
    for (const route of pagesIn(language)) {
      expect(html.get(route.path), route.path).toMatch(new RegExp(`<html lang="${language}"`));
    }
  });

  it("link to each version of themselves, each version back, with x-default to the Polish page", () => {
    for (const route of pagesIn(language)) {
      const listed = alternatesOf(html.get(route.path)!);
      expect(listed, route.path).toEqual({
        ...Object.fromEntries(pageVersions(route.path).map((v) => [v.language, origin(v.path)])),
        "x-default": origin(route.polish),
      });
      for (const [, href] of Object.entries(listed)) {
        const back = alternatesOf(html.get(new URL(href).pathname)!);
        expect(back[language], `${href} → ${route.path}`).toBe(origin(route.path));
      }
    }
  });

  it("have no word of the Polish frame left in their header, footer and cookie banner", () => {
    expect(polishOnlyWords(language).length).toBeGreaterThan(30);
    for (const route of pagesIn(language)) {
      const page = html.get(route.path)!;
      expect(frameText(page).length, route.path).toBeGreaterThan(200);
      expect(polishLeftIn(page, language), route.path).toEqual([]);
    }
  });

  it("describe the salon in their language, at the Polish pages' prices", () => {
    for (const route of pagesIn(language)) {
      const graph = jsonLdOf(html.get(route.path)!);
      const polish = jsonLdOf(html.get(route.polish)!);
      const salon = (items: Record<string, unknown>[]) =>
        items.find((item) => item["@type"] === "BeautySalon") as {
          priceRange: string;
          hasOfferCatalog: { name: string; itemListElement: { price: number; itemOffered: { url: string } }[] };
        };
      expect(salon(graph).priceRange).toBe(salon(polish).priceRange);
      expect(salon(graph).hasOfferCatalog.itemListElement.map((o) => o.price)).toEqual(
        salon(polish).hasOfferCatalog.itemListElement.map((o) => o.price),
      );
      expect(salon(graph).hasOfferCatalog.name).not.toBe(salon(polish).hasOfferCatalog.name);
      for (const offer of salon(graph).hasOfferCatalog.itemListElement)
        expect(new URL(offer.itemOffered.url).pathname).toMatch(new RegExp(`^/${language}/`));
    }
  });
});

describe("the sitemap", () => {
  const sitemap = readFileSync(join(clientDir, "sitemap.xml"), "utf8");

  it("lists every translated page with its versions and x-default", () => {
    for (const route of routes.filter((r) => r.language !== "pl" && !r.noindex)) {
      const entry = sitemap.split("<url>").find((u) => u.includes(`<loc>${origin(route.path)}</loc>`));
      expect(entry, route.path).toBeDefined();
      expect(entry).toContain(`hreflang="x-default" href="${origin(route.polish)}"`);
      expect(entry).toContain(`hreflang="pl" href="${origin(route.polish)}"`);
    }
  });
});

describe("the Polish pages", () => {
  it("load no translation's words: neither its layout module nor a script with its text", () => {
    const assets = join(clientDir, "assets");
    // Every word of the translations' frames and templates (route names, months…) that Polish has not too (the
    // languages' own names are in every frame: the switcher shows them), as a script writes a string; not a single
    // Latin word, which code may hold as a name of its own ("Home" is a key, "carousel" a role).
    const polish = new Set([
      ...wordsOf(dictionaries.pl),
      ...wordsOf(pageDictionaries.pl),
      ...pagesIn("pl").map((r) => r.label),
    ]);
    const translationsText = PUBLISHED_LANGUAGES.flatMap((language) => [
      ...wordsOf(dictionaries[language]),
      ...wordsOf(pageDictionaries[language]),
    ])
      .filter((word) => !polish.has(word) && /\p{L}{3}/u.test(word) && !/^[A-Za-z]+$/.test(word))
      .map((word) => JSON.stringify(word));
    expect(translationsText).toContain(JSON.stringify(uk.routes.treatments));
    expect(translationsText).toContain(JSON.stringify(en.routes.labels["/kontakt/wyslano"]));
    expect(translationsText).toContain(JSON.stringify(pageDictionaries.uk.dates.months[0]));
    const found = new Map<string, string[]>();
    const translationsIn = (script: string) => {
      if (!found.has(script)) {
        const code = readFileSync(join(assets, script.slice("/assets/".length)), "utf8");
        found.set(
          script,
          translationsText.filter((text) => code.includes(text)),
        );
      }
      return found.get(script);
    };
    for (const route of pagesIn("pl")) {
      const page = html.get(route.path)!;
      // Every script the page names, wherever (module preloads, the loader that runs them after the first paint).
      const scripts = [...new Set([...page.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
      expect(scripts.length, route.path).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(script, route.path).not.toMatch(/language\.(uk|en)/);
        expect(translationsIn(script), `${route.path}: ${script}`).toEqual([]);
      }
    }
  });
});

describe("the templates' words (site/words/<lang>/pages.ts)", () => {
  const assets = join(clientDir, "assets");
  const scripts = readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(join(assets, file), "utf8"))
    .join("\n");
  /** A dictionary's longer words, written in a script or a page's data as they are (no quote to escape). */
  const longWords = (language: PageLanguage) =>
    wordsOf(pageDictionaries[language]).filter((word) => word.length >= 16 && !/["'\\]/.test(word));

  it("are in no script, in any language: each page's data brings its own", () => {
    for (const language of ["pl", ...PUBLISHED_LANGUAGES] as const) {
      expect(longWords(language).length).toBeGreaterThan(20);
      for (const word of longWords(language)) expect(scripts.includes(word), `${language}: ${word}`).toBe(false);
    }
  });

  it("come with a page in its language, its template's only", () => {
    for (const language of ["pl", ...PUBLISHED_LANGUAGES] as const) {
      const prefix = language === "pl" ? "" : `/${language}`;
      const treatment = html.get(`${prefix}/laser-frakcyjny`)!;
      const words = pageDictionaries[language];
      expect(treatment, language).toContain(words.treatment.fullPriceList);
      expect(treatment, language).not.toContain(words.promotions.ctaText);
      for (const other of ["pl", ...PUBLISHED_LANGUAGES].filter((l) => l !== language) as PageLanguage[])
        expect(treatment, `${language}: ${other}`).not.toContain(pageDictionaries[other].treatment.footnotes);
    }
  });
});
