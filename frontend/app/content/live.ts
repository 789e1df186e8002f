/**
 * After hydration, pages that show the two operator-editable documents fetch both of them together from /content/,
 * so an edit to the served JSON shows without a rebuild. The prerendered copy stays when the fetch or the
 * validation fails (logged to the console): better than the original's empty page.
 */
import { useEffect, useState } from "react";
import manifest from "../generated/images.json";
import type { ContentDocument, PriceCategory, PricingDocument } from "./schema";
import { priceCategoriesById } from "./pricing";

export interface LiveDocuments {
  content: ContentDocument;
  pricing: PricingDocument;
}

export const CONTENT_URLS = { content: "/content/content.json", pricing: "/content/pricing.json" } as const;

let pending: Promise<Record<keyof LiveDocuments, unknown> | null> | null = null;

function imageNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(imageNames);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, v]) => (key === "image" && typeof v === "string" ? [v] : imageNames(v)));
  return [];
}

/** Both documents as served, fetched together once per page load and shared by every component that asks. */
export function fetchServedDocuments(): Promise<Record<keyof LiveDocuments, unknown> | null> {
  pending ??= (async () => {
    try {
      const responses = await Promise.all([fetch(CONTENT_URLS.content), fetch(CONTENT_URLS.pricing)]);
      const failed = responses.find((r) => !r.ok);
      if (failed) throw new Error(`${failed.url}: HTTP ${failed.status}`);
      const [content, pricing] = await Promise.all(responses.map((r) => r.json() as Promise<unknown>));
      return { content, pricing };
    } catch (error) {
      console.error("Nie udało się odświeżyć treści z /content/ – zostaje wersja z budowania.", error);
      return null;
    }
  })();
  return pending;
}

/** For tests: forget the cached fetch. */
export function resetLiveDocuments() {
  pending = null;
}

/** The same JSON value: equal primitives, arrays in the same order, objects with the same keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** A served document that differs from the build's, checked as strictly as the build checks it; null when it fails. */
async function validate<K extends keyof LiveDocuments>(key: K, served: unknown): Promise<LiveDocuments[K] | null> {
  try {
    // The schema (zod) loads only here, i.e. only after an edit: an unchanged document costs no JavaScript.
    const { contentDocumentSchema, pricingDocumentSchema } = await import("./schema");
    const document = (key === "content" ? contentDocumentSchema : pricingDocumentSchema).parse(served) as LiveDocuments[K];
    const missing = imageNames(document).filter((name) => !(name in manifest));
    if (missing.length) throw new Error(`nieznane obrazy: ${missing.join(", ")} (wymagają przebudowania strony)`);
    return document;
  } catch (error) {
    console.error(`${CONTENT_URLS[key]}: treść nie przeszła walidacji – zostaje wersja z budowania.`, error);
    return null;
  }
}

function useLive<K extends keyof LiveDocuments, T = LiveDocuments[K]>(key: K, initial: T, select = (document: LiveDocuments[K]) => document as T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let active = true;
    void fetchServedDocuments().then(async (served) => {
      if (!served) return;
      try {
        if (sameJson(select(served[key] as LiveDocuments[K]), initial)) return;
      } catch {
        // Not even shaped like the document: validation says what is wrong with it.
      }
      const document = await validate(key, served[key]);
      if (active && document) setValue(select(document));
    });
    return () => {
      active = false;
    };
  }, [key, initial]);
  return value;
}

export const useLiveContent = (initial: ContentDocument) => useLive("content", initial);
export const useLivePricing = (initial: PricingDocument) => useLive("pricing", initial);

/**
 * The price categories a treatment page shows. Its loader data carries only these (the whole list would add ≈ 4 KB
 * gzip to every treatment page's HTML); the served list replaces them when an edit changed them, and only then is
 * it validated (and the schema loaded).
 */
export const useLivePriceCategories = (initial: PriceCategory[], ids: readonly string[]) =>
  useLive("pricing", initial, (pricing) => priceCategoriesById(pricing, ids));
