// @vitest-environment node
/**
 * What a careful reader of the built site must not find, read from the prerendered pages: medical wording, a
 * professional device's technical selling points, therapy, an anaesthetic, exosomes without their origin, two terms
 * for one thing, an offer of a consultation that does not say what it costs (or says only the first one is free), a
 * placeholder left unfilled, an availability announced as news, the touch-up "included in the package" that the price
 * list contradicts, a device's name anywhere but the line its answers allow, promises of efficacy or duration, and
 * the platforms' privacy policies as plain text instead of links.
 */
import { pageDictionaries } from "../support/frameWords";
import { languageOfPath } from "../../frontend/app/site/languagePaths";
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { namePattern } from "../../frontend/app/contentModel/devices";
import {
  ANAESTHETIC,
  CONSULTATION_OFFER,
  DEVICE_CLAIMS,
  DURATION_CLAIMS,
  EFFICACY_CLAIMS,
  FIGURE_CLAIMS,
  EXOSOMES,
  EXOSOME_ORIGIN,
  FIRST_CONSULTATION_FREE,
  MEDICAL_WORDING,
  TERMS,
  THERAPEUTIC_CLAIMS,
} from "../../frontend/app/contentModel/wordingRules";
import { listedPrice } from "../support/prices";

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
const attributes = (html: string) =>
  [...html.replace(/<script\b[\s\S]*?<\/script>/g, "").matchAll(/\s[\w:-]+="([^"]*)"/g)].map((m) => m[1]!);
const page = (path: string) => pages.find((p) => p.path === path)!;

describe("the built site's wording", () => {
  it("never says the salon treats, diagnoses or has patients", () => {
    for (const { path, html } of pages) expect(visibleText(html).match(MEDICAL_WORDING)?.[0], path).toBeUndefined();
  });

  // The legal texts advertise nothing: they may name "podobne technologie" (cookies) and the like.
  const advertising = pages.filter(
    ({ path }) => !["/polityka-prywatnosci", "/rodo", "/polityka-prywatnosci-socialmedia", "/konkurs"].includes(path),
  );

  it("presents the service, never a professional device's wavelength, frequency, patents, modes or technology", () => {
    expect(advertising.length).toBeGreaterThan(30);
    for (const { path, html } of advertising) expect(visibleText(html).match(DEVICE_CLAIMS)?.[0], path).toBeUndefined();
    // The price list's heading names the service.
    expect(visibleText(page("/cennik").html)).toMatch(/Laser frakcyjny Urządzenie: /);
  });

  it("names a device only in the line the template adds where content/devices.json allows it, nowhere else", () => {
    const registry = JSON.parse(
      readFileSync(resolve(import.meta.dirname, "../../content/devices.json"), "utf8"),
    ) as Record<string, { names: string[] }>;
    let lines = 0;
    for (const { path, html } of pages) {
      const withoutScripts = html.replace(/<script\b[\s\S]*?<\/script>/g, " ");
      for (const device of Object.values(registry)) {
        // The template's line, in the page's words ("Urządzenie", "Пристрій", "Device").
        const line = `${pageDictionaries[languageOfPath(path)].priceList.device}: ${device.names[0]}`;
        lines += visibleText(withoutScripts).split(line).length - 1;
        const rest = [visibleText(withoutScripts).split(line).join(" "), ...attributes(withoutScripts)].join(" ");
        for (const name of device.names) expect(rest.match(namePattern(name))?.[0], `${path}: ${name}`).toBeUndefined();
      }
    }
    // This build's answers are not given: a local build names each device on its pages and in the price list.
    expect(lines).toBeGreaterThan(10);
  });

  it("claims no therapy, relief or efficacy, offers no anaesthetic, and names exosomes only with their plant origin", () => {
    for (const { path, html } of advertising) {
      const text = visibleText(html);
      expect(text.match(THERAPEUTIC_CLAIMS)?.[0], path).toBeUndefined();
      expect(text.match(EFFICACY_CLAIMS)?.[0], path).toBeUndefined();
      expect(text.match(DURATION_CLAIMS)?.[0], path).toBeUndefined();
      expect(text.match(ANAESTHETIC)?.[0], path).toBeUndefined();
      for (const sentence of text.split(/(?<=[.!?])\s+/).filter((s) => EXOSOMES.test(s)))
        expect(sentence, path).toMatch(EXOSOME_ORIGIN);
    }
  });

  it("uses one term for one thing on every page", () => {
    for (const { path, html } of pages) {
      const text = visibleText(html);
      for (const { use, avoid } of TERMS) expect(text.match(avoid)?.[0], `${path}: pisz „${use}”`).toBeUndefined();
    }
  });

  it("says what a consultation costs wherever one is offered (the price list: free)", () => {
    let offers = 0;
    for (const { path, html } of advertising) {
      for (const m of html.matchAll(/<(p|li|a|h2|h3|dd|span)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
        const text = visibleText(m[2]!);
        if (!CONSULTATION_OFFER.test(text)) continue;
        offers++;
        expect(text, path).toMatch(/bezpłatn/);
      }
      // Every consultation is free, so none says only the first one is.
      expect(visibleText(html).match(FIRST_CONSULTATION_FREE)?.[0], path).toBeUndefined();
    }
    expect(offers).toBeGreaterThan(20);
  });

  it("has no placeholder left unfilled, in text or in links", () => {
    for (const { path, html } of pages) {
      expect(visibleText(html).match(/\{[A-Za-z][\w.]*\}/)?.[0], path).toBeUndefined();
      expect(
        attributes(html).find((value) => /\{[A-Za-z][\w.]*\}/.test(value)),
        path,
      ).toBeUndefined();
    }
  });

  it("announces no availability that has long begun, and nothing in a tense that goes stale", () => {
    for (const { path, html } of pages) {
      const text = visibleText(html);
      for (const stale of [
        /dostępn\p{L}* (?:w naszym salonie )?od stycznia 2026/iu,
        /będzie dostępn/i,
        /będą dostępn/i,
        /pojawi się/i,
        /ogłosimy wkrótce/i,
        /podamy wkrótce/i,
        /podana wkrótce/i,
        /Już teraz zapraszamy/,
      ]) {
        expect(text.match(stale)?.[0], path).toBeUndefined();
      }
    }
  });

  it("does not promise the permanent-makeup touch-up 'in the package price' anywhere", () => {
    for (const { path, html } of pages)
      expect(visibleText(html).match(/korekt\S* w cenie|w cenie pakietu/i)?.[0], path).toBeUndefined();
    const touchUp = listedPrice({ priceGroup: "makijaz-permanentny-ust", service: "Korekta do 3 miesięcy" });
    expect(visibleText(page("/makijaz-permanentny-ust").html)).toContain(`Korekta do 3 miesięcy ${touchUp}`);
  });

  it("shows a number of an effect only from content/figures.json, beside its source or marked as an example", () => {
    const register = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../content/figures.json"), "utf8")) as {
      figures: Record<string, { value: string }>;
    };
    const values = Object.values(register.figures).map((f) => f.value);
    let shown = 0;
    // The Polish pages: FIGURE_CLAIMS reads Polish; a translation takes its figures from the same placeholders, and
    // holds no number of its own (the translation check refuses a placeholder it does not share).
    for (const { path, html } of advertising.filter((page) => languageOfPath(page.path) === "pl")) {
      const text = visibleText(html);
      for (const m of text.matchAll(new RegExp(FIGURE_CLAIMS.source, "giu"))) {
        // A promotion card's badge ("−14%", read out as "Taniej o 14% od najniższej ceny…") is a price, not an effect.
        if (/^\s*Taniej o [\d–]+% od najniższej ceny/.test(text.slice(m.index + m[0].length))) continue;
        expect(
          values.some((value) => m[0].startsWith(value)),
          `${path}: ${m[0]}`,
        ).toBe(true);
        expect(text, `${path}: ${m[0]}`).toMatch(/Źródło: |dane przykładowe/);
        shown++;
      }
    }
    expect(shown).toBeGreaterThan(0);
  });

  it("cites the body endermology study as given: from 2024, not the manufacturer's, no 'average'", () => {
    const text = visibleText(page("/endermologia-ciala").html);
    expect(text).toMatch(/badanie z 2024 roku/i);
    expect(text).not.toMatch(/producent|(?<!\p{L})średnio?(?!\p{L})|LPG Systems|kliniczn/iu);
  });

  it("links the platforms' privacy policies from the legal pages instead of writing their addresses out", () => {
    const links = (path: string) => [...page(path).html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(links("/polityka-prywatnosci")).toContain("https://policies.google.com/privacy");
    expect(links("/polityka-prywatnosci-socialmedia")).toEqual(
      expect.arrayContaining([
        "https://www.facebook.com/privacy/policy/",
        "https://privacycenter.instagram.com/policy/",
      ]),
    );
    for (const path of ["/polityka-prywatnosci", "/rodo", "/polityka-prywatnosci-socialmedia", "/konkurs"]) {
      // An address in the text (outside any link) is one a visitor has to copy by hand.
      const outsideLinks = visibleText(page(path).html.replace(/<a\b[\s\S]*?<\/a>/g, " "));
      expect(outsideLinks.match(/\b[\w-]+(\.[\w-]+)*\.(com|pl|eu|org)\/\S*/)?.[0], path).toBeUndefined();
    }
  });
});
