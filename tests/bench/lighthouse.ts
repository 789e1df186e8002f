/**
 * `npm run bench`: Lighthouse 13 (mobile preset, simulated throttling — Lighthouse's defaults) on every route, in
 * Debian's Chromium, N runs per route (default 3), the median of each metric, checked against the budgets of
 * issue 7. A benchmark, not a test: tests/run.sh never runs it (it takes minutes and its numbers depend on the machine).
 *
 *   npm run bench                                   starts its own nginx (the native stack's, on port 58080) on build/
 *   npm run bench -- --base-url https://example.pl  measures another site (or BENCH_URL=…); starts nothing
 *   npm run bench -- --runs 5 --only /,/cennik     more runs, a subset of paths
 *   npm run bench -- --compare a.json b.json c.json the spread between whole benches (machine noise)
 *   npm run bench -- --table a.json                 the table of a saved bench again
 *   npm run bench -- --keep-lhr                     also keeps every run's full Lighthouse report (to see why)
 *   npm run bench -- --lcp-graph                    also writes what the LCP waits for in Lighthouse's simulation
 *   npm run bench -- --photos                       the artwork and the photo fixtures side by side: builds both
 *                                                   variants (IMAGE_SET=artwork|photos) into .stack/bench/sites/,
 *                                                   serves each with its own nginx (ports 58080, 58081) behind the
 *                                                   production front (HTTP/2; https://artwork.localhost:58084,
 *                                                   https://photos.localhost:58084) and measures every route on both,
 *                                                   interleaved, beside the photos' hero reference (below)
 *   npm run bench -- --photos --reuse-builds        the same on the variants built by the last --photos run
 *   npm run bench -- --https                        plain HTTP beside HTTPS, the production protocol: the same build on
 *                                                   the same nginx, once directly (http://127.0.0.1:58080) and once
 *                                                   through the production front (docker/caddy: Caddy 2.6 from Debian
 *                                                   13, its Caddyfile rendered by the image's own entrypoint, HTTP/2,
 *                                                   TLS with Caddy's local CA for localhost, nginx over its unix
 *                                                   socket; https://localhost:58082), and the hero reference behind
 *                                                   the same front over both (hero.localhost). Combine with --only and
 *                                                   --runs, e.g.
 *                                                   npm run bench -- --https --only /,/cennik,/red-touch-pro,/kontakt
 *   npm run bench -- --photos --link-latency 0      the front without the link's latency (default 10 ms each way,
 *                                                   tests/bench/link.mjs: on loopback a response can come before the
 *                                                   browser has begun to parse the page, which no network allows)
 *
 * The hero reference (issue 25): the home page's LCP photo alone on a bare page behind the same front, written from
 * the build's own home page. Routes served through the front are budgeted at LCP ≤ 1.1× its LCP (plain HTTP: 1.2 s).
 * Every row also gives the LCP element's photo: the file the browser chose, its bytes and its SSIM against its source.
 *
 * Prints a Markdown table (one row per route) and writes the same, with every run's numbers, to
 * reports/lighthouse/bench-<time>.json. Exits 1 when a route misses a budget (a cell marked ✗), 2 on errors.
 * Each run is a fresh visitor: caches and all of the origin's storage (cookies, localStorage) are cleared, so the
 * cookie banner shows as on a real first visit.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Flags, Result } from "lighthouse";
import { Simulation } from "lighthouse/core/lib/lantern/lantern.js";
import { routes, staticPaths } from "../../frontend/app/site/routeTable.ts";
import { imageSet, imageSources } from "../../frontend/build/contentImages.ts";
import { sourceAt } from "../../frontend/build/images.ts";
import { lumaOf, ssim } from "../../frontend/build/ssim.ts";
import { chromiumPath, quietChromiumFlags } from "../support/chromium.ts";

const root = resolve(import.meta.dirname, "../..");

/**
 * The budgets: issue 7's, tightened by issue 15 (performance 100, LCP 1.2 s, CLS 0, with photographs as well as
 * the artwork). Scores are 0–100, times in ms, bytes in bytes.
 */
export const BUDGET = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  /** Only on indexable routes: noindex pages fail Lighthouse's "is crawlable" audit by design. */
  seo: 100,
  /** Over plain HTTP/1.1 (`npm run bench`): the budget issue 15 set. */
  lcp: 1200,
  /**
   * Through the production front (--https, --photos; issue 25): LCP within 1.1× of the hero reference's — the home
   * page's LCP photo alone on a bare page behind the same front (startFront).
   */
  lcpOverReference: 1.1,
  cls: 0,
  tbt: 50,
  /** Home page, everything transferred during the load. */
  homeBytes: 400 * 1024,
} as const;

interface Metrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  bytes: number;
  jsBytes: number;
  requests: number;
  /** The LCP element's photo (issue 25): bytes transferred, and its SSIM against its source (NaN: no photo, artwork). */
  lcpImageBytes: number;
  lcpImageSsim: number;
}

interface RouteResult {
  path: string;
  noindex: boolean;
  median: Metrics;
  runs: Metrics[];
  /** Audits below full score in the accessibility, best-practices and SEO categories, with their titles. */
  failedAudits: Record<string, string>;
  /** Which budgets the median misses. */
  misses: string[];
  lcpElement?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Arguments

function parseArgs(argv: string[]) {
  const args = {
    baseUrl: process.env.BENCH_URL ?? "",
    runs: 3,
    only: [] as string[],
    port: 58080,
    compare: [] as string[],
    table: "",
    keepLhr: false,
    lcpGraph: false,
    photos: false,
    reuseBuilds: false,
    https: false,
    /** Milliseconds each way on the link between the browser and the production front (tests/bench/link.mjs). */
    linkLatency: 10,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      if (v === undefined) throw new Error(`${arg}: brak wartości`);
      return v;
    };
    if (arg.startsWith("--base-url")) args.baseUrl = value();
    else if (arg.startsWith("--runs")) args.runs = Number(value());
    else if (arg.startsWith("--only"))
      args.only = value()
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
    else if (arg.startsWith("--port")) args.port = Number(value());
    else if (arg.startsWith("--table")) args.table = value();
    else if (arg === "--keep-lhr") args.keepLhr = true;
    else if (arg === "--lcp-graph") args.lcpGraph = true;
    else if (arg === "--photos") args.photos = true;
    else if (arg === "--reuse-builds") args.reuseBuilds = true;
    else if (arg === "--https") args.https = true;
    else if (arg.startsWith("--link-latency")) args.linkLatency = Number(value());
    else if (arg === "--compare") args.compare = argv.slice(i + 1);
    else if (arg === "--help" || arg === "-h") {
      console.log(readFileSync(import.meta.filename, "utf8").split("*/")[0]);
      process.exit(0);
    } else throw new Error(`Nieznany argument: ${arg} (--help)`);
    if (arg === "--compare") break;
  }
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error("--runs: liczba całkowita ≥ 1");
  if (!Number.isInteger(args.linkLatency) || args.linkLatency < 0)
    throw new Error("--link-latency: liczba całkowita milisekund ≥ 0");
  if (args.photos && args.baseUrl) throw new Error("--photos buduje i serwuje oba warianty sam: bez --base-url");
  if (args.https && (args.baseUrl || args.photos))
    throw new Error("--https serwuje stronę sam, bez --base-url i --photos (--photos też mierzy przez front HTTPS)");
  return args;
}

/** Every route: the static ones from the route table, then the blog articles from content/blog. */
function allPaths(): string[] {
  const articles = readdirSync(join(root, "content/blog"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => `/blog/${f.slice(0, -".json".length)}`)
    .sort();
  return [...staticPaths, ...articles];
}

const isNoindex = (path: string) => routes.some((r) => r.path === path && r.noindex);

// ---------------------------------------------------------------------------------------------------------------
// Our own servers: nginx of the native stack (the same template as the image), on their own ports and state folders
// so they never collide with a running `npm run stack` or tests/run.sh. PHP and the mail catcher are not needed here.
// Each runs in a helper process with its own environment (config.mjs reads ports, state folder and build folder
// when it loads), so two of them can serve two builds at once.

interface Site {
  /** "site" for the one build; "artwork" and "photos" with --photos. */
  name: string;
  url: string;
  stop: () => Promise<void>;
  /** How the variant was built (--photos): seconds, and the encoded image set. */
  build?: { seconds: number; reused: boolean; imageFiles: number; imageBytes: number };
  /** Only these paths (the hero reference pages); every path otherwise. */
  paths?: string[];
  /** Our nginx's state folder (its socket is there), and the build it serves: the LCP photo's file is read there. */
  stackDir?: string;
  buildDir?: string;
  /** The image set the build was made with: the LCP photo's source, for its SSIM. */
  imageSet?: "photos" | "artwork";
  /** The hero reference page (issue 25): not budgeted itself, the production sites' LCP is budgeted against it. */
  reference?: boolean;
  /** Served through the production front: LCP is budgeted against the hero reference over HTTPS. */
  production?: boolean;
}

function webService(action: "start" | "stop", env: Record<string, string>) {
  const code =
    `const s = await import(${JSON.stringify(join(root, "docker/native/services.mjs"))});` +
    (action === "start"
      ? `await s.stopService("web").catch(() => undefined); await s.startService("web", { detached: true });`
      : `await s.stopService("web");`);
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`nginx (${env.STACK_DIR}): ${action} nie powiodło się`);
}

function startServer(name: string, port: number, imageSet: "photos" | "artwork", buildDir?: string): Site {
  const stackDir = name === "site" ? ".stack/bench" : `.stack/bench/${name}`;
  const env: Record<string, string> = {
    NGINX_PORT: String(port),
    PHP_FPM_PORT: process.env.PHP_FPM_PORT ?? String(port + 1020),
    STACK_DIR: stackDir,
    ...(buildDir ? { SITE_BUILD_DIR: buildDir } : {}),
  };
  webService("start", env);
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    stop: async () => webService("stop", env),
    stackDir,
    buildDir: buildDir ?? join(root, "build"),
    imageSet,
  };
}

/** The one build in build/ (made first if there is none). */
function ownSite(port: number): Site {
  if (!existsSync(join(root, "build/client/index.html")) || !existsSync(join(root, "build/nginx/csp-hashes.map"))) {
    console.log("Budowanie strony (npm run build)…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build nie powiodło się");
  }
  // The working copy's switch (npm run photos:on) is what build/ was made with, unless it was built otherwise since.
  return startServer("site", port, imageSet());
}

function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolvePort, reject) => {
    const attempt = () => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolvePort();
      });
      socket.once("error", () =>
        Date.now() > deadline ? reject(new Error(`port ${port} się nie otworzył`)) : setTimeout(attempt, 200),
      );
    };
    attempt();
  });
}

/**
 * The production front (--https, --photos) before our nginx. Caddy is Debian 13's (the image's package; its static
 * binary is fetched by tests/compose/trixie-binaries.sh into .stack/bin unless one is on PATH) and its Caddyfile is
 * written by the image's entrypoint (docker/caddy/entrypoint.sh) for SITE_DOMAIN=localhost, so Caddy's local CA signs
 * the certificate; the browser ignores certificate errors (what is measured is the protocol, not the trust). Further
 * sites (the variants of --photos) get a block of the same shape under their own name (photos.localhost).
 *
 * The reference (issue 25): the site's own hero alone — the home page's LCP photo with the same preload, srcset,
 * sizes, priority and box, and a heading — behind the same front, its photo from the same nginx (hero.localhost,
 * over HTTPS and plain HTTP). A route's LCP is budgeted against it: what the page adds to what the photo and the
 * protocol cost by themselves.
 */
const socketOf = (stackDir: string) => join(root, stackDir, "run/nginx.sock");

function heroPage(buildDir: string): string {
  const home = readFileSync(join(buildDir, "client/index.html"), "utf8");
  // React writes the attributes in camelCase (fetchPriority, imageSrcSet): HTML does not care, nor does this.
  const preload = [...home.matchAll(/<link [^>]*>/g)]
    .map((m) => m[0])
    .find((l) => /rel="preload"/i.test(l) && /as="image"/i.test(l));
  const picture = [...home.matchAll(/<picture[^>]*>[\s\S]*?<\/picture>/g)]
    .map((m) => m[0])
    .find((p) => /fetchpriority="high"/i.test(p));
  if (!preload || !picture)
    throw new Error(
      `${buildDir}: strona główna bez wstępnie ładowanego zdjęcia (preload, <picture> z fetchpriority="high")`,
    );
  // The hero's box (Hero.module.scss): full width, clamp(26rem, 70vh, 40rem) high, cover.
  const style =
    "body{margin:0;font-family:sans-serif}h1{position:absolute;margin:1rem;font-size:1rem;color:#fff}img{display:block;width:100%;height:clamp(26rem,70vh,40rem);object-fit:cover}";
  return (
    '<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="description" content="Strona wzorcowa pomiaru: samo zdjęcie pierwszego slajdu"><link rel="icon" href="data:,"><title>Wzorzec</title>${preload}<style>${style}</style></head>` +
    `<body><main><h1>Wzorzec</h1>${picture}</main></body></html>\n`
  );
}

async function startFront(
  port: number,
  backends: { host: string; socket: string }[],
  hero: { buildDir: string; socket: string },
  latency: number,
) {
  // The front image's Caddy (2.10+, trixie-backports): an older binary cannot read the Caddyfile the entrypoint writes.
  const current = (path: string) =>
    /^v?2\.(1\d|[2-9]\d)\./.test(spawnSync(path, ["version"], { encoding: "utf8" }).stdout ?? "");
  let caddy = join(root, ".stack/bin/caddy");
  if (existsSync(caddy) && !current(caddy)) rmSync(caddy);
  if (!existsSync(caddy)) {
    const onPath = spawnSync("sh", ["-c", "command -v caddy"], { encoding: "utf8" }).stdout.trim();
    if (onPath && current(onPath)) caddy = onPath;
    else if (
      spawnSync("bash", ["tests/compose/trixie-binaries.sh", ".stack/bin", "caddy/trixie-backports:/usr/bin/caddy"], {
        cwd: root,
        stdio: "inherit",
      }).status !== 0
    ) {
      throw new Error("Caddy: brak programu (tests/compose/trixie-binaries.sh)");
    }
  }
  // The browser reaches the front over a link with latency (tests/bench/link.mjs) on these ports; Caddy itself
  // listens 10 ports higher. Without latency (--link-latency 0) directly.
  const [httpPort, httpsPort] = [port + 1, port + 2];
  const [caddyHttp, caddyHttps] = latency ? [httpPort + 10, httpsPort + 10] : [httpPort, httpsPort];
  const dir = join(root, ".stack/bench/front");
  const caddyfile = join(dir, "Caddyfile");
  const env = {
    ...process.env,
    SITE_DOMAIN: backends[0]!.host,
    ACME_EMAIL: "",
    ACME_CA: "",
    ACME_CA_ROOT: "/nonexistent",
    TRUSTED_PROXIES: "",
    WEB_SOCKET: backends[0]!.socket,
    CADDYFILE: caddyfile,
    HTTP_PORT: String(caddyHttp),
    HTTPS_PORT: String(caddyHttps),
    XDG_DATA_HOME: join(dir, "data"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
  if (spawnSync("sh", [join(root, "docker/caddy/entrypoint.sh"), "true"], { env, stdio: "inherit" }).status !== 0)
    throw new Error("docker/caddy/entrypoint.sh nie powiodło się");
  const proxy = (socket: string) => `reverse_proxy unix/${socket} {\n\t\theader_down -Server\n\t}`;
  const others = backends.slice(1).map((b) => `${b.host} {\n\timport hsts\n\t${proxy(b.socket)}\n}\n`);
  const heroDir = join(dir, "hero");
  mkdirSync(heroDir, { recursive: true });
  writeFileSync(join(heroDir, "index.html"), heroPage(hero.buildDir));
  // The page at / only, its photos from nginx; anything else (robots.txt included) a 404, as on a site without one.
  const reference = `handle / {\n\t\troot * ${heroDir}\n\t\tfile_server\n\t}\n\thandle /img/* {\n\t\t${proxy(hero.socket)}\n\t}\n\thandle {\n\t\trespond 404\n\t}`;
  writeFileSync(
    caddyfile,
    `${readFileSync(caddyfile, "utf8")}\n${others.join("\n")}\nhero.localhost {\n\timport hsts\n\t${reference}\n}\n\nhttp://hero.localhost:${caddyHttp} {\n\t${reference}\n}\n`,
  );
  const log = openSync(join(dir, "caddy.log"), "w");
  const front = spawn(caddy, ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    env,
    stdio: ["ignore", log, log],
  });
  await waitForPort(caddyHttps);
  const links = latency
    ? [
        [httpPort, caddyHttp],
        [httpsPort, caddyHttps],
      ].map(([from, to]) =>
        spawn(process.execPath, [join(root, "tests/bench/link.mjs"), String(from), String(to), String(latency)], {
          stdio: "inherit",
        }),
      )
    : [];
  await waitForPort(httpsPort);
  return {
    https: (host: string) => `https://${host}:${httpsPort}`,
    http: (host: string) => `http://${host}:${httpPort}`,
    stop: async () => {
      for (const link of links) link.kill("SIGTERM");
      front.kill("SIGTERM");
    },
  };
}

/** The hero reference behind a front (see startFront), over HTTPS and, unless only that, plain HTTP. */
const heroSites = (
  front: Awaited<ReturnType<typeof startFront>>,
  site: Site,
  protocols: ("http" | "https")[],
): Site[] =>
  protocols.map((protocol) => ({
    name: `hero-${protocol}`,
    url: front[protocol]("hero.localhost"),
    stop: async () => undefined,
    paths: ["/"],
    reference: true,
    buildDir: site.buildDir,
    imageSet: site.imageSet,
  }));

/** --https: the one build, directly over plain HTTP/1.1 and through the front; the hero reference over both. */
async function httpsSites(port: number, latency: number): Promise<Site[]> {
  const http = ownSite(port);
  const front = await startFront(
    port,
    [{ host: "localhost", socket: socketOf(http.stackDir!) }],
    { buildDir: http.buildDir!, socket: socketOf(http.stackDir!) },
    latency,
  );
  return [
    { ...http, name: "http" },
    { ...http, name: "https", url: front.https("localhost"), stop: front.stop, production: true },
    ...heroSites(front, http, ["http", "https"]),
  ];
}

const VARIANTS = ["artwork", "photos"] as const;
const variantDir = (variant: string) => join(root, ".stack/bench/sites", variant);

function dirBytes(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += readFileSync(join(dir, entry.name)).length;
  }
  return { files, bytes };
}

/**
 * --photos: both variants built side by side, each into its own folder (SITE_BUILD_DIR) with its own image set
 * (IMAGE_SET), the photo fixtures made first if missing. The image pipeline's cache makes the second and later
 * builds cheap. Afterwards the working copy's images are put back to what its own switch says. Each is served by
 * its own nginx (port, port + 1) and measured through the production front (HTTP/2, port + 4: artwork.localhost,
 * photos.localhost), beside the photos' hero reference behind the same front.
 */
async function variantSites(port: number, reuse: boolean, latency: number): Promise<Site[]> {
  const builds: Record<string, Site["build"]> = {};
  for (const variant of ["photos", "artwork"] as const) {
    const dir = variantDir(variant);
    const built = existsSync(join(dir, "client/index.html")) && existsSync(join(dir, "nginx/csp-hashes.map"));
    let seconds = 0;
    if (!reuse || !built) {
      if (variant === "photos") {
        const made = spawnSync("npx", ["tsx", "frontend/tools/photos.ts", "generate"], { cwd: root, stdio: "inherit" });
        if (made.status !== 0) throw new Error("npm run photos: zdjęcia testowe nie powstały");
      }
      console.log(`Budowanie wariantu ${variant} (IMAGE_SET=${variant}) do ${dir}…`);
      const started = Date.now();
      const build = spawnSync("npm", ["run", "build"], {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, IMAGE_SET: variant, SITE_BUILD_DIR: dir },
      });
      if (build.status !== 0) throw new Error(`npm run build (${variant}) nie powiodło się`);
      seconds = (Date.now() - started) / 1000;
    }
    const images = dirBytes(join(dir, "client/img"));
    builds[variant] = { seconds, reused: reuse && built, imageFiles: images.files, imageBytes: images.bytes };
  }
  // The working copy's frontend/public/img and manifest now hold the last variant: back to its own image set.
  const restore = spawnSync("npx", ["tsx", "frontend/build/images.ts"], { cwd: root, stdio: "inherit" });
  if (restore.status !== 0) throw new Error("npm run images nie powiodło się");
  const direct = VARIANTS.map((variant, i) => ({
    ...startServer(variant, port + i, variant, variantDir(variant)),
    build: builds[variant],
  }));
  const photos = direct.find((site) => site.name === "photos")!;
  const front = await startFront(
    port + 2,
    direct.map((site) => ({ host: `${site.name}.localhost`, socket: socketOf(site.stackDir!) })),
    { buildDir: photos.buildDir!, socket: socketOf(photos.stackDir!) },
    latency,
  );
  const fronted = direct.map((site, i) => ({
    ...site,
    url: front.https(`${site.name}.localhost`),
    production: true,
    stop: async () => {
      await site.stop();
      if (i === 0) await front.stop();
    },
  }));
  return [...fronted, ...heroSites(front, photos, ["https"])];
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox", // root here; Lighthouse's launcher does not add it by itself
  ...quietChromiumFlags,
  "--disable-dev-shm-usage",
];

const FLAGS: Flags = {
  logLevel: "error",
  output: "json",
  onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  // A fresh visitor on every run: besides the caches Lighthouse always clears, the origin's cookies and storage.
  clearStorageTypes: [
    "cookies",
    "local_storage",
    "indexeddb",
    "websql",
    "file_systems",
    "shader_cache",
    "service_workers",
    "cache_storage",
  ],
  // Neither changes a score; both cost seconds per run (a second navigation, a full-page capture).
  skipAudits: ["bf-cache", "full-page-screenshot"],
  disableFullPageScreenshot: true,
  locale: "pl",
};

/** --https: Caddy's local CA is in no trust store; the bench measures the protocol, the tests check the trust. */
const HTTPS_FLAGS = ["--ignore-certificate-errors"];

async function measure(url: string, port: number): Promise<Result> {
  const result = await lighthouse(url, { ...FLAGS, port });
  if (!result) throw new Error("Lighthouse nie zwrócił wyniku");
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.audits["http-status-code"]?.score === 0) throw new Error("odpowiedź inna niż 200");
  return lhr;
}

function metricsOf(lhr: Result): Metrics {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (typeof v !== "number") throw new Error(`Brak wyniku audytu ${id}: ${lhr.audits[id]?.errorMessage ?? "?"}`);
    return v;
  };
  const summary =
    (
      lhr.audits["resource-summary"]?.details as
        { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined
    )?.items ?? [];
  const row = (type: string) => summary.find((i) => i.resourceType === type);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: num("first-contentful-paint"),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    speedIndex: num("speed-index"),
    bytes: num("total-byte-weight"),
    jsBytes: row("script")?.transferSize ?? 0,
    requests: row("total")?.requestCount ?? 0,
    lcpImageBytes: lcpImages.get(lhr)?.bytes ?? NaN,
    lcpImageSsim: lcpImages.get(lhr)?.ssim ?? NaN,
  };
}

/**
 * The LCP element's photo: its name from the element's snippet (the <img>'s fallback src, /img/NAME-960.HASH.jpg),
 * the file the browser took from the network requests (the width and format it chose), and that file's SSIM against
 * its source at that width (frontend/build/ssim.ts, the pipeline's own floor measure), read from the build on disk.
 */
const lcpImages = new WeakMap<Result, { file: string; bytes: number; ssim: number }>();
const fidelity = new Map<string, Promise<number>>();

async function recordLcpImage(lhr: Result, site: Site) {
  const name = lcpNodeOf(lhr)?.snippet?.match(/\/img\/([^"/\s]+?)-\d+\.[0-9a-f]{8}\.(?:jpg|avif|webp)/)?.[1];
  if (!name) return;
  const requests =
    (
      lhr.audits["network-requests"]?.details as
        { items?: { url: string; transferSize?: number; resourceType?: string }[] } | undefined
    )?.items ?? [];
  const request = requests.find((r) =>
    new RegExp(`/img/${name}-\\d+\\.[0-9a-f]{8}\\.(avif|webp|jpg)$`).test(new URL(r.url).pathname),
  );
  if (!request) return;
  const file = new URL(request.url).pathname.slice("/img/".length);
  let ssimOf = fidelity.get(`${site.buildDir}/${file}`);
  if (!ssimOf) {
    ssimOf = photoSsim(site, name, file);
    fidelity.set(`${site.buildDir}/${file}`, ssimOf);
  }
  lcpImages.set(lhr, { file, bytes: request.transferSize ?? NaN, ssim: await ssimOf });
}

async function photoSsim(site: Site, name: string, file: string): Promise<number> {
  const source = site.imageSet ? imageSources(site.imageSet).find((s) => s.name === name) : undefined;
  if (!source || !site.buildDir || source.path.toLowerCase().endsWith(".svg")) return NaN; // artwork: drawn, not encoded from a photo
  const width = Number(file.match(/-(\d+)\.[0-9a-f]{8}\./)![1]);
  const reference = await lumaOf(await sourceAt(readFileSync(source.path), width));
  return ssim(reference, await lumaOf(readFileSync(join(site.buildDir, "client/img", file))));
}

function failedAuditsOf(lhr: Result): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ["accessibility", "best-practices", "seo", "performance"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      if (id === "performance" && audit.scoreDisplayMode === "numeric") continue; // the metrics are in the table
      // The first item of the audit's details says what failed (an element, a URL, an issue type).
      const first = (audit.details as { items?: unknown[] } | undefined)?.items?.[0];
      out[ref.id] = first ? `${audit.title}: ${JSON.stringify(first).slice(0, 240)}` : audit.title;
    }
  }
  return out;
}

/**
 * The LCP element as Lighthouse names it: since Lighthouse 13 in the "lcp-breakdown-insight" audit (a list whose
 * node item is the element), which replaced "largest-contentful-paint-element".
 */
function lcpNodeOf(lhr: Result): { snippet?: string; selector?: string } | undefined {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as
    { items?: { type?: string; snippet?: string; selector?: string }[] } | undefined;
  return details?.items?.find((item) => item.type === "node");
}

function lcpElementOf(lhr: Result): string | undefined {
  const node = lcpNodeOf(lhr);
  return node?.selector ?? node?.snippet;
}

/**
 * What the LCP waits for in Lighthouse's model: simulated (lantern) LCP is the mean of an optimistic and a pessimistic
 * estimate, each the simulated load of a graph of the requests and main-thread tasks that had finished before the
 * observed LCP. This lists every node of both graphs with its simulated start and end (the last one to end is the
 * LCP), so what stands in the way can be read off.
 */
interface GraphNode {
  type: string;
  request?: { url: string; transferSize: number; priority: string; resourceType?: string };
}
function lcpGraph(): string {
  const lines: string[] = [];
  const timings = Simulation.Simulator.allNodeTimings as Map<
    string,
    Map<GraphNode, { startTime: number; endTime: number }>
  >;
  for (const label of ["optimisticLargestContentfulPaint", "pessimisticLargestContentfulPaint"]) {
    const graph = timings.get(label);
    if (!graph) continue;
    const end = Math.max(...[...graph.values()].map((t) => t.endTime));
    lines.push(`${label}: ${end.toFixed(0)} ms`);
    for (const [node, t] of [...graph.entries()].sort((a, b) => a[1].endTime - b[1].endTime)) {
      const what = node.request
        ? `${node.request.resourceType ?? "?"} ${node.request.priority} ${(node.request.transferSize / 1024).toFixed(1)} KB ${node.request.url.replace(/^https?:\/\/[^/]+/, "")}`
        : `cpu`;
      lines.push(`  ${t.startTime.toFixed(0).padStart(5)}–${t.endTime.toFixed(0).padStart(5)} ms  ${what}`);
    }
  }
  timings.clear();
  return lines.join("\n");
}

const median = (values: number[]) => {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function medianMetrics(runs: Metrics[]): Metrics {
  const keys = Object.keys(runs[0]!) as (keyof Metrics)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Metrics;
}

/** referenceLcp: the hero reference's median LCP behind the same front, for a site served through it. */
function budgetMisses(path: string, m: Metrics, noindex: boolean, referenceLcp?: number): string[] {
  const misses: string[] = [];
  if (m.performance < BUDGET.performance) misses.push("performance");
  if (m.accessibility < BUDGET.accessibility) misses.push("accessibility");
  if (m.bestPractices < BUDGET.bestPractices) misses.push("bestPractices");
  if (!noindex && m.seo < BUDGET.seo) misses.push("seo");
  if (referenceLcp !== undefined ? m.lcp > BUDGET.lcpOverReference * referenceLcp : m.lcp > BUDGET.lcp)
    misses.push("lcp");
  if (m.cls > BUDGET.cls) misses.push("cls");
  if (m.tbt > BUDGET.tbt) misses.push("tbt");
  if (path === "/" && m.bytes > BUDGET.homeBytes) misses.push("bytes");
  return misses;
}

// ---------------------------------------------------------------------------------------------------------------
// Output

const kb = (b: number) => (b / 1024).toFixed(0);
const sec = (ms: number) => (ms / 1000).toFixed(2);

const COLUMNS: { head: string; key: keyof Metrics; fmt: (v: number) => string }[] = [
  { head: "Perf", key: "performance", fmt: String },
  { head: "A11y", key: "accessibility", fmt: String },
  { head: "BP", key: "bestPractices", fmt: String },
  { head: "SEO", key: "seo", fmt: String },
  { head: "FCP s", key: "fcp", fmt: sec },
  { head: "LCP s", key: "lcp", fmt: sec },
  { head: "TBT ms", key: "tbt", fmt: (v) => v.toFixed(0) },
  { head: "CLS", key: "cls", fmt: (v) => v.toFixed(3) },
  { head: "SI s", key: "speedIndex", fmt: sec },
  { head: "KB", key: "bytes", fmt: kb },
  { head: "JS KB", key: "jsBytes", fmt: kb },
  { head: "Req", key: "requests", fmt: String },
  { head: "LCP photo KB", key: "lcpImageBytes", fmt: (v) => (Number.isFinite(v) ? kb(v) : "—") },
  { head: "SSIM", key: "lcpImageSsim", fmt: (v) => (Number.isFinite(v) ? v.toFixed(4) : "—") },
];
const MISS_KEY: Partial<Record<keyof Metrics, string>> = { bytes: "bytes" };

function table(results: RouteResult[]): string {
  const lines = [
    `| Route | ${COLUMNS.map((c) => c.head).join(" | ")} |`,
    `|---|${COLUMNS.map(() => "--:").join("|")}|`,
  ];
  for (const r of results) {
    const cells = COLUMNS.map((c) => {
      const missed = r.misses.includes(MISS_KEY[c.key] ?? c.key);
      const text = c.key === "seo" && r.noindex ? `${c.fmt(r.median.seo)}ⁿ` : c.fmt(r.median[c.key]);
      return missed ? `${text} ✗` : text;
    });
    lines.push(`| ${r.path} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// --compare: the same routes measured by several whole benches; how far apart the benches are (machine noise).

function compare(files: string[]) {
  if (files.length < 2) throw new Error("--compare: podaj co najmniej dwa pliki JSON z reports/lighthouse");
  const saved = files.map((f) => JSON.parse(readFileSync(f, "utf8")) as SavedBench);
  for (const name of sitesOf(saved[0]!).map((s) => s.name)) {
    const benches = saved.map((b) => ({ results: sitesOf(b).find((s) => s.name === name)?.results ?? [] }));
    if (saved.some((b) => sitesOf(b).length > 1)) console.log(`\n${name}:`);
    compareResults(benches);
  }
}

function compareResults(benches: { results: RouteResult[] }[]) {
  const keys: (keyof Metrics)[] = ["performance", "fcp", "lcp", "tbt", "cls", "speedIndex", "bytes"];
  console.log(`Spread between ${benches.length} benches (min–max of the per-bench medians):\n`);
  console.log(`| Route | ${keys.join(" | ")} |\n|---|${keys.map(() => "--:").join("|")}|`);
  const worst: Record<string, number> = {};
  for (const r of benches[0]!.results) {
    const cells = keys.map((k) => {
      const vals = benches
        .map((b) => b.results.find((x) => x.path === r.path)?.median[k])
        .filter((v): v is number => v !== undefined);
      const fmt = COLUMNS.find((c) => c.key === k)!.fmt;
      const lo = Math.min(...vals);
      const hi = Math.max(...vals);
      worst[k] = Math.max(worst[k] ?? 0, hi - lo);
      return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
    });
    console.log(`| ${r.path} | ${cells.join(" | ")} |`);
  }
  console.log(
    `\nLargest spread on any route: ${keys.map((k) => `${k} ${COLUMNS.find((c) => c.key === k)!.fmt(worst[k] ?? 0)}`).join(", ")}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

/** A saved bench: one site, or the two variants of --photos. */
interface SavedBench {
  results: RouteResult[];
  sites?: { name: string; baseUrl: string; build?: Site["build"]; results: RouteResult[] }[];
}
const sitesOf = (saved: SavedBench) => saved.sites ?? [{ name: "site", baseUrl: "", results: saved.results }];

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** One line per variant: the range of each metric over the routes. */
function summary(name: string, results: RouteResult[]): string {
  const range = (k: keyof Metrics, fmt: (v: number) => string) => {
    const v = results.map((r) => r.median[k]);
    return `${fmt(Math.min(...v))}–${fmt(Math.max(...v))}`;
  };
  const home = results.find((r) => r.path === "/");
  return (
    `${name}: performance ${range("performance", String)}, LCP ${range("lcp", sec)} s (mean ${sec(mean(results.map((r) => r.median.lcp)))}), ` +
    `FCP ${range("fcp", sec)} s, CLS ${range("cls", (v) => v.toFixed(3))}, TBT ${range("tbt", (v) => v.toFixed(0))} ms, ` +
    `KB ${range("bytes", kb)}${home ? ` (home ${kb(home.median.bytes)})` : ""}, budget misses ${results.filter((r) => r.misses.length).length}`
  );
}

/** Artwork and photos route by route: the metrics that differ between them. */
function comparison(sites: { name: string; results: RouteResult[] }[]): string {
  const [a, b] = sites;
  if (!a || !b) return "";
  // The per-route table's columns that differ between the two image sets (scores other than performance do not).
  const compared: (keyof Metrics)[] = [
    "performance",
    "fcp",
    "lcp",
    "lcpImageBytes",
    "lcpImageSsim",
    "tbt",
    "cls",
    "bytes",
    "requests",
  ];
  const keys = COLUMNS.filter((c) => compared.includes(c.key));
  const lines = [
    `| Route | ${keys.map((k) => `${k.head} ${a.name} → ${b.name}`).join(" | ")} | LCP element (${b.name}) |`,
    `|---|${keys.map(() => "--:").join("|")}|---|`,
  ];
  for (const ra of a.results) {
    const rb = b.results.find((r) => r.path === ra.path);
    if (!rb) continue;
    const cell = (k: (typeof keys)[number]) => {
      const miss = (r: RouteResult) => (r.misses.includes(MISS_KEY[k.key] ?? k.key) ? " ✗" : "");
      return `${k.fmt(ra.median[k.key])}${miss(ra)} → ${k.fmt(rb.median[k.key])}${miss(rb)}`;
    };
    lines.push(
      `| ${ra.path} | ${keys.map(cell).join(" | ")} | ${(rb.lcpElement ?? "")
        .replace(/_[0-9a-z]{5}_\d+/g, "")
        .replace(/\|/g, "/")
        .slice(-48)} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.compare.length) return compare(args.compare);
  if (args.table) {
    const saved = JSON.parse(readFileSync(args.table, "utf8")) as SavedBench;
    for (const site of sitesOf(saved))
      console.log(`\n${site.name}:\n\n${table(site.results)}\n\n${summary(site.name, site.results)}`);
    if (saved.sites?.length === 2) console.log(`\n${comparison(saved.sites)}`);
    return;
  }

  const paths = allPaths().filter((p) => !args.only.length || args.only.includes(p));
  if (!paths.length) throw new Error(`Żadna trasa nie pasuje do --only ${args.only.join(",")}`);

  const sites: Site[] = args.baseUrl
    ? [{ name: "site", url: args.baseUrl.replace(/\/$/, ""), stop: async () => undefined }]
    : args.photos
      ? await variantSites(args.port, args.reuseBuilds, args.linkLatency)
      : args.https
        ? await httpsSites(args.port, args.linkLatency)
        : [ownSite(args.port)];
  // The hero reference is measured at its own "/" in every pass, whichever routes --only chose.
  const measured = (site: Site, path: string) => (site.paths ? site.paths.includes(path) : allMeasured.includes(path));
  const allMeasured = paths;
  const loopPaths = sites.some((site) => site.paths?.some((p) => !paths.includes(p)))
    ? [...new Set([...sites.flatMap((site) => site.paths ?? []), ...paths])]
    : paths;
  const chromeFlags = args.https || args.photos ? [...CHROME_FLAGS, ...HTTPS_FLAGS] : CHROME_FLAGS;
  const stopServers = async () => {
    for (const site of sites) await site.stop().catch(() => undefined);
  };
  process.once("SIGINT", () => void stopServers().then(() => process.exit(130)));
  process.once("SIGTERM", () => void stopServers().then(() => process.exit(143)));

  const chromePath = chromiumPath;
  const key = (site: Site, path: string) => `${site.name} ${path}`;
  const runs = new Map<string, Result[]>(
    sites.flatMap((site) =>
      loopPaths.filter((p) => measured(site, p)).map((p) => [key(site, p), []] as [string, Result[]]),
    ),
  );
  const started = Date.now();
  // The machine's 1-minute load average every 10 s: other work slows the simulated CPU (TBT, and LCP a little).
  const load: number[] = [loadavg()[0]!];
  const sampler = setInterval(() => load.push(loadavg()[0]!), 10_000);
  let chromeVersion = "";
  let lighthouseVersion = "";
  const benchmarkIndex: number[] = [];
  console.log(
    `Lighthouse: ${paths.length} tras × ${args.runs} przebiegi na ${sites.map((s) => `${s.name} ${s.url}`).join(", ")}`,
  );
  try {
    // Runs interleave (every route once, then again; with two variants, each route on both, one after the other),
    // so a slow minute of the machine does not hit one route or one variant only. A new browser for every pass.
    for (let run = 1; run <= args.runs; run++) {
      let chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "silent" });
      chromeVersion ||= (
        (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }
      ).Browser;
      try {
        for (const path of loopPaths) {
          for (const site of sites.filter((candidate) => measured(candidate, path))) {
            // Lighthouse now and then fails a run on its own (NO_NAVSTART, a protocol timeout): try again, twice,
            // in a new browser.
            let lhr: Result | undefined;
            for (let attempt = 1; !lhr; attempt++) {
              try {
                lhr = await measure(site.url + path, chrome.port);
              } catch (error) {
                if (attempt >= 3) throw error;
                console.warn(`  ! ${site.name} ${path}: ${(error as Error).message} — jeszcze raz`);
                chrome.kill();
                chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "silent" });
              }
            }
            await recordLcpImage(lhr, site);
            lighthouseVersion = lhr.lighthouseVersion;
            benchmarkIndex.push(lhr.environment.benchmarkIndex);
            runs.get(key(site, path))!.push(lhr);
            const fileName = `${sites.length > 1 ? `${site.name}-` : ""}${path.replace(/\//g, "_") || "_"}-${run}`;
            if (args.lcpGraph) {
              const dir = join(root, "reports/lighthouse/lcp-graph");
              mkdirSync(dir, { recursive: true });
              writeFileSync(
                join(dir, `${fileName}.txt`),
                `${site.name} ${path} LCP ${sec(metricsOf(lhr).lcp)} s (${lcpElementOf(lhr)})\n${lcpGraph()}\n`,
              );
            }
            if (args.keepLhr) {
              const dir = join(root, "reports/lighthouse/lhr");
              mkdirSync(dir, { recursive: true });
              writeFileSync(join(dir, `${fileName}.json`), JSON.stringify(lhr));
            }
            const m = metricsOf(lhr);
            process.stdout.write(
              `  [${run}/${args.runs}] ${sites.length > 1 ? `${site.name} ` : ""}${path}: ${m.performance}, LCP ${sec(m.lcp)} s\n`,
            );
          }
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    clearInterval(sampler);
    await stopServers();
  }
  load.push(loadavg()[0]!);

  const referenceSite = sites.find((site) => site.reference && site.url.startsWith("https:"));
  const referenceLcp = referenceSite
    ? median(runs.get(key(referenceSite, "/"))!.map((lhr) => metricsOf(lhr).lcp))
    : undefined;
  const resultsOf = (site: Site): RouteResult[] =>
    loopPaths
      .filter((path) => measured(site, path))
      .map((path) => {
        const lhrs = runs.get(key(site, path))!;
        const all = lhrs.map(metricsOf);
        const med = medianMetrics(all);
        const noindex = isNoindex(path);
        return {
          path,
          noindex,
          median: med,
          runs: all,
          failedAudits: Object.assign({}, ...lhrs.map(failedAuditsOf)),
          misses: site.reference ? [] : budgetMisses(path, med, noindex, site.production ? referenceLcp : undefined),
          lcpElement: lcpElementOf(lhrs[0]!),
        };
      });
  const siteResults = sites.map((site) => ({
    name: site.name,
    baseUrl: site.url,
    build: site.build,
    results: resultsOf(site),
  }));

  // How far the runs of one route are apart within this bench: the machine's noise.
  const spread = (k: keyof Metrics) =>
    Math.max(
      ...siteResults.flatMap((s) =>
        s.results.map((r) => Math.max(...r.runs.map((m) => m[k])) - Math.min(...r.runs.map((m) => m[k]))),
      ),
    );

  const when = new Date();
  const output = {
    date: when.toISOString(),
    baseUrl: sites[0]!.url,
    runsPerRoute: args.runs,
    lighthouse: lighthouseVersion,
    chrome: chromeVersion,
    benchmarkIndexMedian: median(benchmarkIndex),
    benchmarkIndexRange: [Math.min(...benchmarkIndex), Math.max(...benchmarkIndex)],
    // Other work on the machine slows the simulated CPU (TBT, and LCP a little): the 1-minute load average at the
    // start and end, and its minimum, mean and maximum over the run (sampled every 10 s).
    loadAverage: [load[0]!, load[load.length - 1]!].map((v) => Number(v.toFixed(1))),
    loadDuringRun: {
      min: Number(Math.min(...load).toFixed(2)),
      mean: Number(mean(load).toFixed(2)),
      max: Number(Math.max(...load).toFixed(2)),
      samples: load.length,
    },
    noiseWithinRoute: {
      performance: spread("performance"),
      fcp: spread("fcp"),
      lcp: spread("lcp"),
      tbt: spread("tbt"),
      cls: spread("cls"),
      bytes: spread("bytes"),
    },
    seconds: Math.round((Date.now() - started) / 1000),
    budget: BUDGET,
    results: siteResults[0]!.results,
    ...(sites.length > 1 ? { sites: siteResults } : {}),
  };
  mkdirSync(join(root, "reports/lighthouse"), { recursive: true });
  const file = join(root, "reports/lighthouse", `bench-${when.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(output, null, 1) + "\n");

  console.log(
    `\nLighthouse ${lighthouseVersion}, ${chromeVersion}, mobile (simulated slow 4G, 4× CPU), median of ${args.runs} runs, ` +
      `benchmarkIndex ${output.benchmarkIndexMedian.toFixed(0)} (${output.benchmarkIndexRange.join("–")}), ` +
      `load ${output.loadDuringRun.min}–${output.loadDuringRun.max} (mean ${output.loadDuringRun.mean})`,
  );
  for (const site of siteResults) {
    const b = site.build;
    if (b) {
      console.log(
        `\n${site.name} (${site.baseUrl}; ${b.reused ? "build reused" : `built in ${b.seconds.toFixed(0)} s`}; ` +
          `image set ${b.imageFiles} files, ${(b.imageBytes / 1024 / 1024).toFixed(1)} MiB):`,
      );
    } else if (sites.length > 1) console.log(`\n${site.name} (${site.baseUrl}):`);
    console.log(`\n${table(site.results)}`);
  }
  console.log(
    "\nⁿ noindex page: SEO not budgeted. ✗ misses the budget. KB = all bytes transferred, JS KB = script bytes.",
  );
  if (sites.length > 1) console.log(`\n${comparison(siteResults)}`);
  console.log("");
  for (const site of siteResults) console.log(summary(site.name, site.results));
  const n = output.noiseWithinRoute;
  console.log(
    `Noise: the ${args.runs} runs of one route differ by at most ${n.performance} points, ${sec(n.fcp)} s FCP, ${sec(n.lcp)} s LCP, ` +
      `${n.tbt.toFixed(0)} ms TBT, ${n.cls.toFixed(3)} CLS, ${kb(n.bytes)} KB.`,
  );
  for (const site of siteResults) {
    for (const r of site.results) {
      const audits = Object.entries(r.failedAudits).filter(([id]) => !(r.noindex && id === "is-crawlable"));
      if (audits.length)
        console.log(
          `  ${sites.length > 1 ? `${site.name} ` : ""}${r.path}: ${audits.map(([id, title]) => `${id} (${title})`).join("; ")}`,
        );
    }
  }
  console.log(`\nJSON: ${file} (${output.seconds} s)`);
  const failing = siteResults.flatMap((site) =>
    site.results
      .filter((r) => r.misses.length)
      .map((r) => `${sites.length > 1 ? `${site.name} ` : ""}${r.path} [${r.misses.join(", ")}]`),
  );
  const total = siteResults.reduce((n, s) => n + s.results.length, 0);
  if (failing.length) {
    console.log(`\n✗ ${failing.length} z ${total} tras poza budżetem: ${failing.join(", ")}`);
    process.exitCode = 1;
  } else console.log(`\n✓ Wszystkie ${total} tras w budżecie.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
