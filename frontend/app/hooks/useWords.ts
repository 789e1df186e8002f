/**
 * The words of the site's interface in the page's language, and the language itself. The language's layout route
 * (routes/language.*.tsx) provides them, so a page loads its own language's words only, never another's (a Polish
 * page no Ukrainian, a Ukrainian page no Polish). Outside one there are none: tests/unit/setup.ts gives a component
 * rendered alone the Polish ones.
 */
import { createContext, use } from "react";
import type { PageLanguage } from "../contentModel/languages";
import type { Words } from "../site/words/pl";

export interface PageWords {
  language: PageLanguage;
  words: Words;
}

export const WordsContext = createContext<PageWords | undefined>(undefined);

function usePageWords(): PageWords {
  const value = use(WordsContext);
  if (!value) throw new Error("Słowa strony są dostępne tylko wewnątrz ramy jej języka (routes/language.*.tsx)");
  return value;
}

export const useWords = (): Words => usePageWords().words;
export const useLanguage = (): PageLanguage => usePageWords().language;
