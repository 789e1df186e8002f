// @vitest-environment node
/**
 * The launch gate: production does not build, and its web image does not start, while `npm run launch:check` lists
 * anything — naming the count and the first items — unless the bundle is a demonstration (SALON_DEMO=1). The local
 * configuration and the test command set no gate. The Compose production stage proves both paths on the real stack
 * (tests/compose/run.sh); here, the build step and the entrypoint's script on their own.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { launchRecord, refusal } from "../../frontend/build/launchGate";
import type { LaunchItem } from "../../frontend/build/launchCheck";

const root = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "salon-gate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const items: LaunchItem[] = Array.from({ length: 7 }, (_, i) => ({
  kind: "fictional",
  file: "frontend/app/salon/config.ts",
  field: `site.value${i + 1}`,
  note: `wartość ${i + 1}`,
}));

/** The web image's entrypoint check on a record; its exit status and what it said. */
function gate(record: string | undefined) {
  const file = join(dir, `record-${Math.random().toString(36).slice(2)}.txt`);
  if (record !== undefined) writeFileSync(file, record);
  const run = spawnSync("sh", [join(root, "docker/nginx/launch-gate.sh"), file], { encoding: "utf8" });
  return { status: run.status, said: run.stderr };
}

describe("the web image's entrypoint (docker/nginx/launch-gate.sh) reads the build's record", () => {
  it("refuses stand-ins, naming the count and the first five items", () => {
    const { status, said } = gate(launchRecord(items, false));
    expect(status).toBe(1);
    expect(said).toMatch(/publikacja wstrzymana – npm run launch:check wymienia 7 pozycji/);
    for (const n of [1, 5]) expect(said).toContain(`pole "site.value${n}": wartość ${n}`);
    expect(said).not.toContain("site.value6");
    expect(said).toMatch(/SALON_DEMO=1/);
  });

  it("starts a demonstration build, saying so", () => {
    const { status, said } = gate(launchRecord(items, true));
    expect(status).toBe(0);
    expect(said).toMatch(/wdrożenie demonstracyjne/);
  });

  it("starts a bundle with nothing left to replace", () => expect(gate(launchRecord([], false)).status).toBe(0));

  it("refuses a bundle without a record (built before the gate existed)", () => expect(gate(undefined).status).toBe(1));
});

describe("the build step (frontend/build/launchGate.ts)", () => {
  const step = (env: Record<string, string>) =>
    spawnSync("npx", ["tsx", "frontend/build/launchGate.ts"], {
      cwd: root,
      env: { ...process.env, SALON_LAUNCH_GATE: "", SALON_DEMO: "", ...env },
      encoding: "utf8",
    });

  it("with the gate on (production), refuses the stand-ins of the current content with the count and the first items", () => {
    const run = step({ SALON_LAUNCH_GATE: "1" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Publikacja wstrzymana: npm run launch:check wymienia \d+ pozycji/);
    expect(run.stderr).toContain('frontend/app/salon/config.ts: pole "site.name"');
  }, 60_000);

  it("lets a demonstration through, and the local configuration and the test command (no gate) as before", () => {
    expect(step({ SALON_LAUNCH_GATE: "1", SALON_DEMO: "1" }).status).toBe(0);
    expect(step({}).status).toBe(0);
  }, 60_000);

  it("words its refusal with the count and at most five items", () => {
    const text = refusal(items);
    expect(text).toMatch(/wymienia 7 pozycji/);
    expect(text.split("\n").filter((l) => l.startsWith("  "))).toHaveLength(5);
  });
});

describe("a demonstration build (site/demo.ts)", () => {
  it("makes every page's head noindex", async () => {
    vi.resetModules();
    vi.doMock("../../frontend/app/site/demo", () => ({ DEMO: true }));
    const { pageHead } = await import("../../frontend/app/site/head");
    const robots = (path: string) =>
      pageHead({ path, title: "T", description: "D" }).tags.find((m) => "name" in m && m.name === "robots");
    for (const path of ["/", "/cennik", "/laser-frakcyjny"])
      expect(robots(path), path).toMatchObject({ content: "noindex, follow" });
    vi.doUnmock("../../frontend/app/site/demo");
  });
});
