import { pageVersions, routes } from "../app/site/routeTable";
import { site } from "../app/salon/config";
import { articleSlugs, loadArticle } from "../app/contentModel/load.server";

const loc = (path: string) => new URL(path, site.origin).href.replace(/\/$/, path === "/" ? "/" : "");

/**
 * sitemap.xml: every concrete route of the route table that search engines may index (dated by the build), each
 * translated page with its versions in every language and x-default (Polish), as its head lists them; and every
 * article (dated by its own date).
 */
export function sitemapXml(today = new Date().toISOString().slice(0, 10)): string {
  const urls = [
    ...routes.filter((r) => !r.noindex && !r.path.includes(":")).map((r) => ({ path: r.path, lastmod: today })),
    ...articleSlugs().map((slug) => ({ path: `/blog/${slug}`, lastmod: loadArticle(slug).date })),
  ];
  const alternates = (path: string) => {
    const versions = pageVersions(path);
    if (versions.length < 2) return "";
    const polish = versions.find((version) => version.language === "pl")!;
    return [...versions, { language: "x-default", path: polish.path }]
      .map((version) => `<xhtml:link rel="alternate" hreflang="${version.language}" href="${loc(version.path)}"/>`)
      .join("");
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.map((u) => `  <url><loc>${loc(u.path)}</loc><lastmod>${u.lastmod}</lastmod>${alternates(u.path)}</url>`),
    "</urlset>",
    "",
  ].join("\n");
}
