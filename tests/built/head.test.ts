// @vitest-environment node
/** Search and sharing, read from the prerendered HTML as a crawler sees it: no JavaScript involved. */
import { languageOfPath } from "../../frontend/app/site/languagePaths";
import { pageVersions } from "../../frontend/app/site/routeTable";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages, clientDir } from "../support/builtPages";
import { allPaths, contentPageFiles, ownPaths, requiredNoindexPaths } from "../support/routes";
import { site } from "../../frontend/app/salon/config";

const pages = builtPages().filter((p) => !p.path.endsWith("404.html"));
const meta = (html: string, attr: "name" | "property", key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`))?.[1];
const NOINDEX: readonly string[] = [
  ...new Set([
    ...requiredNoindexPaths,
    // The form's confirmation in every language.
    ...ownPaths.flatMap((path) => pageVersions(path).map((version) => version.path)),
    ...contentPageFiles.filter((page) => page.noindex).map((page) => page.path),
  ]),
];

describe("per-page head", () => {
  it("every route and every article is prerendered", () => {
    const paths = pages.map((p) => p.path);
    for (const path of allPaths) expect(paths).toContain(path);
    expect(paths.filter((p) => p.startsWith("/blog/")).length).toBeGreaterThanOrEqual(7);
  });

  it("gives every page a unique title and description, keywords, Open Graph and Twitter tags", () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path, html } of pages) {
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      const description = meta(html, "name", "description");
      expect(description, path).toBeTruthy();
      descriptions.add(description!);
      expect(meta(html, "name", "keywords"), path).toBeTruthy();
      for (const key of ["og:title", "og:description", "og:type", "og:url", "og:image", "og:locale", "og:site_name"])
        expect(meta(html, "property", key), `${path} ${key}`).toBeTruthy();
      expect(meta(html, "property", "og:locale"), path).toBe(
        { pl: "pl_PL", uk: "uk_UA", en: "en_GB" }[languageOfPath(path)],
      );
      expect(meta(html, "property", "og:site_name")).toBe(site.name);
      expect(meta(html, "property", "og:image:width")).toBe("1200");
      expect(meta(html, "property", "og:image:height")).toBe("630");
      expect(meta(html, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(meta(html, "name", "twitter:title"), path).toBeTruthy();
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });

  it("has an absolute canonical URL on the configured origin, equal to og:url", () => {
    for (const { path, html } of pages) {
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(canonical, path).toBe(new URL(path, site.origin).href);
      expect(meta(html, "property", "og:url")).toBe(canonical);
    }
  });

  it("is indexable except the legal pages, the contest and the form's confirmation", () => {
    for (const { path, html } of pages) {
      expect(meta(html, "name", "robots"), path).toBe(NOINDEX.includes(path) ? "noindex, follow" : "index, follow");
    }
  });

  it("uses our own 1200×630 share image", () => {
    const image = meta(pages[0]!.html, "property", "og:image")!;
    const file = join(clientDir, new URL(image).pathname);
    expect(existsSync(file)).toBe(true);
    const jpeg = readFileSync(file);
    // JPEG SOF0/SOF2 marker: height and width follow.
    const sof = jpeg.findIndex((b, i) => b === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2));
    expect([jpeg.readUInt16BE(sof + 7), jpeg.readUInt16BE(sof + 5)]).toEqual([1200, 630]);
  });

  it("initialises the analytics data array with denied consent on every page", () => {
    for (const { path, html } of builtPages()) {
      expect(html, path).toContain("window.dataLayer=window.dataLayer||[]");
      expect(html, path).toMatch(
        /gtag\('consent','default',\{"ad_storage":"denied","analytics_storage":"denied","ad_user_data":"denied","ad_personalization":"denied"\}\)/,
      );
    }
  });

  it("marks the 404 pages noindex and gives them no canonical address of another page", () => {
    for (const file of ["404.html", "blog/404.html"]) {
      const html = readFileSync(join(clientDir, file), "utf8");
      expect(meta(html, "name", "robots"), file).toBe("noindex, follow");
      expect(html, file).not.toMatch(/<link rel="canonical"/);
    }
  });
});

describe("sitemap and robots", () => {
  const sitemap = readFileSync(join(clientDir, "sitemap.xml"), "utf8");
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)].map(
    (m) => new URL(m[1]!).pathname,
  );

  it("lists every indexable page with lastmod, articles included, noindex pages excluded", () => {
    const indexable = pages.map((p) => p.path).filter((p) => !NOINDEX.includes(p));
    expect([...locs].sort()).toEqual([...indexable].sort());
    for (const path of NOINDEX) expect(locs).not.toContain(path);
  });

  it("robots.txt allows crawling and names the sitemap", () => {
    const robots = readFileSync(join(clientDir, "robots.txt"), "utf8");
    expect(robots).toMatch(/User-agent: \*\nAllow: \//);
    expect(robots).toContain(`Sitemap: ${site.origin}/sitemap.xml`);
  });
});
