import { useMemo, type ReactNode } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import type { PageLanguage } from "../../contentModel/languages";
import type { Words } from "../../site/words/pl";
import type { PageWords } from "../../site/words/pl/pages";
import { DEMO } from "../../site/demo";
import { PageWordsContext, WordsContext } from "../../hooks/useWords";
import { Header } from "../Header/Header";
import { Footer } from "../Footer/Footer";
import { CookieBanner } from "../CookieBanner/CookieBanner";
import { DemoNotice } from "../DemoNotice/DemoNotice";

const NO_WORDS: Partial<PageWords> = {};

/**
 * The frame of every page in a language: skip link, header, main area, footer and the cookie banner, in that
 * language's words, which every component inside reads (hooks/useWords.ts), with the template words the page's
 * loader gave (`words` of its data). Around the route's page (its layout route, routes/language.*.tsx), or around
 * `children` (the error page).
 */
export function Shell({ language, words, children }: { language: PageLanguage; words: Words; children?: ReactNode }) {
  const { pathname } = useLocation();
  const value = useMemo(() => ({ language, words }), [language, words]);
  const page = useMatches().at(-1)?.loaderData as { words?: Partial<PageWords> } | undefined;
  return (
    <WordsContext value={value}>
      <PageWordsContext value={page?.words ?? NO_WORDS}>
        <a href="#tresc" className="skip-link">
          {words.shell.skipLink}
        </a>
        {DEMO && <DemoNotice />}
        <Header />
        <main id="tresc" tabIndex={-1}>
          {/* Each address is a page of its own, also where two share a template (two treatments, two articles): keyed
            by its path, the next page is new content rather than the last one's elements changed in place, which
            would move on the screen when it renders, seconds after the visitor's click on a slow network (and carry
            its state over: a carousel's photo, a filter). */}
          {children ?? <Outlet key={pathname} />}
        </main>
        <Footer />
        <CookieBanner />
      </PageWordsContext>
    </WordsContext>
  );
}
