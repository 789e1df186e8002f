/**
 * The loader of a templated page kind (treatments, family lists, legal texts, confirmations): the route table names
 * the content document of each address, the template's loader reads it and builds the page's head from its `seo`.
 * Runs at build time only, like the loaders that call it.
 */
import { pageHead, type HeadInput, type PageHead } from "./head";
import { pagePath, routeByPath, type PageKind } from "./routeTable";
import type { PageLanguage } from "../contentModel/languages";

/** What every templated document gives its page's head. */
type Seo = Pick<HeadInput, "title" | "description" | "keywords">;

export interface TemplatedPage<Doc> {
  /** The page's path as the route table writes it (no trailing slash). */
  path: string;
  doc: Doc;
  head: PageHead;
}

/**
 * The document of the page of this kind at the url, read by `load` in the page's language, and its head; a 404 Response where the route
 * table has no page of this kind there. `extraHead` adds what the page's head has beyond its `seo` (e.g. the
 * entity its structured data describes).
 */
export function templatedPageLoader<Doc extends { seo: Seo }>(
  url: URL,
  kind: PageKind,
  load: (doc: string, language: PageLanguage) => Doc,
  extraHead?: (doc: Doc, path: string) => Omit<Partial<HeadInput>, "path">,
): TemplatedPage<Doc> {
  const path = pagePath(url.pathname);
  const route = routeByPath(path);
  if (route?.kind !== kind || !route.doc) throw new Response("Nie znaleziono", { status: 404 });
  const doc = load(route.doc, route.language);
  return { path, doc, head: pageHead({ path, ...doc.seo, ...extraHead?.(doc, path) }) };
}
