/**
 * docker/defaults.env for Node: the settings with their defaults, what uses them, and the defaults a configuration
 * has of its own (production, local, native). The native stack's config.mjs reads its values from here, and
 * `node docker/defaults.mjs --write-docs` writes the table in docs/configuration.md from it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export const defaultsFile = resolve(import.meta.dirname, "defaults.env");
const docsFile = resolve(import.meta.dirname, "../docs/configuration.md");
export const DOCS_BEGIN =
  "<!-- generated from docker/defaults.env by `node docker/defaults.mjs --write-docs`: edit that file -->";
export const DOCS_END = "<!-- end of the generated table -->";
const CONFIGURATIONS = ["production", "local", "native"];

/**
 * @param {string} [file]
 * @returns {{ name: string, value: string, meaning: string, usedBy: string, production?: string, local?: string, native?: string, line: number }[]}
 */
export function readSettings(file = defaultsFile) {
  const settings = [];
  let comments = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") comments = [];
      else if (line.startsWith("#")) comments.push(line.replace(/^# ?/, ""));
      else {
        const match = line.match(/^([A-Z][A-Z0-9_]*)=(.*)$/);
        if (!match) throw new Error(`${file}:${index + 1}: not NAME=VALUE: ${line}`);
        const setting = { name: match[1], value: match[2], meaning: "", usedBy: "", line: index + 1 };
        const meaning = [];
        for (const comment of comments) {
          const attribute = comment.match(/^\s+(used by|production|local|native):\s*(.*)$/);
          if (!attribute) meaning.push(comment.trim());
          else if (attribute[1] === "used by") setting.usedBy = attribute[2];
          else setting[attribute[1]] = attribute[2];
        }
        setting.meaning = meaning.join(" ");
        if (!setting.meaning || !setting.usedBy)
          throw new Error(`${file}:${index + 1}: ${setting.name} needs a meaning and "used by"`);
        settings.push(setting);
        comments = [];
      }
    });
  return settings;
}

/** name → default, as the mailer and the web image read them. */
export function defaults(file = defaultsFile) {
  return Object.fromEntries(readSettings(file).map((s) => [s.name, s.value]));
}

/**
 * A setting's value for the native stack: the environment's unless unset or empty, else the native default, else
 * the local one, else the default.
 */
export function nativeSetting(name, env = process.env) {
  if (env[name]) return env[name];
  const setting = readSettings().find((s) => s.name === name);
  if (!setting) throw new Error(`${name} is not in ${defaultsFile}`);
  return setting.native ?? setting.local ?? setting.value;
}

const code = (value) => (value === "" ? "empty" : `\`${value}\``);

/** The table of docs/configuration.md: one row per setting. */
export function docsTable(settings = readSettings()) {
  const rows = settings.map((s) => {
    const own = CONFIGURATIONS.filter((c) => s[c] !== undefined).map(
      (c) => `${c}: ${s[c] === "required" ? "required" : code(s[c])}`,
    );
    return `| \`${s.name}\` | ${s.usedBy} | ${[code(s.value), ...own].join("; ")} | ${s.meaning} |`;
  });
  return [DOCS_BEGIN, "| variable | used by | default | meaning |", "|---|---|---|---|", ...rows, DOCS_END].join("\n");
}

/** docs/configuration.md with its table as the defaults file says. */
export function docsWithTable(text = readFileSync(docsFile, "utf8")) {
  const begin = text.indexOf(DOCS_BEGIN);
  const end = text.indexOf(DOCS_END);
  if (begin < 0 || end < begin) throw new Error(`${docsFile}: the generated table's markers are missing`);
  return text.slice(0, begin) + docsTable() + text.slice(end + DOCS_END.length);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename && process.argv[2] === "--write-docs") {
  writeFileSync(docsFile, docsWithTable());
  console.log(`${docsFile}: the table follows ${defaultsFile}`);
}
