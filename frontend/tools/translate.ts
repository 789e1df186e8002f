/**
 * `npm run translate -- <doc> <uk|en>`: writes or completes content/<doc>.<lang>.json, the translation of the page's
 * Polish document (contentModel/translations.server.ts), for a translator to work on. A field already translated
 * from the current Polish text is kept; every other field (new, or stale: its Polish text changed since) gets the
 * Polish text and its fingerprint, to be replaced by the translation. Then it lists what the content check would
 * refuse in the file, so the translator can run it again until nothing is left but the words to check.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { contentDir, readRaw } from "../app/contentModel/read.server";
import { LANGUAGES, type Language } from "../app/contentModel/languages";
import {
  checkTranslation,
  fingerprint,
  readTranslation,
  translatableFields,
  translationName,
  type Translation,
} from "../app/contentModel/translations.server";

const [doc, language] = process.argv.slice(2) as [string | undefined, Language | undefined];
if (!doc || !language || !LANGUAGES.includes(language)) {
  console.error(`Użycie: npm run translate -- <dokument, np. treatments/kobido-lodz> <${LANGUAGES.join("|")}>`);
  process.exit(2);
}
const file = join(contentDir, `${translationName(doc, language)}.json`);
const polish = readRaw(doc);
const before: Translation = existsSync(file) ? readTranslation(doc, language) : { fields: {} };
const fields: Translation["fields"] = {};
let drafted = 0;
for (const { field, text } of translatableFields(polish)) {
  const kept = before.fields[field];
  if (kept?.from === fingerprint(text)) fields[field] = kept;
  else {
    fields[field] = { from: fingerprint(text), text };
    drafted++;
  }
}
// A new or changed Polish text means the file has not been read by a native speaker as it stands.
const after: Translation = { ...(drafted || !before.nativeCheck ? {} : { nativeCheck: before.nativeCheck }), fields };
writeFileSync(file, `${JSON.stringify(after, null, 2)}\n`);
console.log(`content/${translationName(doc, language)}.json: ${drafted} pól do przetłumaczenia (wpisany tekst polski)`);
const { problems } = checkTranslation(polish, after, language, `content/${translationName(doc, language)}.json`);
for (const line of problems) console.log(`  ${line}`);
