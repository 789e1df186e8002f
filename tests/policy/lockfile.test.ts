// @vitest-environment node
/**
 * package-lock.json must serve every machine the project is built on (Linux x64/arm64 with glibc or musl, macOS
 * x64/arm64, Windows x64), not only the one that last wrote it. Packages with native parts (rolldown, esbuild,
 * sharp, lightningcss…) name one optional package per platform; a lock written by an npm that skipped some of them
 * makes `npm ci` install nothing native on those platforms and a plain `npm install` rewrite the lock there (adding
 * @rollup/rollup-* entries on every fresh install). npm keeps an entry for every optional dependency with
 * its os/cpu/libc, so the check is: every optional dependency of every locked package is locked itself.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

interface LockEntry {
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const lock = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where Node would find `dep` from the package at `path`: its own node_modules, then each one above it. */
function locate(path: string, dep: string): string | undefined {
  for (let base = path; ;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${dep}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf("/node_modules/");
    base = up < 0 ? "" : base.slice(0, up);
  }
}

describe("package-lock.json", () => {
  it("locks every optional dependency, whatever platform it is for", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((dep) => !locate(path, dep))
        .map((dep) => `${path || "(projekt)"} → ${dep}`),
    );
    expect(missing, "brak w package-lock.json: npm install na innej platformie dopisze te wpisy").toEqual([]);
  });

  it("has the native packages of every platform the project is built on", () => {
    const platforms = Object.values(lock.packages).map(
      (e) => `${e.os?.join("+")}/${e.cpu?.join("+")}/${e.libc?.join("+") ?? ""}`,
    );
    for (const wanted of [
      "linux/x64/glibc",
      "linux/x64/musl",
      "linux/arm64/glibc",
      "linux/arm64/musl",
      "darwin/x64/",
      "darwin/arm64/",
      "win32/x64/",
    ])
      expect(platforms, wanted).toContain(wanted);
  });
});
