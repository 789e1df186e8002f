/**
 * What a translated page's frame (header, footer, cookie banner) still says in Polish: every word of the Polish
 * dictionary (frontend/app/site/words/pl/) that the page's own dictionary does not share, found in the frame's text
 * or its labels. Used on the built pages (tests/built/languages.test.ts) and the served ones (tests/e2e/languages.spec.ts).
 */
import type { Language } from "../../frontend/app/contentModel/languages.ts";
import { frameWords } from "../../frontend/app/site/words/frameWords.server.ts";
import { pages as plPages } from "../../frontend/app/site/words/pl/pages.ts";
import { pages as ukPages } from "../../frontend/app/site/words/uk/pages.ts";
import { pages as enPages } from "../../frontend/app/site/words/en/pages.ts";

/** The frame's words of each language, and its template words (which pages get with their data). */
export const dictionaries = frameWords;
export const pageDictionaries = { pl: plPages, uk: ukPages, en: enPages };

/** Every word of a dictionary: its strings, and its functions' results for a few arguments. */
export function wordsOf(words: unknown): string[] {
  if (typeof words === "string") return [words];
  if (typeof words === "function") return [String((words as (...a: unknown[]) => unknown)(1, 3))];
  if (words && typeof words === "object") return Object.values(words).flatMap(wordsOf);
  return [];
}

/** The visible text and the labels of a page's frame: header, footer and the cookie banner. */
export function frameText(html: string): string {
  const parts = [
    ...html.matchAll(/<header[\s\S]*?<\/header>/g),
    ...html.matchAll(/<footer[\s\S]*?<\/footer>/g),
    ...html.matchAll(/<section[^>]*aria-labelledby="cookie-banner-title"[\s\S]*?<\/section>/g),
  ].map((m) => m[0]);
  return parts
    .join(" ")
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/(?:aria-label|title|alt)="([^"]*)"/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The Polish words a frame may not hold in `language`: long enough to mean something, not shared with it. */
export function polishOnlyWords(language: Language): string[] {
  const own = new Set(wordsOf(dictionaries[language]));
  return wordsOf(frameWords.pl).filter((word) => word.length > 3 && !own.has(word) && /\p{L}{3}/u.test(word));
}

/** The Polish words left in the frame of a page in `language`. */
export const polishLeftIn = (html: string, language: Language) =>
  polishOnlyWords(language).filter((word) => frameText(html).includes(word));
