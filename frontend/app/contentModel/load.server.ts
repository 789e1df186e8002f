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
import { withOfferTerms, withPolishHighlights, type PriceRef, type ShownPriceGroup } from "./pricing";
import { ContentError, contentDir, readDocument } from "./read.server";
import { readTranslatedDocument } from "./translations.server";
import type { z } from "zod";
import { readPageFiles } from "./pageFiles.server";
import { isTranslationFile, type PageLanguage } from "./languages";

/** content/<name>.json for a page in `language`: the Polish document, or its translation laid over it. */
function readIn<S extends z.ZodType>(name: string, schema: S, language: PageLanguage): z.infer<S> {
  return language === "pl" ? readDocument(name, schema) : readTranslatedDocument(name, language, schema);
}

export const loadContent = (language: PageLanguage = "pl") => readIn("content", contentDocumentSchema, language);
export const loadPricing = (language: PageLanguage = "pl") => readIn("pricing", pricingDocumentSchema, language);
export const loadHome = (language: PageLanguage = "pl") => readIn("home", homeDocumentSchema, language);
export const loadNeeds = () => readDocument("needs", needsDocumentSchema);
export const loadPromotions = (language: PageLanguage = "pl") =>
  readIn("promotions", promotionsDocumentSchema, language);
export const loadBlogPage = () => readDocument("pages/blog", blogPageSchema);
/** A title, a few sentences and the head: the price list's intro (pages/cennik), the confirmation pages. */
export const loadSimplePage = (doc: string, language: PageLanguage = "pl") => readIn(doc, simplePageSchema, language);
export const loadContactPage = (language: PageLanguage = "pl") => readIn("pages/kontakt", contactPageSchema, language);
export const loadLegalPage = (doc: string) => readDocument(doc, legalPageSchema);
export const loadFamilyList = (doc: string, language: PageLanguage = "pl") => readIn(doc, familyListSchema, language);
export const loadTreatment = (doc: string, language: PageLanguage = "pl") => readIn(doc, treatmentSchema, language);
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
export function shownPriceGroups(groups: readonly PriceGroup[], language: PageLanguage = "pl"): ShownPriceGroup[] {
  const registry = loadDevices();
  const production = productionBuild();
  const promotions = loadPromotions(language);
  const polish = language === "pl" ? undefined : loadPricing().categories;
  return groups.map(({ device, ...group }) => {
    const deviceName = shownDeviceName(device, registry, production);
    const shown = withOfferTerms(deviceName ? { ...group, deviceName } : group, promotions);
    return polish
      ? withPolishHighlights(
          shown,
          polish.find((g) => g.id === group.id),
        )
      : shown;
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
const catalogues = new Map<PageLanguage, CatalogueEntry[]>();
export function loadOfferCatalogue(language: PageLanguage = "pl"): CatalogueEntry[] {
  // Every page's head describes the salon with it: read once per language and build, not once per page.
  const known = catalogues.get(language);
  if (known) return known;
  const catalogue = readPageFiles()
    .filter((page) => page.kind === "treatment")
    .flatMap((page) => {
      const offer = loadTreatment(page.doc, language).offer;
      return offer?.catalogue ? [{ name: offer.catalogue, path: page.path, offer }] : [];
    });
  catalogues.set(language, catalogue);
  return catalogue;
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
