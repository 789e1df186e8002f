/**
 * One Lighthouse run and what the bench reads from it: the metrics, the LCP element and its photo, the audits that
 * cost points, what the LCP waits for in Lighthouse's model; medians over runs and the budgets they are checked against.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import type { Flags, Result } from "lighthouse";
import { Simulation } from "lighthouse/core/lib/lantern/lantern.js";
import { imageSources } from "../../../build/contentImages.ts";
import { sourceAt } from "../../../build/images.ts";
import { lumaOf, ssim } from "../../../build/ssim.ts";
import { quietChromiumFlags } from "../../../../tests/support/chromium.ts";
import { mainThreadTime, type MainThreadTime } from "./mainThread.ts";
import type { Site } from "./sites.ts";

/**
 * The budgets every route meets, with photographs as well as with the artwork (performance 100, LCP 1.2 s, CLS 0).
 * Scores are 0–100, times in ms, bytes in bytes.
 */
export const BUDGET = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  /** Only on indexable routes: noindex pages fail Lighthouse's "is crawlable" audit by design. */
  seo: 100,
  /** Over plain HTTP/1.1 (`npm run bench`). */
  lcp: 1200,
  /**
   * Through the production front (--https, --photos): LCP within 1.1× of the hero reference's — the home
   * page's LCP photo alone on a bare page behind the same front (startFront).
   */
  lcpOverReference: 1.1,
  cls: 0,
  tbt: 50,
  /** Home page, everything transferred during the load. */
  homeBytes: 400 * 1024,
  /**
   * Under applied throttling (a CPU really slowed, calibration.ts): relative to the hero reference measured in the same run on the
   * same nginx — what the page's own code adds to a page that shows the same photo and runs no script.
   */
  applied: { tbtOverReference: 200, performanceUnderReference: 5, lcpOverReference: 1.1, cls: 0 },
} as const;

export interface Metrics {
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
  /** The LCP element's photo: bytes transferred, and its SSIM against its source (NaN: no photo, artwork). */
  lcpImageBytes: number;
  lcpImageSsim: number;
  /** The page's main thread during the load, on the host's clock (mainThread.ts): ms of CPU, and CPU ÷ wall time. */
  mainThreadCpu: number;
  mainThreadShare: number;
}

export interface RouteResult {
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

export const CHROME_FLAGS = [
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
export const HTTPS_FLAGS = ["--ignore-certificate-errors"];

const mainThreads = new WeakMap<Result, MainThreadTime>();

/**
 * One run: Lighthouse's simulated throttling, or with `throttling` "devtools" the applied one (performance only),
 * the CPU slowed by `cpuSlowdownMultiplier` in both (calibration.ts).
 */
export async function measure(
  url: string,
  port: number,
  throttling: "devtools" | undefined,
  cpuSlowdownMultiplier: number,
): Promise<Result> {
  const flags: Flags = { ...FLAGS, port, throttling: { cpuSlowdownMultiplier } };
  const result = await lighthouse(
    url,
    throttling ? { ...flags, throttlingMethod: throttling, onlyCategories: ["performance"] } : flags,
  );
  if (!result) throw new Error("Lighthouse nie zwrócił wyniku");
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.audits["http-status-code"]?.score === 0) throw new Error("odpowiedź inna niż 200");
  const thread = mainThreadTime(result.artifacts.Trace.traceEvents);
  if (thread) mainThreads.set(lhr, thread);
  return lhr;
}

export function metricsOf(lhr: Result): Metrics {
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
  const thread = mainThreads.get(lhr);
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
    mainThreadCpu: thread?.cpu ?? NaN,
    mainThreadShare: thread ? thread.cpu / thread.wall : NaN,
  };
}

/**
 * The LCP element's photo: its name from the element's snippet (the <img>'s fallback src, /img/NAME-960.HASH.jpg),
 * the file the browser took from the network requests (the width and format it chose), and that file's SSIM against
 * its source at that width (frontend/build/ssim.ts, the pipeline's own floor measure), read from the build on disk.
 */
const lcpImages = new WeakMap<Result, { file: string; bytes: number; ssim: number }>();
const fidelity = new Map<string, Promise<number>>();

export async function recordLcpImage(lhr: Result, site: Site) {
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

export function failedAuditsOf(lhr: Result): Record<string, string> {
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

export function lcpElementOf(lhr: Result): string | undefined {
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
export function lcpGraph(): string {
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

export const median = (values: number[]) => {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function medianMetrics(runs: Metrics[]): Metrics {
  const keys = Object.keys(runs[0]!) as (keyof Metrics)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Metrics;
}

/**
 * Under applied throttling only the performance metrics are measured, and they are budgeted against the hero
 * reference of the same run (none: only CLS is checked).
 */
export function appliedBudgetMisses(m: Metrics, reference?: Metrics): string[] {
  const misses: string[] = [];
  const budget = BUDGET.applied;
  if (m.cls > budget.cls) misses.push("cls");
  if (!reference) return misses;
  if (m.performance < reference.performance - budget.performanceUnderReference) misses.push("performance");
  if (m.tbt > reference.tbt + budget.tbtOverReference) misses.push("tbt");
  if (m.lcp > budget.lcpOverReference * reference.lcp) misses.push("lcp");
  return misses;
}

/** referenceLcp: the hero reference's median LCP behind the same front, for a site served through it. */
export function budgetMisses(path: string, m: Metrics, noindex: boolean, referenceLcp?: number): string[] {
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
