/**
 * After hydration, pages that show the two operator-editable documents fetch both of them together from /content/,
 * so an edit to the served JSON shows without a rebuild. The prerendered copy stays when the fetch or the
 * validation fails (logged to the console): better than the original's empty page.
 */
import { useEffect, useState } from "react";
import manifest from "../generated/images.json";
import type { ContentDocument, PricingDocument } from "./schema";

export interface LiveDocuments {
  content: ContentDocument;
  pricing: PricingDocument;
}

export const CONTENT_URLS = { content: "/content/content.json", pricing: "/content/pricing.json" } as const;

let pending: Promise<LiveDocuments | null> | null = null;

function imageNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(imageNames);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, v]) => (key === "image" && typeof v === "string" ? [v] : imageNames(v)));
  return [];
}

async function load(): Promise<LiveDocuments | null> {
  try {
    const responses = await Promise.all([fetch(CONTENT_URLS.content), fetch(CONTENT_URLS.pricing)]);
    const failed = responses.find((r) => !r.ok);
    if (failed) throw new Error(`${failed.url}: HTTP ${failed.status}`);
    const [content, pricing] = await Promise.all(responses.map((r) => r.json()));
    // The schema is loaded only now, so it never weighs on the first load of a page.
    const { contentDocumentSchema, pricingDocumentSchema } = await import("./schema");
    const documents = { content: contentDocumentSchema.parse(content), pricing: pricingDocumentSchema.parse(pricing) };
    const missing = imageNames(documents.content).filter((name) => !(name in manifest));
    if (missing.length) throw new Error(`nieznane obrazy: ${missing.join(", ")} (wymagają przebudowania strony)`);
    return documents;
  } catch (error) {
    console.error("Nie udało się odświeżyć treści z /content/ – zostaje wersja z budowania.", error);
    return null;
  }
}

/** One fetch of both documents per page load, shared by every component that asks. */
export function fetchLiveDocuments(): Promise<LiveDocuments | null> {
  pending ??= load();
  return pending;
}

/** For tests: forget the cached fetch. */
export function resetLiveDocuments() {
  pending = null;
}

function useLive<K extends keyof LiveDocuments>(key: K, initial: LiveDocuments[K]): LiveDocuments[K] {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let active = true;
    fetchLiveDocuments().then((documents) => {
      if (active && documents) setValue(documents[key]);
    });
    return () => {
      active = false;
    };
  }, [key]);
  return value;
}

export const useLiveContent = (initial: ContentDocument) => useLive("content", initial);
export const useLivePricing = (initial: PricingDocument) => useLive("pricing", initial);
