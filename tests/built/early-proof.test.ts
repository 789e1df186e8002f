// @vitest-environment node
/**
 * The contact page starts its proof of work from its own HTML (EarlyProofScript.tsx): one inline script, allowed by
 * the page's Content-Security-Policy, whose worker is a file of the build — the server's build names it, the
 * browser's build writes it — and no other page carries it (run `npm run build` first).
 */
import { pageVersions } from "../../frontend/app/site/routeTable";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages, clientDir } from "../support/builtPages";
import { EARLY_PROOF_KEY } from "../../frontend/app/components/ContactForm/earlyProof";

const cspMap = readFileSync(resolve(clientDir, "../nginx/csp-hashes.map"), "utf8");
/** The page's inline scripts that name the key as code does (the loader's data names it too, escaped). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((script) => new RegExp(`(?<!\\\\)"${EARLY_PROOF_KEY}"`).test(script));

describe("the proof of work started by the contact page's HTML", () => {
  const pages = builtPages();

  it("/kontakt carries it once, with a worker the build holds, allowed by its policy", () => {
    const contact = pages.find((p) => p.path === "/kontakt")!;
    const scripts = inlineScripts(contact.html);
    expect(scripts).toHaveLength(1);
    const worker = scripts[0]!.match(/"(\/assets\/proofWorker-[\w-]+\.js)"/)?.[1];
    expect(worker, "the worker's URL").toBeDefined();
    expect(existsSync(join(clientDir, worker!)), `${worker} in build/client`).toBe(true);
    const hash = createHash("sha256").update(scripts[0]!).digest("base64");
    const allowed = cspMap.split("\n").find((line) => line.trimStart().startsWith('"/kontakt" '));
    expect(allowed, "/kontakt in csp-hashes.map").toContain(`'sha256-${hash}'`);
  });

  it("no other page starts one", () => {
    // The contact page in every language: its form is the same.
    const contact = pageVersions("/kontakt").map((version) => version.path);
    const others = pages
      .filter((p) => !contact.includes(p.path) && inlineScripts(p.html).length > 0)
      .map((p) => p.path);
    expect(others).toEqual([]);
  });
});
