/**
 * One source per setting: docker/defaults.env writes every setting's default once. The mailer, the web image and
 * the native stack read it; everything else that names a default — the compose files, .env.example, the table in
 * docs/configuration.md, the PHP constructors' defaults, the images' ENV — must say the same, or this fails with
 * the file, the setting and both values.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DOCS_BEGIN, DOCS_END, docsWithTable, readSettings, type Setting } from "../../docker/defaults.mjs";

const root = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(resolve(root, path), "utf8");
const settings = new Map(readSettings().map((s) => [s.name, s]));
/** Compose's own variables, not the stack's settings. */
const COMPOSE_OWN = new Set(["COMPOSE_PROJECT_NAME", "COMPOSE_FILE"]);

/** Every ${NAME:-value} and ${NAME:?message} of a compose file. */
function interpolations(file: string) {
  return [...read(file).matchAll(/\$\{([A-Z][A-Z0-9_]*)(:-|:\?)([^}]*)\}/g)].map((m) => ({
    name: m[1]!,
    required: m[2] === ":?",
    value: m[3]!,
  }));
}

/** The default of a PHP constructor's int parameter; a `self::NAME` default is read from the same file's constant. */
function phpDefault(file: string, param: string): string | undefined {
  const source = read(file);
  const raw = source.match(new RegExp(`int \\$${param} = ([\\w:]+),`))?.[1];
  return raw?.startsWith("self::") ? source.match(new RegExp(`const ${raw.slice(6)} = (\\d+);`))![1] : raw;
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

  it("docs/configuration.md's table is the one generated from the file (node docker/defaults.mjs --write-docs)", () => {
    const docs = read("docs/configuration.md");
    const table = (text: string) => text.slice(text.indexOf(DOCS_BEGIN), text.indexOf(DOCS_END));
    expect(table(docs)).toBe(table(docsWithTable(docs)));
    expect(docs).toBe(docsWithTable(docs));
  });

  // Config reads each from the environment; the classes it builds have their own defaults for when they are made
  // without it (OutboxLimits' minFreeBytes, in bytes, defaults to no check: it is not the file's megabytes).
  it.each<{ setting: string; file: string; param: string }>([
    { setting: "OUTBOX_RETRY_HOURS", file: "OutboxLimits", param: "retryHours" },
    { setting: "OUTBOX_RETRY_SECONDS", file: "OutboxLimits", param: "retrySeconds" },
    { setting: "OUTBOX_MAX_PENDING", file: "OutboxLimits", param: "maxPending" },
    { setting: "OUTBOX_FAILED_DAYS", file: "OutboxLimits", param: "failedDays" },
    { setting: "OUTBOX_MAX_HELD", file: "OutboxLimits", param: "maxHeld" },
    { setting: "OUTBOX_HELD_DAYS", file: "OutboxLimits", param: "heldDays" },
    { setting: "HEALTH_SMTP_DOWN_SECONDS", file: "Config", param: "healthSmtpDownSeconds" },
    { setting: "HEALTH_WAITING_SECONDS", file: "Config", param: "healthWaitingSeconds" },
    { setting: "HEALTH_DELIVERER_SECONDS", file: "Config", param: "healthDelivererSeconds" },
    { setting: "HEALTH_SMTP_PROBE_SECONDS", file: "Config", param: "healthSmtpProbeSeconds" },
    { setting: "HELD_DIGEST_HOUR", file: "Config", param: "heldDigestHour" },
    { setting: "HELD_DIGEST_DAY_SECONDS", file: "Config", param: "heldDigestDaySeconds" },
  ])("$setting: the mailer's constructor default ($file::$param) is the file's", ({ setting, file, param }) => {
    const value = phpDefault(`mailer/src/${file}.php`, param);
    expect(value, param).toBeDefined();
    expect(`${setting}=${value}`, `$${param}`).toBe(`${setting}=${settings.get(setting)!.value}`);
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
