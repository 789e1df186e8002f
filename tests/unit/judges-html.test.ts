// @vitest-environment node
/**
 * Outside judge 1: the Nu Html Checker (vnu-jar, pinned in package.json; Java from Debian) finds no error in any
 * prerendered page.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";

const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

describe("Nu Html Checker", () => {
  it("finds zero errors on every prerendered page", () => {
    const files = builtPages().map((p) => p.file);
    expect(files.length).toBeGreaterThan(30);
    let output = "";
    try {
      execFileSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      // vnu exits non-zero when it reports errors; the report is on stderr.
      output = (error as { stderr?: string }).stderr ?? "";
    }
    const messages = output ? ((JSON.parse(output) as { messages: VnuMessage[] }).messages ?? []) : [];
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${m.url.replace(/^.*build\/client/, "")}:${m.lastLine ?? "?"} ${m.message} ${m.extract ?? ""}`);
    expect(errors).toEqual([]);
  }, 180_000);
});
