/**
 * The head of a page that is not an address of its own — the not-found page, the error screen: title,
 * description and noindex, nothing to share or index. Every other page's head is pageHead's (site/head.ts), which
 * runs in the route loaders at build time, so it costs the browser no code; these two are computed in the browser
 * (an unknown address is not prerendered on client-side navigation), so they stay this small.
 */
import type { MetaDescriptor } from "react-router";
import { site } from "../salon/config";

/** "Cennik" → "Cennik | Aurea"; a title that already names the salon stays as it is. */
export const siteTitle = (title: string) => (title.includes(site.shortName) ? title : `${title} | ${site.shortName}`);

export const basicHead = (title: string, description: string): MetaDescriptor[] => [
  { title: siteTitle(title) },
  { name: "description", content: description },
  { name: "robots", content: "noindex, follow" },
];

/**
 * The `meta` of every route whose loader computed its page's head with pageHead at build time: the browser only
 * hands the descriptors on, so it needs none of the head or structured-data code.
 */
export const headFromLoader = ({ loaderData }: { loaderData?: { head: MetaDescriptor[] } | null }): MetaDescriptor[] =>
  loaderData?.head ?? [];
