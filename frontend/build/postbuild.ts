/**
 * After `react-router build`: turns the prerendered output into what nginx serves.
 * - the not-found page becomes build/client/404.html (nginx sends it with status 404);
 * - sitemap.xml and robots.txt from the route table and the blog content;
 * - every page carries its stylesheet inline (inlineStylesheet.ts) and fetches its JavaScript only after its first
 *   paint (afterFirstPaint.ts);
 * - build/nginx/csp-hashes.map: for every page, the CSP hashes of its inline scripts, so the Content-Security-Policy
 *   header allows exactly those and no other inline script;
 * - .gz and .br copies of text files for nginx's gzip_static and brotli_static;
 * - build/nginx/redirects.map: the addresses that moved (the route table's `redirects`), for nginx;
 * - build/nginx/launch-check.txt: what `npm run launch:check` lists and whether this is a demonstration build, for the
 *   production web image's entrypoint (launchGate.ts);
 * - build/nginx/privacy-settings.txt: the settings the privacy texts state, as built (privacySettings.ts);
 * - build/client/content/: the checked content the pages were built from, served as JSON (servedContent.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { site } from "../app/salon/config";
import { privacyRecord } from "../app/salon/privacySettings";
import { ARTICLE_NOT_FOUND_SLUG, NOT_FOUND_PRERENDER_PATH } from "../app/site/notFound";
import { afterFirstPaint } from "./afterFirstPaint";
import { inlineStylesheet } from "./inlineStylesheet";
import { sitemapXml } from "./sitemap";
import routerConfig from "../../react-router.config";
import { launchItems } from "./launchCheck";
import { redirects } from "../app/site/routeTable";
import { redirectMap } from "./redirects";
import { demoBuild, launchRecord } from "./launchGate";
import { validateAll } from "./validateContent";
import { writeServedContent } from "./servedContent";

const buildDir = routerConfig.buildDirectory ?? "build";
const client = join(buildDir, "client");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// 1. The not-found pages: every unknown path, and an unknown blog article.
for (const [from, to] of [
  [NOT_FOUND_PRERENDER_PATH, "404.html"],
  [`/blog/${ARTICLE_NOT_FOUND_SLUG}`, "blog/404.html"],
]) {
  const dir = join(client, from!);
  if (!existsSync(join(dir, "index.html"))) throw new Error(`Brak prerenderowanej strony ${from}`);
  renameSync(join(dir, "index.html"), join(client, to!));
  rmSync(dir, { recursive: true });
  rmSync(`${dir}.data`, { force: true });
}
// Every route is prerendered, so the SPA fallback would only serve wrong pages for unknown paths.
rmSync(join(client, "__spa-fallback.html"), { force: true });

// 2. Sitemap and robots.
const sitemap = sitemapXml();
writeFileSync(join(client, "sitemap.xml"), sitemap);
writeFileSync(join(client, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${site.origin}/sitemap.xml\n`);

// 3. The stylesheet inline (inlineStylesheet.ts), paint first, then load the JavaScript (afterFirstPaint.ts); then
//    the CSP hashes of each page's inline scripts: ours and React Router's (its context, its hydration data, React's
//    streaming helpers), whatever they hold, and the module script the loader adds after the first paint.
const htmlFiles = walk(client).filter((f) => f.endsWith(".html"));
const lines: string[] = [];
for (const file of htmlFiles) {
  const page = relative(client, file);
  const styled = inlineStylesheet(readFileSync(file, "utf8"), page, (href) => readFileSync(join(client, href), "utf8"));
  const { html, script } = afterFirstPaint(styled, page);
  writeFileSync(file, html);
  const hashes = [
    ...[...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    ),
    script,
  ]
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  const unique = [...new Set(hashes)].join(" ");
  const served = "/" + relative(client, file).split("\\").join("/");
  const keys = [served];
  if (served.endsWith("/index.html")) keys.push(served.slice(0, -"/index.html".length) || "/");
  for (const key of keys) lines.push(`    ${JSON.stringify(key)} "${unique}";`);
}
mkdirSync(join(buildDir, "nginx"), { recursive: true });
writeFileSync(
  join(buildDir, "nginx/csp-hashes.map"),
  `# Written by frontend/build/postbuild.ts: the inline scripts each page may run.\nmap $uri $salon_script_hashes {\n    default "";\n${lines.join("\n")}\n}\n`,
);
// The addresses that moved (checked by the content check: each to a page, none hiding one).
writeFileSync(join(buildDir, "nginx/redirects.map"), redirectMap(redirects));
// The launch check's result, for the production web image's entrypoint (launchGate.ts, docker/nginx/launch-gate.sh).
writeFileSync(
  join(buildDir, "nginx/launch-check.txt"),
  launchRecord(launchItems({ contentDir: resolve(process.env.CONTENT_DIR ?? "content") }), demoBuild()),
);
// The settings the privacy texts state as they were built, for the web image's entrypoint to compare with its own
// (privacySettings.ts, docker/nginx/render-templates.sh).
writeFileSync(join(buildDir, "nginx/privacy-settings.txt"), privacyRecord());

// The content the pages were built from, read and checked as the prerender read it (react-router.config.ts).
const servedContent = writeServedContent(client, validateAll());

// 4. Precompressed copies for gzip_static and brotli_static. Brotli at quality 11 with the largest window is 15–20 %
//    smaller than zlib's best, and every browser asks for it over HTTPS (production): nginx sends the .br to those and
//    the .gz to the rest (docs/performance.md). Zopfli writes ordinary gzip 3–5 % smaller than zlib's best: worth its
//    seconds for the scripts and stylesheets, shared by every page; the pages (a minute of Zopfli for 4 % of a .gz
//    that a browser over HTTPS never asks for) and the rest get zlib -9. A copy that is not smaller is not written.
let gzipCopies = 0;
let brotliCopies = 0;
// Every file compressed here is text (scripts, styles, markup, JSON, the turbo-stream .data): the text mode fits.
const brotli = (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
for (const file of walk(client)) {
  if (!/\.(html|js|css|svg|json|data|xml|txt)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 512) continue;
  const gz = /\.(js|css)$/.test(file)
    ? await zopfliGzip(body, { numiterations: 15 })
    : gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  if (gz.length < body.length) {
    writeFileSync(`${file}.gz`, gz);
    gzipCopies++;
  }
  const br = brotli(body);
  if (br.length < body.length) {
    writeFileSync(`${file}.br`, br);
    brotliCopies++;
  }
}
console.log(
  `postbuild: 404.html, sitemap (${sitemap.split("<url>").length - 1} adresów), CSP dla ${htmlFiles.length} stron, /content/: ${servedContent.files} plików JSON (${servedContent.bytes} B), ${gzipCopies} plików .gz, ${brotliCopies} plików .br`,
);
