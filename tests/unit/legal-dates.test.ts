// @vitest-environment node
/**
 * A legal text's date ("Obowiązuje od", or "Ostatnia zmiana") is never earlier than the day its text last changed,
 * read from git: the newest commit whose version of the text (title, lead, sections) differs from the version before
 * it — or today, when the working tree's text differs from HEAD's. On a shallow clone the history that is missing
 * proves nothing, and a document whose every available version reads the same is not judged.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

/** The text a reader reads, without the dates themselves and the operator's notes. */
function textOf(json: string): string {
  const doc = JSON.parse(json) as { title: string; lead?: string; sections: { title: string; blocks: unknown }[] };
  return JSON.stringify([doc.title, doc.lead, doc.sections.map(({ title, blocks }) => [title, blocks])]);
}

function show(commit: string, path: string): string | undefined {
  try {
    return git("show", `${commit}:${path}`);
  } catch {
    return undefined;
  }
}

const localDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** The day the document's text last changed, or undefined when the history at hand cannot tell. */
export function lastTextChange(path: string): string | undefined {
  const current = textOf(readFileSync(join(root, path), "utf8"));
  const head = show("HEAD", path);
  if (head === undefined || textOf(head) !== current) return localDate(new Date());
  // Newest first: a "commit <hash> <date>" line, then the file's path in that commit (renames followed).
  const entries: { hash: string; date: string; file: string }[] = [];
  for (const line of git("log", "--follow", "--format=commit %H %cs", "--name-only", "--", path).split("\n")) {
    const commit = line.match(/^commit (\w+) (\S+)$/);
    if (commit) entries.push({ hash: commit[1]!, date: commit[2]!, file: "" });
    else if (line.trim() && entries.length) entries.at(-1)!.file = line.trim();
  }
  for (let i = 0; i < entries.length - 1; i++) {
    const newer = show(entries[i]!.hash, entries[i]!.file);
    const older = show(entries[i + 1]!.hash, entries[i + 1]!.file);
    if (newer !== undefined && (older === undefined || textOf(newer) !== textOf(older))) return entries[i]!.date;
  }
  const shallow = git("rev-parse", "--is-shallow-repository").trim() === "true";
  return shallow ? undefined : entries.at(-1)?.date;
}

describe("legal texts are dated by the day their text last changed", () => {
  const files = readdirSync(join(root, "content/legal")).filter((f) => f.endsWith(".json"));

  it("finds the legal texts", () => expect(files.length).toBeGreaterThanOrEqual(4));

  for (const file of files) {
    it(`content/legal/${file}: "changed" is not earlier than the last change of its text`, () => {
      const path = `content/legal/${file}`;
      const { changed } = JSON.parse(readFileSync(join(root, path), "utf8")) as { changed: string };
      const last = lastTextChange(path);
      if (last !== undefined) expect(changed >= last, `${changed} < ${last}`).toBe(true);
    });
  }
});
