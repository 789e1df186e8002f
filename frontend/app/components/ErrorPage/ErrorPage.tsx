import { useEffect } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import type { PageLanguage } from "../../contentModel/languages";
import { inLanguage } from "../../site/languagePaths";
import type { Words } from "../../site/words/pl";

/**
 * A routing or rendering error as a page of the site, in the words given (never the router's English default
 * screen): inside its language's frame (routes/language.*.tsx), or alone when the frame itself failed (root.tsx).
 */
export function ErrorPage({
  error,
  language,
  words,
}: {
  error: unknown;
  language: PageLanguage;
  words: Words["shell"];
}) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  // The next page's data lost on the way (a phone's network) on a client-side navigation: every page is prerendered,
  // so the browser loads it as a document instead. Once per address, so a page that fails for another reason shows
  // this screen rather than loading again and again.
  useEffect(() => {
    try {
      if (!notFound && sessionStorage.reloaded !== location.pathname) {
        sessionStorage.reloaded = location.pathname;
        location.reload();
      }
    } catch {
      // No session storage: this screen, then.
    }
  }, [error, notFound]);
  return (
    <section className="error-page">
      <h1>{notFound ? words.notFoundTitle : words.errorTitle}</h1>
      <p>{notFound ? words.notFound : words.error}</p>
      <p>
        <Link to={inLanguage("/", language)}>{words.backHome}</Link> ·{" "}
        <Link to={inLanguage("/kontakt", language)}>{words.contactUs}</Link>
      </p>
    </section>
  );
}
