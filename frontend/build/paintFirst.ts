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
 * The hydration data leaves the HTML too. React Router writes the loader data the page was rendered from (the
 * whole treatment or article once more, as a turbo-stream) into a script at the end of the body, wrapped in React's
 * streaming helpers: 5–8 KB of a 13–17 KB gzipped page, which pushed most pages past the 14.6 KB a server may send
 * before the phone's first acknowledgement, so their first paint waited a whole round trip more. It is only read
 * when React hydrates, which happens after the first paint anyway: it becomes a file of its own under /assets/
 * (named by its content hash, so a cached copy always belongs to the HTML that names it), fetched by the loader
 * together with the modules and handed to React Router's stream exactly as the inline script did.
 *
 * The input format is React Router 7's prerender output; anything unexpected stops the build with the page's name,
 * rather than shipping a page that never hydrates.
 */
import { createHash } from "node:crypto";

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

/**
 * The end of the body as React renders a prerendered page: a Suspense boundary whose hidden segments hold the
 * scripts that feed React Router's stream (one enqueue, then close), and React's helpers that reveal them.
 */
const STREAM_TAIL = /<!--\$\?--><template id="B:0"><\/template><!--\/\$-->[\s\S]*(?=<\/body>)/;
const ENQUEUE = /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
/** What may be in that tail besides the enqueue: anything else would be lost with it, so it stops the build. */
const TAIL_PARTS = [
  /<!--\$\?--><template id="B:\d+"><\/template><!--\/\$-->/g,
  /<div hidden id="S:\d+">|<\/div>/g,
  /<script id="_R_">requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\);<\/script>/g,
  /<script>\$RB=\[\];[\s\S]*?\$RC\("B:0","S:0"\)<\/script>/g,
  /<script>\$RC\("B:\d+","S:\d+"\)<\/script>/g,
  /<script>window\.__reactRouterContext\.streamController\.close\(\);<\/script>/g,
];

/** The page's hydration data as a file: where the loader fetches it, and what it holds. */
export interface HydrationData {
  href: string;
  body: string;
}

function takeHydrationData(html: string, page: string): { html: string; data: HydrationData } {
  const tail = html.match(STREAM_TAIL)?.[0];
  if (!tail) throw new Error(`${page}: brak danych hydratacji React Routera na końcu <body> — zmienił się format prerenderu?`);
  const chunks = [...tail.matchAll(ENQUEUE)].map((m) => JSON.parse(m[1]!) as string);
  if (chunks.length !== 1) throw new Error(`${page}: oczekiwano jednej porcji danych hydratacji, jest ${chunks.length}`);
  let rest = tail.replace(ENQUEUE, "");
  for (const part of TAIL_PARTS) rest = rest.replace(part, "");
  if (!tail.includes("streamController.close()") || rest.trim()) {
    throw new Error(`${page}: nieznana treść przy danych hydratacji: ${rest.trim().slice(0, 120) || "brak close()"}`);
  }
  const body = chunks[0]!;
  const hash = createHash("sha256").update(body, "utf8").digest("hex").slice(0, 16);
  return { html: html.replace(tail, ""), data: { href: `/assets/page-data/${hash}.txt`, body } };
}

/**
 * The loader that replaces the inline module script: same modules, same order, after the first painted frame.
 * React is started (the client entry imported) only once the hydration data is there: React Router's stream would
 * otherwise wait for it for ever, with React's listeners on a page that never hydrates. Data that cannot be fetched
 * is tried twice more; then, as when a module cannot be loaded, the page stays the plain HTML it is — links
 * navigate, the contact form posts itself (docs/without-javascript.md) — and the console says why.
 */
function paintFirstLoader(preloads: string[], boot: Bootstrap, data: HydrationData): string {
  const list = JSON.stringify(preloads);
  const imports = [
    ...boot.sideEffects.map((href) => `await import(${JSON.stringify(href)});`),
    ...boot.routes.map((r) => `const ${r.name}=await import(${JSON.stringify(r.href)});`),
  ].join("");
  return (
    `let started=false;` +
    `const hydrate=async()=>{` +
    // The data first, so that it travels with the modules. Its failure is handled where it is awaited (the empty
    // catch only keeps an early failure from being reported as unhandled meanwhile).
    `const get=(n)=>fetch(${JSON.stringify(data.href)}).then((r)=>r.ok?r.text():Promise.reject(new Error(r.status)))` +
    `.catch((e)=>n?new Promise((r)=>setTimeout(r,1000)).then(()=>get(n-1)):Promise.reject(e));` +
    `const data=get(2);data.catch(()=>{});` +
    `for(const href of ${list}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    `${imports}${boot.assignment};` +
    `const text=await data;const c=window.__reactRouterContext.streamController;c.enqueue(text);c.close();` +
    `await import(${JSON.stringify(boot.entry)})};` +
    `const start=()=>{if(started)return;started=true;hydrate().catch((e)=>console.warn("Strona działa bez skryptów (zwykły HTML):",e))};` +
    // After the first contentful paint has been presented (a paint entry), else after the first frame.
    `try{new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length)start()}).observe({type:"paint",buffered:true})}` +
    `catch{requestAnimationFrame(()=>setTimeout(start,0))}setTimeout(start,3000);`
  );
}

/**
 * The page with its JavaScript and its hydration data deferred until after the first paint, and that data;
 * throws when the page is not as expected.
 */
export function paintFirst(prerendered: string, page: string): { html: string; data: HydrationData } {
  const { html, data } = takeHydrationData(prerendered, page);
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const scripts = [...html.matchAll(INLINE_MODULE)];
  if (scripts.length !== 1) throw new Error(`${page}: oczekiwano jednego skryptu startowego React Routera, jest ${scripts.length}`);
  if (!preloads.length) throw new Error(`${page}: brak <link rel="modulepreload"> — zmienił się format prerenderu?`);
  const boot = parseBootstrap(scripts[0]![1]!, page);
  const loader = paintFirstLoader(preloads, boot, data);
  return { html: html.replace(MODULEPRELOAD, "").replace(scripts[0]![0], `<script type="module">${loader}</script>`), data };
}
