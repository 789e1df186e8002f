/**
 * The content check beyond one document's schema: reads every document and checks the references between them
 * (price categories, links, article slugs), the price list's rules (validatePrices.server.ts: prices quoted in text,
 * offers, reductions, consultations) and that every named image exists. `npm run content:check` and the build (react-router.config.ts) run it before anything is built.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pageFiles, redirectProblems, routes, routeByPath, staticPaths } from "../app/site/routeTable";

/** The Polish pages: each translation is checked against its Polish document, once (translations.server.ts). */
const polishPages = routes.filter((route) => route.language === "pl");
import { manifestFiles, pageLabelsFile, PAGE_FILES_MANIFEST } from "./pageFilesManifest";
import pageLabelsEn from "../app/generated/page-labels.en.json" with { type: "json" };
import pageLabelsUk from "../app/generated/page-labels.uk.json" with { type: "json" };
import { LANGUAGES, type Language } from "../app/contentModel/languages";
import { readTranslatedDocument, translationFiles } from "../app/contentModel/translations.server";
import { families } from "../app/contentModel/families";
import { amountsOf, priceGroupsById } from "../app/contentModel/pricing";
import { ContentError, contentDir, formatPath, stringsOf } from "../app/contentModel/read.server";
import type { Article } from "../app/contentModel/schema";
import { offerProblems, priceProblems, quotedPriceProblems } from "../app/contentModel/validatePrices.server";
import { deviceMentionProblems, productionBuild } from "../app/contentModel/devices";
import { missingSource } from "../app/contentModel/figures";
import { dayOf, periodsOf } from "../app/contentModel/periods";
import {
  articleSlugs,
  loadArticle,
  loadBlogPage,
  loadContactPage,
  loadContent,
  loadDevices,
  loadFamilyList,
  loadFigures,
  loadHome,
  loadLegalPage,
  loadNeeds,
  loadPricing,
  loadPromotions,
  loadSimplePage,
  loadTreatment,
  documentSchema,
} from "../app/contentModel/load.server";

/** "stycznia 2026", "w styczniu 2026", "styczeń 2026": the first day of the month it names, as an ISO date. */
const MONTHS = [
  "stycz",
  "lut",
  "mar",
  "kwie",
  "maj",
  "czerw",
  "lip",
  "sierp",
  "wrze",
  "październik",
  "listopad",
  "grud",
];
const MONTH_YEAR = new RegExp(`(?<!\\p{L})(${MONTHS.join("|")})\\p{L}* (\\d{4})(?!\\d)`, "giu");

/**
 * An article is true on the day it is dated: it may not speak of a later month, nor link to an article published
 * after it, unless its `updated` says when it was brought up to date.
 */
function articleDateProblems(articles: (readonly [string, Article])[]): string[] {
  const dateOf = new Map(articles.map(([slug, article]) => [slug, article.date]));
  return articles.flatMap(([slug, article]) => {
    const asOf = article.updated ?? article.date;
    const shown = `content/blog/${slug}.json`;
    return stringsOf(article).flatMap(({ path, text }) => {
      const field = `${shown}: pole "${formatPath(path)}"`;
      const later = [...text.matchAll(MONTH_YEAR)].flatMap((m) => {
        const month = MONTHS.findIndex((stem) => m[1]!.toLowerCase().startsWith(stem)) + 1;
        const first = `${m[2]}-${String(month).padStart(2, "0")}-01`;
        return first > asOf
          ? [
              `${field}: „${m[0]}” – późniejsze niż data artykułu (${asOf}); dopisz "updated" z dniem, w którym tekst uaktualniono`,
            ]
          : [];
      });
      const links = [...text.matchAll(/\]\(\/blog\/([a-z0-9-]+)/g)].flatMap((m) => {
        const linked = dateOf.get(m[1]!);
        return linked && linked > asOf
          ? [
              `${field}: link do artykułu z ${linked}, późniejszego niż ten (${asOf}); dopisz "updated" z dniem, w którym tekst uaktualniono`,
            ]
          : [];
      });
      return [...later, ...links];
    });
  });
}

/**
 * Every public text of every document with its file and field (the device ids, which name no device in public,
 * left out), and every address a file name gives: where the device gate looks for names it may not show.
 */
function publicPlaces(documents: readonly [string, unknown][], slugs: readonly string[]) {
  const texts = documents
    .filter(([name]) => name !== "devices")
    .flatMap(([name, doc]) =>
      stringsOf(doc)
        .filter(({ path }) => path.at(-1) !== "device")
        .map(({ path, text }) => ({ where: `content/${name}.json: pole "${formatPath(path)}"`, text })),
    );
  const addresses = [
    ...polishPages.flatMap((route) =>
      route.doc ? [{ where: `content/${route.doc}.json: nazwa pliku (adres ${route.path})`, text: route.path }] : [],
    ),
    ...slugs.map((slug) => ({ where: `content/blog/${slug}.json: nazwa pliku (adres /blog/${slug})`, text: slug })),
  ];
  return [...texts, ...addresses];
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
 * article slugs) and that every named image exists. Reports all problems at once rather than the first; returns the
 * checked documents by name (content/<name>.json), as the pages read them.
 */
export function validateAll(): readonly (readonly [string, unknown])[] {
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

  // The route table's list of page files and the translations' labels are what `npm run page-files` wrote last: a
  // build whose list is older than content/ would leave a page out, or keep one that is gone.
  const writtenPageLabels: Record<Language, unknown> = { uk: pageLabelsUk, en: pageLabelsEn };
  const written: Record<string, unknown> = {
    [PAGE_FILES_MANIFEST]: pageFiles,
    ...Object.fromEntries(LANGUAGES.map((language) => [pageLabelsFile(language), writtenPageLabels[language]])),
  };
  for (const [file] of (attempt(() => manifestFiles()) ?? []).filter(
    ([file, text]) => JSON.stringify(JSON.parse(text)) !== JSON.stringify(written[file]),
  ))
    problems.push(
      `${file}: lista stron nie odpowiada plikom w content/treatments/, families/ i legal/ – uruchom npm run page-files (npm run build robi to sam)`,
    );
  keep("content", attempt(loadContent));
  const devices = keep("devices", attempt(loadDevices));
  const figures = attempt(loadFigures);
  for (const [id, figure] of Object.entries(figures?.figures ?? {}))
    if (!figures!.studies[figure.study])
      problems.push(`content/figures.json: pole "figures.${id}.study": brak badania '${figure.study}' w "studies"`);
  const unknownDevice = (shown: string, field: string, id: string | undefined) => {
    if (devices && id !== undefined && !Object.prototype.hasOwnProperty.call(devices, id))
      problems.push(`${shown}: pole "${field}": brak urządzenia '${id}' w content/devices.json`);
  };
  const pricing = keep("pricing", attempt(loadPricing));
  const home = keep("home", attempt(loadHome));
  const needs = keep("needs", attempt(loadNeeds));
  const promotions = keep("promotions", attempt(loadPromotions));
  // Production announces no promotion that is over: the pages are built once and would keep calling it current.
  const today = dayOf(new Date());
  if (promotions && productionBuild())
    for (const { field, period } of periodsOf(promotions))
      if (period.until < today)
        problems.push(
          `content/promotions.json: pole "${field}": okres ${period.from} – ${period.until} już się skończył (dziś ${today}) – wersja produkcyjna nie ogłasza promocji, która minęła: usuń ją z content/promotions.json i content/pricing.json albo zmień jej okres`,
        );
  keep("pages/blog", attempt(loadBlogPage));
  keep(
    "pages/cennik",
    attempt(() => loadSimplePage("pages/cennik")),
  );
  keep("pages/kontakt", attempt(loadContactPage));
  const slugs = attempt(articleSlugs) ?? [];
  const articles: (readonly [string, Article])[] = [];
  for (const slug of slugs) {
    const article = keep(
      `blog/${slug}`,
      attempt(() => loadArticle(slug)),
    );
    if (article) articles.push([slug, article]);
  }
  problems.push(...articleDateProblems(articles));
  for (const problem of redirectProblems([...staticPaths, ...slugs.map((slug) => `/blog/${slug}`)]))
    problems.push(`frontend/app/site/routeTable.ts: przekierowanie ${problem}`);

  const priceIds = new Set(pricing ? pricing.categories.map((c) => c.id) : []);
  if (pricing) {
    pricing.categories.forEach((group, i) =>
      unknownDevice("content/pricing.json", `categories[${i}].device`, group.device),
    );
  }
  if (pricing && priceIds.size !== pricing.categories.length)
    problems.push("content/pricing.json: identyfikatory kategorii muszą być unikalne");

  for (const route of polishPages) {
    if (!route.doc) continue;
    const shown = `content/${route.doc}.json`;
    if (route.kind === "treatment") {
      const treatment = keep(
        route.doc,
        attempt(() => loadTreatment(route.doc!)),
      );
      unknownDevice(shown, "device", treatment?.device);
      treatment?.stats?.items.forEach(({ figure: id }, i) => {
        const field = `${shown}: pole "stats.items[${i}].figure"`;
        const figure = figures?.figures[id];
        if (figures && !figure) problems.push(`${field}: brak liczby '${id}' w content/figures.json`);
        const missing = figure ? missingSource(figure, figures.studies[figure.study]) : [];
        if (figure && missing.length && productionBuild())
          problems.push(
            `${field}: „${figure.value}” – liczba opisująca efekt bez źródła (content/figures.json, brak: ${missing.join(", ")}); wersja produkcyjna pokazuje ją tylko ze źródłem – uzupełnij je albo usuń liczbę`,
          );
      });
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
    const lists = polishPages.filter((route) => route.lists === family);
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
  if (pricing) problems.push(...priceProblems(documents, pricing));
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
  // Translations: each checked against its Polish document (translations.server.ts); the device gate reads them too.
  const translations: [string, unknown][] = [];
  const stale: string[] = [];
  for (const { doc, language } of attempt(() => translationFiles()) ?? []) {
    const document = attempt(() => readTranslatedDocument(doc, language, documentSchema(doc), (l) => stale.push(...l)));
    if (document !== undefined) translations.push([`${doc}.${language}`, document]);
  }
  if (stale.length)
    console.warn(
      `Nieaktualne tłumaczenia (wersja produkcyjna ich nie przyjmie, npm run launch:check je wymienia):\n${stale.join("\n")}`,
    );
  if (devices)
    problems.push(
      ...deviceMentionProblems(publicPlaces([...documents, ...translations], slugs), devices, productionBuild()),
    );
  if (problems.length) throw new ContentError(`Treść strony zawiera błędy:\n${problems.join("\n")}`);
  return documents;
}
