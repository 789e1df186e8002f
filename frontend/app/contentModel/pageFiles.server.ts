/**
 * The pages of the kinds that have many, one JSON file each: content/treatments/, content/families/ (the family
 * list pages) and content/legal/. A page's path is its file name; the file gives its menu label, its family and
 * whether search engines may index it (schema.ts, routeFields). A new file is a new page: routing, menus,
 * breadcrumbs, the prerender list and the sitemap take it from here through site/routeTable.ts. Articles
 * (content/blog/) are the same idea, listed by load.server.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { families, type Family } from "./families.ts";
import { routeFields } from "./schema.ts";
import { isTranslationFile, LANGUAGES, type Language } from "./languages.ts";

export const contentDir = resolve(process.env.CONTENT_DIR ?? "content");

/** Which folder of content/ holds which page kind. */
export const PAGE_FILE_FOLDERS = { treatments: "treatment", families: "family", legal: "legal" } as const;
export type PageFileKind = (typeof PAGE_FILE_FOLDERS)[keyof typeof PAGE_FILE_FOLDERS];

export interface PageFile {
  path: string;
  kind: PageFileKind;
  label: string;
  /** A treatment's family, or the family a family page lists. */
  family?: Family;
  noindex?: boolean;
  /** The file, as content/<doc>.json. */
  doc: string;
  /** The languages it is translated into (a translation's file with its `label` is there). */
  languages?: Language[];
}

/**
 * A page file as read: its translations' labels too. The route table's list (generated/page-files.json) holds none
 * of them: each language's are words of that language only (generated/page-labels.<lang>.json), so no page's
 * script carries another language's names (frontend/build/pageFilesManifest.ts writes both).
 */
export interface PageFileRead extends PageFile {
  labels: Partial<Record<Language, string>>;
}

/** The `label` of each translation of content/<doc>.json there is; its checks are the content check's. */
function translatedLabels(dir: string, doc: string): Partial<Record<Language, string>> {
  return Object.fromEntries(
    LANGUAGES.flatMap((language) => {
      const file = join(dir, `${doc}.${language}.json`);
      if (!existsSync(file)) return [];
      try {
        const label = (JSON.parse(readFileSync(file, "utf8")) as { fields?: { label?: { text?: unknown } } }).fields
          ?.label?.text;
        return typeof label === "string" ? [[language, label]] : [];
      } catch {
        return [];
      }
    }),
  );
}

/** Only the route's fields: the rest of the file is checked by its page kind's schema (frontend/build/validateContent.ts). */
const fields = z.object({ ...routeFields, family: z.enum(families).optional() });

/** A path segment as the file name gives it: letters (capitals too), digits, dashes. */
const PAGE_NAME = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

export function readPageFiles(dir = contentDir): PageFileRead[] {
  return Object.entries(PAGE_FILE_FOLDERS).flatMap(([folder, kind]) => {
    if (!existsSync(join(dir, folder))) return [];
    return readdirSync(join(dir, folder))
      .filter((file) => file.endsWith(".json") && !isTranslationFile(file))
      .sort()
      .map((file): PageFileRead => {
        const name = file.slice(0, -".json".length);
        const shown = `content/${folder}/${file}`;
        if (!PAGE_NAME.test(name))
          throw new Error(
            `${shown}: nazwa pliku jest adresem strony – tylko litery bez polskich znaków, cyfry i myślniki`,
          );
        let raw: unknown;
        try {
          raw = JSON.parse(readFileSync(join(dir, folder, file), "utf8"));
        } catch (error) {
          throw new Error(`${shown}: niepoprawny JSON (${(error as Error).message})`, { cause: error });
        }
        const result = fields.safeParse(raw);
        if (!result.success)
          throw new Error(
            `${shown}: błędy w treści\n${result.error.issues.map((issue) => `  pole "${issue.path.join(".")}": ${issue.message}`).join("\n")}`,
          );
        const { label, family, noindex } = result.data;
        const labels = translatedLabels(dir, `${folder}/${name}`);
        if (kind !== "legal" && !family)
          throw new Error(`${shown}: pole "family": podaj rodzinę zabiegów (${families.join(", ")})`);
        return {
          path: `/${name}`,
          kind,
          label,
          doc: `${folder}/${name}`,
          ...(kind !== "legal" ? { family } : {}),
          ...(noindex ? { noindex } : {}),
          ...(Object.keys(labels).length ? { languages: Object.keys(labels) as Language[] } : {}),
          labels,
        };
      });
  });
}
