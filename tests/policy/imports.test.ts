// @vitest-environment node
/**
 * The imports of frontend/ run one way (README, "Layout"): the salon's facts (salon/) and generated data
 * (generated/) → the content model (contentModel/) → the site (site/) → hooks and components → routes and the root.
 * What the build runs (frontend/build/) may import the app, never the hand-run tools (frontend/tools/) or the tests;
 * the app imports neither. Read from the source: every relative `import … from`, `import(…)` and
 * `new URL(…, import.meta.url)` of every file under frontend/.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" ? [] : sources(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry) ? [path] : [];
  });

/** The part of the repository a file belongs to: a folder of frontend/app, frontend/build, frontend/tools, …. */
function area(file: string): string {
  const parts = relative(root, file).split("/");
  if (parts[0] === "frontend" && parts[1] === "app") return parts.length > 3 ? `app/${parts[2]}` : "app/root";
  if (parts[0] === "frontend") return `frontend/${parts[1]}`;
  return parts[0]!.replace(/\.[a-z.]+$/, "");
}

/** Every import between two areas, "from → to: file imports specifier". */
const edges = sources(join(root, "frontend")).flatMap((file) => {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(?\s*|new URL\(\s*)["'](\.\.?\/[^"'?]+)/g)].map(
    (m) => m[1]!,
  );
  return specifiers.flatMap((specifier) => {
    const from = area(file);
    const to = area(resolve(dirname(file), specifier));
    return from === to ? [] : [{ from, to, where: `${relative(root, file)} imports ${specifier}` }];
  });
});

/** The app's layers, lowest first: a file imports its own layer's folders or lower ones. */
const LAYERS = [
  ["app/salon", "app/generated"],
  ["app/contentModel"],
  ["app/site"],
  ["app/hooks", "app/components"],
  ["app/routes", "app/root"],
];
const layerOf = (area: string) => LAYERS.findIndex((layer) => layer.includes(area));

describe("imports run one way", () => {
  it("finds the imports it checks", () => {
    expect(edges.filter((e) => e.from === "app/site" && e.to === "app/contentModel").length).toBeGreaterThan(0);
    expect(edges.filter((e) => e.from === "app/routes" && e.to === "app/components").length).toBeGreaterThan(0);
  });

  it("no folder imports from a folder that imports it back", () => {
    const both = edges.filter((e) => edges.some((back) => back.from === e.to && back.to === e.from));
    expect(both.map((e) => `${e.from} → ${e.to}: ${e.where}`)).toEqual([]);
  });

  it("the app's layers import only their own layer or those below it", () => {
    const upward = edges.filter((e) => layerOf(e.from) >= 0 && layerOf(e.to) > layerOf(e.from));
    expect(upward.map((e) => `${e.from} → ${e.to}: ${e.where}`)).toEqual([]);
  });

  it("the app imports no build code, tools or tests; the build no tools or tests", () => {
    const app = edges.filter((e) => e.from.startsWith("app/") && !e.to.startsWith("app/") && e.to !== "docker");
    const mailerFields = (e: { where: string }) => e.where.endsWith("mailer/src/contact-fields.json");
    expect(app.filter((e) => !mailerFields(e)).map((e) => `${e.from} → ${e.to}: ${e.where}`)).toEqual([]);
    const build = edges.filter((e) => e.from === "frontend/build" && ["frontend/tools", "tests"].includes(e.to));
    expect(build.map((e) => e.where)).toEqual([]);
  });
});
