// @vitest-environment node
import { describe, expect, it } from "vitest";
import { paintFirst } from "./paintFirst";

// The end of the body React renders for a prerendered page (React 19.2, React Router 7.18): the hydration data in
// a hidden Suspense segment, and React's helpers that reveal it ($RB/$RV shortened here).
const DATA = '[{"_1":2},"loaderData",{"title":"Cennik \\u003c 100 zł"}]';
const tail = (extra = "") =>
  `<!--$?--><template id="B:0"></template><!--/$--><script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>` +
  `<div hidden id="S:0"><script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(DATA)});</script>` +
  `<!--$?--><template id="B:1"></template><!--/$--></div><script>$RB=[];$RV=function(a){};$RC=function(a,b){};$RC("B:0","S:0")</script>` +
  `<div hidden id="S:1"><script>window.__reactRouterContext.streamController.close();</script></div><script>$RC("B:1","S:1")</script>${extra}`;

// The shape React Router 7 prerenders (trimmed): modulepreloads in the head, the bootstrap module at the end.
const page = (bootstrap: string, end = tail()) =>
  `<!DOCTYPE html><html lang="pl"><head><link rel="modulepreload" href="/assets/manifest-1.js"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/framework-3.js"/>` +
  `<link rel="modulepreload" href="/assets/root-4.js"/><link rel="modulepreload" href="/assets/home-5.js"/>` +
  `<link rel="stylesheet" href="/assets/style-6.css"/></head><body><main>Treść</main>` +
  `<script type="module" async="">${bootstrap}</script>${end}</body></html>`;

const BOOTSTRAP = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-4.js";
import * as route1 from "/assets/home-5.js";
  
  window.__reactRouterRouteModules = {"root":route0,"home":route1};

import("/assets/entry.client-2.js");`;

describe("paintFirst", () => {
  const { html: out, data } = paintFirst(page(BOOTSTRAP), "index.html");
  const loader = out.match(/<script type="module">([\s\S]*?)<\/script>/)![1]!;

  it("takes every modulepreload out of the HTML and keeps the rest of the page", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/style-6.css"/>');
    expect(out).toContain("<main>Treść</main>");
    expect(out).not.toMatch(/^import /m);
  });

  it("adds the same modulepreloads back from the loader, all five of them", () => {
    for (const href of ["manifest-1", "entry.client-2", "framework-3", "root-4", "home-5"]) expect(loader).toContain(`/assets/${href}.js`);
    expect(loader).toContain('link.rel="modulepreload"');
  });

  it("imports the manifest, then the route modules, publishes them, then imports the entry — React Router's order", () => {
    const order = ["manifest-1", "root-4", "home-5", "__reactRouterRouteModules", "entry.client-2"].map((s) => loader.lastIndexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(loader).toContain('window.__reactRouterRouteModules = {"root":route0,"home":route1}');
  });

  it("starts on the first contentful paint, with a timer for tabs that never paint", () => {
    expect(loader).toMatch(/PerformanceObserver[\s\S]*first-contentful-paint[\s\S]*type:"paint",buffered:true/);
    expect(loader).toMatch(/setTimeout\(start,\d+\)/);
    expect(loader).toContain("if(started)return;started=true;");
  });

  it("moves the hydration data into a file named by its hash, and the loader feeds it to React Router's stream", () => {
    expect(data.body).toBe(DATA);
    expect(data.href).toMatch(/^\/assets\/page-data\/[0-9a-f]{16}\.txt$/);
    expect(out).not.toContain("streamController.enqueue(");
    expect(out).not.toContain("$RC(");
    expect(out).not.toContain('hidden id="S:');
    expect(out).toMatch(/<\/script><\/body><\/html>$/);
    expect(loader).toContain(`fetch(${JSON.stringify(data.href)})`);
    expect(loader).toMatch(/c\.enqueue\(text\);c\.close\(\)/);
    // React starts only with the data: a page whose data never comes stays plain HTML instead of waiting for ever.
    expect(loader.indexOf("await data")).toBeLessThan(loader.lastIndexOf("entry.client-2"));
    expect(paintFirst(page(BOOTSTRAP, tail().replace("Cennik", "Kontakt")), "kontakt/index.html").data.href).not.toBe(data.href);
  });

  it("stops the build when the hydration data is missing, split, or sits beside something it does not know", () => {
    expect(() => paintFirst(page(BOOTSTRAP, ""), "rodo/index.html")).toThrow(/rodo\/index\.html: brak danych hydratacji/);
    const twice = tail().replace("</script><!--$?--><template id=\"B:1\">", `</script><script>window.__reactRouterContext.streamController.enqueue("[]");</script><!--$?--><template id="B:1">`);
    expect(() => paintFirst(page(BOOTSTRAP, twice), "blog/index.html")).toThrow(/blog\/index\.html: oczekiwano jednej porcji danych hydratacji, jest 2/);
    expect(() => paintFirst(page(BOOTSTRAP, tail("<p>Stopka</p>")), "cennik/index.html")).toThrow(/cennik\/index\.html: nieznana treść przy danych hydratacji: <p>Stopka<\/p>/);
  });

  it("stops the build on a bootstrap it does not know, naming the page", () => {
    expect(() => paintFirst(page(BOOTSTRAP.replace('import("/assets/entry.client-2.js");', 'doSomethingNew();')), "cennik/index.html")).toThrow(
      /cennik\/index\.html: nieznana instrukcja/,
    );
    expect(() => paintFirst(page(BOOTSTRAP).replace(/<script type="module"[\s\S]*?<\/script>/, ""), "kontakt/index.html")).toThrow(/kontakt\/index\.html/);
  });
});
