/**
 * The settings of `npm run bench:mailer` (see mailer.ts for what each phase does): read from the environment once,
 * and the environment of the bench's own native stack, on ports of its own with the contact rate limits lifted.
 */
import { join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../../../..");
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const maxMessages = Number(process.env.BENCH_MAX ?? 5000);
export const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const base = Number(process.env.BENCH_PORT_BASE ?? 48000);
const ports = { web: base + 80, mailUi: base + 25, smtp: base + 45, php: base + 60 };
export const stateDir = join(root, ".stack", "bench");
export const site = `http://127.0.0.1:${ports.web}`;
export const mailApi = `http://127.0.0.1:${ports.mailUi}`;
export const outbox = join(stateDir, "outbox");

export const env = {
  ...process.env,
  STACK_DIR: stateDir,
  NGINX_PORT: String(ports.web),
  MAIL_UI_PORT: String(ports.mailUi),
  SMTP_PORT: String(ports.smtp),
  PHP_FPM_PORT: String(ports.php),
  CONTACT_RATE_LIMIT: "10000r/s",
  CONTACT_SITE_RATE_LIMIT: "10000r/s",
  SITE_ORIGIN: site,
  CATCHER_REQUIRE: "frontend/tools/bench/mailer/refusing-catcher.cjs",
};
export const abuseSeconds = Number(process.env.BENCH_ABUSE_SECONDS ?? 60);
export const floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
export const floodAddresses = Number(process.env.BENCH_FLOOD_ADDRESSES ?? 30);
export const proofRuns = Number(process.env.BENCH_PROOF_RUNS ?? 15);
