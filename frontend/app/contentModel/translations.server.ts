/**
 * Translations of a page (uk, en): one file per page and language beside its Polish file, content/<doc>.<lang>.json.
 * One file, not a field per language in the Polish file, so that the Polish text stays as the salon edits it, a
 * translator works on one file, and the salon marks each file as read by a native speaker (`nativeCheck`).
 *
 * A translation holds words only: for each text field of the Polish document, by the path the content check names
 * it with (`sections[2].blocks[0].p`), the translated text and the fingerprint of the Polish text it was made from
 * (`from`). Prices, hours, addresses and every other fact come in through the same placeholders as in Polish, so the
 * translated field must have the Polish field's placeholders, no more and no fewer, and no price written out.
 * When the Polish text changes, its fingerprint changes: the translation is stale until translated again, and the
 * content check names it (the production build refuses it; `npm run launch:check` lists it).
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ContentError, contentDir, filled, formatPath, mapStrings, parsed, readRaw, stringsOf } from "./read.server";
import { productionBuild } from "./devices";
import { translatedWordingProblems } from "./translatedWording";
import { priceAmount } from "./pricing";
import { isTranslationFile, type Language } from "./languages";

/** The fingerprint of a Polish text: what a translated field records it was made from. */
export const fingerprint = (polish: string) => createHash("sha256").update(polish).digest("hex").slice(0, 12);

/**
 * Fields that hold no words to translate: ids, references into other documents and the price list, addresses,
 * image names, dates, device data and the operator's notes. By the field's own key, or its list's.
 */
const NOT_WORDS = new Set([
  "id",
  "image",
  "link",
  "url",
  "slugs",
  "treatments",
  "groups",
  "priceGroup",
  "promotion",
  "figure",
  "study",
  "device",
  "names",
  "family",
  "kind",
  "controls",
  "standIn",
  "medicalDevice",
  "professionalUse",
  "published",
  "updated",
  "changed",
  "from",
  "until",
  "source",
  "author",
]);
/** Within an offer, `service` and `option` name a line of the price list; only `catalogue` is words. */
const OFFER_REFERENCES = new Set(["service", "option"]);
/** Any placeholder, a price's too (`{price:…}`): a translation keeps each of its Polish text's. */
const ANY_PLACEHOLDER = /\{[^{}]+\}/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The text fields of a Polish document a translation must give, by path, with their Polish text. */
export function translatableFields(polish: unknown): { field: string; text: string }[] {
  return stringsOf(polish).flatMap(({ path, text }) => {
    // The nearest key by name: "groups" for "pricing.groups[0]", a reference like its parent.
    const key = path.findLast((segment) => typeof segment === "string");
    if (typeof key === "string" && NOT_WORDS.has(key)) return [];
    if (path.includes("standIn") || path.includes("medicalReview")) return [];
    if (typeof key === "string" && OFFER_REFERENCES.has(key) && path.includes("offer")) return [];
    if (ISO_DATE.test(text) || !/\p{L}/u.test(text.replace(ANY_PLACEHOLDER, ""))) return [];
    // An amount ("od 150 zł") is written in each language by the site (pricing.ts); words about a price are words.
    if (key === "price" && priceAmount(text) !== undefined) return [];
    return [{ field: formatPath(path), text }];
  });
}

const entrySchema = z.strictObject({
  from: z.string().regex(/^[0-9a-f]{12}$/, "odcisk tekstu polskiego: 12 znaków 0-9a-f"),
  text: z.string().trim().min(1, "nie może być puste"),
});
export const translationSchema = z.strictObject({
  /** Who, a native speaker, read the translation, and when: until then `npm run launch:check` lists the file. */
  nativeCheck: z.strictObject({ by: z.string().trim().min(1), date: z.iso.date() }).optional(),
  fields: z.record(z.string(), entrySchema),
});
export type Translation = z.infer<typeof translationSchema>;

export interface TranslationCheck {
  /** What no build takes: a field unknown, placeholders that differ, a price written out, a claim. */
  problems: string[];
  /** Fields translated from an earlier Polish text, or missing: what the production build refuses. */
  stale: string[];
}

const allPlaceholders = (text: string) => [...(text.match(ANY_PLACEHOLDER) ?? [])].sort();

/** What a stale or missing field needs, in the content check's and the launch check's words. */
export const staleNote = (polish: string, missing = false) =>
  `${missing ? "brak tłumaczenia (pole dodane w tekście polskim)" : "przetłumaczone z wcześniejszej wersji tekstu polskiego"} – przetłumacz „${polish}” i wpisz "from": "${fingerprint(polish)}" (npm run translate)`;

/**
 * The fields behind the Polish document: translated from an earlier Polish text, or not at all (a field the Polish
 * text gained since). A page shows the Polish text of such a field until it is translated; the production build
 * refuses it.
 */
export function staleFields(
  polish: unknown,
  translation: Translation,
): { field: string; text: string; missing: boolean }[] {
  return translatableFields(polish).flatMap(({ field, text }): { field: string; text: string; missing: boolean }[] => {
    const entry = translation.fields[field];
    if (!entry) return [{ field, text, missing: true }];
    return entry.from === fingerprint(text) ? [] : [{ field, text, missing: false }];
  });
}

/** The translation checked against the Polish document it translates; `shown` names its file in every line. */
export function checkTranslation(
  polish: unknown,
  translation: Translation,
  language: Language,
  shown: string,
): TranslationCheck {
  const problems: string[] = [];
  const stale: string[] = [];
  const fields = translatableFields(polish);
  const known = new Set(fields.map(({ field }) => field));
  for (const { field, text } of fields) {
    const entry = translation.fields[field];
    const where = `${shown}: pole "${field}"`;
    if (!entry) continue;
    const want = allPlaceholders(text).join(" ");
    const have = allPlaceholders(entry.text).join(" ");
    if (want !== have)
      problems.push(
        `${where}: znaczniki muszą być te same co po polsku (${want || "żadne"}), a są: ${have || "żadne"}`,
      );
    const price = entry.text.replace(ANY_PLACEHOLDER, "").match(/\d[\d\s]*\s?(zł|zl|PLN|злотих|зл)(?!\p{L})/iu);
    if (price)
      problems.push(
        `${where}: „${price[0]}” – cena wpisana w tekst: tłumaczenie bierze ceny z content/pricing.json tym samym znacznikiem co tekst polski`,
      );
    for (const problem of translatedWordingProblems(entry.text, language)) problems.push(`${where}: ${problem}`);
  }
  for (const { field, text, missing } of staleFields(polish, translation))
    stale.push(`${shown}: pole "${field}": ${staleNote(text, missing)}`);
  for (const field of Object.keys(translation.fields))
    if (!known.has(field)) problems.push(`${shown}: pole "${field}": nie ma takiego pola tekstowego w tekście polskim`);
  return { problems, stale };
}

/** The Polish document with every translated field's text in its place (the checks above come first). */
export const translated = (polish: unknown, translation: Translation): unknown =>
  mapStrings(polish, (text, path) => translation.fields[formatPath(path)]?.text ?? text);

/** content/<doc>.<lang>.json: the page's translation into that language. */
export const translationName = (doc: string, language: Language) => `${doc}.${language}`;

/** Every translation in content/: the Polish document it translates and its language. */
export function translationFiles(dir = contentDir): { doc: string; language: Language }[] {
  const walk = (folder: string): string[] =>
    readdirSync(join(dir, folder), { withFileTypes: true }).flatMap((entry) => {
      const name = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return entry.name === "images" ? [] : walk(name);
      return isTranslationFile(name) ? [name] : [];
    });
  return walk("")
    .sort()
    .map((file) => {
      const [, doc, language] = /^(.*)\.([a-z]{2})\.json$/.exec(file)!;
      return { doc: doc!, language: language as Language };
    });
}

/** The translation file as written, checked against its own schema. */
export function readTranslation(doc: string, language: Language): Translation {
  const name = translationName(doc, language);
  const shown = `content/${name}.json`;
  return parsed(shown, readRaw(name), translationSchema);
}

/**
 * The page's document in `language`: the Polish document with the translated texts in place, its placeholders filled
 * in and checked against the same schema. A translation with a problem stops the build, naming file and field; a
 * stale one stops the production build, and is passed to `onStale` in any other (the content check prints it).
 */
export function readTranslatedDocument<S extends z.ZodType>(
  doc: string,
  language: Language,
  schema: S,
  onStale: (lines: string[]) => void = () => {},
): z.infer<S> {
  const shown = `content/${translationName(doc, language)}.json`;
  const polish = readRaw(doc);
  const translation = readTranslation(doc, language);
  const { problems, stale } = checkTranslation(polish, translation, language, shown);
  const refused = productionBuild() ? [...problems, ...stale] : problems;
  if (refused.length)
    throw new ContentError(`${shown}: błędy w tłumaczeniu\n${refused.map((l) => `  ${l}`).join("\n")}`);
  if (stale.length) onStale(stale);
  return parsed(shown, filled(translated(polish, translation), language), schema);
}
