import { familyListPathIn, pagePath, routeByPath, routeLabel } from "./routeTable";
import { inLanguage, languageOfPath } from "./languagePaths";
import type { RouteWords } from "./words/pl/routes";

export interface Crumb {
  label: string;
  path: string;
}

/**
 * The breadcrumb trail of a page, from the route table, named in `words`, its language's: its home, then the family
 * list for a treatment or the page a path lies under (the blog for an article, the contact page for its
 * confirmation), then the page itself. Feeds both the visible trail and the BreadcrumbList structured data.
 */
export function breadcrumbTrail(pathname: string, words: RouteWords, currentLabel?: string): Crumb[] {
  const path = pagePath(pathname);
  const homePath = inLanguage("/", languageOfPath(path));
  const home: Crumb = { label: routeLabel(homePath, words), path: homePath };
  if (path === homePath) return [home];
  const trail = [home];
  const parent = path.slice(0, path.lastIndexOf("/"));
  if (parent && parent !== homePath && routeByPath(parent))
    trail.push({ label: routeLabel(parent, words), path: parent });
  const route = routeByPath(path);
  if (route?.family) {
    const list = familyListPathIn(path, route.family);
    trail.push({ label: routeLabel(list, words), path: list });
  }
  trail.push({ label: currentLabel ?? (route ? routeLabel(path, words) : path), path });
  return trail;
}
