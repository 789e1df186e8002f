/**
 * The one head helper: every route states only what differs (title, description, keywords, path, and extras) and
 * gets the full set of tags — description, keywords, robots, canonical, Open Graph, Twitter and JSON-LD.
 */
import type { MetaDescriptor } from "react-router";
import { site } from "../salon/config";
import { siteTitle } from "./basicHead";
import {
  absoluteUrl,
  salonOffers,
  shareImage,
  type GraphInput,
  type PostingInput,
  type ServiceInput,
} from "./structuredData";
import { loadOfferCatalogue, loadPricing } from "../contentModel/load.server";
import { routeByPath } from "./routeTable";
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
  /** The page's own entity in its structured data: a treatment's service, an article's posting. */
  service?: ServiceInput;
  posting?: PostingInput;
  /** Not-found pages are served at any unknown address: they name no canonical address. */
  canonical?: boolean;
}

export const DEFAULT_SHARE_IMAGE = shareImage("og-aurea");

/**
 * A page's head as its loader returns it: the tags, and what its structured data is made of (headFromLoader,
 * site/basicHead.ts, turns both into the route's `meta`).
 */
export interface PageHead {
  tags: MetaDescriptor[];
  graph: GraphInput;
}

/** Runs in the routes' loaders only (at build time), so it may read content/ for the offer catalogue and its prices. */
export function pageHead(input: HeadInput): PageHead {
  const url = absoluteUrl(input.path);
  // A demonstration shows a salon that does not exist: no page of it belongs in a search engine.
  const noindex = DEMO || (input.noindex ?? routeByPath(input.path)?.noindex ?? false);
  const image = absoluteUrl(input.image ?? DEFAULT_SHARE_IMAGE);
  const title = siteTitle(input.title);
  const graph: GraphInput = {
    path: input.path,
    ...(input.crumb ? { crumb: input.crumb } : {}),
    breadcrumbs: input.path !== "/" && input.canonical !== false,
    salon: salonOffers(loadPricing(), loadOfferCatalogue()),
    ...(input.service ? { service: input.service } : {}),
    ...(input.posting ? { posting: input.posting } : {}),
  };
  const tags: MetaDescriptor[] = [
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
  return { tags, graph };
}
