import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PricingDocument } from "./schema";

// Counts validations: an unchanged document must not be validated (nor its schema, zod, loaded for it).
const schemaLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./schema", async (importOriginal) => {
  const real = await importOriginal<typeof import("./schema")>();
  const counted = <T,>(schema: { parse: (value: unknown) => T }) => ({
    parse: (value: unknown) => {
      schemaLoads.count++;
      return schema.parse(value);
    },
  });
  return { ...real, contentDocumentSchema: counted(real.contentDocumentSchema), pricingDocumentSchema: counted(real.pricingDocumentSchema) };
});

const { resetLiveDocuments, sameJson, useLivePricing } = await import("./live");

const built = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../content/pricing.json"), "utf8")) as PricingDocument;
const content = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../content/content.json"), "utf8")) as unknown;

function FirstCategory({ initial }: { initial: PricingDocument }) {
  const pricing = useLivePricing(initial);
  return <h2>{pricing.categories[0]!.category}</h2>;
}

function serve(pricing: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => new Response(JSON.stringify(url.endsWith("pricing.json") ? pricing : content), { status: 200 })),
  );
}

describe("live content documents", () => {
  beforeEach(() => {
    resetLiveDocuments();
    schemaLoads.count = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows an edit of the served price list after hydration", async () => {
    const edited = structuredClone(built);
    edited.categories[0]!.category = "Nowa kategoria z pliku";
    serve(edited);
    render(<FirstCategory initial={built} />);
    expect(screen.getByRole("heading")).toHaveTextContent(built.categories[0]!.category);
    await waitFor(() => expect(screen.getByRole("heading")).toHaveTextContent("Nowa kategoria z pliku"));
    expect(schemaLoads.count).toBe(1);
  });

  it("keeps the built copy and loads no schema when the served document is the same", async () => {
    serve(JSON.parse(JSON.stringify(built)));
    render(<FirstCategory initial={built} />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole("heading")).toHaveTextContent(built.categories[0]!.category);
    expect(schemaLoads.count).toBe(0);
  });

  it("keeps the built copy and logs when the served document breaks the schema", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    serve({ categories: [{ category: "" }] });
    render(<FirstCategory initial={built} />);
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining("/content/pricing.json"), expect.anything()));
    expect(screen.getByRole("heading")).toHaveTextContent(built.categories[0]!.category);
    error.mockRestore();
  });

  it("compares JSON values regardless of key order, but not of array order", () => {
    expect(sameJson({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
  });
});
