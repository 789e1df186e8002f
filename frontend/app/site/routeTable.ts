/**
 * The route table: the single source for routing (routes.ts), navigation, breadcrumbs, the prerender list and the
 * sitemap. Adding a page is one entry here (plus its content document for templated kinds).
 */

/** Which template module renders a route. One module per page kind, never per page. */
export type PageKind =
  | "home"
  | "category"
  | "needs"
  | "pricing"
  | "contact"
  | "promotions"
  | "blog"
  | "article"
  | "treatment"
  | "document"
  | "confirmation";

export type Family = "face" | "body" | "permanent";

export interface SiteRoute {
  path: string;
  kind: PageKind;
  /** Short name used in menus, breadcrumbs and chips. */
  label: string;
  /** Search engines must not index legal texts and the contest regulation. */
  noindex?: boolean;
  /** Where the page sits: treatments belong to a family list, articles to the blog. */
  family?: Family;
  /** Content document name inside content/ for templated kinds. */
  doc?: string;
}

export const routes: SiteRoute[] = [
  { path: "/", kind: "home", label: "Strona główna" },
  { path: "/zabiegi-na-twarz", kind: "category", label: "Zabiegi na Twarz", doc: "categories/zabiegi-na-twarz" },
  { path: "/zabiegi-na-cialo", kind: "category", label: "Zabiegi na Ciało", doc: "categories/zabiegi-na-cialo" },
  { path: "/makijaz-permanentny", kind: "category", label: "Makijaż Permanentny", doc: "categories/makijaz-permanentny" },
  { path: "/twoje-potrzeby", kind: "needs", label: "Twoje potrzeby" },
  { path: "/cennik", kind: "pricing", label: "Cennik" },
  { path: "/kontakt", kind: "contact", label: "Kontakt" },
  { path: "/promocje", kind: "promotions", label: "Promocje" },
  { path: "/blog", kind: "blog", label: "Blog" },
  { path: "/blog/:slug", kind: "article", label: "Artykuł" },
  { path: "/mezoterapia-mikroiglowa", kind: "treatment", label: "Mezoterapia mikroigłowa", family: "face", doc: "treatments/mezoterapia-mikroiglowa" },
  { path: "/geneo", kind: "treatment", label: "Geneo 3w1", family: "face", doc: "treatments/geneo" },
  { path: "/storz-medical-twarz", kind: "treatment", label: "Storz Medical – twarz", family: "face", doc: "treatments/storz-medical-twarz" },
  { path: "/endermologia-LPG", kind: "treatment", label: "Endermologia LPG twarzy", family: "face", doc: "treatments/endermologia-LPG" },
  { path: "/LPG-Infinity-Endermologia", kind: "treatment", label: "LPG Infinity", family: "body", doc: "treatments/LPG-Infinity-Endermologia" },
  { path: "/storz-medical", kind: "treatment", label: "Storz Medical – ciało", family: "body", doc: "treatments/storz-medical" },
  { path: "/redukcja-blizn-rozstepow", kind: "treatment", label: "Redukcja blizn i rozstępów", family: "body", doc: "treatments/redukcja-blizn-rozstepow" },
  { path: "/makijaz-permanentny-ust", kind: "treatment", label: "Makijaż permanentny ust", family: "permanent", doc: "treatments/makijaz-permanentny-ust" },
  { path: "/makijaz-permanentny-brwi", kind: "treatment", label: "Makijaż permanentny brwi", family: "permanent", doc: "treatments/makijaz-permanentny-brwi" },
  { path: "/kobido-lodz", kind: "treatment", label: "Masaż Kobido", family: "face", doc: "treatments/kobido-lodz" },
  { path: "/pca-skin", kind: "treatment", label: "Peelingi PCA Skin", family: "face", doc: "treatments/pca-skin" },
  { path: "/red-touch-pro", kind: "treatment", label: "Red Touch Pro", family: "face", doc: "treatments/red-touch-pro" },
  { path: "/virtue-rf", kind: "treatment", label: "Virtue RF – twarz", family: "face", doc: "treatments/virtue-rf" },
  { path: "/virtue-rf-cialo", kind: "treatment", label: "Virtue RF – ciało", family: "body", doc: "treatments/virtue-rf-cialo" },
  { path: "/onda-pro-twarz", kind: "treatment", label: "ONDA PRO – twarz i podbródek", family: "face", doc: "treatments/onda-pro-twarz" },
  { path: "/onda-pro", kind: "treatment", label: "ONDA PRO – ciało", family: "body", doc: "treatments/onda-pro" },
  { path: "/polityka-prywatnosci", kind: "document", label: "Polityka prywatności", noindex: true, doc: "pages/polityka-prywatnosci" },
  { path: "/rodo", kind: "document", label: "RODO", noindex: true, doc: "pages/rodo" },
  { path: "/polityka-prywatnosci-socialmedia", kind: "document", label: "Polityka prywatności w mediach społecznościowych", noindex: true, doc: "pages/polityka-prywatnosci-socialmedia" },
  { path: "/konkurs", kind: "document", label: "Regulamin konkursu", noindex: true, doc: "pages/konkurs" },
  // Where the mailer sends a form the browser posted itself (mailer/src/RequestHandler.php, SENT_PAGE): not for
  // search engines, not in the sitemap.
  { path: "/kontakt/wyslano", kind: "confirmation", label: "Wiadomość wysłana", noindex: true, doc: "pages/wiadomosc-wyslana" },
];

/** The family list pages, by family: treatments link back to these in breadcrumbs. */
export const familyListPath: Record<Family, string> = {
  face: "/zabiegi-na-twarz",
  body: "/zabiegi-na-cialo",
  permanent: "/makijaz-permanentny",
};

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
  { label: "Home", path: "/" },
  { label: "Zabiegi", children: Object.values(familyListPath).map(link) },
  link("/promocje"),
  link("/twoje-potrzeby"),
  link("/cennik"),
  link("/kontakt"),
];

export const footerLinks = ["/polityka-prywatnosci", "/rodo", "/blog", "/kontakt"].map(link);
