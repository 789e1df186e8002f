/**
 * The route table: the single source for routing (routes.ts), navigation, breadcrumbs, the prerender list and the
 * sitemap. The pages of the kinds that have many (treatments, family lists, legal texts) come from their files in
 * content/ (generated/page-files.json, written from them by frontend/build/pageFilesManifest.ts) and articles from
 * content/blog/; a page of its own kind is one entry below.
 */
import { families, type Family } from "../contentModel/families";
import type { PageFile } from "../contentModel/pageFiles.server";
import pageFilesJson from "../generated/page-files.json" with { type: "json" };

/** What the routes of the kinds that have many are made of (the content check compares it with content/). */
export const pageFiles = pageFilesJson as PageFile[];

export type { Family };

/** Which template module renders a route. One module per page kind, never per page. */
export type PageKind =
  | "home"
  | "family"
  | "needs"
  | "pricing"
  | "contact"
  | "promotions"
  | "blog"
  | "article"
  | "treatment"
  | "legal"
  | "confirmation";

export interface SiteRoute {
  path: string;
  kind: PageKind;
  /** Short name used in menus, breadcrumbs and chips. */
  label: string;
  /** Search engines must not index legal texts and the contest regulation. */
  noindex?: boolean;
  /** The family a treatment belongs to (its breadcrumbs go through that family's list page). */
  family?: Family;
  /** The family a family page lists. */
  lists?: Family;
  /** Content document name inside content/ for templated kinds. */
  doc?: string;
}

/** The pages of their own kind, one each. */
const singlePages: SiteRoute[] = [
  { path: "/", kind: "home", label: "Strona główna" },
  { path: "/twoje-potrzeby", kind: "needs", label: "Twoje potrzeby" },
  { path: "/cennik", kind: "pricing", label: "Cennik" },
  { path: "/kontakt", kind: "contact", label: "Kontakt" },
  { path: "/promocje", kind: "promotions", label: "Promocje" },
  { path: "/blog", kind: "blog", label: "Blog" },
  { path: "/blog/:slug", kind: "article", label: "Artykuł" },
  // Where the mailer sends a form the browser posted itself (mailer/src/RequestHandler.php, SENT_PAGE): not for
  // search engines, not in the sitemap.
  {
    path: "/kontakt/wyslano",
    kind: "confirmation",
    label: "Wiadomość wysłana",
    noindex: true,
    doc: "pages/wiadomosc-wyslana",
  },
];

export const routes: SiteRoute[] = [
  ...singlePages,
  ...pageFiles.map(({ kind, family, ...page }): SiteRoute =>
    kind === "family" ? { ...page, kind, lists: family } : { ...page, kind, family },
  ),
];

/** The family list pages, by family, in menu order: treatments link back to these in breadcrumbs. */
export const familyListPath = Object.fromEntries(
  families.flatMap((family) => {
    const list = routes.find((r) => r.lists === family);
    return list ? [[family, list.path]] : [];
  }),
) as Record<Family, string>;

/**
 * A page's path as the route table writes it. React Router 8 prerenders each page's HTML from its path with a
 * trailing slash (`/kontakt/`, written to kontakt/index.html), while the browser's location has none: both must
 * render the same page, with the same links and breadcrumbs, or hydration would not match.
 */
export function pagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

export function routeByPath(path: string): SiteRoute | undefined {
  const page = pagePath(path);
  return routes.find((r) => r.path === page);
}

/** Every concrete route path (no parameters); articles are added from content by the prerender list. */
export const staticPaths = routes.filter((r) => !r.path.includes(":")).map((r) => r.path);

export const treatmentRoutes = routes.filter((r) => r.kind === "treatment");

export function routeLabel(path: string): string {
  const found = routeByPath(path);
  if (!found) throw new Error(`Brak trasy ${path} w tabeli tras`);
  return found.label;
}

/** Main menu: entries in display order; the 'Zabiegi' dropdown holds the three family lists. */
export interface NavItem {
  label: string;
  path?: string;
  children?: { label: string; path: string }[];
}

const link = (path: string) => ({ label: routeLabel(path), path });

export const mainNav: NavItem[] = [
  link("/"),
  { label: "Zabiegi", children: Object.values(familyListPath).map(link) },
  link("/promocje"),
  link("/twoje-potrzeby"),
  link("/cennik"),
  link("/kontakt"),
];

/**
 * Addresses that moved, old → new: nginx answers each old one (in any letter case, with or without a trailing slash)
 * with one permanent redirect to the new one, so links and search results that keep the old address still arrive.
 * The build writes them as nginx's map (frontend/build/redirects.ts). Treatment pages are named for the service,
 * not the device (contentModel/devices.ts); articles for what they say, not what they promise.
 */
export const redirects: Readonly<Record<string, string>> = {
  "/red-touch-pro": "/laser-frakcyjny",
  "/virtue-rf": "/mikroiglowa-radiofrekwencja",
  "/virtue-rf-cialo": "/mikroiglowa-radiofrekwencja-cialo",
  "/onda-pro": "/modelowanie-termiczne-sylwetki",
  "/onda-pro-twarz": "/modelowanie-termiczne-twarzy",
  "/storz-medical": "/fala-uderzeniowa-cialo",
  "/storz-medical-twarz": "/fala-uderzeniowa-twarz",
  "/geneo": "/natlenienie-skory-3-w-1",
  "/endermologia-LPG": "/endermologia-twarzy",
  "/LPG-Infinity-Endermologia": "/endermologia-ciala",
  "/blog/jak-skutecznie-pozbyc-sie-cellulitu": "/blog/jak-zmniejszyc-widocznosc-cellulitu",
  "/blog/red-touch-pro-rewolucja-w-odmladzaniu-skory": "/blog/odmladzanie-skory-laserem-frakcyjnym",
};

/**
 * What is wrong with the redirects, given every page's path: each goes to a page, and no old address is still a page
 * (nginx would redirect its visitors away from it). The content check reports these.
 */
export function redirectProblems(paths: readonly string[]): string[] {
  const pages = new Set(paths.map((path) => path.toLowerCase()));
  return Object.entries(redirects).flatMap(([from, to]) => [
    ...(pages.has(to.toLowerCase()) ? [] : [`${from} → ${to}: nie ma strony ${to}`]),
    ...(pages.has(from.toLowerCase())
      ? [`${from} → ${to}: pod ${from} jest strona, do której nikt już nie trafi`]
      : []),
  ]);
}

export const footerLinks = ["/polityka-prywatnosci", "/rodo", "/blog", "/kontakt"].map(link);
