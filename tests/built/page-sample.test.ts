// @vitest-environment node
/**
 * The browser tests that check what templates and components do (layout, what covers what, colours, focus, the
 * site without JavaScript, what loads before consent) visit the sample of tests/support/pageSample.ts instead of
 * every page. They may, because the sample holds every component of the built site: every class in the markup of
 * any page (each a component's or a variant's style) is on at least one sampled page.
 */
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { allPaths } from "../support/routes";
import { componentSample } from "../support/pageSample";

const pages = builtPages().filter((page) => (allPaths as readonly string[]).includes(page.path));
const classesOf = (html: string) =>
  new Set(
    [...html.replace(/<script\b[\s\S]*?<\/script>/g, "").matchAll(/\sclass="([^"]*)"/g)].flatMap((m) =>
      m[1]!.split(/\s+/).filter(Boolean),
    ),
  );

describe("the pages the browser tests sample", () => {
  it("are pages of the site", () => {
    for (const path of componentSample) expect(allPaths, path).toContain(path);
  });

  it("hold every class of the built site's markup: no component or variant is left out of those tests", () => {
    expect(pages).toHaveLength(allPaths.length);
    const sampled = new Set(
      pages.filter((page) => componentSample.includes(page.path)).flatMap((page) => [...classesOf(page.html)]),
    );
    const missing = new Map<string, string[]>();
    for (const { path, html } of pages)
      for (const name of classesOf(html))
        if (!sampled.has(name)) missing.set(name, [...(missing.get(name) ?? []), path]);
    expect(Object.fromEntries(missing), "classes found only on pages outside tests/support/pageSample.ts").toEqual({});
  });
});
