// @vitest-environment node
/**
 * What a careful reader of the built site must not find, read from the prerendered pages: medical wording, a
 * placeholder left unfilled, ONDA PRO's availability in a tense that goes stale, the touch-up "included in the
 * package" that the price list contradicts, and the platforms' privacy policies as plain text instead of links.
 */
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { MEDICAL_WORDING } from "../../frontend/app/content/wordingRules";

const pages = builtPages();

/** The text a visitor reads (scripts and styles removed, tags turned into spaces), and the attribute values. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ");
}
const attributes = (html: string) => [...html.replace(/<script\b[\s\S]*?<\/script>/g, "").matchAll(/\s[\w:-]+="([^"]*)"/g)].map((m) => m[1]!);
const page = (path: string) => pages.find((p) => p.path === path)!;

describe("the built site's wording", () => {
  it("never says the salon treats, diagnoses or has patients", () => {
    for (const { path, html } of pages) expect(visibleText(html).match(MEDICAL_WORDING)?.[0], path).toBeUndefined();
  });

  it("has no placeholder left unfilled, in text or in links", () => {
    for (const { path, html } of pages) {
      expect(visibleText(html).match(/\{[A-Za-z][\w.]*\}/)?.[0], path).toBeUndefined();
      expect(attributes(html).find((value) => /\{[A-Za-z][\w.]*\}/.test(value)), path).toBeUndefined();
    }
  });

  it("states ONDA PRO's availability from January 2026 so that it stays true: no future tense, no 'soon'", () => {
    for (const path of ["/onda-pro", "/onda-pro-twarz"]) expect(visibleText(page(path).html), path).toMatch(/dostępne w naszym salonie od stycznia 2026/);
    for (const { path, html } of pages) {
      const text = visibleText(html);
      for (const stale of [/będzie dostępn/i, /będą dostępn/i, /pojawi się/i, /ogłosimy wkrótce/i, /podamy wkrótce/i, /podana wkrótce/i, /Już teraz zapraszamy/]) {
        expect(text.match(stale)?.[0], path).toBeUndefined();
      }
    }
  });

  it("does not promise the permanent-makeup touch-up 'in the package price' anywhere", () => {
    for (const { path, html } of pages) expect(visibleText(html).match(/korekt\S* w cenie|w cenie pakietu/i)?.[0], path).toBeUndefined();
    expect(visibleText(page("/makijaz-permanentny-ust").html)).toMatch(/Korekta do 3 miesięcy 200 zł/);
  });

  it("cites the LPG Infinity study as given: from 2024, not the manufacturer's, no 'average'", () => {
    const text = visibleText(page("/LPG-Infinity-Endermologia").html);
    expect(text).toMatch(/badanie z 2024 roku/i);
    expect(text).not.toMatch(/producent|(?<!\p{L})średnio?(?!\p{L})|LPG Systems|kliniczn/iu);
  });

  it("links the platforms' privacy policies from the legal pages instead of writing their addresses out", () => {
    const links = (path: string) => [...page(path).html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(links("/polityka-prywatnosci")).toContain("https://policies.google.com/privacy");
    expect(links("/polityka-prywatnosci-socialmedia")).toEqual(expect.arrayContaining(["https://www.facebook.com/privacy/policy/", "https://privacycenter.instagram.com/policy/"]));
    for (const path of ["/polityka-prywatnosci", "/rodo", "/polityka-prywatnosci-socialmedia", "/konkurs"]) {
      // An address in the text (outside any link) is one a visitor has to copy by hand.
      const outsideLinks = visibleText(page(path).html.replace(/<a\b[\s\S]*?<\/a>/g, " "));
      expect(outsideLinks.match(/\b[\w-]+(\.[\w-]+)*\.(com|pl|eu|org)\/\S*/)?.[0], path).toBeUndefined();
    }
  });
});
