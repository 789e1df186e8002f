/**
 * The contact pipeline has one mail catcher, one PHP-FPM and one outbox per stack, and the tests that stop the
 * catcher, kill PHP-FPM, make the outbox read-only or count the catcher's mail must not overlap with each other
 * or with a test that sends mail. Playwright runs test files in parallel workers, so every such file calls
 * exclusiveMailTests(): its tests run (serially) only while it holds a lock file next to the stack's pidfiles.
 * Pages that only render (/kontakt included) are not affected and keep running in parallel.
 */
import { test } from "@playwright/test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stateDir } from "../native/config.mjs";

// One lock per stack, named by its address: the native stage and the Compose stage run side by side in one checkout,
// each against its own stack, and must not wait for each other.
const stack = (process.env.SITE_URL ?? "native").replace(/[^a-z0-9]+/gi, "-");
const lockFile = join(stateDir, "run", `mail-tests-${stack}.lock`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function acquire(timeoutMs: number): Promise<void> {
  mkdirSync(join(stateDir, "run"), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return;
    } catch {
      // Held. A holder that died (a crashed worker) leaves its pid behind: take the lock over.
      let holder: number;
      try {
        holder = Number(readFileSync(lockFile, "utf8"));
      } catch {
        continue; // released meanwhile: try again at once
      }
      if (holder && !alive(holder)) rmSync(lockFile, { force: true });
    }
    if (Date.now() > deadline) throw new Error(`mail test lock ${lockFile} still held after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function release(): void {
  try {
    if (Number(readFileSync(lockFile, "utf8")) === process.pid) rmSync(lockFile, { force: true });
  } catch {
    // not ours or gone
  }
}

export function exclusiveMailTests(): void {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    test.setTimeout(10 * 60_000);
    await acquire(9 * 60_000);
  });
  test.afterAll(() => release());
}
