import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { NAV_ID } from "./components/Header/Header";
import { ErrorPage } from "./components/ErrorPage/ErrorPage";
import { languageOfPath } from "./site/languagePaths";
import { shell } from "./site/words/pl/shell";
import { CONSENT_BOOTSTRAP } from "./site/consent";
import { markHydrated } from "./site/hydration";
import { DEFERRED_IMAGES_AFTER_PAINT, DEFERRED_IMAGES_CSS, NO_SCRIPT_IMAGES_CSS } from "./site/deferredImages";
import { basicHead } from "./site/basicHead";
import { FONTS_ON_ENTRY, fetchFontsAfterEntry, showContentInWebFonts } from "./site/fonts";
// Two self-hosted fonts (Polish subset, frontend/tools/fonts.ts), not on the page a visitor enters by (site/fonts.ts).
import "./styles/fonts.scss";
// Inline (228 bytes): the browser asks for no icon file, so nothing but the page's own resources loads before it paints.
import favicon from "./favicon.svg?inline";
import "./styles/global.scss";

/** The document around every page, error pages included; `lang` is the page's language (its path's). */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The shell's effect runs once the whole page, error pages included, has hydrated (site/hydration.ts).
  useEffect(() => {
    markHydrated();
    fetchFontsAfterEntry();
  }, []);
  return (
    <html lang={languageOfPath(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#552f3f" />
        {/* No frame before the header is whole: on a phone's slow CPU the parser yields often, and a frame painted
            from a header parsed in part showed its controls where the rest of it then moved them (a menu icon 26 px
            to the right of its place). Its last element is a few KB into the body, so the first paint waits for
            nothing it would not show anyway. */}
        <link rel="expect" href={`#${NAV_ID}`} blocking="render" />
        {/* Not left to hydration like the scripts below: React 19 matches a <link> in the head by its href, so a
            different one on the client (none) fails the page's hydration and React renders it all again (error 418). */}
        <link rel="icon" href={favicon} type="image/svg+xml" />
        {/* Before the stylesheet: an inline script after one would wait for it. */}
        <script dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? FONTS_ON_ENTRY : "" }} />
        <script dangerouslySetInnerHTML={{ __html: CONSENT_BOOTSTRAP }} />
        {/* The browser runs it from the prerendered HTML and hydration leaves it as written: the bundle need not carry it. */}
        <script dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? DEFERRED_IMAGES_AFTER_PAINT : "" }} />
        <style>{DEFERRED_IMAGES_CSS}</style>
        <noscript>
          <style>{NO_SCRIPT_IMAGES_CSS}</style>
        </noscript>
        <Meta />
        <Links />
      </head>
      <body>
        {/* The frame (header, main, footer, banner) is the language's layout route's: components/Shell. */}
        {children}
        <PageChange />
        {/* Scrolls to the top on every new page, restores the position on back/forward. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The frame that shows the next page of a client-side navigation, before it is painted; its effect runs before
 * ScrollRestoration's, next in the tree. The new content is set in the web fonts (site/fonts.ts), and the scroll to
 * its top (or back to where the visitor was) is instant: with the stylesheet's smooth scrolling, which is for
 * in-page anchors, the page would be painted at the last one's scroll position and glide up from there, its footer
 * moving across the screen long after the click. An anchor on the same page (the path unchanged) still glides.
 */
function PageChange() {
  const { pathname } = useLocation();
  const entry = useRef(true);
  useLayoutEffect(() => {
    if (entry.current) {
      entry.current = false;
      return;
    }
    showContentInWebFonts();
    const html = document.documentElement;
    html.style.scrollBehavior = "auto";
    // Read back (a call, which the minifier keeps), so that the scroll below sees it: the browser takes the scroll's
    // behaviour from its style, which it has not recalculated since; the frame needs that recalculation anyway.
    getComputedStyle(html).getPropertyValue("scroll-behavior");
    const frame = requestAnimationFrame(() => html.style.removeProperty("scroll-behavior"));
    return () => {
      cancelAnimationFrame(frame);
      html.style.removeProperty("scroll-behavior");
    };
  }, [pathname]);
  return null;
}

export default function App() {
  return <Outlet />;
}

/** An error of the frame itself (a language's layout route has its own boundary, inside its frame): Polish, alone. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} language="pl" words={shell} />;
}

export const meta: Route.MetaFunction = ({ error }) =>
  error ? basicHead("Błąd strony", "Nie udało się wyświetlić strony.") : [];
