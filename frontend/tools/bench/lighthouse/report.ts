/**
 * What the bench prints and keeps: a Markdown table per site, the artwork beside the photos, the spread between saved
 * benches (--compare), and the JSON of every run in reports/lighthouse/.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TARGET_BENCHMARK_INDEX } from "./calibration.ts";
import { BUDGET, median, type Metrics, type RouteResult } from "./metrics.ts";
import { root, type Site } from "./sites.ts";

const kb = (b: number) => (b / 1024).toFixed(0);
export const sec = (ms: number) => (ms / 1000).toFixed(2);
const percent = (share: number) => (Number.isFinite(share) ? `${(share * 100).toFixed(0)} %` : "—");

const COLUMNS: { head: string; key: keyof Metrics; fmt: (v: number) => string }[] = [
  { head: "Perf", key: "performance", fmt: String },
  { head: "A11y", key: "accessibility", fmt: String },
  { head: "BP", key: "bestPractices", fmt: String },
  { head: "SEO", key: "seo", fmt: String },
  { head: "FCP s", key: "fcp", fmt: sec },
  { head: "LCP s", key: "lcp", fmt: sec },
  { head: "TBT ms", key: "tbt", fmt: (v) => v.toFixed(0) },
  { head: "CPU ms", key: "mainThreadCpu", fmt: (v) => (Number.isFinite(v) ? v.toFixed(0) : "—") },
  { head: "CLS", key: "cls", fmt: (v) => v.toFixed(3) },
  { head: "SI s", key: "speedIndex", fmt: sec },
  { head: "KB", key: "bytes", fmt: kb },
  { head: "JS KB", key: "jsBytes", fmt: kb },
  { head: "Req", key: "requests", fmt: String },
  { head: "LCP photo KB", key: "lcpImageBytes", fmt: (v) => (Number.isFinite(v) ? kb(v) : "—") },
  { head: "SSIM", key: "lcpImageSsim", fmt: (v) => (Number.isFinite(v) ? v.toFixed(4) : "—") },
];
const MISS_KEY: Partial<Record<keyof Metrics, string>> = { bytes: "bytes" };

/** Under applied throttling only the performance category runs: its metrics and what was transferred. */
const APPLIED_COLUMNS = COLUMNS.filter((c) =>
  (
    ["performance", "fcp", "lcp", "tbt", "mainThreadCpu", "cls", "speedIndex", "bytes", "jsBytes", "requests"] as const
  ).some((key) => key === c.key),
);

export function table(results: RouteResult[], throttling?: "devtools"): string {
  const columns = throttling ? APPLIED_COLUMNS : COLUMNS;
  const lines = [
    `| Route | ${columns.map((c) => c.head).join(" | ")} |`,
    `|---|${columns.map(() => "--:").join("|")}|`,
  ];
  for (const r of results) {
    const cells = columns.map((c) => {
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

export function compare(files: string[]) {
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
export interface SavedBench {
  results: RouteResult[];
  sites?: SiteResults[];
}

/** One site's results: a build, a variant of --photos, a protocol, a reference, a throttling. */
export interface SiteResults {
  name: string;
  baseUrl: string;
  build?: Site["build"];
  throttling?: "devtools";
  results: RouteResult[];
}
export const sitesOf = (saved: SavedBench) => saved.sites ?? [{ name: "site", baseUrl: "", results: saved.results }];

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** One line per variant: the range of each metric over the routes. */
export function summary(name: string, results: RouteResult[]): string {
  const range = (k: keyof Metrics, fmt: (v: number) => string) => {
    const v = results.map((r) => r.median[k]);
    return `${fmt(Math.min(...v))}–${fmt(Math.max(...v))}`;
  };
  const home = results.find((r) => r.path === "/");
  return (
    `${name}: performance ${range("performance", String)}, LCP ${range("lcp", sec)} s (mean ${sec(mean(results.map((r) => r.median.lcp)))}), ` +
    `FCP ${range("fcp", sec)} s, CLS ${range("cls", (v) => v.toFixed(3))}, TBT ${range("tbt", (v) => v.toFixed(0))} ms, ` +
    `main thread CPU ${range("mainThreadCpu", (v) => v.toFixed(0))} ms (on a core ${range("mainThreadShare", percent)} of its tasks' time), ` +
    `KB ${range("bytes", kb)}${home ? ` (home ${kb(home.median.bytes)})` : ""}, budget misses ${results.filter((r) => r.misses.length).length}`
  );
}

/** Artwork and photos route by route: the metrics that differ between them. */
export function comparison(sites: { name: string; results: RouteResult[] }[]): string {
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

/** The bench's end: its JSON in reports/lighthouse/, its tables and summaries, and the exit code of its budgets. */
export function report(bench: {
  runs: number;
  sites: Site[];
  siteResults: SiteResults[];
  lighthouseVersion: string;
  chromeVersion: string;
  benchmarkIndex: number[];
  cpu: { host: number[]; multiplier: number[]; emulated: number[] };
  load: number[];
  started: number;
}) {
  const { runs, sites, siteResults, lighthouseVersion, chromeVersion, benchmarkIndex, cpu, load, started } = bench;
  const range = (values: number[]) => [Math.min(...values), Math.max(...values)].map((v) => Number(v.toFixed(2)));
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
    runsPerRoute: runs,
    lighthouse: lighthouseVersion,
    chrome: chromeVersion,
    benchmarkIndexMedian: median(benchmarkIndex),
    benchmarkIndexRange: [Math.min(...benchmarkIndex), Math.max(...benchmarkIndex)],
    // The CPU slowdown of each run (calibration.ts): the target phone, the slowdowns used, the phones emulated.
    cpu: {
      calibrated: cpu.host.length > 0,
      target: cpu.host.length > 0 ? TARGET_BENCHMARK_INDEX : undefined,
      multiplierRange: range(cpu.multiplier),
      emulatedMedian: Math.round(median(cpu.emulated)),
      emulatedRange: range(cpu.emulated).map(Math.round),
    },
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
      mainThreadCpu: spread("mainThreadCpu"),
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
    `\nLighthouse ${lighthouseVersion}, ${chromeVersion}, mobile (slow 4G; simulated unless named "applied"), median of ${runs} runs, ` +
      `benchmarkIndex ${output.benchmarkIndexMedian.toFixed(0)} (${output.benchmarkIndexRange.join("–")}), ` +
      `CPU ${output.cpu.calibrated ? `calibrated to a phone of ${TARGET_BENCHMARK_INDEX}` : "slowed"} ` +
      `×${output.cpu.multiplierRange.join("–")}: emulated ${output.cpu.emulatedMedian} (${output.cpu.emulatedRange.join("–")}), ` +
      `load ${output.loadDuringRun.min}–${output.loadDuringRun.max} (mean ${output.loadDuringRun.mean})`,
  );
  for (const site of siteResults) {
    const b = site.build;
    if (b) {
      console.log(
        `\n${site.name} (${site.baseUrl}; ${b.reused ? "build reused" : `built in ${b.seconds.toFixed(0)} s`}; ` +
          `image set ${b.imageFiles} files, ${(b.imageBytes / 1024 / 1024).toFixed(1)} MiB):`,
      );
    } else if (sites.length > 1)
      console.log(`\n${site.name} (${site.baseUrl}${site.throttling ? ", applied throttling" : ""}):`);
    console.log(`\n${table(site.results, site.throttling)}`);
  }
  if (siteResults.some((site) => site.throttling)) {
    const b = BUDGET.applied;
    console.log(
      `\napplied: budgets relative to the hero reference under applied throttling on the same server (hero-applied, ` +
        `hero-https-applied: the bare page with the same hero, this run): ` +
        `performance ≥ its − ${b.performanceUnderReference}, TBT ≤ its + ${b.tbtOverReference} ms, ` +
        `LCP ≤ ${b.lcpOverReference}× its, CLS ${b.cls}.`,
    );
  }
  console.log(
    "\nⁿ noindex page: SEO not budgeted. ✗ misses the budget. KB = all bytes transferred, JS KB = script bytes. " +
      "CPU ms = the page's main thread on the host's clock (not slowed), which a busy host does not inflate: TBT " +
      "counts the time a task waited for a core as the phone's work (mainThread.ts).",
  );
  const variants = siteResults.filter((site) => site.build);
  if (variants.length === 2) console.log(`\n${comparison(variants)}`);
  console.log("");
  for (const site of siteResults) console.log(summary(site.name, site.results));
  const n = output.noiseWithinRoute;
  console.log(
    `Noise: the ${runs} runs of one route differ by at most ${n.performance} points, ${sec(n.fcp)} s FCP, ${sec(n.lcp)} s LCP, ` +
      `${n.tbt.toFixed(0)} ms TBT, ${n.mainThreadCpu.toFixed(0)} ms main thread CPU, ${n.cls.toFixed(3)} CLS, ${kb(n.bytes)} KB.`,
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
