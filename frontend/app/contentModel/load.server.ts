/**
 * The route loaders' access to content/: one function per document kind, each reading its document through
 * read.server.ts (checked, placeholders filled in), and what several pages derive from them (the offer catalogue,
 * the articles newest first).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  articleSchema,
  blogPageSchema,
  contactPageSchema,
  contentDocumentSchema,
  deviceRegistrySchema,
  familyListSchema,
  figuresDocumentSchema,
  legalPageSchema,
  homeDocumentSchema,
  needsDocumentSchema,
  pricingDocumentSchema,
  promotionsDocumentSchema,
  simplePageSchema,
  treatmentSchema,
  type Article,
  type ArticleSummary,
  type PriceGroup,
} from "./schema";
import { productionBuild, shownDeviceName } from "./devices";
import { withOfferTerms, type PriceRef, type ShownPriceGroup } from "./pricing";
import { ContentError, contentDir, readDocument } from "./read.server";
import type { z } from "zod";
import { readPageFiles } from "./pageFiles.server";
import { isTranslationFile } from "./languages";

export const loadContent = () => readDocument("content", contentDocumentSchema);
export const loadPricing = () => readDocument("pricing", pricingDocumentSchema);
export const loadHome = () => readDocument("home", homeDocumentSchema);
export const loadNeeds = () => readDocument("needs", needsDocumentSchema);
export const loadPromotions = () => readDocument("promotions", promotionsDocumentSchema);
export const loadBlogPage = () => readDocument("pages/blog", blogPageSchema);
/** A title, a few sentences and the head: the price list's intro (pages/cennik), the confirmation pages. */
export const loadSimplePage = (doc: string) => readDocument(doc, simplePageSchema);
export const loadContactPage = () => readDocument("pages/kontakt", contactPageSchema);
export const loadLegalPage = (doc: string) => readDocument(doc, legalPageSchema);
export const loadFamilyList = (doc: string) => readDocument(doc, familyListSchema);
export const loadTreatment = (doc: string) => readDocument(doc, treatmentSchema);
export const loadFigures = () => readDocument("figures", figuresDocumentSchema, { visible: false });
export const loadDevices = () => readDocument("devices", deviceRegistrySchema, { visible: false });

const SINGLE_DOCUMENTS: Readonly<Record<string, z.ZodType>> = {
  content: contentDocumentSchema,
  home: homeDocumentSchema,
  needs: needsDocumentSchema,
  promotions: promotionsDocumentSchema,
  pricing: pricingDocumentSchema,
  "pages/blog": blogPageSchema,
  "pages/kontakt": contactPageSchema,
};

/** The schema of a page's document by its name in content/ (a translation is checked against its Polish one's). */
export function documentSchema(doc: string): z.ZodType {
  if (doc.startsWith("treatments/")) return treatmentSchema;
  if (doc.startsWith("families/")) return familyListSchema;
  if (doc.startsWith("legal/")) return legalPageSchema;
  if (doc.startsWith("blog/")) return articleSchema;
  const single = SINGLE_DOCUMENTS[doc] ?? (doc.startsWith("pages/") ? simplePageSchema : undefined);
  if (!single) throw new ContentError(`content/${doc}.json: to nie dokument strony, nie ma czego tłumaczyć`);
  return single;
}

/**
 * The price groups as the pages show them: each device named only where content/devices.json allows it, each offer of
 * a promotion with its period and terms (content/promotions.json).
 */
export function shownPriceGroups(groups: readonly PriceGroup[]): ShownPriceGroup[] {
  const registry = loadDevices();
  const production = productionBuild();
  const promotions = loadPromotions();
  return groups.map(({ device, ...group }) => {
    const deviceName = shownDeviceName(device, registry, production);
    return withOfferTerms(deviceName ? { ...group, deviceName } : group, promotions);
  });
}

/** The name of a treatment's device the page may show, or nothing (devices.ts). */
export const shownTreatmentDevice = (device: string | undefined) =>
  shownDeviceName(device, loadDevices(), productionBuild());

/**
 * An entry of the salon's offer catalogue: a treatment whose `offer` (content/treatments/) names it, priced by its
 * line of content/pricing.json — the one source of every price, so search engines show what the pages show.
 */
export interface CatalogueEntry {
  name: string;
  path: string;
  offer: PriceRef;
}

/** The salon's offer catalogue (structured data): the treatments whose `offer` names a catalogue entry. */
export function loadOfferCatalogue(): CatalogueEntry[] {
  return readPageFiles()
    .filter((page) => page.kind === "treatment")
    .flatMap((page) => {
      const offer = loadTreatment(page.doc).offer;
      return offer?.catalogue ? [{ name: offer.catalogue, path: page.path, offer }] : [];
    });
}

export function articleSlugs(): string[] {
  return readdirSync(join(contentDir, "blog"))
    .filter((f) => f.endsWith(".json") && !isTranslationFile(f))
    .map((f) => f.slice(0, -5))
    .sort();
}

export const loadArticle = (slug: string): Article => readDocument(`blog/${slug}`, articleSchema);

export function loadArticles(): (Article & { slug: string })[] {
  return articleSlugs()
    .map((slug) => ({ slug, ...loadArticle(slug) }))
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** Newest first, what a card shows: the bodies stay on the article pages (they would only weigh down the HTML). */
export function loadArticleSummaries(): ArticleSummary[] {
  return loadArticles().map(({ slug, title, excerpt, image, alt, author, date, category }) => ({
    slug,
    title,
    excerpt,
    image,
    alt,
    author,
    date,
    category,
  }));
}
