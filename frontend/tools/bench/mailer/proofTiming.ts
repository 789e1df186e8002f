/**
 * Phase 6 of `npm run bench:mailer`: the contact form's proof of work on a slow phone (tests/support/slowPhone.ts:
 * the CPU 6× slower, Lighthouse's slow 4G). BENCH_PROOF_RUNS (15) first visits to /kontakt in Debian's Chromium, each
 * in a fresh context (nothing cached) and from its own address; from the page's User Timing marks, the time from
 * the navigation's start to hydration, to the solver's start and to a solved proof, and the solver's own time
 * (loading it, the challenge request and the search). The search's length varies with the challenge (a number up
 * to 50 000), so the spread is part of the answer.
 */
import { chromium } from "@playwright/test";
import { chromiumPath, quietChromiumFlags } from "../../../../tests/support/chromium";
import {
  HYDRATED_MARK,
  emulateSlowPhone,
  markHydration,
  proofTimings,
  slowWorkerThreads,
} from "../../../../tests/support/slowPhone";
import { PROOF_MARKS } from "../../../app/components/ContactForm/useProofOfWork";

export interface ProofTiming {
  runs: number;
  /** Whether the page's worker threads were slowed as its main thread is (slowWorkerThreads). */
  workersSlowed: boolean;
  /** ms since the navigation started, one entry per solved run */
  hydrated: number[];
  started: number[];
  solved: number[];
  /** the solver's start to its proof, ms */
  solving: number[];
}

export async function proofTiming(site: string, runs: number): Promise<ProofTiming> {
  const stopSlowing = slowWorkerThreads();
  const result: ProofTiming = {
    runs,
    workersSlowed: stopSlowing !== null,
    hydrated: [],
    started: [],
    solved: [],
    solving: [],
  };
  const browser = await chromium.launch({ executablePath: chromiumPath, args: quietChromiumFlags });
  try {
    for (let run = 0; run < runs; run++) {
      // Its own address: the mailer hands out 20 challenges a minute per client.
      const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `127.88.0.${run + 1}` } });
      const page = await context.newPage();
      await emulateSlowPhone(page);
      await markHydration(page);
      await page.goto(`${site}/kontakt`, { waitUntil: "commit", timeout: 60_000 });
      // Both marks: the proof may be solved before the page has hydrated (the page's HTML starts it).
      const ready = await page
        .waitForFunction(
          (names) => names.every((name) => performance.getEntriesByName(name).length > 0),
          [PROOF_MARKS.ready, HYDRATED_MARK],
          { polling: 100, timeout: 60_000 },
        )
        .then(() => true)
        .catch(() => false);
      const t = await proofTimings(page);
      if (ready && t.hydrated !== undefined && t.start !== undefined && t.ready !== undefined) {
        result.hydrated.push(t.hydrated);
        result.started.push(t.start);
        result.solved.push(t.ready);
        result.solving.push(t.ready - t.start);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    stopSlowing?.();
  }
  return result;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

const seconds = (ms: number) => (Number.isNaN(ms) ? "–" : `${(ms / 1000).toFixed(2)} s`);

export function proofTable(t: ProofTiming): string {
  const row = (name: string, values: number[]) =>
    `| ${name} | ${seconds(percentile(values, 50))} | ${seconds(percentile(values, 95))} | ${seconds(Math.max(...values))} |`;
  return [
    `| proof of work on a slow phone (CPU 6×${t.workersSlowed ? ", its worker too" : "; its worker NOT slowed: no cgroup v1 CPU controller"}, slow 4G), ${t.solved.length} of ${t.runs} first visits to /kontakt solved | median | p95 | max |`,
    "|---|---|---|---|",
    row("navigation → hydrated", t.hydrated),
    row("navigation → solver started", t.started),
    row("**navigation → proof solved**", t.solved),
    row("solver started → proof solved (its script, the challenge, the search)", t.solving),
  ].join("\n");
}
