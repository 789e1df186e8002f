/**
 * The phone the bench emulates, whatever machine it runs on. Lighthouse slows the CPU by a constant 4× by default,
 * which turns a high-end desktop into a mid-tier phone but a slow host into a far slower phone: CPU throttling is
 * relative to the host, and a 2-core machine of this kind measures a benchmarkIndex anywhere from about 950 to 2650,
 * within one run too (Lighthouse itself warns below 1000). So before every run the bench measures the host with
 * Lighthouse's own benchmark, in the browser that will load the page, and slows the CPU by host ÷ target, for the
 * simulated and the applied profile alike (docs/throttling.md in Lighthouse: "Calibrating the CPU slowdown").
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromium } from "playwright";

/**
 * The emulated phone's benchmarkIndex: the phone the budgets were set and held on (Lighthouse's 4× on a host of
 * 2400–2650, 2026-11-27), so that they keep their meaning on any host. It lies in Lighthouse's mid-tier mobile
 * bracket (125–800) and between DevTools' low-tier (264, a Moto G4 Power 2022) and mid-tier (1000, a Pixel 5) phones.
 */
export const TARGET_BENCHMARK_INDEX = 625;

/** `--cpu-slowdown N` turns calibration off: Lighthouse's way, a constant multiplier (its default is 4). */
export type CpuSlowdown = { calibrated: true } | { calibrated: false; multiplier: number };

export interface Calibration {
  /** The host's benchmarkIndex, measured just before the run. */
  host: number;
  multiplier: number;
}

/** Lighthouse's benchmark in a new tab of the browser at `port` (Playwright only attaches to it over CDP). */
export async function hostBenchmarkIndex(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const value: unknown = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
    await page.close();
    if (typeof value !== "number") throw new Error("benchmarkIndex: brak wyniku z przeglądarki");
    return value;
  } finally {
    await browser.close();
  }
}

/** The multiplier for this host now; never below 1 (a host slower than the phone cannot be sped up). */
export async function calibrate(port: number, slowdown: CpuSlowdown): Promise<Calibration | undefined> {
  if (!slowdown.calibrated) return undefined;
  const host = await hostBenchmarkIndex(port);
  return { host, multiplier: Math.max(1, Number((host / TARGET_BENCHMARK_INDEX).toFixed(2))) };
}
