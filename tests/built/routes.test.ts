// @vitest-environment node
/**
 * The route table (routing, menu, breadcrumbs, prerender list, sitemap) holds every route the salon requires and
 * the build prerenders each of them: checked against the list pinned in tests/support/routes.ts, so a route
 * dropped from the table fails here instead of vanishing from every test that loops over the site. Beyond those it
 * holds our own pages and one page for each page file of content/, nothing else.
 */
import { languageOfPath } from "../../frontend/app/site/languagePaths";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { routeByPath, routes, staticPaths, treatmentRoutes } from "../../frontend/app/site/routeTable";
import reactRouterConfig from "../../react-router.config";
import { builtPages } from "../support/builtPages";
import {
  allPaths,
  contentPageFiles,
  ownPaths,
  requiredArticleSlugs,
  requiredNoindexPaths,
  requiredPaths,
  requiredTreatmentPaths,
} from "../support/routes";

const sorted = (list: readonly string[]) => [...list].sort();

describe("the route table", () => {
  it("has every required route, our own, a route for each page file of content/ and nothing else in Polish; /blog/:slug for the articles", () => {
    // The translations' routes: tests/built/languages.test.ts.
    const polish = staticPaths.filter((path) => languageOfPath(path) === "pl");
    for (const path of [...requiredPaths, ...ownPaths]) expect(polish, path).toContain(path);
    expect(sorted(polish)).toEqual(
      sorted([...new Set([...requiredPaths, ...ownPaths, ...contentPageFiles.map((page) => page.path)])]),
    );
    expect(routes.filter((r) => r.path.includes(":")).map((r) => r.path)).toEqual(["/blog/:slug"]);
  });

  it("has the 16 required treatment pages as treatment pages, every file of content/treatments/ too", () => {
    for (const path of requiredTreatmentPaths) expect(routeByPath(path)?.kind, path).toBe("treatment");
    const treatmentFiles = contentPageFiles.filter((page) => page.folder === "treatments").map((page) => page.path);
    expect(sorted(treatmentRoutes.map((r) => r.path))).toEqual(sorted(treatmentFiles));
  });

  it("keeps the legal texts and our own pages out of search engines, and indexes the rest", () => {
    const noindex = [
      ...requiredNoindexPaths,
      ...ownPaths,
      ...contentPageFiles.filter((page) => page.noindex).map((page) => page.path),
    ];
    for (const path of [...requiredNoindexPaths, ...ownPaths]) expect(routeByPath(path)?.noindex, path).toBe(true);
    const polishNoindex = routes.filter((r) => r.noindex && r.language === "pl").map((r) => r.path);
    expect(sorted(polishNoindex)).toEqual(sorted([...new Set(noindex)]));
    // A translation of a page is as indexable as the page.
    for (const route of routes.filter((r) => r.language !== "pl"))
      expect(route.noindex, route.path).toBe(routeByPath(route.polish)?.noindex);
  });

  it("the mailer sends a form the browser posted itself to the confirmation page of this table", () => {
    const handler = readFileSync(resolve(import.meta.dirname, "../../mailer/src/RequestHandler.php"), "utf8");
    const sentPage = handler.match(/const SENT_PAGE = '([^']+)';/)?.[1];
    expect(sentPage).toBe("/kontakt/wyslano");
    expect(routes.find((r) => r.path === sentPage)?.kind).toBe("confirmation");
  });

  it("prerenders every required route and both required articles", async () => {
    const list = await reactRouterConfig.prerender();
    for (const path of [...requiredPaths, ...requiredArticleSlugs.map((slug) => `/blog/${slug}`)])
      expect(list, path).toContain(path);
  });

  it("the build holds a page for every address the tests visit", () => {
    const built = builtPages().map((p) => p.path);
    for (const path of allPaths) expect(built, path).toContain(path);
  });
});
