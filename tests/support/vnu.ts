/** The Nu Html Checker (vnu-jar, pinned in package.json; Java from Debian), for the tests that judge HTML. */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

export interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Runs the checker; its JSON report (on stderr) or an error saying why there is none. */
export function runVnu(files: string[], java = "java"): VnuMessage[] {
  const run = spawnSync(java, ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw new Error(`Nu Html Checker did not run: ${run.error.message}`);
  // 0: no error found, 1: errors found. Anything else (or a signal) is the checker failing, not judging.
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`Nu Html Checker exited with ${run.status ?? run.signal}: ${run.stderr?.slice(0, 500)}`);
  let report: { messages?: unknown };
  try {
    report = JSON.parse(run.stderr ?? "");
  } catch {
    throw new Error(`Nu Html Checker wrote no JSON report (exit ${run.status}): ${(run.stderr ?? "").slice(0, 500)}`);
  }
  if (!Array.isArray(report.messages)) throw new Error("Nu Html Checker's report has no message list");
  return report.messages as VnuMessage[];
}
