/**
 * One source per setting: docker/defaults.env writes every setting's default once. The mailer, the web image and
 * the native stack read it; everything else that names a default — the compose files, .env.example, the table in
 * docs/configuration.md, the images' ENV — must say the same, or this fails with the file, the setting and both
 * values. (The mailer's constructors take theirs from the file too: mailer/tests/Unit/ConfigTest.php.) And every
 * setting Compose reads is in .env.example and the docs, and every one a service uses is passed to it: the
 * containers' view of that is tested in the Compose stage (tests/e2e/compose-ops.spec.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DOCS_BEGIN, DOCS_END, docsWithTable, readSettings, type Setting } from "../../docker/defaults.mjs";
import { FIXED_IN_COMPOSE, servicesUsing } from "../support/settings";

const root = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(resolve(root, path), "utf8");
const settings = new Map(readSettings().map((s) => [s.name, s]));
/** Compose's own variables, not the stack's settings. */
const COMPOSE_OWN = new Set(["COMPOSE_PROJECT_NAME", "COMPOSE_FILE"]);
/** The users' compose files, and the templates their services extend (the mailer's settings are there). */
const COMPOSE_FILES = [
  "docker-compose.yml",
  "docker-compose.override.yml",
  "docker-compose.production.yml",
  "docker/service-templates.yml",
];

/** Every ${NAME:-value} and ${NAME:?message} of a compose file. */
function interpolations(file: string) {
  return [...read(file).matchAll(/\$\{([A-Z][A-Z0-9_]*)(:-|:\?)([^}]*)\}/g)].map((m) => ({
    name: m[1]!,
    required: m[2] === ":?",
    value: m[3]!,
  }));
}

/** What a configuration's default is: its own (production, local) or the file's. */
const defaultIn = (setting: Setting, configuration?: "production" | "local") =>
  (configuration && setting[configuration]) ?? setting.value;

describe("docker/defaults.env: one place for every setting's default", () => {
  it("every setting says what it is and who uses it", () => {
    expect(settings.size).toBeGreaterThan(30);
    for (const setting of settings.values()) expect(setting.meaning, setting.name).not.toBe("");
  });

  it.each([
    ["docker-compose.yml", undefined],
    ["docker/service-templates.yml", undefined],
    ["docker-compose.override.yml", "local"],
    ["docker-compose.production.yml", "production"],
  ] as const)(
    "%s: every default it writes is the file's (empty: the service reads the file)",
    (file, configuration) => {
      for (const { name, required, value } of interpolations(file)) {
        if (COMPOSE_OWN.has(name)) continue;
        const setting = settings.get(name);
        expect(setting, `${file}: \${${name}} is not in docker/defaults.env`).toBeDefined();
        if (required)
          expect(
            setting![configuration ?? "production"],
            `${file}: \${${name}:?} but docker/defaults.env does not say "${configuration}: required"`,
          ).toBe("required");
        // A file's source where Compose needs a path: /dev/null, an empty file, stands for "none".
        else if (value !== "" && !(value === "/dev/null" && defaultIn(setting!, configuration) === ""))
          expect(`${name}=${value}`, `${file}: \${${name}:-${value}}`).toBe(
            `${name}=${defaultIn(setting!, configuration)}`,
          );
      }
    },
  );

  it("docker-compose.production.yml refuses to start without every setting production requires", () => {
    const required = new Set(
      interpolations("docker-compose.production.yml")
        .filter((i) => i.required)
        .map((i) => i.name),
    );
    for (const setting of settings.values())
      if (setting.production === "required") expect(required, setting.name).toContain(setting.name);
  });

  it(".env.example names only known settings, and a value it sets is the default", () => {
    for (const [n, line] of read(".env.example").split("\n").entries()) {
      const match = line.match(/^(#?)([A-Z][A-Z0-9_]*)=(.*)$/);
      if (!match) continue;
      const [, commented, name, value] = match;
      if (COMPOSE_OWN.has(name!)) continue;
      const setting = settings.get(name!);
      expect(setting, `.env.example:${n + 1}: ${name} is not in docker/defaults.env`).toBeDefined();
      if (!commented && value !== "")
        expect(`${name}=${value}`, `.env.example:${n + 1}`).toBe(`${name}=${defaultIn(setting!, "local")}`);
    }
  });

  it("every setting Compose reads is in .env.example and in docs/configuration.md's table", () => {
    const example = read(".env.example");
    const docs = read("docs/configuration.md");
    const composeReads = new Set(
      COMPOSE_FILES.flatMap((file) => interpolations(file).map((i) => i.name)).filter((name) => !COMPOSE_OWN.has(name)),
    );
    expect(composeReads.size).toBeGreaterThan(30);
    expect(
      [...composeReads].filter((name) => !new RegExp(`^#?${name}=`, "m").test(example)),
      ".env.example",
    ).toEqual([]);
    expect(
      [...composeReads].filter((name) => !docs.includes(`| \`${name}\` |`)),
      "docs/configuration.md",
    ).toEqual([]);
  });

  it("every setting a service uses can be given to it: a compose file reads it from .env", () => {
    const composeReads = new Set(COMPOSE_FILES.flatMap((file) => interpolations(file).map((i) => i.name)));
    const notRead = [...settings.values()].filter(
      (s) => servicesUsing(s.usedBy).length > 0 && !(s.name in FIXED_IN_COMPOSE) && !composeReads.has(s.name),
    );
    expect(notRead.map((s) => `${s.name} (used by ${s.usedBy})`)).toEqual([]);
  });

  it("docs/configuration.md's table is the one generated from the file (node docker/defaults.mjs --write-docs)", () => {
    const docs = read("docs/configuration.md");
    const table = (text: string) => text.slice(text.indexOf(DOCS_BEGIN), text.indexOf(DOCS_END));
    expect(table(docs)).toBe(table(docsWithTable(docs)));
    expect(docs).toBe(docsWithTable(docs));
  });

  it("no image sets a setting in its ENV to another value (it would hide the file's default), but for its own", () => {
    const imageOwn: Record<string, string[]> = {
      // Inside its container nginx listens on 80.
      "docker/nginx/Dockerfile": ["NGINX_PORT"],
      // The outbox's path inside the container (the volume's mount point).
      "docker/php/Dockerfile": ["OUTBOX_DIR"],
      // A placeholder name for the build's `caddy validate` (production requires one), and the path inside the
      // container where docker-compose.production.yml mounts the host's ACME_CA_ROOT file.
      "docker/caddy/Dockerfile": ["SITE_DOMAIN", "ACME_CA_ROOT"],
    };
    for (const [file, own] of Object.entries(imageOwn)) {
      const envBlocks = [...read(file).matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)].map((m) => m[1]!);
      const values = envBlocks.flatMap((block) =>
        [...block.matchAll(/([A-Z][A-Z0-9_]*)=("[^"]*"|\S*)/g)].map(
          (m) => [m[1]!, m[2]!.replace(/^"(.*)"$/, "$1")] as const,
        ),
      );
      expect(values.length, file).toBeGreaterThan(0);
      for (const [name, value] of values) {
        const setting = settings.get(name);
        if (setting && !own.includes(name)) expect(`${name}=${value}`, `${file}: ENV`).toBe(`${name}=${setting.value}`);
      }
    }
  });
});
