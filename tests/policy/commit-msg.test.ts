// @vitest-environment node
/**
 * The commit-msg hook (.githooks/commit-msg), as git runs it on a message being committed: a subject of at most 72
 * characters, a blank line, a body. `git log --oneline` stays readable and the reasons stay with the change.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const hook = resolve(import.meta.dirname, "../../.githooks/commit-msg");
const dir = mkdtempSync(join(tmpdir(), "commit-msg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function commitMsg(message: string): { ok: boolean; stderr: string } {
  const file = join(dir, "COMMIT_EDITMSG");
  writeFileSync(file, message);
  const run = spawnSync("bash", [hook, file], { encoding: "utf8" });
  return { ok: run.status === 0, stderr: run.stderr };
}

describe("commit-msg", () => {
  it("takes a subject, a blank line and a body, ignoring git's comment lines", () => {
    expect(commitMsg(`${"s".repeat(72)}\n\nWhy, and the figures.\n# Please enter the commit message\n`).ok).toBe(true);
  });

  it("refuses a subject over 72 characters, naming its length", () => {
    const run = commitMsg(`${"s".repeat(73)}\n\nWhy.\n`);
    expect(run.ok).toBe(false);
    expect(run.stderr).toContain("73 characters");
  });

  it("refuses a body that does not follow a blank line", () => {
    expect(commitMsg("subject\nbody at once\n").ok).toBe(false);
  });

  it("refuses a message with no body, even with git's comments after the blank line", () => {
    expect(commitMsg("subject\n").stderr).toContain("no body");
    expect(commitMsg("subject\n\n# Please enter the commit message\n\n").stderr).toContain("no body");
  });
});

describe("npm install turns the hook on", () => {
  it("package.json's prepare script points git at .githooks in the checkout it runs in", () => {
    const { scripts } = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const checkout = join(dir, "checkout");
    mkdirSync(checkout);
    expect(spawnSync("git", ["init", "-q"], { cwd: checkout }).status).toBe(0);
    expect(spawnSync("sh", ["-c", scripts.prepare!], { cwd: checkout }).status).toBe(0);
    const hooksPath = spawnSync("git", ["config", "core.hooksPath"], { cwd: checkout, encoding: "utf8" });
    expect(hooksPath.stdout.trim()).toBe(".githooks");
    // Outside a checkout (a package tarball) it does nothing and does not fail the install.
    const outside = join(dir, "no-checkout");
    mkdirSync(outside);
    expect(
      spawnSync("sh", ["-c", scripts.prepare!], { cwd: outside, env: { ...process.env, GIT_CEILING_DIRECTORIES: dir } })
        .status,
    ).toBe(0);
  });
});
