import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { routes, type PageKind, type SiteRoute } from "./site/routeTable";
import { PUBLISHED_LANGUAGES } from "./contentModel/languages";

/** One template module per page kind; the route table decides which paths use it. */
const templates: Record<PageKind, string> = {
  home: "routes/home.tsx",
  family: "routes/family.tsx",
  needs: "routes/needs.tsx",
  pricing: "routes/pricing.tsx",
  contact: "routes/contact.tsx",
  promotions: "routes/promotions.tsx",
  blog: "routes/blog.tsx",
  article: "routes/article.tsx",
  treatment: "routes/treatment.tsx",
  legal: "routes/legal.tsx",
  confirmation: "routes/confirmation.tsx",
};

/** Route ids must be unique because several paths share one template module. */
const idOf = (path: string) => path.replace(/^\//, "").replace(/[/:]/g, "-");

const page = (r: SiteRoute) =>
  r.path === "/"
    ? index(templates.home, { id: "home" })
    : route(r.path, templates[r.kind], { id: idOf(r.path), caseSensitive: true });

// Each language's pages inside its layout route (routes/language.*.tsx), which gives them the frame in its words:
// a page loads its own language's words only.
export default [
  layout("routes/language.pl.tsx", { id: "language-pl" }, [
    ...routes.filter((r) => r.language === "pl").map(page),
    // Unknown paths render the not-found page inside the shell; nginx answers them with status 404.
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  ...PUBLISHED_LANGUAGES.map((language) =>
    layout(
      `routes/language.${language}.tsx`,
      { id: `language-${language}` },
      routes.filter((r) => r.language === language).map(page),
    ),
  ),
] satisfies RouteConfig;
