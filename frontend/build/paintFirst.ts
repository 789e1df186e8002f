/**
 * Paint first, then hydrate: rewrites a prerendered page so that its JavaScript is fetched only after the browser
 * has painted the page once.
 *
 * Why: the HTML is complete without JavaScript (every route is prerendered), yet React Router puts a modulepreload
 * for every module of the page in the head and imports them from an inline module script. On a phone on a mobile
 * network those ~110 KB of JavaScript then share the first seconds of bandwidth with the stylesheets, the two fonts
 * and the hero image, and the page appears later than it has to. Here the modulepreloads leave the HTML, and the
 * inline script adds them back and imports the same modules, in the same order, once the browser reports the first
 * contentful paint (a PerformanceObserver "paint" entry; where that is not supported, after the first animation
 * frame). A hidden tab paints nothing: the fallback timer hydrates it anyway.
 *
 * The input format is React Router 7's prerender output; anything unexpected stops the build with the page's name,
 * rather than shipping a page that never hydrates.
 */

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const INLINE_MODULE = /<script type="module" async="">([\s\S]*?)<\/script>/g;

/** What React Router's inline module script does, read back from its text. */
interface Bootstrap {
  /** `import "…";` — modules imported for their side effects (the manifest), in order. */
  sideEffects: string[];
  /** `import * as routeN from "…";` — the route modules, in order. */
  routes: { name: string; href: string }[];
  /** `window.__reactRouterRouteModules = {…};` as written. */
  assignment: string;
  /** `import("…");` — the client entry, imported last. */
  entry: string;
}

function parseBootstrap(body: string, page: string): Bootstrap {
  const statements = body
    .split(/;\s*\n|\n/)
    .map((s) => s.trim().replace(/;$/, ""))
    .filter(Boolean);
  const boot: Bootstrap = { sideEffects: [], routes: [], assignment: "", entry: "" };
  for (const statement of statements) {
    let m: RegExpMatchArray | null;
    if ((m = statement.match(/^import "([^"]+)"$/))) boot.sideEffects.push(m[1]!);
    else if ((m = statement.match(/^import \* as (route\d+) from "([^"]+)"$/))) boot.routes.push({ name: m[1]!, href: m[2]! });
    else if (/^window\.__reactRouterRouteModules = \{[^}]*\}$/.test(statement)) boot.assignment = statement;
    else if ((m = statement.match(/^import\("([^"]+)"\)$/))) boot.entry = m[1]!;
    else throw new Error(`${page}: nieznana instrukcja w skrypcie startowym React Routera: ${statement}`);
  }
  if (!boot.routes.length || !boot.assignment || !boot.entry) {
    throw new Error(`${page}: skrypt startowy React Routera bez modułów tras, przypisania albo wejścia`);
  }
  return boot;
}

/** The loader that replaces the inline module script: same modules, same order, after the first painted frame. */
function paintFirstLoader(preloads: string[], boot: Bootstrap): string {
  const list = JSON.stringify(preloads);
  const imports = [
    ...boot.sideEffects.map((href) => `await import(${JSON.stringify(href)});`),
    ...boot.routes.map((r) => `const ${r.name}=await import(${JSON.stringify(r.href)});`),
  ].join("");
  return (
    `let started=false;` +
    `const hydrate=async()=>{if(started)return;started=true;` +
    `for(const href of ${list}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    `${imports}${boot.assignment};import(${JSON.stringify(boot.entry)})};` +
    // After the first contentful paint has been presented (a paint entry), else after the first frame.
    `try{new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length)hydrate()}).observe({type:"paint",buffered:true})}` +
    `catch{requestAnimationFrame(()=>setTimeout(hydrate,0))}setTimeout(hydrate,3000);`
  );
}

/** The page with its JavaScript deferred until after the first paint; throws when the page is not as expected. */
export function paintFirst(html: string, page: string): string {
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const scripts = [...html.matchAll(INLINE_MODULE)];
  if (scripts.length !== 1) throw new Error(`${page}: oczekiwano jednego skryptu startowego React Routera, jest ${scripts.length}`);
  if (!preloads.length) throw new Error(`${page}: brak <link rel="modulepreload"> — zmienił się format prerenderu?`);
  const boot = parseBootstrap(scripts[0]![1]!, page);
  const loader = paintFirstLoader(preloads, boot);
  return html.replace(MODULEPRELOAD, "").replace(scripts[0]![0], `<script type="module">${loader}</script>`);
}
