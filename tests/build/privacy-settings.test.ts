// @vitest-environment node
/**
 * One number, one place: the privacy policy and /rodo state how long the server keeps what from the settings the
 * build is given ({retention.held} and the like, frontend/app/site/privacySettings.ts), never from a copy of the
 * number. A copy of docker/defaults.env with other numbers (SALON_DEFAULTS) and one setting in the environment (as a
 * deployment's .env reaches the web image's build), built once into a folder of its own (SITE_BUILD_DIR, under build/):
 * both pages state the new numbers. The record the web image's entrypoint compares its settings with
 * (build/nginx/privacy-settings.txt) is the real build's, below, and tests/unit/privacy-settings.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PRIVACY_PLACEHOLDERS } from "../../frontend/app/site/privacySettings";

const root = resolve(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "salon-privacy-settings-"));
const outputs: string[] = [];
afterAll(() => [work, ...outputs].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The text a reader reads: tags out, spaces folded. */
const textOf = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

const pages = (buildDir: string) => ({
  policy: textOf(join(buildDir, "client/polityka-prywatnosci/index.html")),
  rodo: textOf(join(buildDir, "client/rodo/index.html")),
});

describe("the privacy texts state the build's settings", () => {
  it("changed in docker/defaults.env (and one in the environment), one build states them on /polityka-prywatnosci and /rodo", () => {
    const defaults = join(work, "defaults.env");
    const changed: Record<string, string> = {
      OUTBOX_RETRY_HOURS: "72",
      OUTBOX_FAILED_DAYS: "21",
      OUTBOX_HELD_DAYS: "1",
      BACKUP_RETENTION_DAYS: "22",
    };
    let file = readFileSync(join(root, "docker/defaults.env"), "utf8");
    for (const [name, value] of Object.entries(changed)) {
      expect(file).toMatch(new RegExp(`^${name}=`, "m"));
      file = file.replace(new RegExp(`^${name}=.*$`, "m"), `${name}=${value}`);
    }
    writeFileSync(defaults, file);
    // Inside the checkout, as the bench's builds are: the prerender does not run from a folder elsewhere.
    const out = join(root, "build", `privacy-settings-${process.pid}`);
    outputs.push(out);
    const builtBefore = statSync(join(root, "build/client/index.html")).mtimeMs;
    // Every setting the texts state left empty in the environment (the file's), but the logs' days: given, as a
    // deployment's .env gives them.
    const env = Object.fromEntries(Object.values(PRIVACY_PLACEHOLDERS).map(({ setting }) => [setting, ""]));
    // Not Vitest's variables: with them the build leaves React Router's plugin out (vite.config.ts).
    const outside = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
    // The step of `npm run build` that writes the pages (the others check content, encode images, compress: they
    // read no setting); postbuild.ts's record of them is checked on the real build below.
    const run = spawnSync("npx", ["react-router", "build"], {
      cwd: root,
      env: { ...outside, ...env, LOG_RETENTION_DAYS: "9", SALON_DEFAULTS: defaults, SITE_BUILD_DIR: out },
      encoding: "utf8",
      timeout: 900_000,
    });
    expect(run.status, `${run.stdout}${run.stderr}`.slice(-3000)).toBe(0);
    expect(statSync(join(root, "build/client/index.html")).mtimeMs, "the real build is left alone").toBe(builtBefore);

    const { policy, rodo } = pages(out);
    expect(policy).toContain("na serwerze strony do wyjaśnienia przyczyny, najwyżej 21 dni od chwili");
    expect(policy).toContain("pytanie potwierdzające (zwykle wysłane przez automaty) – na serwerze strony najwyżej 1 dzień od ich otrzymania");
    expect(policy).toContain("a gdy poczta nie działa, najwyżej 72 godziny (potem");
    expect(policy).toContain("dzienniki techniczne serwera (z adresem IP) – najwyżej 9 dni, po czym");
    expect(policy).toMatch(/kopie zapasowe serwera strony[^;]* – najwyżej 22 dni od wykonania kopii/);
    expect(rodo).toContain("do wyjaśnienia przyczyny – najwyżej 21 dni od chwili");
    expect(rodo).toContain("pytanie potwierdzające – przechowywane na serwerze strony najwyżej 1 dzień od ich otrzymania");
    expect(rodo).toMatch(/kopie zapasowe serwera strony[^;]* – najwyżej 22 dni od wykonania kopii/);
    for (const text of [policy, rodo]) expect(text).not.toMatch(/\{retention\.|najwyżej (30|14) dni/);
  }, 900_000);

  it("the build of the repository's settings states docker/defaults.env's numbers, and records them", () => {
    const values = Object.fromEntries(
      readFileSync(join(root, "docker/defaults.env"), "utf8")
        .split("\n")
        .flatMap((line) => (/^[A-Z_]+=\d+$/.test(line) ? [line.split("=") as [string, string]] : [])),
    );
    const { policy, rodo } = pages(join(root, "build"));
    expect(policy).toContain(`wyjaśnienia przyczyny, najwyżej ${values.OUTBOX_FAILED_DAYS} dni od chwili`);
    expect(rodo).toContain(`przechowywane na serwerze strony najwyżej ${values.OUTBOX_HELD_DAYS} dni od ich otrzymania`);
    expect(policy).toContain(`a gdy poczta nie działa, najwyżej ${values.OUTBOX_RETRY_HOURS} godzin (potem`);
    expect(policy).toContain(`(z adresem IP) – najwyżej ${values.LOG_RETENTION_DAYS} dni, po czym`);
    expect(rodo).toMatch(new RegExp(`kopie zapasowe [^;]* – najwyżej ${values.BACKUP_RETENTION_DAYS} dni od wykonania`));
    expect(readFileSync(join(root, "build/nginx/privacy-settings.txt"), "utf8")).toContain(
      `OUTBOX_RETRY_HOURS=${values.OUTBOX_RETRY_HOURS}\n`,
    );
  });
});
