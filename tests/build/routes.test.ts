// @vitest-environment node
/**
 * The route table (routing, menu, breadcrumbs, prerender list, sitemap) holds exactly the spec's routes, and the
 * build prerenders each of them: checked against the list pinned in tests/support/routes.ts, so a route dropped
 * from the table fails here instead of vanishing from every test that loops over the site.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { routes, staticPaths, treatmentRoutes } from "../../frontend/app/site/routeTable";
import reactRouterConfig from "../../react-router.config";
import { builtPages } from "../support/builtPages";
import { allPaths, ownPaths, specArticleSlugs, specNoindexPaths, specPaths, specTreatmentPaths } from "../support/routes";

const sorted = (list: readonly string[]) => [...list].sort();

describe("the route table is the spec's", () => {
  it("has exactly the spec's concrete routes and our own, and /blog/:slug for the articles", () => {
    expect(sorted(staticPaths)).toEqual(sorted([...specPaths, ...ownPaths]));
    expect(routes.filter((r) => r.path.includes(":")).map((r) => r.path)).toEqual(["/blog/:slug"]);
  });

  it("has the spec's treatment pages as treatment pages and its four noindex pages as noindex, our own too", () => {
    expect(sorted(treatmentRoutes.map((r) => r.path))).toEqual(sorted(specTreatmentPaths));
    expect(sorted(routes.filter((r) => r.noindex).map((r) => r.path))).toEqual(sorted([...specNoindexPaths, ...ownPaths]));
  });

  it("the mailer sends a form the browser posted itself to the confirmation page of this table", () => {
    const handler = readFileSync(resolve(import.meta.dirname, "../../mailer/src/RequestHandler.php"), "utf8");
    const sentPage = handler.match(/const SENT_PAGE = '([^']+)';/)?.[1];
    expect(sentPage).toBe("/kontakt/wyslano");
    expect(routes.find((r) => r.path === sentPage)?.kind).toBe("confirmation");
  });

  it("prerenders every spec route and both of the spec's articles", async () => {
    const prerender = reactRouterConfig.prerender as () => Promise<string[]>;
    const list = await prerender();
    for (const path of [...specPaths, ...specArticleSlugs.map((slug) => `/blog/${slug}`)]) expect(list, path).toContain(path);
  });

  it("the build holds a page for every address the tests visit", () => {
    const built = builtPages().map((p) => p.path);
    for (const path of allPaths) expect(built, path).toContain(path);
  });
});
