// @vitest-environment node
/**
 * How the privacy texts' numbers read, and where they come from (frontend/app/salon/privacySettings.ts): the
 * environment the build is given, else the defaults file; a value that is not a number stops the build, naming it.
 * One build of the pages with other settings: tests/built/edited-build.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { days, hours, privacyPlaceholders, privacyRecord } from "../../frontend/app/salon/privacySettings";

const work = mkdtempSync(join(tmpdir(), "salon-privacy-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const defaultsFile = resolve(import.meta.dirname, "../../docker/defaults.env");
/** A copy of docker/defaults.env with one setting changed. */
function defaultsWith(name: string, value: string): string {
  const file = join(work, `${name}-${value}.env`);
  writeFileSync(file, readFileSync(defaultsFile, "utf8").replace(new RegExp(`^${name}=.*$`, "m"), `${name}=${value}`));
  return file;
}

describe("the settings the privacy texts state", () => {
  it("read as Polish does after „najwyżej”", () => {
    expect([1, 2, 14, 30].map(days)).toEqual(["1 dzień", "2 dni", "14 dni", "30 dni"]);
    expect([1, 2, 4, 5, 12, 14, 22, 24, 25, 120, 112].map(hours)).toEqual([
      "1 godzinę",
      "2 godziny",
      "4 godziny",
      "5 godzin",
      "12 godzin",
      "14 godzin",
      "22 godziny",
      "24 godziny",
      "25 godzin",
      "120 godzin",
      "112 godzin",
    ]);
  });

  it("come from the environment, else the defaults file (SALON_DEFAULTS names another)", () => {
    const other = defaultsWith("OUTBOX_HELD_DAYS", "7");
    const none = { OUTBOX_HELD_DAYS: "", LOG_RETENTION_DAYS: "", OUTBOX_FAILED_DAYS: "" };
    expect(privacyPlaceholders({ ...none, SALON_DEFAULTS: other })["retention.held"]).toBe("7 dni");
    expect(privacyPlaceholders({ ...none, SALON_DEFAULTS: other, OUTBOX_HELD_DAYS: "3" })["retention.held"]).toBe(
      "3 dni",
    );
    expect(privacyPlaceholders({ ...none, SALON_DEFAULTS: other, LOG_RETENTION_DAYS: "1" })["retention.logs"]).toBe(
      "1 dzień",
    );
    expect(privacyRecord({ ...none, SALON_DEFAULTS: other })).toMatch(/^OUTBOX_HELD_DAYS=7$/m);
  });

  it("a value that is not a whole number above 0 stops the build, naming the setting", () => {
    for (const value of ["abc", "0", "-3", "1.5", "14 dni"])
      expect(() => privacyPlaceholders({ OUTBOX_FAILED_DAYS: value }), value).toThrow(
        `OUTBOX_FAILED_DAYS=${value}: ustawienie podawane w polityce prywatności musi być liczbą większą od 0`,
      );
    expect(() => privacyPlaceholders({ SALON_DEFAULTS: defaultsWith("BACKUP_RETENTION_DAYS", "") })).toThrow(
      /^BACKUP_RETENTION_DAYS=: /,
    );
  });
});
