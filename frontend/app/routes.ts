import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { routes, type PageKind } from "./site/routeTable";

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

export default [
  ...routes.map((r) =>
    r.path === "/"
      ? index(templates.home, { id: "home" })
      : route(r.path, templates[r.kind], { id: idOf(r.path), caseSensitive: true }),
  ),
  // Unknown paths render the not-found page inside the shell; nginx answers them with status 404.
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
