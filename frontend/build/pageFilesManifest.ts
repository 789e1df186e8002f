/**
 * `npm run page-files` (first step of `npm run content:check`, hence of every build; also before `npm run dev` and
 * the unit tests): writes frontend/app/generated/page-files.json, the pages content/ holds one file each of
 * (contentModel/pageFiles.server.ts) as the route table needs them, and page-labels.<lang>.json, their names in each
 * translation's language, which that language's words take (site/words/<lang>/routes.ts). The prerendering server
 * and the browser bundle import these same files, so both hold the same routes; the content check refuses a build
 * whose files no longer match content/ (frontend/build/validateContent.ts).
 */
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { readPageFiles } from "../app/contentModel/pageFiles.server.ts";
import { LANGUAGES, type Language } from "../app/contentModel/languages.ts";

export const PAGE_FILES_MANIFEST = "frontend/app/generated/page-files.json";
export const pageLabelsFile = (language: Language) => `frontend/app/generated/page-labels.${language}.json`;

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

/** Every file this writes, with its text. */
export function manifestFiles(dir?: string): [file: string, text: string][] {
  const pages = readPageFiles(dir);
  return [
    [PAGE_FILES_MANIFEST, json(pages.map(({ labels: _labels, ...page }) => page))],
    ...LANGUAGES.map((language): [string, string] => [
      pageLabelsFile(language),
      json(
        Object.fromEntries(pages.flatMap(({ path, labels }) => (labels[language] ? [[path, labels[language]]] : []))),
      ),
    ]),
  ];
}

/** The route table's list as `npm run page-files` would write it from `dir`. */
export const pageFilesJson = (dir?: string) => manifestFiles(dir)[0]![1];

const current = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return ""; // Not made yet.
  }
};

/** Writes the files content/ changed (atomically: a build beside this one may be reading them); their names. */
export function writePageFilesManifest(dir?: string): string[] {
  const changed = manifestFiles(dir).filter(([file, text]) => current(file) !== text);
  for (const [file, text] of changed) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.${process.pid}`, text);
    renameSync(`${file}.${process.pid}`, file);
  }
  return changed.map(([file]) => file);
}

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  try {
    for (const file of writePageFilesManifest()) console.log(`${file}: zapisano z content/`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
