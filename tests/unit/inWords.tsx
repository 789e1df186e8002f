import type { ReactNode } from "react";
import type { PageLanguage } from "../../frontend/app/contentModel/languages";
import { PageWordsContext, WordsContext } from "../../frontend/app/hooks/useWords";
import { dictionaries, pageDictionaries } from "../support/frameWords";
import { renderAt } from "./render";

export { dictionaries, pageDictionaries };

/**
 * Renders UI at `path` inside a page in `language`, with that language's words: the frame's (as its layout route
 * gives them) and every area of the template words (as a page's loader gives those it shows).
 */
export function renderIn(language: PageLanguage, ui: ReactNode, path = language === "pl" ? "/" : `/${language}`) {
  return renderAt(
    <WordsContext value={{ language, words: dictionaries[language] }}>
      <PageWordsContext value={pageDictionaries[language]}>{ui}</PageWordsContext>
    </WordsContext>,
    path,
  );
}
