/**
 * The languages a page may be translated into besides Polish (uk: Ukrainian, en: English), and how a translation's
 * file is told from the others: content/<doc>.<lang>.json beside the Polish content/<doc>.json
 * (translations.server.ts).
 */
export const LANGUAGES = ["uk", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

const TRANSLATION_FILE = new RegExp(`\\.(?:${LANGUAGES.join("|")})\\.json$`);
/** Whether a file of content/ is a translation (the page files and the articles are the Polish ones). */
export const isTranslationFile = (file: string) => TRANSLATION_FILE.test(file);
