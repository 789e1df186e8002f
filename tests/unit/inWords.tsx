import type { ReactNode } from "react";
import type { PageLanguage } from "../../frontend/app/contentModel/languages";
import { WordsContext } from "../../frontend/app/hooks/useWords";
import { dictionaries } from "../support/frameWords";
import { renderAt } from "./render";

export { dictionaries };

/** Renders UI at `path` inside a page in `language`, with that language's words (as its layout route gives them). */
export function renderIn(language: PageLanguage, ui: ReactNode, path = language === "pl" ? "/" : `/${language}`) {
  return renderAt(<WordsContext value={{ language, words: dictionaries[language] }}>{ui}</WordsContext>, path);
}
