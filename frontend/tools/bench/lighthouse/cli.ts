/**
 * `npm run bench`: Lighthouse 13 (mobile preset, simulated throttling — Lighthouse's defaults, the CPU slowdown
 * calibrated to one phone on any host: calibration.ts) on every route, in Debian's Chromium, N runs per route
 * (default 3), the median of each metric, checked against the budgets (docs/performance.md); beside it the same site
 * under applied throttling (a CPU really slowed and a throttled network, Lighthouse's --throttling-method=devtools)
 * on /, /cennik, /laser-frakcyjny, /kontakt and one page per language, budgeted against
 * the hero reference on a nginx of its own in the same passes; and the production path on those four routes under
 * both profiles: the camera-like photos' build through the production front (Caddy, TLS, HTTP/2), budgeted against
 * the hero reference behind the same front (sites.ts, productionSites). A benchmark, not a test: tests/run.sh never
 * runs it (it takes minutes and its numbers depend on the machine).
 *
 *   npm run bench -- --cpu-slowdown 4              a constant CPU slowdown (Lighthouse's default) instead of the
 *                                                   calibrated one: host ÷ the emulated phone (calibration.ts)
 *   npm run bench -- --throttling simulated|applied|both   one of the two profiles, or both (the default; --https
 *                                                   and --photos: simulated only)
 *   npm run bench -- --applied-routes /,/blog|all   the routes under applied throttling (default: the four above,
 *                                                   or the --only list)
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
 *                                                   through the production front (docker/caddy: Caddy 2.11 from Debian
 *                                                   13's trixie-backports, its Caddyfile rendered by the image's own entrypoint, HTTP/2,
 *                                                   TLS with Caddy's local CA for localhost, nginx over its unix
 *                                                   socket; https://localhost:58082), and the hero reference behind
 *                                                   the same front over both (hero.localhost). Combine with --only and
 *                                                   --runs, e.g.
 *                                                   npm run bench -- --https --only /,/cennik,/laser-frakcyjny,/kontakt
 *   npm run bench -- --photos --link-latency 0      the front without the link's latency (default 10 ms each way,
 *                                                   frontend/tools/bench/lighthouse/link.mjs: on loopback a response can come before the
 *                                                   browser has begun to parse the page, which no network allows)
 *
 * The hero reference: the home page's LCP photo alone on a bare page behind the same front, written from
 * the build's own home page. Routes served through the front are budgeted at LCP ≤ 1.1× its LCP (plain HTTP: 1.2 s).
 * Every row also gives the LCP element's photo: the file the browser chose, its bytes and its SSIM against its source.
 *
 * Prints a Markdown table (one row per route) and writes the same, with every run's numbers, to
 * reports/lighthouse/bench-<time>.json. Exits 1 when a route misses a budget (a cell marked ✗), 2 on errors.
 * Each run is a fresh visitor: caches and all of the origin's storage (cookies, localStorage) are cleared, so the
 * cookie banner shows as on a real first visit.
 *
 * Here the command line and the runs; sites.ts starts what is measured (nginx, the front, the hero reference),
 * metrics.ts runs Lighthouse and reads its report, report.ts prints and saves the results.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import type { Result } from "lighthouse";
import { routes, staticPaths } from "../../../app/site/routeTable.ts";
import { articleSlugs } from "../../../app/contentModel/load.server.ts";
import { PUBLISHED_LANGUAGES } from "../../../app/contentModel/languages.ts";
import { languageOfPath } from "../../../app/site/languagePaths.ts";
import { chromiumPath } from "../../../../tests/support/chromium.ts";
import {
  CHROME_FLAGS,
  HTTPS_FLAGS,
  appliedBudgetMisses,
  budgetMisses,
  failedAuditsOf,
  lcpElementOf,
  lcpGraph,
  measure,
  medianMetrics,
  metricsOf,
  recordLcpImage,
  type Metrics,
  type RouteResult,
} from "./metrics.ts";
import { calibrate, type CpuSlowdown } from "./calibration.ts";
import { compare, comparison, report, sec, sitesOf, summary, table, type SavedBench } from "./report.ts";
import { httpsSites, nginxHeroSite, ownSite, productionSites, root, variantSites, type Site } from "./sites.ts";

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
    /** Milliseconds each way on the link between the browser and the production front (frontend/tools/bench/lighthouse/link.mjs). */
    linkLatency: 10,
    /** Lighthouse's simulated throttling, the applied one (a CPU really slowed), or both (the default run). */
    throttling: "" as "" | Throttling,
    /** The routes measured under applied throttling: the --only list, else these four ("all": every route). */
    appliedRoutes: [] as string[],
    cpuSlowdown: { calibrated: true } as CpuSlowdown,
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
    else if (arg.startsWith("--cpu-slowdown")) {
      const multiplier = Number(value());
      if (!(multiplier >= 1)) throw new Error("--cpu-slowdown: liczba ≥ 1");
      args.cpuSlowdown = { calibrated: false, multiplier };
    } else if (arg.startsWith("--throttling")) {
      const throttling = value();
      if (!THROTTLINGS.includes(throttling as Throttling))
        throw new Error(`--throttling: jedno z ${THROTTLINGS.join(", ")}`);
      args.throttling = throttling as Throttling;
    } else if (arg.startsWith("--applied-routes"))
      args.appliedRoutes = value()
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
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
  if ((args.https || args.photos) && args.throttling && args.throttling !== "simulated")
    throw new Error("--throttling applied|both: tylko na własnym nginx przez HTTP (bez --https, --photos)");
  const throttling: Throttling = args.throttling || (args.https || args.photos ? "simulated" : "both");
  return { ...args, throttling };
}

/** One page per translation: its templates and frame are the Polish pages', in its words (issue 48). */
const LANGUAGE_SAMPLES = PUBLISHED_LANGUAGES.map((language) => `/${language}/laser-frakcyjny`);

/** Every Polish route (the static ones from the route table, the blog's articles), then a page of each translation. */
function allPaths(): string[] {
  const articles = articleSlugs().map((slug) => `/blog/${slug}`);
  return [...staticPaths.filter((path) => languageOfPath(path) === "pl"), ...articles, ...LANGUAGE_SAMPLES];
}

const isNoindex = (path: string) => routes.some((r) => r.path === path && r.noindex);

const THROTTLINGS = ["simulated", "applied", "both"] as const;
type Throttling = (typeof THROTTLINGS)[number];

/** The routes measured under applied throttling by default: one page of each heavy kind and the contact page. */
const APPLIED_ROUTES = ["/", "/cennik", "/laser-frakcyjny", "/kontakt", ...LANGUAGE_SAMPLES];

/**
 * Beside the site under Lighthouse's simulation (or instead of it), the same site under applied throttling on
 * `appliedPaths`, budgeted against the hero reference on a nginx of its own (port + 5) measured in the same passes;
 * with --base-url there is no reference, and only CLS is budgeted.
 */
function withApplied(site: Site, throttling: Throttling, appliedPaths: string[], heroPort?: number): Site[] {
  if (throttling === "simulated") return [site];
  const hero = heroPort === undefined ? undefined : nginxHeroSite(heroPort, site);
  const applied: Site = {
    ...site,
    name: "applied",
    paths: appliedPaths,
    throttling: "devtools",
    against: hero?.name,
    // The same servers as the simulated run's: stopped by it when it is measured too, by this one otherwise.
    stop: throttling === "both" ? async () => undefined : site.stop,
  };
  return [...(throttling === "both" ? [site] : []), applied, ...(hero ? [hero] : [])];
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.compare.length) return compare(args.compare);
  if (args.table) {
    const saved = JSON.parse(readFileSync(args.table, "utf8")) as SavedBench;
    for (const site of sitesOf(saved))
      console.log(`\n${site.name}:\n\n${table(site.results, site.throttling)}\n\n${summary(site.name, site.results)}`);
    const variants = saved.sites?.filter((site) => site.build) ?? [];
    if (variants.length === 2) console.log(`\n${comparison(variants)}`);
    return;
  }

  const paths = allPaths().filter((p) => !args.only.length || args.only.includes(p));
  if (!paths.length) throw new Error(`Żadna trasa nie pasuje do --only ${args.only.join(",")}`);

  const appliedPaths =
    args.appliedRoutes[0] === "all"
      ? allPaths()
      : args.appliedRoutes.length
        ? args.appliedRoutes
        : args.only.length
          ? paths
          : APPLIED_ROUTES;
  const sites: Site[] = args.baseUrl
    ? withApplied(
        { name: "site", url: args.baseUrl.replace(/\/$/, ""), stop: async () => undefined },
        args.throttling,
        appliedPaths,
      )
    : args.photos
      ? await variantSites(args.port, args.reuseBuilds, args.linkLatency)
      : args.https
        ? await httpsSites(args.port, args.linkLatency)
        : [
            ...withApplied(ownSite(args.port), args.throttling, appliedPaths, args.port + 5),
            ...(await productionSites(args.port + 10, args.linkLatency, appliedPaths, args.throttling)),
          ];
  // The hero reference is measured at its own "/" in every pass, whichever routes --only chose.
  const measured = (site: Site, path: string) => (site.paths ? site.paths.includes(path) : allMeasured.includes(path));
  const allMeasured = paths;
  const loopPaths = sites.some((site) => site.paths?.some((p) => !paths.includes(p)))
    ? [...new Set([...sites.flatMap((site) => site.paths ?? []), ...paths])]
    : paths;
  const chromeFlags = sites.some((site) => site.url.startsWith("https:"))
    ? [...CHROME_FLAGS, ...HTTPS_FLAGS]
    : CHROME_FLAGS;
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
  // Per run: the host measured before it, the slowdown, and the phone it emulated (Lighthouse's own index ÷ slowdown).
  const cpu: { host: number[]; multiplier: number[]; emulated: number[] } = { host: [], multiplier: [], emulated: [] };
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
                const calibration = await calibrate(chrome.port, args.cpuSlowdown);
                const multiplier =
                  calibration?.multiplier ?? (args.cpuSlowdown.calibrated ? 4 : args.cpuSlowdown.multiplier);
                lhr = await measure(site.url + path, chrome.port, site.throttling, multiplier);
                if (calibration) cpu.host.push(calibration.host);
                cpu.multiplier.push(multiplier);
                cpu.emulated.push(lhr.environment.benchmarkIndex / multiplier);
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
            if (args.lcpGraph && !site.throttling) {
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

  // The reference a site's budgets are relative to: its median over the passes, measured at its own "/".
  const referenceOf = (site: Site) => {
    const reference = sites.find((candidate) => candidate.name === site.against);
    return reference ? medianMetrics(runs.get(key(reference, "/"))!.map(metricsOf)) : undefined;
  };
  const missesOf = (site: Site, path: string, m: Metrics, noindex: boolean) =>
    site.reference
      ? []
      : site.throttling
        ? appliedBudgetMisses(m, referenceOf(site))
        : budgetMisses(path, m, noindex, referenceOf(site)?.lcp);
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
          misses: missesOf(site, path, med, noindex),
          lcpElement: lcpElementOf(lhrs[0]!),
        };
      });
  const siteResults = sites.map((site) => ({
    name: site.name,
    baseUrl: site.url,
    build: site.build,
    throttling: site.throttling,
    results: resultsOf(site),
  }));
  report({ runs: args.runs, sites, siteResults, lighthouseVersion, chromeVersion, benchmarkIndex, cpu, load, started });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
