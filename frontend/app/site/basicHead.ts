/**
 * The head of a page that is not an address of its own — the not-found page, the error screen: title,
 * description and noindex, nothing to share or index. Every other page's head is pageHead's (site/head.ts), which
 * runs in the route loaders at build time, so it costs the browser no code; these two are computed in the browser
 * (an unknown address is not prerendered on client-side navigation), so they stay this small.
 */
import type { MetaDescriptor } from "react-router";
import { site } from "../salon/config";
import { pageGraph, type GraphInput } from "./structuredData";

/** "Cennik" → "Cennik | Aurea"; a title that already names the salon stays as it is. */
export const siteTitle = (title: string) => (title.includes(site.shortName) ? title : `${title} | ${site.shortName}`);

export const basicHead = (title: string, description: string): MetaDescriptor[] => [
  { title: siteTitle(title) },
  { name: "description", content: description },
  { name: "robots", content: "noindex, follow" },
];

/**
 * The `meta` of every route whose loader computed its page's head with pageHead at build time: the tags as the
 * loader made them and, in the prerendered HTML only, the page's JSON-LD, made here from the loader's few inputs.
 * So the structured data travels once, in the page's head, and not a second time in the loader data the page
 * carries for hydration (≈ 1 KB gzip a page); the browser's bundle leaves the JSON-LD code out (import.meta.env.SSR
 * is false there), and React 19 leaves the script it does not render in the head as it is when it hydrates.
 */
export const headFromLoader = ({
  loaderData,
}: {
  loaderData?: { head: { tags: MetaDescriptor[]; graph: GraphInput } } | null;
}): MetaDescriptor[] =>
  loaderData
    ? [
        ...loaderData.head.tags,
        ...(import.meta.env.SSR ? [{ "script:ld+json": pageGraph(loaderData.head.graph) }] : []),
      ]
    : [];
