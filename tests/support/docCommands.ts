import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./stack";

/**
 * The lines of the shell block in a doc that holds `needle`: a test that runs an operator's command takes it from
 * the doc, so the doc shows what was tested and an edit to either is seen by the other.
 */
export function shellBlockWith(doc: string, needle: string): string[] {
  const text = readFileSync(join(root, doc), "utf8");
  const block = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes(needle));
  if (!block) throw new Error(`${doc}: no shell block with "${needle}"`);
  return block.trim().split("\n");
}
