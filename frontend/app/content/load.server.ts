/**
 * Build-time access to content/. Loaders run while the site is prerendered, so every document is read and
 * validated here, and a bad edit stops the build with the file and the field at fault.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { z } from "zod";
import {
  articleSchema,
  blogPageSchema,
  categoryListSchema,
  contentDocumentSchema,
  documentPageSchema,
  homeDocumentSchema,
  needsDocumentSchema,
  pricingDocumentSchema,
  promotionsDocumentSchema,
  simplePageSchema,
  treatmentSchema,
  type Article,
} from "./schema";
import { routes, routeByPath } from "../site/routeTable";
import { allPriceCategories as priceCategories } from "./pricing";
import type { ArticleSummary } from "../components/ArticleCard/ArticleCard";

export const contentDir = resolve(process.env.CONTENT_DIR ?? "content");

export class ContentError extends Error {
  override name = "ContentError";
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    "",
  );
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
  const result = schema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  pole "${formatPath(issue.path) || "(cały dokument)"}": ${issue.message}`);
    throw new ContentError(`${shown}: błędy w treści\n${lines.join("\n")}`);
  }
  return result.data;
}

export const loadContent = () => readDocument("content", contentDocumentSchema);
export const loadPricing = () => readDocument("pricing", pricingDocumentSchema);
export const loadHome = () => readDocument("home", homeDocumentSchema);
export const loadNeeds = () => readDocument("needs", needsDocumentSchema);
export const loadPromotions = () => readDocument("promotions", promotionsDocumentSchema);
export const loadBlogPage = () => readDocument("pages/blog", blogPageSchema);
export const loadSimplePage = (name: string) => readDocument(`pages/${name}`, simplePageSchema);
export const loadDocumentPage = (doc: string) => readDocument(doc, documentPageSchema);
export const loadCategoryList = (doc: string) => readDocument(doc, categoryListSchema);
export const loadTreatment = (doc: string) => readDocument(doc, treatmentSchema);

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
  return loadArticles().map(({ slug, title, excerpt, image, alt, author, date, category }) => ({ slug, title, excerpt, image, alt, author, date, category }));
}


function imageExists(name: string): boolean {
  return ["svg", "jpg", "jpeg", "png", "webp"].some((ext) => existsSync(join(contentDir, "images", `${name}.${ext}`)));
}

/** Collects every `image` field of a document, with its path, for the existence check. */
function imagesOf(value: unknown, path = ""): { path: string; name: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => imagesOf(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "image" && typeof v === "string" ? [{ path: `${path ? path + "." : ""}${key}`, name: v }] : imagesOf(v, path ? `${path}.${key}` : key),
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
  const attempt = <T,>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };
  const documents: [string, unknown][] = [];
  const keep = <T,>(name: string, value: T | undefined) => {
    if (value !== undefined) documents.push([name, value]);
    return value;
  };

  keep("content", attempt(loadContent));
  const pricing = keep("pricing", attempt(loadPricing));
  const home = keep("home", attempt(loadHome));
  const needs = keep("needs", attempt(loadNeeds));
  keep("promotions", attempt(loadPromotions));
  keep("pages/blog", attempt(loadBlogPage));
  keep("pages/cennik", attempt(() => loadSimplePage("cennik")));
  keep("pages/kontakt", attempt(() => loadSimplePage("kontakt")));
  const slugs = attempt(articleSlugs) ?? [];
  for (const slug of slugs) keep(`blog/${slug}`, attempt(() => loadArticle(slug)));

  const priceIds = new Set(pricing ? priceCategories(pricing).map((c) => c.id) : []);
  if (pricing && priceIds.size !== priceCategories(pricing).length) problems.push("content/pricing.json: identyfikatory kategorii muszą być unikalne");

  for (const route of routes) {
    if (!route.doc) continue;
    const shown = `content/${route.doc}.json`;
    if (route.kind === "treatment") {
      const treatment = keep(route.doc, attempt(() => loadTreatment(route.doc!)));
      treatment?.pricing.categories.forEach((id, i) => {
        if (pricing && !priceIds.has(id)) problems.push(`${shown}: pole "pricing.categories[${i}]": brak kategorii '${id}' w content/pricing.json`);
      });
      const ids = treatment?.sections.map((s) => s.id) ?? [];
      if (new Set(ids).size !== ids.length) problems.push(`${shown}: pole "sections": kotwice sekcji muszą być unikalne`);
    } else if (route.kind === "category") {
      const list = keep(route.doc, attempt(() => loadCategoryList(route.doc!)));
      list?.entries.forEach((entry, i) => {
        if (!routeByPath(entry.link)) problems.push(`${shown}: pole "entries[${i}].link": brak trasy '${entry.link}'`);
      });
    } else if (route.kind === "document") {
      keep(route.doc, attempt(() => loadDocumentPage(route.doc!)));
    }
  }
  needs?.items.forEach((item, i) =>
    item.treatments.forEach((path, j) => {
      if (routeByPath(path)?.kind !== "treatment") problems.push(`content/needs.json: pole "items[${i}].treatments[${j}]": '${path}' nie jest stroną zabiegu`);
    }),
  );
  home?.blogTeaser.slugs.forEach((slug, i) => {
    if (!slugs.includes(slug)) problems.push(`content/home.json: pole "blogTeaser.slugs[${i}]": brak artykułu content/blog/${slug}.json`);
  });
  for (const [name, doc] of documents) {
    for (const { path, name: image } of imagesOf(doc)) {
      if (!imageExists(image)) problems.push(`content/${name}.json: pole "${path}": brak obrazu content/images/${image}.(svg|jpg|png|webp)`);
    }
  }
  if (problems.length) throw new ContentError(`Treść strony zawiera błędy:\n${problems.join("\n")}`);
}
