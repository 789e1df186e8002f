/**
 * Reading content/: a document is parsed, its text checked (placeholders, fictional data written out, the wording
 * rules of wordingRules.ts), its placeholders filled in and the result checked against its schema, so a bad edit
 * stops the build with the file and the field at fault.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { contentDir } from "./pageFiles.server";
import { fictionalValues, fillPlaceholders, placeholders, placeholdersIn } from "./placeholders";
import { wordingProblems } from "./wordingRules";
import { figuresDocumentSchema, type FiguresDocument, type Period, type PricingDocument } from "./schema";
import { findPrice, formatPrice } from "./pricing";
import { dateWords, formatPeriod } from "./dates";
import type { PageLanguage } from "./languages";
import { figureText, missingSource } from "./figures";
import { productionBuild } from "./devices";

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

/** Every string of a JSON value with its path, e.g. ["sections", 2, "blocks", 0, "p"]. */
export function stringsOf(value: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringsOf(v, [...path, k]));
  return [];
}

/** The value with every string passed through fn, which is told the string's path. */
export function mapStrings(
  value: unknown,
  fn: (text: string, path: PropertyKey[]) => string,
  path: PropertyKey[] = [],
): unknown {
  if (typeof value === "string") return fn(value, path);
  if (Array.isArray(value)) return value.map((v, i) => mapStrings(v, fn, [...path, i]));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn, [...path, k])]));
  return value;
}

/** content/figures.json, read once: `{figure.<id>}` in any document takes its number and source from it. */
let figures: FiguresDocument | undefined;
function figuresDocument(): FiguresDocument {
  figures ??= existsSync(join(contentDir, "figures.json"))
    ? readDocument("figures", figuresDocumentSchema, { visible: false })
    : { studies: {}, figures: {} };
  return figures;
}

/** The figure a `{figure.<id>}` placeholder names, if it is one. */
function figureOf(key: string) {
  if (!key.startsWith("figure.")) return undefined;
  const doc = figuresDocument();
  const figure = doc.figures[key.slice("figure.".length)];
  return figure && { figure, study: doc.studies[figure.study] };
}

/**
 * The periods of the promotions (content/promotions.json: each card's and the referral programme's), by id, read raw
 * once for `{period.<id>}`; the document itself is checked when it is read as a page's content.
 */
let periods: Map<string, Period> | undefined;
function periodOf(key: string): Period | undefined {
  if (!key.startsWith("period.")) return undefined;
  if (!periods) {
    const file = join(contentDir, "promotions.json");
    const raw = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as {
          cards?: { id?: string; period?: Period }[];
          referral?: { period?: Period };
        })
      : {};
    periods = new Map(
      [...(raw.cards ?? []).map((card) => [card.id, card.period] as const), ["referral", raw.referral?.period] as const]
        .filter((entry): entry is readonly [string, Period] => typeof entry[0] === "string" && entry[1] !== undefined)
        .map(([id, period]) => [id, period]),
    );
  }
  return periods.get(key.slice("period.".length));
}

/**
 * A price in running text is the price list's: `{price:<group>/<service>}` or `{price:<group>/<service>/<option>}`
 * ("{price:makijaz-permanentny-brwi/Korekta do 3 miesięcy}" → "200 zł"), read raw from content/pricing.json once (the
 * document itself is checked when it is read).
 */
export const PRICE_PLACEHOLDER = /\{price:([a-z0-9-]+)\/([^/{}]+)(?:\/([^/{}]+))?\}/g;
let pricing: PricingDocument | undefined;
function priceOf(priceGroup: string, service: string, option: string | undefined) {
  pricing ??= JSON.parse(readFileSync(join(contentDir, "pricing.json"), "utf8")) as PricingDocument;
  return findPrice(pricing, { priceGroup, service, ...(option ? { option } : {}) });
}

/**
 * The text with every placeholder filled: the salon's data (contentModel/placeholders.ts), the figures with their sources,
 * the promotions' periods and the price list's prices.
 */
function fillAll(text: string, language: PageLanguage = "pl"): string {
  return fillPlaceholders(text)
    .replace(PRICE_PLACEHOLDER, (whole, group: string, service: string, option?: string) => {
      const found = priceOf(group, service, option);
      return "price" in found ? formatPrice(found.price, language) : whole;
    })
    .replace(/\{((?:figure|period)\.[A-Za-z0-9]+)\}/g, (whole, key: string) => {
      const period = periodOf(key);
      if (period) return formatPeriod(period, dateWords[language]);
      const found = figureOf(key);
      return found ? figureText(found.figure, found.study) : whole;
    });
}

/**
 * What the schema cannot see in a document's text: placeholders that do not exist, the salon's fictional data
 * written out instead of taken from its placeholder, and the wording rules (wordingRules.ts; the legal texts, which
 * advertise nothing, are held to the rules that are not about advertising). The launch notes (`standIn`) are for the
 * operator and are not checked. One line per problem, naming the field.
 */
export function textProblems(raw: unknown, advertising = true, pricesByPlaceholder = advertising): string[] {
  const fictionalWritten = fictionalValues();
  const known = Object.keys(placeholders)
    .map((k) => `{${k}}`)
    .join(", ");
  const problems: string[] = [];
  for (const { path, text } of stringsOf(raw)) {
    if (path.includes("standIn")) continue;
    // An address or a slug (/blog/jak-zmniejszyc-…, https://…) is not wording; its placeholders are still checked.
    const address = /^(\/|https?:|\{)|^[a-z0-9]+(-[a-z0-9]+)+$/.test(text);
    const field = `pole "${formatPath(path) || "(cały dokument)"}"`;
    for (const key of placeholdersIn(text)) {
      const figure = figureOf(key);
      if (key.startsWith("figure.") && !figure)
        problems.push(`  ${field}: nieznany znacznik {${key}} – brak liczby '${key.slice(7)}' w content/figures.json`);
      else if (figure && productionBuild()) {
        const missing = missingSource(figure.figure, figure.study);
        if (missing.length)
          problems.push(
            `  ${field}: {${key}} („${figure.figure.value}”) – liczba opisująca efekt bez źródła (content/figures.json, brak: ${missing.join(", ")}); wersja produkcyjna pokazuje ją tylko ze źródłem – uzupełnij je albo usuń liczbę`,
          );
      } else if (!figure && !periodOf(key) && !Object.prototype.hasOwnProperty.call(placeholders, key))
        problems.push(`  ${field}: nieznany znacznik {${key}} (dostępne: ${known}, {figure.<id>}, {period.<id>})`);
    }
    for (const m of text.matchAll(PRICE_PLACEHOLDER)) {
      const found = priceOf(m[1]!, m[2]!, m[3]);
      if ("error" in found) problems.push(`  ${field}: znacznik ${m[0]}: ${found.error}`);
    }
    // "5 000,00 zł" (the share capital) is no price: prices are whole złoty.
    const price = pricesByPlaceholder ? text.match(/(?<![\d,])\d+ zł/) : null;
    if (price)
      problems.push(
        `  ${field}: „${price[0]}” – cena wpisana w tekst: ceny są tylko w content/pricing.json; wstaw ją znacznikiem {price:<kategoria>/<usługa>} albo {price:<kategoria>/<usługa>/<wariant>}, np. {price:makijaz-permanentny-brwi/Korekta do 3 miesięcy}`,
      );
    const written = fictionalWritten.find(({ value }) => text.includes(value));
    if (written)
      problems.push(
        `  ${field}: „${written.value}” to fikcyjna dana z frontend/app/salon/config.ts – wpisz {${written.placeholder}}`,
      );
    if (!address) for (const problem of wordingProblems(text, advertising)) problems.push(`  ${field}: ${problem}`);
  }
  return problems;
}

/**
 * Reads content/<name>.json and checks it against its schema; errors name the file and every bad field. A document
 * the pages never show as it is (`visible: false`: the device gate's answers, the figures' register) is not held to
 * the wording rules and has no placeholders.
 */
export function readDocument<S extends z.ZodType>(name: string, schema: S, { visible = true } = {}): z.infer<S> {
  const raw = readRaw(name);
  // The legal texts advertise nothing; they (and the price list) may write amounts out.
  const textual = visible
    ? textProblems(raw, !name.startsWith("legal/"), !name.startsWith("legal/") && name !== "pricing")
    : [];
  if (textual.length) throw new ContentError(`content/${name}.json: błędy w treści\n${textual.join("\n")}`);
  return parsed(`content/${name}.json`, visible ? mapStrings(raw, (text) => fillAll(text)) : raw, schema);
}

/** content/<name>.json as written: parsed, nothing checked or filled in. */
export function readRaw(name: string): unknown {
  const file = join(contentDir, `${name}.json`);
  const shown = `content/${name}.json`;
  if (!existsSync(file)) throw new ContentError(`${shown}: brak pliku`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ContentError(`${shown}: niepoprawny JSON (${(error as Error).message})`);
  }
}

/**
 * A document's text with every placeholder filled in (fillAll, above) for a page in `language`. The price list's own
 * amounts stay as content/pricing.json writes them, which the loaders compute with; `pricesIn` writes them in the
 * page's language last.
 */
export const filled = (raw: unknown, language: PageLanguage = "pl") =>
  mapStrings(raw, (text) => fillAll(text, language));

/** What a loader gives a page in `language`, every amount of the price list written in that language. */
export const pricesIn = <T>(data: T, language: PageLanguage): T =>
  language === "pl" ? data : (mapStrings(data, (text) => formatPrice(text, language)) as T);

/** The document checked against its schema (errors name `shown` and every bad field), without the launch notes. */
export function parsed<S extends z.ZodType>(shown: string, value: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(value);
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
