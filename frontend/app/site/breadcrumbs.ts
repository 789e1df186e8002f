import { familyListPath, pagePath, routeByPath, routeLabel } from "./routeTable";

export interface Crumb {
  label: string;
  path: string;
}

/**
 * The breadcrumb trail of a page, from the route table: home, then the family list for a treatment or the page a
 * path lies under (the blog for an article, the contact page for its confirmation), then the page itself. Feeds
 * both the visible trail and the BreadcrumbList structured data.
 */
export function breadcrumbTrail(pathname: string, currentLabel?: string): Crumb[] {
  const path = pagePath(pathname);
  const home: Crumb = { label: routeLabel("/"), path: "/" };
  if (path === "/") return [home];
  const trail = [home];
  const parent = path.slice(0, path.lastIndexOf("/"));
  if (parent && routeByPath(parent)) trail.push({ label: routeLabel(parent), path: parent });
  const route = routeByPath(path);
  if (route?.family)
    trail.push({ label: routeLabel(familyListPath[route.family]), path: familyListPath[route.family] });
  trail.push({ label: currentLabel ?? route?.label ?? path, path });
  return trail;
}
