import type { ReactNode } from "react";
import type { PageLanguage } from "../../frontend/app/contentModel/languages";
import { WordsContext } from "../../frontend/app/hooks/useWords";
import { en } from "../../frontend/app/site/words/en";
import { pl } from "../../frontend/app/site/words/pl";
import { uk } from "../../frontend/app/site/words/uk";
import { renderAt } from "./render";

export const dictionaries = { pl, uk, en } as const;

/** Renders UI at `path` inside a page in `language`, with that language's words (as its layout route gives them). */
export function renderIn(language: PageLanguage, ui: ReactNode, path = language === "pl" ? "/" : `/${language}`) {
  return renderAt(<WordsContext value={{ language, words: dictionaries[language] }}>{ui}</WordsContext>, path);
}
