/**
 * The words of the site's interface in the page's language, and the language itself. The frame's words come from the
 * language's layout route (routes/language.*.tsx), so a page loads its own language's words only, never another's;
 * the template's words come with the page's data (site/words/pageWords.server.ts), which the frame passes on
 * (components/Shell). Outside a frame there are none: tests/unit/setup.ts gives a component rendered alone the
 * Polish ones.
 */
import { createContext, use } from "react";
import type { PageLanguage } from "../contentModel/languages";
import type { Words } from "../site/words/pl";
import type { PageWords } from "../site/words/pl/pages";

export interface FrameWords {
  language: PageLanguage;
  words: Words;
}

export const WordsContext = createContext<FrameWords | undefined>(undefined);

/** The template words the page's loader gave (`words` of its data). */
export const PageWordsContext = createContext<Partial<PageWords>>({});

function useFrameWords(): FrameWords {
  const value = use(WordsContext);
  if (!value) throw new Error("Słowa strony są dostępne tylko wewnątrz ramy jej języka (routes/language.*.tsx)");
  return value;
}

export const useWords = (): Words => useFrameWords().words;
export const useLanguage = (): PageLanguage => useFrameWords().language;

/** An area of the template words; the page's loader must have named it in pageWords(…). */
export function usePageWords<A extends keyof PageWords>(area: A): PageWords[A] {
  const words = use(PageWordsContext)[area];
  if (!words)
    throw new Error(`Brak słów „${area}” w danych strony: loader jej szablonu ma je podać (pageWords(language, …))`);
  return words;
}
