/**
 * Paint first, then load the JavaScript: rewrites a prerendered page so that the browser fetches its modules only
 * once it has painted the page.
 *
 * Why: the HTML is complete without JavaScript (every route is prerendered), yet the page names every module it
 * will run in the head (`<link rel="modulepreload">`) and imports them from an inline module script. On a phone on
 * a mobile network those ~110 KB of JavaScript then share the first seconds of bandwidth with the stylesheet and the
 * LCP image, and the page appears later than it has to (LCP ≈ 2 s instead of ≈ 1 s on Lighthouse's slow 4G,
 * docs/upgrading.md). Here the modulepreloads and the module script leave the HTML, and a small inline loader puts
 * them back, unchanged, once the browser has painted the page (frontend/app/site/firstPaint.ts).
 *
 * The page is treated as plain HTML: the module script is carried over as it is, never read, so whatever React
 * Router writes into it (and into the page's hydration data, which stays where it is) keeps working. What is
 * checked is only what HTML says: modulepreload links, and exactly one inline module script.
 */
import { whenPainted } from "../app/site/firstPaint";

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module"[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The loader: the same modulepreloads into the head, then the same module script (in the head: React hydrates the
 * body, and leaves what a script adds to the head alone). A module that cannot be loaded leaves the page the plain
 * HTML it is (docs/without-javascript.md).
 */
function loader(preloads: string[], script: string): string {
  return (
    `let started=false;` +
    `const start=()=>{if(started)return;started=true;` +
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    `const script=document.createElement("script");script.type="module";script.textContent=${JSON.stringify(script)};document.head.append(script)};` +
    `(${String(whenPainted)})(start);`
  );
}

/**
 * The page with its JavaScript deferred until after the first paint, and the module script the loader will add
 * (its CSP hash must be allowed too); throws, naming the page, when the page has no module script to defer.
 */
export function afterFirstPaint(prerendered: string, page: string): { html: string; script: string } {
  const preloads = [...prerendered.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const scripts = [...prerendered.matchAll(MODULE_SCRIPT)];
  if (scripts.length !== 1) throw new Error(`${page}: oczekiwano jednego skryptu modułowego, jest ${scripts.length}`);
  const script = scripts[0]![1]!;
  const html = prerendered
    .replace(MODULEPRELOAD, "")
    .replace(scripts[0]![0], () => `<script type="module">${loader(preloads, script)}</script>`);
  return { html, script };
}
