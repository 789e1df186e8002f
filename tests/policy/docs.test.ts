/**
 * The docs stay a reference a newcomer reads in one sitting, and every link in them leads somewhere: the size budgets
 * of docs/, the README and mailer/README.md (a code map), and each relative link (file and heading) of all three.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
/**
 * Each limit is its budget less 10 % headroom (docs/ 60,000, docs/performance.md and the README 12,000): the docs
 * stay clear of their budget rather than at its edge, and text added means text removed elsewhere. The mailer's
 * README is a code map that links to docs/ and restates nothing: 5,000 at most.
 */
const withHeadroom = (budget: number) => budget - budget / 10;
const DOCS_LIMIT = withHeadroom(60_000);
const PERFORMANCE_LIMIT = withHeadroom(12_000);
const README_LIMIT = withHeadroom(12_000);
const MAILER_README_LIMIT = 5_000;

function markdownIn(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return markdownIn(path);
    return entry.endsWith(".md") ? [path] : [];
  });
}

/** Characters, as a reader counts them (not UTF-8 bytes). */
const length = (file: string) => [...readFileSync(file, "utf8")].length;

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

/** Every link of a Markdown file that is not a URL (relative paths and #anchors), code left out. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

const docs = markdownIn(join(root, "docs"));
const linked = [join(root, "README.md"), join(root, "mailer/README.md"), ...docs];

describe("docs", () => {
  it(`docs/ holds at most ${DOCS_LIMIT} characters, docs/performance.md ${PERFORMANCE_LIMIT}, the README ${README_LIMIT}, mailer/README.md ${MAILER_README_LIMIT}`, () => {
    expect(docs.length).toBeGreaterThan(5);
    const sizes = docs.map((file) => `${relative(root, file)} ${length(file)}`).join(", ");
    expect(
      docs.reduce((total, file) => total + length(file), 0),
      sizes,
    ).toBeLessThanOrEqual(DOCS_LIMIT);
    expect(length(join(root, "docs/performance.md")), "docs/performance.md").toBeLessThanOrEqual(PERFORMANCE_LIMIT);
    expect(length(join(root, "README.md")), "README.md").toBeLessThanOrEqual(README_LIMIT);
    expect(length(join(root, "mailer/README.md")), "mailer/README.md").toBeLessThanOrEqual(MAILER_README_LIMIT);
  });

  it("every relative link leads to a file that exists, and to a heading it has", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of linked) {
      for (const target of linksOf(file)) {
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const into = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
        checked++;
        if (!existsSync(into)) broken.push(`${relative(root, file)}: ${target} (brak pliku)`);
        else if (anchor && into.endsWith(".md") && !anchorsOf(into).has(anchor))
          broken.push(`${relative(root, file)}: ${target} (brak nagłówka)`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
