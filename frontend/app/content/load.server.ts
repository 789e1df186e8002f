/**
 * Build-time access to content/. Loaders run while the site is prerendered, so every document is read and
 * validated here, and a bad edit stops the build with the file and the field at fault.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import {
  articleSchema,
  blogPageSchema,
  contactPageSchema,
  contentDocumentSchema,
  familyListSchema,
  legalPageSchema,
  homeDocumentSchema,
  needsDocumentSchema,
  pricingDocumentSchema,
  promotionsDocumentSchema,
  simplePageSchema,
  treatmentSchema,
  type Article,
  type PricingDocument,
  type PromotionsDocument,
} from "./schema";
import { routes, routeByPath } from "../site/routeTable";
import { families } from "./families";
import { contentDir } from "./pageFiles.server";
import type { CatalogueEntry } from "../site/structuredData";
import { allPriceGroups, amountsOf, findPrice, priceAmount, priceGroupsById, type PriceRef } from "./pricing";
import { fictionalValues, fillPlaceholders, placeholders, placeholdersIn } from "../site/placeholders";
import type { ArticleSummary } from "../components/ArticleCard/ArticleCard";

export { contentDir };

export class ContentError extends Error {
  override name = "ContentError";
}

export function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    "",
  );
}

/**
 * Words a cosmetology salon must not use about its own work: it does not treat ("leczymy", "leczony obszar"),
 * diagnose or have patients. "Leczenie" stays allowed: it is the client's treatment by a doctor
 * ("w trakcie leczenia", "leczenie przeciwzakrzepowe").
 */
export const MEDICAL_WORDING =
  /(?<!\p{L})(leczymy|leczę|wylecz\p{L}*|leczon\p{L}*|leczni\p{L}*|pacjent\p{L}*|diagnoz\p{L}*)(?!\p{L})/iu;

/**
 * Isotretinoin (an acne medicine) rules a treatment out during the course and for at least 6 months after it ends:
 * a text that names it says so in the same sentence or list item.
 */
export const ISOTRETINOIN = /izotretynoin/i;
export const ISOTRETINOIN_INTERVAL = /(mniej niż|co najmniej|najmniej|minimum) 6 miesięcy/;

/** Every string of a JSON value with its path, e.g. ["sections", 2, "blocks", 0, "p"]. */
export function stringsOf(value: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringsOf(v, [...path, k]));
  return [];
}

/** The value with every string passed through fn. */
function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === "string") return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

/**
 * What the schema cannot see in a document's text: placeholders that do not exist, the salon's fictional data
 * written out instead of taken from its placeholder, and medical wording. One line per problem, naming the field.
 */
export function textProblems(raw: unknown): string[] {
  const fictionalWritten = fictionalValues();
  const known = Object.keys(placeholders)
    .map((k) => `{${k}}`)
    .join(", ");
  const problems: string[] = [];
  for (const { path, text } of stringsOf(raw)) {
    const field = `pole "${formatPath(path) || "(cały dokument)"}"`;
    for (const key of placeholdersIn(text)) {
      if (!Object.prototype.hasOwnProperty.call(placeholders, key))
        problems.push(`  ${field}: nieznany znacznik {${key}} (dostępne: ${known})`);
    }
    const written = fictionalWritten.find(({ value }) => text.includes(value));
    if (written)
      problems.push(
        `  ${field}: „${written.value}” to fikcyjna dana z frontend/app/site/config.ts – wpisz {${written.placeholder}}`,
      );
    if (ISOTRETINOIN.test(text) && !ISOTRETINOIN_INTERVAL.test(text))
      problems.push(
        `  ${field}: izotretynoina bez odstępu – napisz w tym samym zdaniu, że zabieg jest możliwy najwcześniej 6 miesięcy po zakończeniu kuracji („zakończona mniej niż 6 miesięcy temu”)`,
      );
    const medical = text.match(MEDICAL_WORDING);
    if (medical)
      problems.push(
        `  ${field}: „${medical[1]}” – słownictwo medyczne; gabinet kosmetologiczny nie leczy ani nie diagnozuje`,
      );
  }
  return problems;
}

/** Reads content/<name>.json and checks it against its schema; errors name the file and every bad field. */
export function readDocument<S extends z.ZodType>(name: string, schema: S): z.infer<S> {
  const file = join(contentDir, `${name}.json`);
  const shown = `content/${name}.json`;
  if (!existsSync(file)) throw new ContentError(`${shown}: brak pliku`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ContentError(`${shown}: niepoprawny JSON (${(error as Error).message})`);
  }
  const textual = textProblems(raw);
  if (textual.length) throw new ContentError(`${shown}: błędy w treści\n${textual.join("\n")}`);
  const result = schema.safeParse(mapStrings(raw, fillPlaceholders));
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  pole "${formatPath(issue.path) || "(cały dokument)"}": ${issue.message}`,
    );
    throw new ContentError(`${shown}: błędy w treści\n${lines.join("\n")}`);
  }
  return withoutNotes(result.data) as z.infer<S>;
}

/** The data without the launch notes (`standIn`, `medicalReview`): they are for the operator, not for the pages. */
function withoutNotes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNotes);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "standIn" && k !== "medicalReview")
        .map(([k, v]) => [k, withoutNotes(v)]),
    );
  return value;
}

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

/** The salon's offer catalogue (structured data): the treatments whose `offer` names a catalogue entry. */
export function loadOfferCatalogue(): CatalogueEntry[] {
  return routes
    .filter((route) => route.kind === "treatment")
    .flatMap((route) => {
      const offer = loadTreatment(route.doc!).offer;
      return offer?.catalogue ? [{ name: offer.catalogue, path: route.path, offer }] : [];
    });
}

export function articleSlugs(): string[] {
  return readdirSync(join(contentDir, "blog"))
    .filter((f) => f.endsWith(".json"))
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

/** The price category each promotion card belongs to: its prices must be that category's. */
export const promotionPriceGroup: Record<PromotionsDocument["cards"][number]["id"], string> = {
  pca: "pca-skin",
  redtouch: "red-touch-pro",
  lpg: "lpg-infinity",
  virtue: "virtue-rf",
};

/**
 * A regular price set beside a promotional one announces a reduction, which the price information act (art. 6a)
 * allows only with the lowest price of the 30 days before it: the promotion cards show that, so running text names
 * the promotional price alone and links to /promocje.
 */
export const REDUCTION_WORDING =
  /(?<!\p{L})(cen\p{L}* regularn\p{L}*|regularn\p{L}* cen\p{L}*|zamiast \d+ zł|taniej o \d+|przed obniżką)(?!\p{L})/iu;

function reductionProblems(shown: string, doc: unknown, except: (path: PropertyKey[]) => boolean): string[] {
  return stringsOf(doc)
    .filter(({ path, text }) => !except(path) && REDUCTION_WORDING.test(text))
    .map(
      ({ path, text }) =>
        `${shown}: pole "${formatPath(path)}": „${text.match(REDUCTION_WORDING)![1]}” – cena regularna obok promocyjnej to ogłoszenie obniżki, które wymaga najniższej ceny z 30 dni; podaj tu samą cenę promocyjną i odeślij do [Promocji](/promocje)`,
    );
}

/** Every "N zł" written in a document's text must be a price of the price list: one source for each price. */
function quotedPriceProblems(shown: string, doc: unknown, amounts: Set<number>, where: string): string[] {
  return stringsOf(doc).flatMap(({ path, text }) =>
    // "5000,00 zł" (the share capital) is no price: prices are whole złoty.
    [...text.matchAll(/(?<![\d,])(\d+) zł/g)]
      .filter((m) => !amounts.has(Number(m[1])))
      .map((m) => `${shown}: pole "${formatPath(path)}": cena ${m[1]} zł nie występuje ${where}`),
  );
}

/** The page's Service offer in structured data names a line with an amount that the page's own price list shows. */
function offerProblems(
  shown: string,
  offer: PriceRef | undefined,
  shownGroups: readonly string[],
  pricing: PricingDocument,
): string[] {
  if (!offer) return [];
  return priceRefProblems(offer, shownGroups, pricing).map((problem) => `${shown}: pole "offer": ${problem}`);
}

/** Why a line of the price list cannot be an offer's price on a page showing these categories (none: it can). */
function priceRefProblems(ref: PriceRef, shownGroups: readonly string[], pricing: PricingDocument): string[] {
  const found = findPrice(pricing, ref);
  if ("error" in found) return [found.error];
  if (priceAmount(found.price) === undefined) return [`cena „${found.price}” nie jest kwotą w złotych`];
  if (!shownGroups.includes(ref.priceGroup))
    return [
      `kategorii '${ref.priceGroup}' nie ma w cenniku tej strony (pricing.groups: ${shownGroups.join(", ")}) – wyszukiwarka pokazałaby cenę, której strona nie pokazuje`,
    ];
  return [];
}

function imageExists(name: string): boolean {
  return ["svg", "jpg", "jpeg", "png", "webp"].some((ext) => existsSync(join(contentDir, "images", `${name}.${ext}`)));
}

/** Collects every `image` field of a document, with its path, for the existence check. */
function imagesOf(value: unknown, path = ""): { path: string; name: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => imagesOf(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "image" && typeof v === "string"
        ? [{ path: `${path ? path + "." : ""}${key}`, name: v }]
        : imagesOf(v, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

/**
 * Reads every document and checks what a schema cannot: references between documents (price categories, links,
 * article slugs) and that every named image exists. Returns all problems at once rather than the first.
 */
export function validateAll(): void {
  const problems: string[] = [];
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };
  const documents: [string, unknown][] = [];
  const keep = <T>(name: string, value: T | undefined) => {
    if (value !== undefined) documents.push([name, value]);
    return value;
  };

  keep("content", attempt(loadContent));
  const pricing = keep("pricing", attempt(loadPricing));
  const home = keep("home", attempt(loadHome));
  const needs = keep("needs", attempt(loadNeeds));
  keep("promotions", attempt(loadPromotions));
  keep("pages/blog", attempt(loadBlogPage));
  keep(
    "pages/cennik",
    attempt(() => loadSimplePage("pages/cennik")),
  );
  keep("pages/kontakt", attempt(loadContactPage));
  const slugs = attempt(articleSlugs) ?? [];
  for (const slug of slugs)
    keep(
      `blog/${slug}`,
      attempt(() => loadArticle(slug)),
    );

  const priceIds = new Set(pricing ? allPriceGroups(pricing).map((c) => c.id) : []);
  if (pricing && priceIds.size !== allPriceGroups(pricing).length)
    problems.push("content/pricing.json: identyfikatory kategorii muszą być unikalne");

  for (const route of routes) {
    if (!route.doc) continue;
    const shown = `content/${route.doc}.json`;
    if (route.kind === "treatment") {
      const treatment = keep(
        route.doc,
        attempt(() => loadTreatment(route.doc!)),
      );
      treatment?.pricing.groups.forEach((id, i) => {
        if (pricing && !priceIds.has(id))
          problems.push(`${shown}: pole "pricing.groups[${i}]": brak kategorii '${id}' w content/pricing.json`);
      });
      const ids = treatment?.sections.map((s) => s.id) ?? [];
      if (new Set(ids).size !== ids.length)
        problems.push(`${shown}: pole "sections": kotwice sekcji muszą być unikalne`);
      if (treatment && pricing) {
        problems.push(...offerProblems(shown, treatment.offer, treatment.pricing.groups, pricing));
        const amounts = amountsOf(priceGroupsById(pricing, treatment.pricing.groups));
        problems.push(...quotedPriceProblems(shown, treatment, amounts, "w cenniku tej strony (pricing.groups)"));
      }
    } else if (route.kind === "family") {
      const list = keep(
        route.doc,
        attempt(() => loadFamilyList(route.doc!)),
      );
      list?.entries.forEach((entry, i) => {
        if (!routeByPath(entry.link)) problems.push(`${shown}: pole "entries[${i}].link": brak trasy '${entry.link}'`);
      });
    } else if (route.kind === "legal") {
      keep(
        route.doc,
        attempt(() => loadLegalPage(route.doc!)),
      );
    } else if (route.kind === "confirmation") {
      keep(
        route.doc,
        attempt(() => loadSimplePage(route.doc!)),
      );
    }
  }
  for (const family of families) {
    const lists = routes.filter((route) => route.lists === family);
    if (lists.length !== 1)
      problems.push(
        `content/families/: rodzinę '${family}' musi listować dokładnie jedna strona (pole "family"), a listuje: ${lists.map((r) => `content/${r.doc}.json`).join(", ") || "żadna"}`,
      );
  }
  needs?.items.forEach((item, i) =>
    item.treatments.forEach((path, j) => {
      if (routeByPath(path)?.kind !== "treatment")
        problems.push(`content/needs.json: pole "items[${i}].treatments[${j}]": '${path}' nie jest stroną zabiegu`);
    }),
  );
  if (pricing) {
    const everyAmount = amountsOf(allPriceGroups(pricing));
    for (const [name, doc] of documents) {
      // The cards of /promocje are where a reduction is shown, with its lowest 30-day price.
      problems.push(
        ...reductionProblems(`content/${name}.json`, doc, (path) => name === "promotions" && path[0] === "cards"),
      );
      if (name === "pricing" || name.startsWith("treatments/")) continue;
      problems.push(...quotedPriceProblems(`content/${name}.json`, doc, everyAmount, "w content/pricing.json"));
    }
    const promotions = documents.find(([name]) => name === "promotions")?.[1] as PromotionsDocument | undefined;
    promotions?.cards.forEach((card, i) => {
      const amounts = amountsOf(priceGroupsById(pricing, [promotionPriceGroup[card.id]]));
      for (const key of ["oldPrice", "newPrice"] as const) {
        if (!amounts.has(card[key]))
          problems.push(
            `content/promotions.json: pole "cards[${i}].${key}": ${card[key]} zł nie występuje w kategorii '${promotionPriceGroup[card.id]}' w content/pricing.json`,
          );
      }
      const lowest = card.reduction?.lowestPrice30Days;
      if (lowest !== undefined && !(lowest > card.newPrice && lowest <= card.oldPrice))
        problems.push(
          `content/promotions.json: pole "cards[${i}].reduction.lowestPrice30Days": ${lowest} zł – najniższa cena z 30 dni przed obniżką musi być wyższa od ceny promocyjnej (${card.newPrice} zł) i nie wyższa od regularnej (${card.oldPrice} zł); inaczej to nie jest obniżka – nie przekreślaj ceny`,
        );
    });
  }
  home?.blogTeaser.slugs.forEach((slug, i) => {
    if (!slugs.includes(slug))
      problems.push(`content/home.json: pole "blogTeaser.slugs[${i}]": brak artykułu content/blog/${slug}.json`);
  });
  for (const [name, doc] of documents) {
    for (const { path, name: image } of imagesOf(doc)) {
      if (!imageExists(image))
        problems.push(`content/${name}.json: pole "${path}": brak obrazu content/images/${image}.(svg|jpg|png|webp)`);
    }
  }
  if (problems.length) throw new ContentError(`Treść strony zawiera błędy:\n${problems.join("\n")}`);
}
