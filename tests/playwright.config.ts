import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium against the real native stack (nginx, PHP-FPM, MailDev), started here
 * unless SITE_URL points at a stack that already runs (the Compose stack: SITE_URL=http://localhost:8080
 * MAIL_API=http://localhost:8025 STACK=compose).
 */
const siteUrl = process.env.SITE_URL ?? "http://127.0.0.1:8080";
const external = Boolean(process.env.SITE_URL);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "../test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  // Generous: CI machines have two cores and the suite runs two browsers at once.
  expect: { timeout: 12_000 },
  reporter: [["list"]],
  use: {
    baseURL: siteUrl,
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    trace: "retain-on-failure",
    launchOptions: {
      // Playwright's own browser builds cannot be downloaded here: Debian's Chromium is used instead.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: external
    ? undefined
    : {
        command: "node docker/native/stack.mjs",
        cwd: "..",
        url: siteUrl,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      },
});
