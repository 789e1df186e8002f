// @vitest-environment node
/**
 * Size budgets of every built page, measured on the files in build/client — sizes, not timings, so the
 * result is the same on any machine. tests/run.sh builds the site before the unit tests; run `npm run build` first
 * when running this alone.
 *   - first-load JavaScript ≤ 112 KiB as Brotli, what every browser gets over HTTPS (production): the module
 *     scripts, modulepreloads and the modules the page's inline loader fetches after the first paint, with every
 *     module they import statically (a dynamic import() inside a module is not first load);
 *   - the same JavaScript ≤ 126 KiB as gzip, for a client that does not take br (plain HTTP, an old proxy or tool):
 *     a ceiling, not the target, so that the gzip figure (≈ 122–125 KiB with React 19.3) cannot grow unnoticed;
 *   - CSS ≤ 25 KiB gzip: the stylesheets the page's HTML links (postbuild inlines the one stylesheet as <style>,
 *     so it also counts in the document);
 *   - the document itself ≤ 24 KiB as Brotli: with the stylesheet inline, it is all the first paint waits for, and
 *     every page pays for its CSS again, so neither may grow unnoticed;
 *   - no font inside them: a font inlined into the stylesheet would come before every page's first paint, and the
 *     page a visitor enters by fetches its fonts after it (frontend/app/site/fonts.ts).
 *
 * KiB, as Lighthouse counts them. The test measures what nginx sends: the .br and .gz copies postbuild writes
 * (brotli_static, gzip_static). React 19.3, React DOM and the React Router runtime are ≈ 86 KiB of every page by
 * themselves as Brotli, so the app's share (shell, route template, shared components, router manifest) has the rest.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";

// Every page carries its language's frame words, the language switcher, the translations' route labels and a router
// manifest of every language's routes (the templates' words travel in the page's data, not here).
export const JS_BUDGET = 112 * 1024;
export const JS_GZIP_CEILING = 126 * 1024;
export const CSS_BUDGET = 25 * 1024;
export const HTML_BUDGET = 24 * 1024;

/** A font inlined into a stylesheet: url(data:font/woff2;base64,…). */
const INLINE_FONT = /url\(["']?data:font\/woff2;base64,([A-Za-z0-9+/=]+)["']?\)/g;

/** A stylesheet's own code (gzip, fonts taken out) and the bytes of the fonts inlined in it. */
function weighStylesheet(file: string): { code: number; fonts: number } {
  const text = readFileSync(file, "utf8");
  const fonts = [...text.matchAll(INLINE_FONT)].reduce((total, m) => total + Buffer.from(m[1]!, "base64").length, 0);
  if (!fonts) return { code: gzipSize(file), fonts: 0 };
  return { code: gzipSync(text.replace(INLINE_FONT, "url()"), { level: constants.Z_BEST_COMPRESSION }).length, fonts };
}

const client = resolve(import.meta.dirname, "../../build/client");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** How nginx sends a built file to a client that accepts the encoding: its precompressed copy, if postbuild wrote one. */
const ENCODINGS = {
  gzip: {
    suffix: ".gz",
    unpack: gunzipSync,
    pack: (body: Buffer) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
  },
  br: {
    suffix: ".br",
    unpack: brotliDecompressSync,
    pack: (body: Buffer) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  },
};

const sent = new Map<string, number>();
/**
 * Bytes nginx sends for a built file: its precompressed copy (gzip_static, brotli_static; postbuild writes both for
 * every script and stylesheet), else what the encoder makes of it at its best (nginx compresses the rest on the fly
 * with gzip, at most this well).
 */
function sentSize(file: string, encoding: keyof typeof ENCODINGS): number {
  const key = `${encoding} ${file}`;
  let size = sent.get(key);
  if (size === undefined) {
    const { suffix, unpack, pack } = ENCODINGS[encoding];
    if (existsSync(file + suffix)) {
      const copy = readFileSync(file + suffix);
      // A stale or foreign copy would make the figure a lie: it must unpack to the file itself.
      if (!unpack(copy).equals(readFileSync(file)))
        throw new Error(`${relative(client, file)}${suffix} nie odpowiada plikowi`);
      size = copy.length;
    } else size = pack(readFileSync(file)).length;
    sent.set(key, size);
  }
  return size;
}
const gzipSize = (file: string) => sentSize(file, "gzip");
const brotliSize = (file: string) => sentSize(file, "br");

/** A URL path of the site ("/assets/x.js") or a specifier relative to a file ("./x.js") → the file in build/client. */
function fileOf(specifier: string, from?: string): string | undefined {
  if (/^[a-z]+:|^\/\//i.test(specifier)) return undefined; // another origin: not ours to count
  const clean = specifier.split(/[?#]/)[0]!;
  if (clean.startsWith("/")) return join(client, clean);
  // Only ./ and ../ resolve relative to a module; a bare name ("react") is text inside the code, not an import.
  return from && /^\.\.?\//.test(clean) ? resolve(dirname(from), clean) : undefined;
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];

/** Static imports of an ES module (import x from "…", import "…", export … from "…"); not import("…"). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g)].map(
    (m) => m[1]!,
  );
}

interface PageWeight {
  page: string;
  /** First-load JavaScript as Brotli, and as gzip. */
  js: number;
  jsGzip: number;
  /** The document as Brotli. */
  html: number;
  css: number;
  fonts: number;
  jsFiles: string[];
  cssFiles: string[];
}

function weigh(htmlFile: string): PageWeight {
  const html = readFileSync(htmlFile, "utf8");
  const entries: string[] = [];
  const cssFiles = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") entries.push(href);
    if (rel === "stylesheet") {
      const file = fileOf(href);
      if (file) cssFiles.add(file);
    }
  }
  for (const [, open, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
    if (attr(open!, "type") !== "module") continue;
    const src = attr(open!, "src");
    if (src) entries.push(src);
    // The inline loader (frontend/build/afterFirstPaint.ts) lists the page's modules: every script URL in it counts,
    // whether or not it is fetched before hydration.
    for (const m of body!.matchAll(/["'](\/[^"']+\.js)["']/g)) entries.push(m[1]!);
  }
  const jsFiles = new Set<string>();
  const queue = entries.map((e) => fileOf(e)).filter((f): f is string => Boolean(f));
  while (queue.length) {
    const file = queue.pop()!;
    if (jsFiles.has(file)) continue;
    if (!existsSync(file))
      throw new Error(`${relative(client, htmlFile)} odwołuje się do brakującego pliku ${relative(client, file)}`);
    jsFiles.add(file);
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      const dep = fileOf(spec, file);
      if (dep) queue.push(dep);
    }
  }
  for (const file of cssFiles)
    if (!existsSync(file)) throw new Error(`${relative(client, htmlFile)}: brak ${relative(client, file)}`);
  const sum = (files: Set<string>, size: (file: string) => number) =>
    [...files].reduce((total, f) => total + size(f), 0);
  const short = (files: Set<string>) => [...files].map((f) => relative(client, f)).sort();
  const stylesheets = [...cssFiles].map(weighStylesheet);
  const css = stylesheets.reduce((total, s) => total + s.code, 0);
  const fonts = stylesheets.reduce((total, s) => total + s.fonts, 0);
  return {
    page: "/" + relative(client, htmlFile),
    html: brotliSize(htmlFile),
    js: sum(jsFiles, brotliSize),
    jsGzip: sum(jsFiles, gzipSize),
    css,
    fonts,
    jsFiles: short(jsFiles),
    cssFiles: short(cssFiles),
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

describe("budżet rozmiaru stron (br, gzip)", () => {
  it("build/client istnieje (npm run build przed testami)", () => {
    expect(existsSync(join(client, "index.html")), `brak ${client}/index.html — najpierw npm run build`).toBe(true);
  });

  const pages = existsSync(client)
    ? walk(client)
        .filter((f) => f.endsWith(".html"))
        .sort()
    : [];

  it("są strony do zważenia", () => {
    expect(pages.length).toBeGreaterThan(10);
  });

  it.each(pages.map((file) => [relative(client, file), file] as const))(
    `%s: JS ≤ ${JS_BUDGET / 1024} KiB br i ≤ ${JS_GZIP_CEILING / 1024} KiB gzip, CSS ≤ 25 KiB, HTML ≤ ${HTML_BUDGET / 1024} KiB br, no font in the CSS`,
    (_, file) => {
      const weight = weigh(file);
      expect(weight.jsFiles.length, "strona bez skryptu modułowego — zmienił się format prerenderu?").toBeGreaterThan(
        0,
      );
      expect(
        weight.js,
        `JavaScript pierwszego ładowania (br) ${kib(weight.js)} > ${kib(JS_BUDGET)}: ${weight.jsFiles.join(", ")}`,
      ).toBeLessThanOrEqual(JS_BUDGET);
      expect(
        weight.jsGzip,
        `JavaScript pierwszego ładowania (gzip) ${kib(weight.jsGzip)} > ${kib(JS_GZIP_CEILING)}: ${weight.jsFiles.join(", ")}`,
      ).toBeLessThanOrEqual(JS_GZIP_CEILING);
      expect(weight.html, `dokument (br) ${kib(weight.html)} > ${kib(HTML_BUDGET)}`).toBeLessThanOrEqual(HTML_BUDGET);
      expect(weight.css, `CSS ${kib(weight.css)} > 25 KiB: ${weight.cssFiles.join(", ")}`).toBeLessThanOrEqual(
        CSS_BUDGET,
      );
      expect(
        weight.fonts,
        `fonty w arkuszu (${kib(weight.fonts)}): ${weight.cssFiles.join(", ")} — czcionka ma być osobnym plikiem (site/fonts.ts)`,
      ).toBe(0);
    },
  );

  it("zod i powiększenie zdjęć (lightbox) nie są w JavaScripcie pierwszego ładowania żadnej strony", () => {
    for (const file of pages) {
      const weight = weigh(file);
      for (const js of weight.jsFiles) {
        const code = readFileSync(join(client, js), "utf8");
        expect(code, `${weight.page}: ${js} zawiera zod`).not.toMatch(/ZodError|\$ZodType/);
        // Its chunk, or its code (it keeps focus in itself: the only "focusin" listener of the site).
        expect(js, `${weight.page}: ${js} to lightbox`).not.toMatch(/Lightbox-/);
        if (!js.includes("framework-"))
          expect(code, `${weight.page}: ${js} zawiera lightbox`).not.toContain('"focusin"');
      }
    }
  });

  // A module of the form that one of its lazy chunks imports too joins the "app" chunk every page loads
  // (vite.config.ts): its endpoints' addresses in another page's first load would show it.
  it("kod formularza kontaktowego jest tylko w JavaScripcie pierwszego ładowania strony /kontakt", () => {
    for (const file of pages) {
      const weight = weigh(file);
      // The contact page in every language.
      if (/^(?:(?:uk|en)\/)?kontakt\/index\.html$/.test(weight.page.replace(/^\//, ""))) continue;
      for (const js of weight.jsFiles) {
        const code = readFileSync(join(client, js), "utf8");
        expect(code, `${weight.page}: ${js} zawiera kod formularza`).not.toMatch(
          /\/contact-challenge|\/send-email\.php/,
        );
      }
    }
  });

  it("strona nie odwołuje się do modulepreload ani nie importuje skryptów przed pierwszym malowaniem", () => {
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      expect(html, relative(client, file)).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html, relative(client, file)).not.toMatch(/<script[^>]+src=/);
      expect(html, relative(client, file)).not.toMatch(/^\s*import\s/m);
    }
  });
});

export { weigh };
