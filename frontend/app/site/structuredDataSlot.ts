/**
 * Each prerendered page's JSON-LD, by path. pageHead (site/head.ts) writes it while a route's loader runs at build
 * time; the root layout reads it while the same build renders that page's HTML (root.tsx, StructuredData). So the
 * structured data is in the page's head for search engines, but not in the loader data React Router also writes
 * into the page for hydration, where it would travel a second time (≈ 1 KB gzip a page). The browser's
 * bundle never imports this (the root reads it under import.meta.env.SSR only).
 */
export const structuredDataByPath = new Map<string, object[]>();
