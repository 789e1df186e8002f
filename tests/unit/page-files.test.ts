// @vitest-environment node
/**
 * A new treatment is one file: content/treatments/<path>.json becomes a route of the route table (so a page of its
 * own, prerendered), an entry of the prerender list and of the sitemap, a crumb under its family, and an entry of
 * the list of page files the prerender and the browser bundle both import (frontend/app/generated/page-files.json,
 * written by `npm run page-files`) — with no code and no test edited. Listing it on its family's page is an edit of
 * that page's file. Checked on a copy of content/ (CONTENT_DIR) that holds one more treatment, with every module
 * loaded afresh from it and the list as `npm run page-files` writes it from the copy.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const NAME = "nowy-zabieg-testowy";
const PATH = `/${NAME}`;
let dir: string;
const previousContentDir = process.env.CONTENT_DIR;

const readJson = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8"));
const writeJson = (file: string, value: unknown) => writeFileSync(join(dir, file), JSON.stringify(value, null, 2));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "salon-new-treatment-"));
  cpSync(join(root, "content"), dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, "content", "images")),
  });
  symlinkSync(join(root, "content", "images"), join(dir, "images"));
  // The new treatment: a copy of another one's text, with its own name, menu label and family.
  const treatment = readJson("treatments/natlenienie-skory-3-w-1.json");
  Object.assign(treatment, {
    label: "Nowy zabieg",
    family: "body",
    name: "Nowy zabieg testowy",
    title: "Nowy zabieg testowy – na ciało",
  });
  treatment.seo.title = "Nowy zabieg testowy w Łodzi";
  writeJson(`treatments/${NAME}.json`, treatment);
  // Listed on the body family's page: an entry in that page's file.
  const family = readJson("families/zabiegi-na-cialo.json");
  family.entries.push({ ...family.entries[0], name: "Nowy zabieg testowy", link: PATH });
  writeJson("families/zabiegi-na-cialo.json", family);
  process.env.CONTENT_DIR = dir;
  vi.resetModules();
  vi.doMock("../../frontend/app/generated/page-files.json", async () => {
    const { pageFilesJson } = await import("../../frontend/build/pageFilesManifest");
    return { default: JSON.parse(pageFilesJson(dir)) };
  });
});

afterAll(() => {
  vi.doUnmock("../../frontend/app/generated/page-files.json");
  if (previousContentDir === undefined) delete process.env.CONTENT_DIR;
  else process.env.CONTENT_DIR = previousContentDir;
  rmSync(dir, { recursive: true, force: true });
});

describe("a new file in content/treatments/", () => {
  it("is a treatment route at its file name's path, with the label and family its file gives, under that family in breadcrumbs", async () => {
    const { routeByPath } = await import("../../frontend/app/site/routeTable");
    const { breadcrumbTrail } = await import("../../frontend/app/site/breadcrumbs");
    expect(routeByPath(PATH)).toMatchObject({
      kind: "treatment",
      label: "Nowy zabieg",
      family: "body",
      doc: `treatments/${NAME}`,
    });
    const { pl } = await import("../../frontend/app/site/words/pl");
    expect(breadcrumbTrail(PATH, pl.routes).map((crumb) => `${crumb.path} ${crumb.label}`)).toEqual([
      "/ Strona główna",
      "/zabiegi-na-cialo Zabiegi na ciało",
      `${PATH} Nowy zabieg`,
    ]);
  });

  it("passes the build's content check and is in its prerender list", async () => {
    const { default: config } = await import("../../react-router.config");
    const list = await config.prerender();
    expect(list).toContain(PATH);
  }, 30_000);

  it("is in the sitemap", async () => {
    const { sitemapXml } = await import("../../frontend/build/sitemap");
    const { site } = await import("../../frontend/app/salon/config");
    expect(sitemapXml()).toContain(`<loc>${site.origin}${PATH}</loc>`);
  });

  it("is rendered by the treatment template from its own file, and its family's page links to it", async () => {
    const request = (path: string) =>
      ({
        request: new Request(`http://localhost${path}`),
        url: new URL(`http://localhost${path}`),
        params: {},
        context: {},
      }) as never;
    const treatment = await import("../../frontend/app/routes/treatment");
    expect(treatment.loader(request(PATH)).treatment.name).toBe("Nowy zabieg testowy");
    const family = await import("../../frontend/app/routes/family");
    expect(family.loader(request("/zabiegi-na-cialo")).list.entries.map((entry) => entry.link)).toContain(PATH);
  });

  it("is in the list of page files `npm run page-files` writes from content/, with its label and family", async () => {
    const { pageFilesJson } = await import("../../frontend/build/pageFilesManifest");
    const list = JSON.parse(pageFilesJson(dir)) as { path: string; label: string }[];
    expect(list).toContainEqual(expect.objectContaining({ path: PATH, label: "Nowy zabieg", family: "body" }));
    const checkout = JSON.parse(readFileSync(join(root, "frontend/app/generated/page-files.json"), "utf8"));
    expect(checkout).not.toContainEqual(expect.objectContaining({ path: PATH }));
  });
});
