/**
 * `npm run page-files` (first step of `npm run content:check`, hence of every build; also before `npm run dev` and
 * the unit tests): writes frontend/app/generated/page-files.json, the pages content/ holds one file each of
 * (contentModel/pageFiles.server.ts) as the route table needs them. The prerendering server and the browser bundle
 * import this same file, so both hold the same routes; the content check refuses a build whose file no longer
 * matches content/ (frontend/build/validateContent.ts).
 */
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { readPageFiles } from "../app/contentModel/pageFiles.server.ts";

export const PAGE_FILES_MANIFEST = "frontend/app/generated/page-files.json";

export const pageFilesJson = (dir?: string) => JSON.stringify(readPageFiles(dir), null, 2) + "\n";

/** Writes the file when content/ changed it (atomically: a build beside this one may be reading it). */
export function writePageFilesManifest(dir?: string): boolean {
  const json = pageFilesJson(dir);
  let current = "";
  try {
    current = readFileSync(PAGE_FILES_MANIFEST, "utf8");
  } catch {
    // Not made yet.
  }
  if (current === json) return false;
  mkdirSync(dirname(PAGE_FILES_MANIFEST), { recursive: true });
  writeFileSync(`${PAGE_FILES_MANIFEST}.${process.pid}`, json);
  renameSync(`${PAGE_FILES_MANIFEST}.${process.pid}`, PAGE_FILES_MANIFEST);
  return true;
}

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  try {
    if (writePageFilesManifest()) console.log(`${PAGE_FILES_MANIFEST}: zapisano listę stron z content/`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
