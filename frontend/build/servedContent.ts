/**
 * The content the pages were built from, served by nginx under /content/ (build/client/content/, content/'s layout):
 * every document as the content check read it for this build — checked, placeholders filled, stand-ins as built,
 * the launch notes (`standIn`, `medicalReview`) left out by the reader. Never content/ itself: what is served is what
 * passed the build's checks, and an edit of content/ shows nowhere until the next build.
 * Only what the pages show is public: not the operator's registers (devices.json: the device gate's answers;
 * figures.json: the sources, shown beside each figure where it is used), and no device id (`device`: an id spells the
 * device's name, which the pages show only where the gate allows). The price list is the one list the price list page
 * shows, its device groups among the others, so no key names a device either; the gate is checked again on what is
 * written, keys included.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deviceMentionProblems, productionBuild } from "../app/contentModel/devices";
import { loadDevices } from "../app/contentModel/load.server";
import type { PricingDocument } from "../app/contentModel/schema";
import { formatPath } from "../app/contentModel/read.server";

/** The documents the operator keeps for the build, not for visitors. */
export const UNSERVED_DOCUMENTS = ["devices", "figures"] as const;

/** The value without its device ids. */
function withoutDeviceIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDeviceIds);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "device")
        .map(([key, v]) => [key, withoutDeviceIds(v)]),
    );
  return value;
}

/** A checked document as it is served, or nothing for one that is not. */
export function servedDocument(name: string, doc: unknown): unknown {
  if ((UNSERVED_DOCUMENTS as readonly string[]).includes(name)) return undefined;
  if (name === "pricing") {
    const pricing = doc as PricingDocument;
    return withoutDeviceIds({ categories: pricing.categories });
  }
  return withoutDeviceIds(doc);
}

/** Every key and string of a value with its path, where the device gate looks. */
function placesOf(value: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => placesOf(v, [...path, i]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => [{ path: [...path, k], text: k }, ...placesOf(v, [...path, k])]);
  return [];
}

/**
 * Writes the served documents into <client>/content/ (the checked documents by name, frontend/build/validateContent.ts's
 * validateAll); returns how many files and bytes. A device the gate hides, named anywhere in them, stops the build.
 */
export function writeServedContent(
  client: string,
  documents: readonly (readonly [string, unknown])[],
): { files: number; bytes: number } {
  const served = documents.flatMap(([name, doc]) => {
    const value = servedDocument(name, doc);
    return value === undefined ? [] : [[name, value] as const];
  });
  const places = served.flatMap(([name, value]) =>
    placesOf(value).map(({ path, text }) => ({ where: `/content/${name}.json: pole "${formatPath(path)}"`, text })),
  );
  const problems = deviceMentionProblems(places, loadDevices(), productionBuild());
  if (problems.length) throw new Error(`Treść podawana pod /content/ nazywa urządzenia:\n${problems.join("\n")}`);
  let bytes = 0;
  for (const [name, value] of served) {
    const file = join(client, "content", `${name}.json`);
    const body = `${JSON.stringify(value)}\n`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    bytes += Buffer.byteLength(body);
  }
  return { files: served.length, bytes };
}
