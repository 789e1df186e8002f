import { useMemo, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import type { PageLanguage } from "../../contentModel/languages";
import type { Words } from "../../site/words/pl";
import { DEMO } from "../../site/demo";
import { WordsContext } from "../../hooks/useWords";
import { Header } from "../Header/Header";
import { Footer } from "../Footer/Footer";
import { CookieBanner } from "../CookieBanner/CookieBanner";
import { DemoNotice } from "../DemoNotice/DemoNotice";

/**
 * The frame of every page in a language: skip link, header, main area, footer and the cookie banner, in that
 * language's words, which every component inside reads (hooks/useWords.ts). Around the route's page (its layout
 * route, routes/language.*.tsx), or around `children` (the error page).
 */
export function Shell({ language, words, children }: { language: PageLanguage; words: Words; children?: ReactNode }) {
  const { pathname } = useLocation();
  const value = useMemo(() => ({ language, words }), [language, words]);
  return (
    <WordsContext value={value}>
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
    </WordsContext>
  );
}
