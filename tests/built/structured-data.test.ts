// @vitest-environment node
/**
 * Adobe's structured-data validator (pinned) on every page's JSON-LD, run with its Google
 * rich-result rules. Its schema.org vocabulary check needs schema.org's vocabulary file, which can only be fetched
 * from schema.org (no network here), so that part is not run; the types and fields we use are checked below.
 */
import { languageOfPath, polishPathOf } from "../../frontend/app/site/languagePaths";
import { formatPrice } from "../../frontend/app/contentModel/pricing";
import Validator from "@adobe/structured-data-validator";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages, clientDir, jsonLdOf } from "../support/builtPages";
import { routeByPath } from "../../frontend/app/site/routeTable";
import { site } from "../../frontend/app/salon/config";
import { requiredTreatmentPaths } from "../support/routes";

const pages = builtPages();

/** The price list's lowest and highest amount (free lines left out), read from content/pricing.json as written. */
const amounts = [
  ...readFileSync(resolve(import.meta.dirname, "../../content/pricing.json"), "utf8").matchAll(
    /"price": "[^"]*?(\d+) zł"/g,
  ),
]
  .map((m) => Number(m[1]))
  .filter((amount) => amount > 0);
const priceRange = `${Math.min(...amounts)}–${Math.max(...amounts)} zł`;

describe("structured data", () => {
  it("has no validator error on any page", async () => {
    const validator = new Validator(null);
    const problems: string[] = [];
    for (const page of pages) {
      const blocks = jsonLdOf(page.html);
      const jsonld: Record<string, unknown[]> = {};
      for (const block of blocks) (jsonld[String(block["@type"])] ??= []).push(structuredClone(block));
      const issues = (await validator.validate({ jsonld, microdata: {}, rdfa: {} })) as {
        severity: string;
        issueMessage: string;
        rootType: string;
      }[];
      for (const issue of issues.filter((i) => i.severity === "ERROR"))
        problems.push(`${page.path}: ${issue.rootType}: ${issue.issueMessage}`);
    }
    expect(problems).toEqual([]);
  });

  it("travels once: in the page's head, not again in the hydration data React Router writes into the page", () => {
    // Made from the loader data in the browser as well, it would cost every page's bundle the code that makes it.
    const scripts = readdirSync(join(clientDir, "assets")).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter((file) => readFileSync(join(clientDir, "assets", file), "utf8").includes("schema.org")),
    ).toEqual([]);
    // Made in the loader, it would travel in its loader data as well: ≈ 1 KB gzip more on every page.
    const twice = pages.filter((page) => {
      const scripts = [...page.html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1]!,
      );
      return scripts.some((text) => text.includes("schema.org"));
    });
    expect(twice.map((p) => p.path)).toEqual([]);
    expect(pages.filter((page) => !jsonLdOf(page.html).length).map((p) => p.path)).not.toContain("/");
  });

  it("every page describes the salon as a BeautySalon with its offer catalogue of six prices in PLN", () => {
    // The not-found pages are no address of their own: nothing on them is for indexing (site/basicHead.ts).
    for (const page of pages.filter((p) => !p.path.endsWith("404.html"))) {
      const salon = jsonLdOf(page.html).find((b) => b["@type"] === "BeautySalon") as Record<string, any> | undefined;
      expect(salon, page.path).toBeDefined();
      expect(salon!.address).toMatchObject({ postalCode: "90-553", addressLocality: "Łódź" });
      expect(salon!.geo).toMatchObject({ "@type": "GeoCoordinates" });
      expect(salon!.telephone).toBeTruthy();
      expect(salon!.email).toBeTruthy();
      expect(salon!.priceRange, page.path).toBe(priceRange);
      expect(salon!.sameAs).toHaveLength(2);
      expect(salon!.openingHoursSpecification).toEqual([
        expect.objectContaining({
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "09:00",
          closes: "20:00",
        }),
        expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "10:00", closes: "16:00" }),
      ]);
      const offers = salon!.hasOfferCatalog.itemListElement as {
        price: number;
        priceCurrency: string;
        itemOffered: { name: string };
      }[];
      // The catalogue's six services (in any order: the treatments' files name them), priced by content/pricing.json
      // rather than the brief's catalogue figures (700, 700, 400, 300, 250, 300): docs/decisions.md.
      // The names in the page's language (tests/built/languages.test.ts); the prices are the same everywhere.
      if (languageOfPath(page.path) !== "pl") {
        expect(offers.map((o) => [o.price, o.priceCurrency]).sort(), page.path).toEqual(
          [600, 700, 500, 250, 200, 240].map((price) => [price, "PLN"]).sort(),
        );
        continue;
      }
      expect(offers.map((o) => [o.itemOffered.name, o.price, o.priceCurrency]).sort()).toEqual(
        [
          ["Makijaż permanentny brwi", 600, "PLN"],
          ["Makijaż permanentny ust", 700, "PLN"],
          ["Mezoterapia mikroigłowa", 500, "PLN"],
          ["Fala uderzeniowa – ciało", 250, "PLN"],
          ["Japoński masaż twarzy Kobido", 200, "PLN"],
          ["Endermologia ciała", 240, "PLN"],
        ].sort(),
      );
    }
  });

  it("inner pages have breadcrumbs, articles a BlogPosting, treatment pages a Service", () => {
    for (const page of pages.filter((p) => !p.path.endsWith("404.html"))) {
      const types = jsonLdOf(page.html).map((b) => b["@type"]);
      if (polishPathOf(page.path) !== "/") expect(types, page.path).toContain("BreadcrumbList");
      if (page.path.startsWith("/blog/")) expect(types, page.path).toContain("BlogPosting");
      if (routeByPath(page.path)?.kind === "treatment") expect(types, page.path).toContain("Service");
    }
  });

  it("gives every treatment one price: a catalogue treatment's Service offer is its catalogue price", () => {
    const seen: string[] = [];
    for (const path of requiredTreatmentPaths) {
      const page = pages.find((p) => p.path === path)!;
      const blocks = jsonLdOf(page.html) as Record<string, any>[];
      const servicePrice = blocks.find((b) => b["@type"] === "Service")?.offers?.price as number | undefined;
      const catalogue = blocks.find((b) => b["@type"] === "BeautySalon")!.hasOfferCatalog.itemListElement as {
        price: number;
        itemOffered: { url: string };
      }[];
      const cataloguePrice = catalogue.find((o) => o.itemOffered.url === `${site.origin}${path}`)?.price;
      if (cataloguePrice !== undefined) expect(servicePrice, path).toBe(cataloguePrice);
      seen.push(`${path} ${servicePrice ?? "-"} ${cataloguePrice ?? "-"}`);
    }
    // The catalogue's six all meet their pages.
    expect(seen.filter((line) => !line.endsWith(" -"))).toHaveLength(6);
  });

  it("every offer's price, in the catalogue and in a Service, is a price the page the offer names shows in its price list", () => {
    const offers = new Map<string, { price: number; url: string; from: string }>();
    for (const page of pages) {
      for (const block of jsonLdOf(page.html) as Record<string, any>[]) {
        const found =
          block["@type"] === "BeautySalon"
            ? (block.hasOfferCatalog.itemListElement as { price: number; itemOffered: { url: string } }[]).map((o) => ({
                price: o.price,
                url: o.itemOffered.url,
              }))
            : block["@type"] === "Service" && block.offers
              ? [{ price: block.offers.price as number, url: block.offers.url as string }]
              : [];
        for (const offer of found) offers.set(`${offer.url} ${offer.price}`, { ...offer, from: page.path });
      }
    }
    expect(offers.size).toBeGreaterThanOrEqual(6 + 8);
    for (const { price, url, from } of offers.values()) {
      const target = pages.find((p) => `${site.origin}${p.path}` === url);
      expect(target, `${from}: oferta ${price} zł wskazuje ${url}`).toBeDefined();
      // The page's own price list (the template's "cennik" section), as the visitor reads it.
      const priceList = target!.html.slice(target!.html.indexOf('id="cennik"'));
      // As the page's language writes an amount (contentModel/pricing.ts): "od 240 zł", "від 240 zł", "from PLN 240".
      const language = languageOfPath(target!.path);
      const written = [`${price} zł`, `od ${price} zł`].map((amount) => formatPrice(amount, language));
      expect(
        written.some((amount) => priceList.includes(`>${amount}<`)),
        `${from}: oferta ${price} zł nie widnieje w cenniku ${target!.path}`,
      ).toBe(true);
    }
  });
});
