/**
 * The settings the privacy texts state: how long the server keeps what. Content writes them as placeholders
 * (`{retention.failed}` → "30 dni"), filled in at build time from the settings the build is given: the
 * environment (a deployment's .env reaches the web image's build as build arguments, docker-compose.yml), else
 * docker/defaults.env, or the file SALON_DEFAULTS names (the tests build with a changed copy). postbuild.ts records
 * the values (build/nginx/privacy-settings.txt), and the web image's entrypoint refuses to start while its own
 * settings differ, so a page never states a number the stack does not keep to. Build-time only, like
 * placeholders.ts.
 */
import { resolve } from "node:path";
import { defaults } from "../../../docker/defaults.mjs";

/** "1 dzień", "14 dni". */
export const days = (n: number) => (n === 1 ? "1 dzień" : `${n} dni`);

/** As an object of a verb ("czeka najwyżej …"): "1 godzinę", "2 godziny", "120 godzin". */
export function hours(n: number): string {
  if (n === 1) return "1 godzinę";
  const few = n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14);
  return `${n} ${few ? "godziny" : "godzin"}`;
}

/** placeholder → the setting it states and how it reads. */
export const PRIVACY_PLACEHOLDERS: Readonly<Record<string, { setting: string; words: (n: number) => string }>> = {
  "retention.retryHours": { setting: "OUTBOX_RETRY_HOURS", words: hours },
  "retention.failed": { setting: "OUTBOX_FAILED_DAYS", words: days },
  "retention.held": { setting: "OUTBOX_HELD_DAYS", words: days },
  "retention.logs": { setting: "LOG_RETENTION_DAYS", words: days },
  "retention.backups": { setting: "BACKUP_RETENTION_DAYS", words: days },
};

/**
 * Each setting's value for this build: the environment's unless unset or empty, else the defaults file's. A value
 * that is not a whole number above 0 stops the build, naming it (the containers check their own ranges at start).
 */
export function privacySettings(env: NodeJS.ProcessEnv = process.env): Record<string, number> {
  // From the folder the build runs in, as content/ is (a path beside this module would point into the bundle).
  const file = defaults(resolve(env.SALON_DEFAULTS || "docker/defaults.env"));
  return Object.fromEntries(
    Object.values(PRIVACY_PLACEHOLDERS).map(({ setting }) => {
      const value = env[setting] || file[setting] || "";
      if (!/^[1-9]\d{0,5}$/.test(value))
        throw new Error(`${setting}=${value}: ustawienie podawane w polityce prywatności musi być liczbą większą od 0`);
      return [setting, Number(value)];
    }),
  );
}

/** The placeholders' texts for this build. */
export function privacyPlaceholders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const values = privacySettings(env);
  return Object.fromEntries(
    Object.entries(PRIVACY_PLACEHOLDERS).map(([key, { setting, words }]) => [key, words(values[setting]!)]),
  );
}

/** The record the web image's entrypoint compares its settings with: `NAME=value` lines. */
export const privacyRecord = (env: NodeJS.ProcessEnv = process.env) =>
  Object.entries(privacySettings(env))
    .map(([name, value]) => `${name}=${value}\n`)
    .join("");
