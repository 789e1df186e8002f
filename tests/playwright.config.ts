import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath, quietChromiumFlags } from "./support/chromium.ts";
import { host, ports } from "./native/config.mjs";

/**
 * End-to-end tests in Debian's Chromium against the real native stack (nginx, PHP-FPM, MailDev), started here
 * unless SITE_URL points at a stack that already runs (the Compose stack: SITE_URL=http://localhost:8080
 * MAIL_API=http://localhost:8025 STACK=compose).
 */
const siteUrl = process.env.SITE_URL ?? `http://${host}:${ports.web}`;
const external = Boolean(process.env.SITE_URL);
/** The test run's production: test names resolved to 127.0.0.1 (tests/support/testHosts.ts). */
const testHosts = (process.env.TEST_HOSTS ?? "").split(/[\s,]+/).filter(Boolean);
/**
 * Every other name fails at once, as it does on a machine without a network: nothing in the site calls a third
 * party during the tests on any machine, and a page that asks one anyway (the map after 'Akceptuję') neither waits
 * for it nor gets an answer that differs from machine to machine. Tests that need a third party's answer give it
 * themselves (page.route). Addresses (127.0.0.1) and localhost resolve as ever.
 */
const hostRules = [
  ...testHosts.map((host) => `MAP ${host} 127.0.0.1`),
  "MAP * ~NOTFOUND",
  "EXCLUDE localhost",
  "EXCLUDE 127.0.0.1",
];

const browser = { ...devices["Desktop Chrome"], channel: undefined };
/**
 * The files whose tests send mail or stop parts of the contact pipeline: each calls exclusiveMailTests()
 * (tests/support/exclusiveMail.ts), which runs them one file at a time.
 */
const e2eDir = join(import.meta.dirname, "e2e");
const mailFiles = readdirSync(e2eDir)
  .filter(
    (file) => file.endsWith(".spec.ts") && readFileSync(join(e2eDir, file), "utf8").includes("exclusiveMailTests()"),
  )
  .map((file) => `**/${file}`);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "../test-results",
  fullyParallel: true,
  // Two at least: the suite is written for two at once (CI's number), and Playwright's own default, half the cores,
  // is one on a two-core machine, which doubles a local run of the test command.
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  timeout: 30_000,
  // Generous: CI machines have two cores and the suite runs two browsers at once.
  expect: { timeout: 12_000 },
  // Every test's duration in the list; the files that take longest named at the end, to see where the minutes go.
  reporter: [["list"]],
  reportSlowTests: { max: 10, threshold: 60_000 },
  use: {
    baseURL: siteUrl,
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    // A failed test keeps its trace: every action with the page's DOM as it was, the network and the console. Not
    // the screencast beside it: recording one for every test cost a sixth of the suite's CPU, which the two stages
    // share.
    trace: { mode: "retain-on-failure", screenshots: false },
    // Over HTTPS the front's certificate comes from Pebble, whose root no browser has: tests/e2e/production.spec.ts
    // verifies the certificate and its chain itself (against Pebble's root), the rest of the suite does not.
    ignoreHTTPSErrors: siteUrl.startsWith("https:"),
    launchOptions: {
      // Playwright's own browser builds cannot be downloaded here: Debian's Chromium is used instead.
      executablePath: chromiumPath,
      args: [...quietChromiumFlags, `--host-resolver-rules=${hostRules.join(",")}`],
    },
  },
  projects: [
    // One file at a time, as their lock has them run anyway: scheduled so, they leave the other worker to the rest
    // of the suite instead of holding it idle in front of the lock. First, so that they run beside the rest rather
    // than one after another at the end.
    { name: "mail", testMatch: mailFiles, workers: 1, use: browser },
    { name: "chromium", testIgnore: mailFiles, use: browser },
  ],
  webServer: external
    ? undefined
    : {
        command: "node tests/native/stack.mjs",
        cwd: "..",
        url: siteUrl,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      },
});
