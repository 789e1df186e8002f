// @vitest-environment node
/**
 * The README's recipe "change a price" is one edit and a rebuild. On a copy of content/ (CONTENT_DIR) one price of
 * content/pricing.json is changed – the list's highest, written once, so "the old price nowhere" can be checked – then
 * the content check and one build into a folder of its own (SITE_BUILD_DIR, under build/) run: the new price is on
 * every page that shows its price group (the price list, the treatment pages that list the group) and on no other,
 * the structured data's price range ends at it, and the old price is in no file of the build (pages, their loader
 * data, scripts).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonLdOf } from "../support/builtPages";
import type { PricingDocument } from "../../frontend/app/content/schema";

const root = resolve(import.meta.dirname, "../..");
const content = mkdtempSync(join(tmpdir(), "salon-price-change-"));
const out = join(root, "build", `price-change-${process.pid}`);
afterAll(() => [content, out].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** The text a reader reads: scripts (the structured data, the loader data) and tags out, spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

/** The page's URL path from its file in the build ("/cennik" for cennik/index.html). */
const pathOf = (clientDir: string, file: string) =>
  "/" + relative(clientDir, file).replace(/(^|\/)index\.html$/, "").replace(/\/$/, "");

describe("a price changed in content/pricing.json", () => {
  it("is, after one build, on every page that shows it and in the structured data; the old price nowhere", () => {
    cpSync(join(root, "content"), content, {
      recursive: true,
      filter: (src) => !src.startsWith(join(root, "content", "images")),
    });
    symlinkSync(join(root, "content", "images"), join(content, "images"));

    // The highest price of the list: its amount is written once, so it can be looked for everywhere.
    const pricing = JSON.parse(readFileSync(join(content, "pricing.json"), "utf8")) as PricingDocument;
    const lines = [...pricing.categories, pricing.redTouchPro, pricing.ondaPro].flatMap((group) =>
      group.services.flatMap((service) =>
        "price" in service ? [{ group, line: service }] : service.options.map((option) => ({ group, line: option })),
      ),
    );
    const amount = (price: string) => Number(/^(?:od )?(\d+) zł$/.exec(price)?.[1] ?? NaN);
    const highest = lines.reduce((a, b) => (amount(b.line.price) > amount(a.line.price) ? b : a));
    const oldPrice = highest.line.price;
    const oldAmount = amount(oldPrice);
    expect(lines.filter(({ line }) => line.price.includes(`${oldAmount} zł`)), `${oldPrice} once in the list`).toHaveLength(1);
    const newAmount = oldAmount + 50;
    const newPrice = oldPrice.replace(String(oldAmount), String(newAmount));

    // The one edit of the recipe.
    const file = readFileSync(join(content, "pricing.json"), "utf8");
    expect(file.split(`"price": "${oldPrice}"`)).toHaveLength(2);
    writeFileSync(join(content, "pricing.json"), file.replace(`"price": "${oldPrice}"`, `"price": "${newPrice}"`));

    // The pages that show the group: the price list and every treatment page listing it (its file's pricing.groups).
    const showing = [
      "/cennik",
      ...readdirSync(join(content, "treatments"))
        .filter((name) => {
          const doc = JSON.parse(readFileSync(join(content, "treatments", name), "utf8"));
          return (doc.pricing?.groups ?? []).includes(highest.group.id);
        })
        .map((name) => `/${name.replace(/\.json$/, "")}`),
    ].sort();
    expect(showing.length, "a treatment page shows the group").toBeGreaterThan(1);

    // Not Vitest's variables: with them the build leaves React Router's plugin out (vite.config.ts).
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST"))),
      CONTENT_DIR: content,
      SITE_BUILD_DIR: out,
    };
    const check = spawnSync("npm", ["run", "content:check"], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
    expect(check.status, `${check.stdout}${check.stderr}`.slice(-3000)).toBe(0);
    const builtBefore = statSync(join(root, "build/client/index.html")).mtimeMs;
    // The step of `npm run build` that writes the pages and their data (the others check, encode images, compress).
    const build = spawnSync("npx", ["react-router", "build"], { cwd: root, env, encoding: "utf8", timeout: 900_000 });
    expect(build.status, `${build.stdout}${build.stderr}`.slice(-3000)).toBe(0);
    expect(statSync(join(root, "build/client/index.html")).mtimeMs, "the real build is left alone").toBe(builtBefore);

    const clientDir = join(out, "client");
    const files = filesUnder(clientDir).filter((f) => /\.(html|data|js|json|txt|xml)$/.test(f));
    const pages = files.filter((f) => f.endsWith(".html") && !f.endsWith("__spa-fallback.html"));
    expect(pages.length).toBeGreaterThan(30);

    const shownOn = pages
      .filter((f) => new RegExp(`(?<![\\d,])${newPrice}`).test(textOf(readFileSync(f, "utf8"))))
      .map((f) => pathOf(clientDir, f))
      .sort();
    expect(shownOn, `the pages showing ${newPrice}`).toEqual(showing);

    for (const page of pages) {
      const salon = jsonLdOf(readFileSync(page, "utf8")).find((item) => item["@type"] === "BeautySalon");
      if (salon) expect(salon.priceRange, pathOf(clientDir, page)).toMatch(new RegExp(`^\\d+–${newAmount} zł$`));
    }
    expect(pages.filter((page) => readFileSync(page, "utf8").includes('"BeautySalon"')).length).toBeGreaterThan(30);

    const old = new RegExp(`(?<![\\d,])${oldAmount} zł`);
    const stale = files.filter((f) => old.test(readFileSync(f, "utf8"))).map((f) => relative(clientDir, f));
    expect(stale, `${oldAmount} zł still in`).toEqual([]);
  }, 900_000);
});
