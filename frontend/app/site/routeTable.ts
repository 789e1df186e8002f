/**
 * The route table: the single source for routing (routes.ts), navigation, breadcrumbs, the prerender list and the
 * sitemap. The pages of the kinds that have many (treatments, family lists, legal texts) come from their files in
 * content/ (generated/page-files.json, written from them by frontend/build/pageFilesManifest.ts) and articles from
 * content/blog/; a page of its own kind is one entry below.
 */
import { families, type Family } from "../contentModel/families";
import { PUBLISHED_LANGUAGES, type Language, type PageLanguage } from "../contentModel/languages";
import type { PageFile } from "../contentModel/pageFiles.server";
import pageFilesJson from "../generated/page-files.json" with { type: "json" };
import { inLanguage, languageOfPath } from "./languagePaths";
import type { RouteWords } from "./words/pl/routes";

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
  /**
   * Short name used in menus, breadcrumbs and chips: the Polish page's. A translated page's is its language's words'
   * (labelOf): the route table is in every page's script, the names of a language only in its pages'.
   */
  label: string;
  /** The page's language, and the path of its Polish page (the same as `path` for a Polish page). */
  language: PageLanguage;
  polish: string;
  /** The languages a page file is translated into (the pages of their own kind: by TRANSLATED_KINDS). */
  languages?: Language[];
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
const singlePages: Omit<SiteRoute, "language" | "polish">[] = [
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

const polishRoutes: SiteRoute[] = [
  ...singlePages,
  ...pageFiles.map(({ kind, family, ...page }): Omit<SiteRoute, "language" | "polish"> =>
    kind === "family" ? { ...page, kind, lists: family } : { ...page, kind, family },
  ),
].map((route) => ({ ...route, language: "pl", polish: route.path }));

const isPageFile = (route: SiteRoute) => pageFiles.some((page) => page.path === route.path);

/**
 * The kinds of page translated into every published language (issue 48): the blog, the needs page, the contest and
 * the legal texts stay Polish, and the translated pages say so where they link to them.
 */
const TRANSLATED_KINDS: ReadonlySet<PageKind> = new Set([
  "home",
  "family",
  "treatment",
  "pricing",
  "promotions",
  "contact",
  "confirmation",
]);

export const routes: SiteRoute[] = [
  ...polishRoutes,
  ...PUBLISHED_LANGUAGES.flatMap((language) =>
    polishRoutes
      // A page of a page file is translated once its translation is there (page-files.json); a new treatment is
      // Polish until then.
      .filter(
        (route) => TRANSLATED_KINDS.has(route.kind) && (!isPageFile(route) || route.languages?.includes(language)),
      )
      .map((route) => ({ ...route, language, path: inLanguage(route.path, language) })),
  ),
];

/** Where a link to the Polish page `polishPath` leads from a page in `language`: its translation, if it has one. */
export function pathIn(polishPath: string, language: PageLanguage): string {
  const translated = inLanguage(polishPath, language);
  return routeByPath(translated) ? translated : polishPath;
}

/** The same page in every language it is published in, Polish first (hreflang, the sitemap, the switcher). */
export function pageVersions(path: string): { language: PageLanguage; path: string }[] {
  const polish = routeByPath(path)?.polish;
  if (!polish) return [];
  return routes.filter((route) => route.polish === polish).map(({ language, path }) => ({ language, path }));
}

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

/** The treatment pages, in Polish. */
export const treatmentRoutes = routes.filter((r) => r.kind === "treatment" && r.language === "pl");

/**
 * The name of the page at a Polish path in `language`, from that language's `words` (site/words/<lang>/routes.ts):
 * a Polish-only page has a name in each language too (the legal texts and the blog, linked from every page).
 */
export function labelIn(polishPath: string, language: PageLanguage, words: RouteWords): string {
  const polish = routeByPath(polishPath);
  if (!polish) throw new Error(`Brak trasy ${polishPath} w tabeli tras`);
  if (language === "pl") return polish.label;
  const label = words.labels[polish.path];
  if (label === undefined)
    throw new Error(`Brak nazwy strony ${polish.path} w słowach języka ${language} (site/words/*/routes.ts)`);
  return label;
}

/** A page's name in its language: `words` are its language's. */
export const labelOf = (route: SiteRoute, words: RouteWords): string => labelIn(route.polish, route.language, words);

/** The name of the page at `path` in its language, from that language's `words`. */
export function routeLabel(path: string, words: RouteWords): string {
  const found = routeByPath(path);
  if (!found) throw new Error(`Brak trasy ${path} w tabeli tras`);
  return labelOf(found, words);
}

/** Main menu: entries in display order; the dropdown holds the three family lists. */
export interface NavItem {
  label: string;
  path?: string;
  children?: { label: string; path: string }[];
}

/** A link to the page at a Polish path in `language` where it is translated, else to the Polish page; named in it. */
function linkIn(language: PageLanguage, polishPath: string, words: RouteWords) {
  const route = routeByPath(inLanguage(polishPath, language)) ?? routeByPath(polishPath);
  if (!route) throw new Error(`Brak trasy ${polishPath} w tabeli tras`);
  return { label: labelIn(polishPath, language, words), path: route.path };
}

/** The main menu in a language, in its `words`: its own pages only (a translated menu leaves out the Polish-only pages). */
export function mainNavIn(language: PageLanguage, words: RouteWords): NavItem[] {
  const all = ["/", "/promocje", "/twoje-potrzeby", "/cennik", "/kontakt"].filter(
    (path) => language === "pl" || routeByPath(inLanguage(path, language)),
  );
  const [home, ...rest] = all.map((path) => linkIn(language, path, words));
  return [
    home!,
    {
      label: words.treatments,
      children: Object.values(familyListPath).map((path) => linkIn(language, path, words)),
    },
    ...rest,
  ];
}

/** The family list pages in the language of `pathname`'s page. */
export const familyListPathIn = (pathname: string, family: Family) =>
  inLanguage(familyListPath[family], languageOfPath(pathname));

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

/** The footer's links in a language, in its `words` (the legal texts and the blog are Polish in every language). */
export const footerLinksIn = (language: PageLanguage, words: RouteWords) =>
  ["/polityka-prywatnosci", "/rodo", "/blog", "/kontakt"].map((path) => linkIn(language, path, words));
