// @vitest-environment node
/**
 * The pages are built once, so a promotion whose period has ended would stay on them as current: the production
 * build (SALON_LAUNCH_GATE=1) refuses one, naming its period's field, while a local or demonstration build still
 * builds (`npm run launch:check` lists it). After a deployment, /health names one that has ended or ends within a
 * week (mailer/tests/Unit/PromotionPeriodsTest.php).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "salon-periods-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string, env: Record<string, string> = {}) {
  const builtBefore = statSync(join(root, "build/client/index.html"), { throwIfNoEntry: false })?.mtimeMs;
  const result = spawnSync("npm", ["run", script], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: dir, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(statSync(join(root, "build/client/index.html"), { throwIfNoEntry: false })?.mtimeMs).toBe(builtBefore);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

it("a promotion whose period has ended stops the production build, naming its period; a local build still builds", () => {
  cpSync(join(root, "content"), dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, "content", "images")),
  });
  symlinkSync(join(root, "content", "images"), join(dir, "images"));
  const file = join(dir, "promotions.json");
  const doc = JSON.parse(readFileSync(file, "utf8"));
  doc.cards[2].period = { from: "2025-01-01", until: "2025-01-31" };
  writeFileSync(file, JSON.stringify(doc, null, 2));

  const production = run("build", { SALON_LAUNCH_GATE: "1" });
  expect(production.status, production.output).not.toBe(0);
  expect(production.output).toMatch(
    /content\/promotions\.json: pole "cards\[2\]\.period": okres 2025-01-01 – 2025-01-31 już się skończył \(dziś \d{4}-\d\d-\d\d\) – wersja produkcyjna nie ogłasza promocji, która minęła/,
  );
  // Only that: every other period holds today.
  expect(production.output.match(/już się skończył/g)).toHaveLength(1);
  // Stopped at the content check: the image pipeline and React Router never ran.
  expect(production.output).not.toMatch(/^> images$/m);

  expect(run("content:check").status).toBe(0);
  expect(run("content:check", { SALON_LAUNCH_GATE: "1", SALON_DEMO: "1" }).status).toBe(0);
}, 120_000);
