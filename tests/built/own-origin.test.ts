/**
 * Nothing a page's markup makes the browser fetch comes from another origin: photos (every source of every
 * <picture>, the ones in <noscript> too), styles, scripts, fonts, icons, frames, media. A visitor's browser asks no
 * third party for anything before she consents, with or without JavaScript. What the page's scripts load once they
 * run (the map after consent) is tested in the browser by tests/e2e/privacy.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";

/** The attributes whose addresses the browser fetches on its own, by element (a link: only the fetching kinds). */
const FETCHED: [selector: string, attributes: string[]][] = [
  ["img", ["src", "srcset"]],
  ["source", ["src", "srcset"]],
  ["script", ["src"]],
  ["iframe", ["src"]],
  ["frame", ["src"]],
  ["embed", ["src"]],
  ["object", ["data"]],
  ["video", ["src", "poster"]],
  ["audio", ["src"]],
  ["track", ["src"]],
  ["input", ["src"]],
  ["image", ["href", "xlink:href"]],
  ["use", ["href", "xlink:href"]],
  [
    'link:is([rel~="stylesheet"], [rel~="preload"], [rel~="modulepreload"], [rel~="prefetch"], [rel~="preconnect"], [rel~="dns-prefetch"], [rel~="icon"], [rel~="apple-touch-icon"], [rel~="manifest"])',
    ["href", "imagesrcset"],
  ],
];

/** Every address the document's markup has the browser fetch by itself. */
function fetchedAddresses(doc: Document): string[] {
  const urls = FETCHED.flatMap(([selector, attributes]) =>
    [...doc.querySelectorAll(selector)].flatMap((element) =>
      attributes.flatMap((name) => {
        const value = element.getAttribute(name);
        if (value === null) return [];
        // A srcset lists "address width" pairs.
        return name.endsWith("srcset") ? value.split(",").map((item) => item.trim().split(/\s+/)[0]!) : [value];
      }),
    ),
  );
  // Styles: in <style> and style="" (fonts, backgrounds).
  const css =
    [...doc.querySelectorAll("style")].map((style) => style.textContent).join("\n") +
    [...doc.querySelectorAll("[style]")].map((element) => element.getAttribute("style")).join("\n");
  for (const m of css.matchAll(/url\(\s*['"]?([^'")\s]+)/g)) urls.push(m[1]!);
  for (const m of css.matchAll(/@import\s+['"]([^'"]+)/g)) urls.push(m[1]!);
  return urls.filter(Boolean);
}

const ORIGIN = "https://strona.test";
const foreign = (urls: string[]) =>
  urls.filter((url) => !url.startsWith("data:") && new URL(url, `${ORIGIN}/`).origin !== ORIGIN);

it("finds a photo, a style and a frame from another origin (the check itself)", () => {
  const doc = new DOMParser().parseFromString(
    '<html><head><link rel="stylesheet" href="https://cdn.example/a.css"><link rel="canonical" href="https://example.pl/"></head><body><picture><source srcset="/img/a.webp 1x, https://img.example/b.webp 2x"><img src="/img/a.jpg" alt=""></picture><iframe src="//maps.example/x"></iframe><a href="https://example.pl/">link</a><div style="background:url(https://img.example/c.png)"></div></body></html>',
    "text/html",
  );
  expect(foreign(fetchedAddresses(doc))).toEqual([
    "https://img.example/b.webp",
    "//maps.example/x",
    "https://cdn.example/a.css",
    "https://img.example/c.png",
  ]);
});

describe("every prerendered page asks only its own origin for what its markup loads", () => {
  for (const { path, html } of builtPages())
    it(path, () => {
      const doc = new DOMParser().parseFromString(html, "text/html");
      const urls = fetchedAddresses(doc);
      expect(urls.length, "photos, styles and scripts of its own").toBeGreaterThan(2);
      expect(foreign(urls)).toEqual([]);
    });
});
