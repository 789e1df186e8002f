import { describe, expect, it } from "vitest";
import { afterFirstPaint } from "../../frontend/build/afterFirstPaint";

// A prerendered page as React Router writes it (trimmed): modulepreloads in the head, one inline module script whose
// text is carried over unread — whatever shape it has (here React Router 8's split route modules).
const BOOT =
  'import "/assets/manifest-1.js";\nconst route1 = { default: () => import("/assets/home-5.js") };\nimport("/assets/entry.client-2.js");';
const page = (boot = `<script type="module" async="">${BOOT}</script>`) =>
  `<!DOCTYPE html><html lang="pl"><head><link rel="modulepreload" href="/assets/manifest-1.js"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="stylesheet" href="/assets/root-3.css"/></head>` +
  `<body><main><h1>Cennik</h1></main><script>window.__ctx = {};</script>${boot}<script>enqueue("[1]")</script></body></html>`;

describe("afterFirstPaint", () => {
  const { html, script } = afterFirstPaint(page(), "cennik/index.html");
  const loader = html.match(/<script type="module">([\s\S]*?)<\/script>/)![1]!;

  it("takes every modulepreload and the module script's code out of the HTML, and keeps the rest of the page", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('async=""');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-3.css"/>');
    expect(html).toContain('<main><h1>Cennik</h1></main><script>window.__ctx = {};</script><script type="module">');
    expect(html).toContain('<script>enqueue("[1]")</script></body>');
  });

  it("puts the same preloads back and runs the same script, unchanged, from the loader after the first paint", () => {
    expect(script).toBe(BOOT);
    expect(loader).toContain(JSON.stringify(["/assets/manifest-1.js", "/assets/entry.client-2.js"]));
    expect(loader).toContain(`script.textContent=${JSON.stringify(BOOT)}`);
    expect(loader).toContain('"first-contentful-paint"');
    expect(loader.indexOf("observe(")).toBeGreaterThan(loader.indexOf("script.textContent"));
  });

  it("stops the build, naming the page, when there is no module script or more than one", () => {
    expect(() => afterFirstPaint(page(""), "rodo/index.html")).toThrow(
      /rodo\/index\.html: oczekiwano jednego skryptu modułowego, jest 0/,
    );
    const twice = `<script type="module">a()</script><script type="module">b()</script>`;
    expect(() => afterFirstPaint(page(twice), "blog/index.html")).toThrow(/blog\/index\.html: .*jest 2/);
  });
});
