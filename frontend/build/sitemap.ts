import { routes } from "../app/site/routeTable";
import { site } from "../app/salon/config";
import { articleSlugs, loadArticle } from "../app/contentModel/load.server";

/**
 * sitemap.xml: every concrete route of the route table that search engines may index (dated by the build), and
 * every article (dated by its own date).
 */
export function sitemapXml(today = new Date().toISOString().slice(0, 10)): string {
  const urls = [
    ...routes.filter((r) => !r.noindex && !r.path.includes(":")).map((r) => ({ path: r.path, lastmod: today })),
    ...articleSlugs().map((slug) => ({ path: `/blog/${slug}`, lastmod: loadArticle(slug).date })),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${new URL(u.path, site.origin).href.replace(/\/$/, u.path === "/" ? "/" : "")}</loc><lastmod>${u.lastmod}</lastmod></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
}
