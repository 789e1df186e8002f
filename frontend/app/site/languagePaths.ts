/**
 * Where a page lives in each language: the Polish page at its own path, its translation under /uk or /en with the
 * same Polish slug (one address per page and language, which the switcher maps one to one; the slugs are the salon's
 * treatment names, which the Polish pages' links and search results already carry).
 */
import { LANGUAGES, type Language, type PageLanguage } from "../contentModel/languages";

const PREFIX = new RegExp(`^/(${LANGUAGES.join("|")})(?=/|$)`);

/** The language of the page at this path. */
export const languageOfPath = (pathname: string): PageLanguage =>
  (PREFIX.exec(pathname)?.[1] as Language | undefined) ?? "pl";

/** The path of the Polish page `polishPath` in `language`: "/cennik" → "/uk/cennik", "/" → "/uk". */
export const inLanguage = (polishPath: string, language: PageLanguage): string =>
  language === "pl" ? polishPath : polishPath === "/" ? `/${language}` : `/${language}${polishPath}`;

/** The Polish page's path of a page in any language: "/uk/cennik" → "/cennik". */
export const polishPathOf = (path: string): string => path.replace(PREFIX, "") || "/";
