// @vitest-environment node
/**
 * The content served under /content/ (frontend/build/servedContent.ts) is what the pages were built from: the same
 * documents the loaders give the pages, placeholders filled, no launch note and no device id, in content/'s layout,
 * with the compressed copies nginx sends. Run `npm run build` first when running this alone.
 */
import { isTranslationFile } from "../../frontend/app/contentModel/languages";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientDir } from "../support/builtPages";
import { site } from "../../frontend/app/salon/config";
import { routes } from "../../frontend/app/site/routeTable";
import {
  loadArticle,
  loadBlogPage,
  loadContactPage,
  loadContent,
  loadFamilyList,
  loadHome,
  loadLegalPage,
  loadNeeds,
  loadPricing,
  loadPromotions,
  loadSimplePage,
  loadTreatment,
} from "../../frontend/app/contentModel/load.server";
import { writeServedContent } from "../../frontend/build/servedContent";

const contentDir = resolve(import.meta.dirname, "../../content");
const servedDir = join(clientDir, "content");

/** The JSON files under a folder, as document names ("treatments/kobido-lodz"). */
function documentNames(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((entry) => {
      const path = join(d, entry);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith(".json") ? [path] : [];
    });
  return walk(dir)
    .map((file) => relative(dir, file).split("\\").join("/").slice(0, -".json".length))
    .sort();
}

const servedText = (name: string) => readFileSync(join(servedDir, `${name}.json`), "utf8");
const served = (name: string): unknown => JSON.parse(servedText(name));

/** What the route loaders give the pages, by document name. */
function loaderDocument(name: string): unknown {
  const fixed: Record<string, () => unknown> = {
    content: loadContent,
    home: loadHome,
    needs: loadNeeds,
    promotions: loadPromotions,
    "pages/blog": loadBlogPage,
    "pages/cennik": () => loadSimplePage("pages/cennik"),
    "pages/kontakt": loadContactPage,
    // The price list as the price list page lists it: every group, the device groups among them.
    pricing: () => ({ categories: loadPricing().categories }),
  };
  if (fixed[name]) return fixed[name]();
  if (name.startsWith("blog/")) return loadArticle(name.slice("blog/".length));
  const route = routes.find((r) => r.doc === name);
  if (!route) throw new Error(`${name}: no page reads it`);
  const byKind: Partial<Record<string, (doc: string) => unknown>> = {
    treatment: loadTreatment,
    family: loadFamilyList,
    legal: loadLegalPage,
    confirmation: loadSimplePage,
  };
  return byKind[route.kind]!(name);
}

/** A value without its device ids (they spell a device's name: the pages show one only where the gate allows). */
function withoutDeviceIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDeviceIds);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "device")
        .map(([key, v]) => [key, withoutDeviceIds(v)]),
    );
  return value;
}

/** The visible text of an HTML fragment. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("/content/: the documents the pages were built from", () => {
  it("every document of content/ is served in its layout, but the operator's registers (devices, figures) and the translations (their pages are the translated pages)", () => {
    expect(existsSync(servedDir), "uruchom najpierw `npm run build`").toBe(true);
    expect(documentNames(servedDir)).toEqual(
      documentNames(contentDir).filter(
        (name) => name !== "devices" && name !== "figures" && !isTranslationFile(`${name}.json`),
      ),
    );
  });

  it("each is what the loaders give the pages: checked, placeholders filled, no launch note, no device id", () => {
    for (const name of documentNames(servedDir))
      expect(served(name), name).toEqual(withoutDeviceIds(loaderDocument(name)));
    for (const name of documentNames(servedDir)) {
      const text = servedText(name);
      expect(text, name).not.toMatch(/\{(price:|[A-Za-z][A-Za-z0-9.]*\})/);
      expect(text, name).not.toMatch(/"(standIn|medicalReview|device)":/);
    }
    // The source has all of these, so the lines above check something.
    const source = documentNames(contentDir).map((name) => readFileSync(join(contentDir, `${name}.json`), "utf8"));
    for (const written of ["{phone}", "{price:", '"standIn":', '"device":'])
      expect(
        source.some((text) => text.includes(written)),
        written,
      ).toBe(true);
    expect(servedText("legal/rodo")).toContain(site.phone);
  });

  it("the price list page shows the served price list: every group, in order, with every line's name and price", () => {
    const html = readFileSync(join(clientDir, "cennik/index.html"), "utf8");
    const { categories } = served("pricing") as {
      categories: {
        id: string;
        category: string;
        services: { name: string; price?: string; options?: { name: string; price: string }[] }[];
      }[];
    };
    expect([...html.matchAll(/<article[^>]* id="([^"]+)"/g)].map((m) => m[1])).toEqual(categories.map((g) => g.id));
    for (const group of categories) {
      const start = html.search(new RegExp(`<article[^>]* id="${group.id}"`));
      const text = textOf(html.slice(start, html.indexOf("</article>", start)));
      const expected = [
        group.category,
        ...group.services.flatMap((s) => [
          s.name,
          ...(s.price === undefined ? [] : [s.price]),
          ...(s.options ?? []).flatMap((o) => [o.name, o.price]),
        ]),
      ];
      let at = 0;
      for (const part of expected) {
        const found = text.indexOf(part, at);
        expect(found, `${group.id}: „${part}” (w kolejności)`).toBeGreaterThanOrEqual(0);
        at = found + part.length;
      }
    }
  });

  it("travels compressed like the pages: a .br and a .gz copy of each file of 512 bytes or more, equal to it", () => {
    for (const name of documentNames(servedDir)) {
      const body = readFileSync(join(servedDir, `${name}.json`));
      if (body.length < 512) continue;
      expect(brotliDecompressSync(readFileSync(join(servedDir, `${name}.json.br`))).equals(body), name).toBe(true);
      expect(gunzipSync(readFileSync(join(servedDir, `${name}.json.gz`))).equals(body), name).toBe(true);
    }
  });
});

describe("/content/ and the device gate", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("a production build stops rather than serve the name of a device its answers do not clear, even as a key", () => {
    const dir = mkdtempSync(join(tmpdir(), "salon-served-"));
    dirs.push(dir);
    const documents = [["pages/cennik", { "Red Touch Pro": { title: "Cennik" } }]] as const;
    vi.stubEnv("SALON_LAUNCH_GATE", "1");
    vi.stubEnv("SALON_DEMO", "");
    expect(() => writeServedContent(dir, documents)).toThrow(/\/content\/pages\/cennik\.json: pole "Red Touch Pro"/);
    expect(existsSync(join(dir, "content"))).toBe(false);
    // A demonstration build names it, as its pages do.
    vi.stubEnv("SALON_DEMO", "1");
    expect(writeServedContent(dir, documents).files).toBe(1);
    // The registers are not served.
    expect(
      writeServedContent(dir, [
        ["devices", {}],
        ["figures", {}],
      ]).files,
    ).toBe(0);
  });
});
