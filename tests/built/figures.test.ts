// @vitest-environment node
/**
 * Numbers that claim an effect, on the real commands and a copy of content/ (CONTENT_DIR): written out in any text
 * they stop every build; taken from content/figures.json without a complete source they stop the production build,
 * naming every field that shows them – a treatment's statistics and an article alike – while a local or
 * demonstration build shows them marked; with the source complete, production passes.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const article = "blog/jak-zmniejszyc-widocznosc-cellulitu.json";

function copyWith(edits: Record<string, (doc: any) => void>): string {
  const dir = mkdtempSync(join(tmpdir(), "salon-figures-"));
  copies.push(dir);
  cpSync(join(root, "content"), dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, "content", "images")),
  });
  symlinkSync(join(root, "content", "images"), join(dir, "images"));
  for (const [file, edit] of Object.entries(edits)) {
    const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
    edit(doc);
    writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
  }
  return dir;
}

function check(contentDir: string, env: Record<string, string> = {}) {
  const run = spawnSync("npm", ["run", "content:check"], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const production = { SALON_LAUNCH_GATE: "1" };
const citedInTheArticle = {
  [article]: (d: any) => (d.body[8].p += " W badaniu obwód talii zmalał o {figure.endermologiaTalia}."),
};

describe("a number of an effect", () => {
  it("written out in an article stops every build, naming the field and how to give it a source", () => {
    const dir = copyWith({ [article]: (d) => (d.body[8].p += " Po serii talia była węższa o 5,8 cm.") });
    const { status, output } = check(dir);
    expect(status, output).not.toBe(0);
    expect(output).toMatch(
      /content\/blog\/jak-zmniejszyc-widocznosc-cellulitu\.json[\s\S]*pole "body\[8\]\.p": „węższa o 5,8 cm” – liczba opisująca efekt bez źródła.*content\/figures\.json/,
    );
  }, 60_000);

  it("without a complete source stops the production build, naming every field that shows it; a demonstration marks it", () => {
    const dir = copyWith(citedInTheArticle);
    const { status, output } = check(dir, production);
    expect(status, output).not.toBe(0);
    const refused = output.split("\n").filter((line) => line.includes("liczba opisująca efekt bez źródła"));
    expect(refused).toHaveLength(5);
    for (let i = 0; i < 4; i++)
      expect(output).toContain(`content/treatments/endermologia-ciala.json: pole "stats.items[${i}].figure": „`);
    expect(output).toMatch(
      /pole "body\[8\]\.p": \{figure\.endermologiaTalia\} \(„−5,8 cm”\) – liczba opisująca efekt bez źródła \(content\/figures\.json, brak: autor, tytuł, badane osoby, po ilu zabiegach zmierzono\)/,
    );
    expect(check(dir, { ...production, SALON_DEMO: "1" }).status).toBe(0);
    expect(check(dir).status).toBe(0);
  }, 120_000);

  it("with its source complete passes the production build", () => {
    const dir = copyWith({
      ...citedInTheArticle,
      "figures.json": (d) => {
        Object.assign(d.studies.endermologia2024, {
          author: "A. Kowalska i in.",
          title: "Endermologia ciała",
          sample: "32 kobiety",
        });
        for (const figure of Object.values<any>(d.figures)) figure.after = "po serii 10 zabiegów";
      },
    });
    const { status, output } = check(dir, production);
    expect(status, output).toBe(0);
  }, 60_000);
});
