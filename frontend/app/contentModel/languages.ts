/**
 * The languages a page may be translated into besides Polish (uk: Ukrainian, en: English), and how a translation's
 * file is told from the others: content/<doc>.<lang>.json beside the Polish content/<doc>.json
 * (translations.server.ts). Which of them the site publishes is the salon's setting (salon/config.ts, `languages`).
 */
import { site } from "../salon/config";

export const LANGUAGES = ["uk", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
/** The language of a page: Polish, the site's own, or a translation's. */
export type PageLanguage = "pl" | Language;

/** The translations the site publishes: their pages are built, linked and in the sitemap. */
export const PUBLISHED_LANGUAGES: readonly Language[] = LANGUAGES.filter((language) =>
  (site.languages as readonly string[]).includes(language),
);

const TRANSLATION_FILE = new RegExp(`\\.(?:${LANGUAGES.join("|")})\\.json$`);
/** Whether a file of content/ is a translation (the page files and the articles are the Polish ones). */
export const isTranslationFile = (file: string) => TRANSLATION_FILE.test(file);
