/**
 * `npm run bench`: Lighthouse 12 (mobile preset, simulated throttling — Lighthouse's defaults) on every route, in
 * Debian's Chromium, N runs per route (default 3), the median of each metric, checked against the budgets of
 * issue 7. A benchmark, not a test: tests/run.sh never runs it (it takes minutes and its numbers depend on the machine).
 *
 *   npm run bench                                   starts its own nginx (the native stack's, on port 58080) on build/
 *   npm run bench -- --base-url https://example.pl  measures another site (or BENCH_URL=…); starts nothing
 *   npm run bench -- --runs 5 --only /,/cennik     more runs, a subset of paths
 *   npm run bench -- --compare a.json b.json c.json the spread between whole benches (machine noise)
 *   npm run bench -- --table a.json                 the table of a saved bench again
 *   npm run bench -- --keep-lhr                     also keeps every run's full Lighthouse report (to see why)
 *
 * Prints a Markdown table (one row per route) and writes the same, with every run's numbers, to
 * reports/lighthouse/bench-<time>.json. Exits 1 when a route misses a budget (a cell marked ✗), 2 on errors.
 * Each run is a fresh visitor: caches and all of the origin's storage (cookies, localStorage) are cleared, so the
 * cookie banner shows as on a real first visit.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Flags, Result } from "lighthouse";
import { routes, staticPaths } from "../../frontend/app/site/routeTable.ts";

const root = resolve(import.meta.dirname, "../..");

/** The budgets (issue 7). Scores are 0–100, times in ms, bytes in bytes. */
export const BUDGET = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  /** Only on indexable routes: noindex pages fail Lighthouse's "is crawlable" audit by design. */
  seo: 100,
  lcp: 1500,
  cls: 0.01,
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
  const args = { baseUrl: process.env.BENCH_URL ?? "", runs: 3, only: [] as string[], port: 58080, compare: [] as string[], table: "", keepLhr: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      if (v === undefined) throw new Error(`${arg}: brak wartości`);
      return v;
    };
    if (arg.startsWith("--base-url")) args.baseUrl = value();
    else if (arg.startsWith("--runs")) args.runs = Number(value());
    else if (arg.startsWith("--only")) args.only = value().split(",").map((p) => p.trim()).filter(Boolean);
    else if (arg.startsWith("--port")) args.port = Number(value());
    else if (arg.startsWith("--table")) args.table = value();
    else if (arg === "--keep-lhr") args.keepLhr = true;
    else if (arg === "--compare") args.compare = argv.slice(i + 1);
    else if (arg === "--help" || arg === "-h") {
      console.log(readFileSync(import.meta.filename, "utf8").split("*/")[0]);
      process.exit(0);
    } else throw new Error(`Nieznany argument: ${arg} (--help)`);
    if (arg === "--compare") break;
  }
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error("--runs: liczba całkowita ≥ 1");
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
// Our own server: nginx of the native stack (the same template as the image), on its own ports and state folder so
// it never collides with a running `npm run stack` or tests/run.sh. PHP and the mail catcher are not needed here.

async function startOwnServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  process.env.NGINX_PORT = String(port);
  process.env.PHP_FPM_PORT ??= String(port + 1020);
  process.env.STACK_DIR = ".stack/bench";
  // Imported only now: config.mjs reads the ports and the state folder from the environment when it loads.
  const services = await import("../../docker/native/services.mjs");
  if (!services.isBuilt()) {
    console.log("Budowanie strony (npm run build)…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build nie powiodło się");
  }
  await services.stopService("web").catch(() => undefined); // one left over from an interrupted bench
  await services.startService("web");
  return { url: `http://${services.host}:${port}`, stop: () => services.stopService("web") };
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox", // root here; Lighthouse's launcher does not add it by itself
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
  "--disable-dev-shm-usage",
];

const FLAGS: Flags = {
  logLevel: "error",
  output: "json",
  onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  // A fresh visitor on every run: besides the caches Lighthouse always clears, the origin's cookies and storage.
  clearStorageTypes: ["cookies", "local_storage", "indexeddb", "websql", "file_systems", "shader_cache", "service_workers", "cache_storage"],
  // Neither changes a score; both cost seconds per run (a second navigation, a full-page capture).
  skipAudits: ["bf-cache", "full-page-screenshot"],
  disableFullPageScreenshot: true,
  locale: "pl",
};

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
  const summary = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
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
  };
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

function lcpElementOf(lhr: Result): string | undefined {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.selector ?? node?.snippet;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function medianMetrics(runs: Metrics[]): Metrics {
  const keys = Object.keys(runs[0]!) as (keyof Metrics)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Metrics;
}

function budgetMisses(path: string, m: Metrics, noindex: boolean): string[] {
  const misses: string[] = [];
  if (m.performance < BUDGET.performance) misses.push("performance");
  if (m.accessibility < BUDGET.accessibility) misses.push("accessibility");
  if (m.bestPractices < BUDGET.bestPractices) misses.push("bestPractices");
  if (!noindex && m.seo < BUDGET.seo) misses.push("seo");
  if (m.lcp > BUDGET.lcp) misses.push("lcp");
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
  const benches = files.map((f) => JSON.parse(readFileSync(f, "utf8")) as { results: RouteResult[] });
  const keys: (keyof Metrics)[] = ["performance", "fcp", "lcp", "tbt", "cls", "speedIndex", "bytes"];
  console.log(`Spread between ${files.length} benches (min–max of the per-bench medians):\n`);
  console.log(`| Route | ${keys.join(" | ")} |\n|---|${keys.map(() => "--:").join("|")}|`);
  const worst: Record<string, number> = {};
  for (const r of benches[0]!.results) {
    const cells = keys.map((k) => {
      const vals = benches.map((b) => b.results.find((x) => x.path === r.path)?.median[k]).filter((v): v is number => v !== undefined);
      const fmt = COLUMNS.find((c) => c.key === k)!.fmt;
      const lo = Math.min(...vals);
      const hi = Math.max(...vals);
      worst[k] = Math.max(worst[k] ?? 0, hi - lo);
      return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
    });
    console.log(`| ${r.path} | ${cells.join(" | ")} |`);
  }
  console.log(`\nLargest spread on any route: ${keys.map((k) => `${k} ${COLUMNS.find((c) => c.key === k)!.fmt(worst[k] ?? 0)}`).join(", ")}`);
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.compare.length) return compare(args.compare);
  if (args.table) {
    const saved = JSON.parse(readFileSync(args.table, "utf8")) as { results: RouteResult[] };
    return console.log(table(saved.results));
  }

  const paths = allPaths().filter((p) => !args.only.length || args.only.includes(p));
  if (!paths.length) throw new Error(`Żadna trasa nie pasuje do --only ${args.only.join(",")}`);

  const server = args.baseUrl ? undefined : await startOwnServer(args.port);
  const baseUrl = (args.baseUrl || server!.url).replace(/\/$/, "");
  const stopServer = async () => server?.stop().catch(() => undefined);
  process.once("SIGINT", () => void stopServer().then(() => process.exit(130)));
  process.once("SIGTERM", () => void stopServer().then(() => process.exit(143)));

  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const runs = new Map<string, Result[]>(paths.map((p) => [p, []]));
  const started = Date.now();
  const loadBefore = loadavg()[0]!;
  let chromeVersion = "";
  let lighthouseVersion = "";
  const benchmarkIndex: number[] = [];
  console.log(`Lighthouse: ${paths.length} tras × ${args.runs} przebiegi na ${baseUrl}`);
  try {
    // Runs interleave (every route once, then again), so a slow minute of the machine does not hit one route only.
    // A new browser (new profile) for every pass.
    for (let run = 1; run <= args.runs; run++) {
      let chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
      chromeVersion ||= ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
      try {
        for (const path of paths) {
          // Lighthouse now and then fails a run on its own (NO_NAVSTART, a protocol timeout): try again, twice,
          // in a new browser.
          let lhr: Result | undefined;
          for (let attempt = 1; !lhr; attempt++) {
            try {
              lhr = await measure(baseUrl + path, chrome.port);
            } catch (error) {
              if (attempt >= 3) throw error;
              console.warn(`  ! ${path}: ${(error as Error).message} — jeszcze raz`);
              chrome.kill();
              chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
            }
          }
          lighthouseVersion = lhr.lighthouseVersion;
          benchmarkIndex.push(lhr.environment.benchmarkIndex);
          runs.get(path)!.push(lhr);
          if (args.keepLhr) {
            const dir = join(root, "reports/lighthouse/lhr");
            mkdirSync(dir, { recursive: true });
            writeFileSync(join(dir, `${path.replace(/\//g, "_") || "_"}-${run}.json`), JSON.stringify(lhr));
          }
          const m = metricsOf(lhr);
          process.stdout.write(`  [${run}/${args.runs}] ${path}: ${m.performance}, LCP ${sec(m.lcp)} s\n`);
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await stopServer();
  }

  const results: RouteResult[] = paths.map((path) => {
    const lhrs = runs.get(path)!;
    const all = lhrs.map(metricsOf);
    const med = medianMetrics(all);
    const noindex = isNoindex(path);
    return {
      path,
      noindex,
      median: med,
      runs: all,
      failedAudits: Object.assign({}, ...lhrs.map(failedAuditsOf)),
      misses: budgetMisses(path, med, noindex),
      lcpElement: lcpElementOf(lhrs[0]!),
    };
  });

  const when = new Date();
  const output = {
    date: when.toISOString(),
    baseUrl,
    runsPerRoute: args.runs,
    lighthouse: lighthouseVersion,
    chrome: chromeVersion,
    benchmarkIndexMedian: median(benchmarkIndex),
    // Other work on the machine slows the simulated CPU (TBT, and LCP a little): the 1-minute load before and after.
    loadAverage: [loadBefore, loadavg()[0]!].map((v) => Number(v.toFixed(1))),
    seconds: Math.round((Date.now() - started) / 1000),
    budget: BUDGET,
    results,
  };
  mkdirSync(join(root, "reports/lighthouse"), { recursive: true });
  const file = join(root, "reports/lighthouse", `bench-${when.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(output, null, 1) + "\n");

  console.log(
    `\nLighthouse ${lighthouseVersion}, ${chromeVersion}, mobile (simulated slow 4G, 4× CPU), median of ${args.runs} runs, ` +
      `benchmarkIndex ${output.benchmarkIndexMedian.toFixed(0)}, load ${output.loadAverage.join("→")}, ${baseUrl}\n`,
  );
  console.log(table(results));
  console.log("\nⁿ noindex page: SEO not budgeted. ✗ misses the budget. KB = all bytes transferred, JS KB = script bytes.");
  const failing = results.filter((r) => r.misses.length);
  for (const r of results) {
    const audits = Object.entries(r.failedAudits).filter(([id]) => !(r.noindex && id === "is-crawlable"));
    if (audits.length) console.log(`  ${r.path}: ${audits.map(([id, title]) => `${id} (${title})`).join("; ")}`);
  }
  console.log(`\nJSON: ${file} (${output.seconds} s)`);
  if (failing.length) {
    console.log(`\n✗ ${failing.length} z ${results.length} tras poza budżetem: ${failing.map((r) => `${r.path} [${r.misses.join(", ")}]`).join(", ")}`);
    process.exitCode = 1;
  } else console.log(`\n✓ Wszystkie ${results.length} tras w budżecie.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
