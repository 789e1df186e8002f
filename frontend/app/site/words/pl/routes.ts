/**
 * The pages' names in a translation's words (menus, breadcrumbs, links), by the path of their Polish page: a Polish
 * page's own name is the route table's (site/routeTable.ts, content/ for the page files). A translated page file's
 * comes from its translation's `label` (generated/page-labels.<lang>.json), so it is written once, in content/.
 */
export interface RouteWords {
  /** The main menu's item that opens the three family lists. */
  treatments: string;
  labels: Readonly<Record<string, string>>;
}

export const routes: RouteWords = { treatments: "Zabiegi", labels: {} };
