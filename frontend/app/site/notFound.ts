/**
 * The not-found page is prerendered at this path (prerendering accepts only 200 answers) and the build moves it to
 * build/client/404.html, which nginx serves with status 404 for every unknown path.
 */
export const NOT_FOUND_PRERENDER_PATH = "/__nie-znaleziono";

/** The same for an unknown blog article: build/client/blog/404.html, served by nginx for unknown slugs. */
export const ARTICLE_NOT_FOUND_SLUG = "__nie-znaleziono";
