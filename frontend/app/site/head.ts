/**
 * The one head helper: every route states only what differs (title, description, keywords, path, and extras) and
 * gets the full set of tags — description, keywords, robots, canonical, Open Graph, Twitter and JSON-LD.
 */
import type { MetaDescriptor } from "react-router";
import { site } from "../salon/config";
import { siteTitle } from "./basicHead";
import { absoluteUrl, beautySalon, breadcrumbList, shareImage } from "./structuredData";
import { breadcrumbTrail } from "./breadcrumbs";
import { loadOfferCatalogue, loadPricing } from "../contentModel/load.server";
import { routeByPath } from "./routeTable";
import { structuredDataByPath } from "./structuredDataSlot";
import { DEMO } from "./demo";

export interface HeadInput {
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Label of the page in breadcrumbs when it is not the route table's (articles). */
  crumb?: string;
  noindex?: boolean;
  type?: "website" | "article";
  /** Share image path, 1200×630; defaults to the site's own. */
  image?: string;
  jsonLd?: object[];
  /** Not-found pages are served at any unknown address: they name no canonical address. */
  canonical?: boolean;
}

export const DEFAULT_SHARE_IMAGE = shareImage("og-aurea");

/** Runs in the routes' loaders only (at build time), so it may read content/ for the offer catalogue and its prices. */
export function pageHead(input: HeadInput): MetaDescriptor[] {
  const url = absoluteUrl(input.path);
  // A demonstration shows a salon that does not exist: no page of it belongs in a search engine.
  const noindex = DEMO || (input.noindex ?? routeByPath(input.path)?.noindex ?? false);
  const image = absoluteUrl(input.image ?? DEFAULT_SHARE_IMAGE);
  const title = siteTitle(input.title);
  const graph: object[] = [beautySalon(loadPricing(), loadOfferCatalogue())];
  if (input.path !== "/" && input.canonical !== false)
    graph.push(breadcrumbList(breadcrumbTrail(input.path, input.crumb)));
  graph.push(...(input.jsonLd ?? []));
  // Not among the descriptors: those travel in the page's hydration data as well (structuredDataSlot.ts).
  structuredDataByPath.set(input.path, graph);
  return [
    { title },
    { name: "description", content: input.description },
    ...(input.keywords?.length ? [{ name: "keywords", content: input.keywords.join(", ") }] : []),
    { name: "robots", content: noindex ? "noindex, follow" : "index, follow" },
    ...(input.canonical === false ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
    ...(input.canonical === false ? [] : [{ property: "og:url", content: url }]),
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: site.name },
    { property: "og:locale", content: "pl_PL" },
    { property: "og:site_name", content: site.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
}
