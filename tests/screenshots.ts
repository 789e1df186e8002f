/**
 * `npm run screenshots`: full-page screenshots of every route at 390 px and 1280 px wide, into reports/screenshots/
 * (git-ignored), so anyone can look over the whole site in a minute.
 *
 *   SITE_URL=http://127.0.0.1:8080 npm run screenshots        (default: the native stack, `npm run stack`)
 *   ONLY=/cennik,/blog npm run screenshots                      (a subset of paths)
 *
 * The cookie banner is answered before the page loads (localStorage cookieConsent=declined), so it never covers the
 * content; the banner itself has its own tests. Each page is scrolled to the bottom first, so lazy images load and
 * every section's entrance animation has run, then scrolled back to the top and captured.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumPath, quietChromiumFlags } from "./support/chromium.ts";
import { animationsDone, scrollThrough } from "./support/scroll.ts";
import { HYDRATED_ATTRIBUTE } from "../frontend/app/site/hydration.ts";
import { staticPaths } from "../frontend/app/site/routeTable.ts";
import { articleSlugs } from "../frontend/app/contentModel/load.server.ts";

const SITE_URL = (process.env.SITE_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");
const OUT_DIR = resolve("reports/screenshots");
const WIDTHS = [390, 1280] as const;

const articlePaths = articleSlugs().map((slug) => `/blog/${slug}`);

const only = process.env.ONLY?.split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const paths = [...staticPaths, ...articlePaths].filter((path) => !only || only.includes(path));

/** '/' → 'home', '/blog/abc' → 'blog--abc'. */
const fileName = (path: string, width: number) =>
  `${path === "/" ? "home" : path.slice(1).replace(/\//g, "--")}-${width}.png`;

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", ...quietChromiumFlags],
  });
  let failures = 0;
  /** One browser context per width, run side by side. */
  async function shoot(width: number) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      deviceScaleFactor: 1,
      locale: "pl-PL",
      timezoneId: "Europe/Warsaw",
    });
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem("cookieConsent", "declined");
      } catch {
        /* storage blocked: the banner will show, which is fine */
      }
    });
    const page = await context.newPage();
    for (const path of paths) {
      const target = join(OUT_DIR, fileName(path, width));
      try {
        const response = await page.goto(SITE_URL + path);
        if (!response?.ok()) console.warn(`! ${path} @${width}: HTTP ${response?.status()}`);
        await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached" });
        await page.evaluate(() => document.fonts.ready);
        // Down the page as a visitor reads it: lazy photos load and sections fade in, then every fade-in has ended.
        await scrollThrough(page);
        await animationsDone(page);
        await page.screenshot({ path: target, fullPage: true });
        console.log(`✓ ${path} @${width}px → ${target}`);
      } catch (error) {
        failures++;
        console.error(`✗ ${path} @${width}px: ${(error as Error).message}`);
      }
    }
    await context.close();
  }
  try {
    await Promise.all(WIDTHS.map(shoot));
  } finally {
    await browser.close();
  }
  console.log(
    `${paths.length * WIDTHS.length - failures} screenshots in ${OUT_DIR}${failures ? `, ${failures} failed` : ""}`,
  );
  if (failures) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
