/**
 * Every prerendered page's markup, judged by axe-core (the judge of tests/e2e/accessibility.spec.ts) with the WCAG
 * 2.1 A and AA rules that read markup alone: names of links, buttons, images and fields, lists, ARIA, headings' and
 * landmarks' structure — what a page's own words and photos can break. What needs a browser (colours as seen,
 * focus, the page once scripts have run) is judged there, on the pages of tests/support/pageSample.ts.
 */
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** Rules that judge what is rendered (colours, sizes): there is no rendering here. */
const NEEDS_LAYOUT = ["color-contrast"];

/** The page, without its scripts, as this test document (axe judges the document it runs in). */
function load(html: string) {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  parsed.querySelectorAll("script").forEach((script) => script.remove());
  document.replaceChild(document.importNode(parsed.documentElement, true), document.documentElement);
}

/** What axe finds in the test document. */
async function violations() {
  const result = await axe.run(document, {
    runOnly: { type: "tag", values: WCAG },
    rules: Object.fromEntries(NEEDS_LAYOUT.map((id) => [id, { enabled: false }])),
  });
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

it("the judge runs here: it finds a photo without a description and a link without a name", async () => {
  load(
    '<!DOCTYPE html><html lang="pl"><head><title>kontrola</title></head><body><main><h1>Kontrola</h1><img src="/x.png"><a href="/"></a></main></body></html>',
  );
  expect(await violations()).toEqual([expect.stringMatching(/^image-alt:/), expect.stringMatching(/^link-name:/)]);
});

describe.each(builtPages())("$path", ({ html }) => {
  it("has no WCAG 2.1 A/AA violation in its markup", async () => {
    load(html);
    expect(await violations()).toEqual([]);
  });
});
