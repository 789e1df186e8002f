/**
 * A slow phone on a poor link, as Chromium emulates it: the CPU slowed 6× (`Emulation.setCPUThrottlingRate`, a
 * real slowdown of the page's thread, unlike Lighthouse's simulated throttling) and Lighthouse's mobile "slow 4G"
 * applied the way its DevTools throttling applies it (`Network.emulateNetworkConditions`: 562.5 ms per request,
 * 1.47 Mbit/s down, 675 kbit/s up). Used by the contact form's slow-phone test and `npm run bench:mailer`.
 */
import type { Page } from "@playwright/test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Simulation } from "lighthouse/core/lib/lantern/lantern.js";
import { PROOF_MARKS } from "../../frontend/app/components/ContactForm/useProofOfWork.ts";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration.ts";

export const SLOW_PHONE_CPU = 6;
const slow4G = Simulation.Constants.throttling.mobileSlow4G;

/** Applies the profile to the page's tab (call before `goto`: it holds for the tab's navigations). */
export async function emulateSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE_CPU });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: slow4G.requestLatencyMs,
    // DevTools takes bytes per second, Lighthouse's figures are Kbit/s.
    downloadThroughput: Math.floor((slow4G.downloadThroughputKbps * 1024) / 8),
    uploadThroughput: Math.floor((slow4G.uploadThroughputKbps * 1024) / 8),
  });
}

/** The User Timing mark markHydration sets. */
export const HYDRATED_MARK = "hydrated";

/**
 * Records when the page declared itself hydrated as the User Timing mark HYDRATED_MARK (call before `goto`), so that
 * proofTimings can set the solver's marks beside it.
 */
export async function markHydration(page: Page): Promise<void> {
  await page.addInitScript(
    ([attribute, mark]) => {
      // From the document's creation: <html> may not exist yet when this runs.
      new MutationObserver((_, observer) => {
        if (!document.documentElement?.hasAttribute(attribute)) return;
        performance.mark(mark);
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: [attribute] });
    },
    [HYDRATED_ATTRIBUTE, HYDRATED_MARK] as const,
  );
}

/** The form's solver marks and the hydration mark, in ms since the navigation started (undefined: not yet). */
export async function proofTimings(page: Page): Promise<{ hydrated?: number; start?: number; ready?: number }> {
  // No named function inside: the benchmark runs under tsx, whose esbuild names them with a helper the page lacks.
  return page.evaluate(
    (names) => {
      const [hydrated, start, ready] = names.map((name) => performance.getEntriesByName(name)[0]?.startTime);
      return { hydrated, start, ready };
    },
    [HYDRATED_MARK, PROOF_MARKS.start, PROOF_MARKS.ready],
  );
}

/** cgroup v1's CPU controller, where Debian's kernels mount it; a group of our own for the slowed threads. */
const CPU_CGROUP = "/sys/fs/cgroup/cpu";
const SLOW_GROUP = `${CPU_CGROUP}/salon-slow-phone`;

/**
 * Slows the page's worker threads as much as emulateSlowPhone slows its main thread. Chromium's CPU throttling
 * (`Emulation.setCPUThrottlingRate`) applies to the page's main thread only ("only supported for pages, not workers"),
 * yet on a phone a worker runs on a core as slow as the page's: each Chromium thread named DedicatedWorker is moved,
 * as it appears, into a cgroup whose CPU quota is 1/SLOW_PHONE_CPU of one core (cgroup v1 places threads one by one).
 * Needs root and cgroup v1's CPU controller; returns null where it cannot (the figures are then a worker's at full
 * speed, and the caller says so), else the function that stops watching.
 */
export function slowWorkerThreads(): (() => void) | null {
  try {
    if (!existsSync(`${CPU_CGROUP}/tasks`)) return null;
    mkdirSync(SLOW_GROUP, { recursive: true });
    const period = 10_000;
    writeFileSync(`${SLOW_GROUP}/cpu.cfs_period_us`, String(period));
    writeFileSync(`${SLOW_GROUP}/cpu.cfs_quota_us`, String(Math.round(period / SLOW_PHONE_CPU)));
  } catch {
    return null;
  }
  const moved = new Set<string>();
  const read = (path: string) => {
    try {
      return readFileSync(path, "utf8").trim();
    } catch {
      return "";
    }
  };
  const look = () => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid) || !/^(chromium|chrome)/.test(read(`/proc/${pid}/comm`))) continue;
      let tasks: string[];
      try {
        tasks = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tasks) {
        if (moved.has(tid) || !read(`/proc/${pid}/task/${tid}/comm`).startsWith("DedicatedWorker")) continue;
        try {
          writeFileSync(`${SLOW_GROUP}/tasks`, tid);
          moved.add(tid);
        } catch {
          // Gone already.
        }
      }
    }
  };
  const timer = setInterval(look, 10);
  return () => clearInterval(timer);
}
