/**
 * The scripts a page runs as it hydrates start with V8's compile hint (frontend/build/compileHintsPlugin.ts), so a
 * phone compiles them while they stream in rather than function by function on the main thread during hydration;
 * the modules a page imports only later (the lightbox, the contact form's solver) do not, so nobody compiles them
 * before they are needed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages, clientDir } from "../support/builtPages.ts";
import { COMPILE_HINT } from "../../frontend/build/compileHintsPlugin.ts";

const assets = join(clientDir, "assets");
const startsWithHint = (file: string) => readFileSync(join(assets, file), "utf8").startsWith(COMPILE_HINT);

/** The modules each page's loader (frontend/build/afterFirstPaint.ts) puts in as modulepreloads after its first paint. */
function loadedByPages(): Set<string> {
  const files = new Set<string>();
  for (const { html } of builtPages())
    for (const [, list] of html.matchAll(/for\(const href of (\[[^\]]*\])\)/g))
      for (const href of JSON.parse(list!) as string[]) files.add(href.replace(/^\/assets\//, ""));
  return files;
}

describe("compile hints", () => {
  const all = readdirSync(assets).filter((file) => file.endsWith(".js"));
  const onLoad = loadedByPages();

  it("every sizeable script a page runs on load starts with the hint (React, the app, its route)", () => {
    // The manifest is data (no function to compile); the runtime and the preload helper are a few hundred bytes.
    const sizeable = [...onLoad].filter(
      (file) => !file.startsWith("manifest-") && statSync(join(assets, file)).size > 2048,
    );
    expect(sizeable.some((file) => file.startsWith("framework-"))).toBe(true);
    expect(sizeable.filter((file) => !startsWithHint(file))).toEqual([]);
  });

  it("no script that only a later action imports carries it", () => {
    const later = all.filter((file) => !onLoad.has(file));
    expect(later.some((file) => file.startsWith("Lightbox-"))).toBe(true);
    expect(later.filter(startsWithHint)).toEqual([]);
  });
});
