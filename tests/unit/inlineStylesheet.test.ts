import { describe, expect, it } from "vitest";
import { inlineStylesheet } from "../../frontend/build/inlineStylesheet";

const CSS = "body{margin:0}.hero{aspect-ratio:16/9}";
const page = (head: string) =>
  `<!DOCTYPE html><html lang="pl"><head><style>@media (scripting:enabled){x{y:z}}</style>${head}<script>s()</script></head><body><h1>Cennik</h1></body></html>`;
const read = (href: string) => (href === "/assets/style-1.css" ? CSS : "");

describe("inlineStylesheet", () => {
  it("puts the stylesheet's text in the page where the link was, and leaves the link disabled for hydration", () => {
    const html = inlineStylesheet(
      page('<link rel="stylesheet" href="/assets/style-1.css"/>'),
      "cennik/index.html",
      read,
    );
    expect(html).toContain(
      `<style>@media (scripting:enabled){x{y:z}}</style><style>${CSS}</style><link rel="stylesheet" href="/assets/style-1.css" disabled=""/><script>s()</script>`,
    );
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/style-1.css" disabled=""/>',
    ]);
    expect(html).toContain("<body><h1>Cennik</h1></body>");
  });

  it("stops the build, naming the page, when it links no stylesheet or more than one", () => {
    expect(() => inlineStylesheet(page(""), "rodo/index.html", read)).toThrow(
      /rodo\/index\.html: oczekiwano jednego arkusza stylów, jest 0/,
    );
    const two = '<link rel="stylesheet" href="/assets/style-1.css"/><link rel="stylesheet" href="/assets/b.css"/>';
    expect(() => inlineStylesheet(page(two), "blog/index.html", read)).toThrow(/blog\/index\.html: .*jest 2/);
  });

  it("refuses a stylesheet whose text would close the <style> element", () => {
    const html = page('<link rel="stylesheet" href="/assets/style-1.css"/>');
    expect(() => inlineStylesheet(html, "kontakt/index.html", () => 'a::after{content:"</style>"}')).toThrow(
      /kontakt\/index\.html: .*<\/style/,
    );
  });
});
