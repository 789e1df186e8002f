import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { staticPaths, routes } from "../../frontend/app/site/routeTable";

/** Every URL of the site: the route table's paths and one per blog article in content/blog. */
export const articlePaths = readdirSync(resolve(import.meta.dirname, "../../content/blog"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => `/blog/${f.slice(0, -5)}`);

export const allPaths = [...staticPaths, ...articlePaths];
export { routes, staticPaths };
