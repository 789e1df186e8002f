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
import { pageVersions, pathIn, routeByPath } from "./routeTable";
import { languageOfPath, polishPathOf } from "./languagePaths";
import type { PageLanguage } from "../contentModel/languages";
import { DEMO } from "./demo";
import { breadcrumbTrail } from "./breadcrumbs";
import { frameWords } from "./words/frameWords.server";

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

const OG_LOCALES: Record<PageLanguage, string> = { pl: "pl_PL", uk: "uk_UA", en: "en_GB" };

/** `<link rel="alternate" hreflang>` for each language the page is in, and x-default: the Polish page. */
export function alternates(path: string): MetaDescriptor[] {
  const versions = pageVersions(path);
  const polish = versions.find((version) => version.language === "pl");
  return [
    ...versions.map((version) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: version.language,
      href: absoluteUrl(version.path),
    })),
    ...(polish ? [{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(polish.path) }] : []),
  ];
}

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
  const language = languageOfPath(input.path);
  // The salon's offers in the page's language, each leading to its page in that language, at the same prices.
  const catalogue = loadOfferCatalogue(language).map((entry) => ({ ...entry, path: pathIn(entry.path, language) }));
  const graph: GraphInput = {
    path: input.path,
    language,
    ...(polishPathOf(input.path) !== "/" && input.canonical !== false
      ? { breadcrumbs: breadcrumbTrail(input.path, frameWords[language].routes, input.crumb) }
      : {}),
    salon: salonOffers(loadPricing(), catalogue),
    ...(input.service ? { service: input.service } : {}),
    ...(input.posting ? { posting: input.posting } : {}),
  };
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    ...(input.keywords?.length ? [{ name: "keywords", content: input.keywords.join(", ") }] : []),
    { name: "robots", content: noindex ? "noindex, follow" : "index, follow" },
    ...(input.canonical === false ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    // The same page in every language, this one included, and Polish for any other (Google's hreflang rules): the
    // same list on each version, so every link is answered by one back.
    ...(input.canonical === false ? [] : alternates(input.path)),
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
    ...(input.canonical === false ? [] : [{ property: "og:url", content: url }]),
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: site.name },
    { property: "og:locale", content: OG_LOCALES[language] },
    ...pageVersions(input.path)
      .filter((version) => version.language !== language)
      .map((version) => ({ property: "og:locale:alternate", content: OG_LOCALES[version.language] })),
    { property: "og:site_name", content: site.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  return { tags, graph };
}
