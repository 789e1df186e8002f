/**
 * The sites the bench measures: our own nginx of the native stack on a build (one, or the artwork and photo variants
 * of --photos), the production front before it (Caddy, HTTP/2, a link with latency) and the hero reference: the
 * home page's LCP photo alone on a bare page, behind the front or on a nginx of its own.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import { imageSet } from "../../../build/contentImages.ts";

export const root = resolve(import.meta.dirname, "../../../..");

// Our own servers: nginx of the native stack (the same template as the image), on their own ports and state folders
// so they never collide with a running `npm run stack` or tests/run.sh. PHP and the mail catcher are not needed here.
// Each runs in a helper process with its own environment (config.mjs reads ports, state folder and build folder
// when it loads), so two of them can serve two builds at once.

export interface Site {
  /** "site" for the one build; "artwork" and "photos" with --photos. */
  name: string;
  url: string;
  stop: () => Promise<void>;
  /** How the variant was built (--photos): seconds, and the encoded image set. */
  build?: { seconds: number; reused: boolean; imageFiles: number; imageBytes: number };
  /** Only these paths (the hero reference pages); every path otherwise. */
  paths?: string[];
  /** Our nginx's state folder (its socket is there), and the build it serves: the LCP photo's file is read there. */
  stackDir?: string;
  buildDir?: string;
  /** The image set the build was made with: the LCP photo's source, for its SSIM. */
  imageSet?: "photos" | "artwork";
  /** A hero reference page: not budgeted itself; the sites that name it in `against` are budgeted relative to it. */
  reference?: boolean;
  /** The reference this site's budgets are relative to: LCP through the front, everything under applied throttling. */
  against?: string;
  /**
   * Lighthouse's throttling: its simulation of a slow phone from a full-speed load (the default), or "devtools" — a
   * CPU really slowed (calibration.ts) and a throttled network, applied while the page loads, so that hydration's long tasks and
   * what moves while they run are measured as a phone lives them.
   */
  throttling?: "devtools";
}

/**
 * nginx and PHP-FPM of the native stack: the contact page asks for its proof-of-work challenge once it has hydrated,
 * and without PHP that request fails in the console (best practices 96 instead of 100).
 */
function stackServices(action: "start" | "stop", env: Record<string, string>) {
  const code =
    `const s = await import(${JSON.stringify(join(root, "tests/native/services.mjs"))});` +
    `for (const name of ["php", "web"]) {` +
    (action === "start"
      ? `await s.stopService(name).catch(() => undefined); await s.startService(name, { detached: true });`
      : `await s.stopService(name);`) +
    `}`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`nginx i PHP-FPM (${env.STACK_DIR}): ${action} nie powiodło się`);
}

function startServer(name: string, port: number, imageSet: "photos" | "artwork", buildDir?: string): Site {
  const stackDir = name === "site" ? ".stack/bench" : `.stack/bench/${name}`;
  const env: Record<string, string> = {
    NGINX_PORT: String(port),
    PHP_FPM_PORT: process.env.PHP_FPM_PORT ?? String(port + 1020),
    STACK_DIR: stackDir,
    ...(buildDir ? { SITE_BUILD_DIR: buildDir } : {}),
  };
  stackServices("start", env);
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    stop: async () => stackServices("stop", env),
    stackDir,
    buildDir: buildDir ?? join(root, "build"),
    imageSet,
  };
}

/** The one build in build/, or in SITE_BUILD_DIR (made first if there is none). */
export function ownSite(port: number): Site {
  const buildDir = resolve(root, process.env.SITE_BUILD_DIR ?? "build");
  if (
    !["client/index.html", "nginx/csp-hashes.map", "nginx/redirects.map"].every((file) =>
      existsSync(join(buildDir, file)),
    )
  ) {
    console.log("Budowanie strony (npm run build)…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build nie powiodło się");
  }
  // The working copy's switch (npm run photos:on) is what build/ was made with, unless it was built otherwise since.
  return startServer("site", port, imageSet(), buildDir);
}

function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolvePort, reject) => {
    const attempt = () => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolvePort();
      });
      socket.once("error", () =>
        Date.now() > deadline ? reject(new Error(`port ${port} się nie otworzył`)) : setTimeout(attempt, 200),
      );
    };
    attempt();
  });
}

/**
 * The production front (--https, --photos) before our nginx. Caddy is Debian 13's (the image's package; its static
 * binary is fetched by tests/compose/trixie-binaries.sh into .stack/bin unless one is on PATH) and its Caddyfile is
 * written by the image's entrypoint (docker/caddy/entrypoint.sh) for SITE_DOMAIN=localhost, so Caddy's local CA signs
 * the certificate; the browser ignores certificate errors (what is measured is the protocol, not the trust). Further
 * sites (the variants of --photos) get a block of the same shape under their own name (photos.localhost).
 *
 * The reference: the site's own hero alone — the home page's LCP photo with the same preload, srcset,
 * sizes, priority and box, and a heading — behind the same front, its photo from the same nginx (hero.localhost,
 * over HTTPS and plain HTTP). A route's LCP is budgeted against it: what the page adds to what the photo and the
 * protocol cost by themselves.
 */
const socketOf = (stackDir: string) => join(root, stackDir, "run/nginx.sock");

function heroPage(buildDir: string): string {
  const home = readFileSync(join(buildDir, "client/index.html"), "utf8");
  // React writes the attributes in camelCase (fetchPriority, imageSrcSet): HTML does not care, nor does this.
  const preload = [...home.matchAll(/<link [^>]*>/g)]
    .map((m) => m[0])
    .find((l) => /rel="preload"/i.test(l) && /as="image"/i.test(l));
  const picture = [...home.matchAll(/<picture[^>]*>[\s\S]*?<\/picture>/g)]
    .map((m) => m[0])
    .find((p) => /fetchpriority="high"/i.test(p));
  if (!preload || !picture)
    throw new Error(
      `${buildDir}: strona główna bez wstępnie ładowanego zdjęcia (preload, <picture> z fetchpriority="high")`,
    );
  // The hero's box (Hero.module.scss): full width, clamp(26rem, 70vh, 40rem) high, cover.
  const style =
    "body{margin:0;font-family:sans-serif}h1{position:absolute;margin:1rem;font-size:1rem;color:#fff}img{display:block;width:100%;height:clamp(26rem,70vh,40rem);object-fit:cover}";
  return (
    '<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="description" content="Strona wzorcowa pomiaru: samo zdjęcie pierwszego slajdu"><link rel="icon" href="data:,"><title>Wzorzec</title>${preload}<style>${style}</style></head>` +
    `<body><main><h1>Wzorzec</h1>${picture}</main></body></html>\n`
  );
}

async function startFront(
  port: number,
  backends: { host: string; socket: string }[],
  hero: { buildDir: string; socket: string },
  latency: number,
) {
  // The front image's Caddy (2.10+, trixie-backports): an older binary cannot read the Caddyfile the entrypoint writes.
  const current = (path: string) =>
    /^v?2\.(1\d|[2-9]\d)\./.test(spawnSync(path, ["version"], { encoding: "utf8" }).stdout ?? "");
  let caddy = join(root, ".stack/bin/caddy");
  if (existsSync(caddy) && !current(caddy)) rmSync(caddy);
  if (!existsSync(caddy)) {
    const onPath = spawnSync("sh", ["-c", "command -v caddy"], { encoding: "utf8" }).stdout.trim();
    if (onPath && current(onPath)) caddy = onPath;
    else if (
      spawnSync("bash", ["tests/compose/trixie-binaries.sh", ".stack/bin", "caddy/trixie-backports:/usr/bin/caddy"], {
        cwd: root,
        stdio: "inherit",
      }).status !== 0
    ) {
      throw new Error("Caddy: brak programu (tests/compose/trixie-binaries.sh)");
    }
  }
  // The browser reaches the front over a link with latency (frontend/tools/bench/lighthouse/link.mjs) on these ports; Caddy itself
  // listens 10 ports higher. Without latency (--link-latency 0) directly.
  const [httpPort, httpsPort] = [port + 1, port + 2];
  const [caddyHttp, caddyHttps] = latency ? [httpPort + 10, httpsPort + 10] : [httpPort, httpsPort];
  const dir = join(root, ".stack/bench/front");
  const caddyfile = join(dir, "Caddyfile");
  const env = {
    ...process.env,
    SITE_DOMAIN: backends[0]!.host,
    ACME_EMAIL: "",
    ACME_CA: "",
    ACME_CA_ROOT: "/nonexistent",
    TRUSTED_PROXIES: "",
    WEB_SOCKET: backends[0]!.socket,
    CADDYFILE: caddyfile,
    HTTP_PORT: String(caddyHttp),
    HTTPS_PORT: String(caddyHttps),
    XDG_DATA_HOME: join(dir, "data"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
  if (spawnSync("sh", [join(root, "docker/caddy/entrypoint.sh"), "true"], { env, stdio: "inherit" }).status !== 0)
    throw new Error("docker/caddy/entrypoint.sh nie powiodło się");
  const proxy = (socket: string) => `reverse_proxy unix/${socket} {\n\t\theader_down -Server\n\t}`;
  const others = backends.slice(1).map((b) => `${b.host} {\n\timport hsts\n\t${proxy(b.socket)}\n}\n`);
  const heroDir = join(dir, "hero");
  mkdirSync(heroDir, { recursive: true });
  writeFileSync(join(heroDir, "index.html"), heroPage(hero.buildDir));
  // The page at / only, its photos from nginx; anything else (robots.txt included) a 404, as on a site without one.
  const reference = `handle / {\n\t\troot * ${heroDir}\n\t\tfile_server\n\t}\n\thandle /img/* {\n\t\t${proxy(hero.socket)}\n\t}\n\thandle {\n\t\trespond 404\n\t}`;
  writeFileSync(
    caddyfile,
    `${readFileSync(caddyfile, "utf8")}\n${others.join("\n")}\nhero.localhost {\n\timport hsts\n\t${reference}\n}\n\nhttp://hero.localhost:${caddyHttp} {\n\t${reference}\n}\n`,
  );
  const log = openSync(join(dir, "caddy.log"), "w");
  const front = spawn(caddy, ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    env,
    stdio: ["ignore", log, log],
  });
  await waitForPort(caddyHttps);
  const links = latency
    ? [
        [httpPort, caddyHttp],
        [httpsPort, caddyHttps],
      ].map(([from, to]) =>
        spawn(
          process.execPath,
          [join(root, "frontend/tools/bench/lighthouse/link.mjs"), String(from), String(to), String(latency)],
          {
            stdio: "inherit",
          },
        ),
      )
    : [];
  await waitForPort(httpsPort);
  return {
    https: (host: string) => `https://${host}:${httpsPort}`,
    http: (host: string) => `http://${host}:${httpPort}`,
    stop: async () => {
      for (const link of links) link.kill("SIGTERM");
      front.kill("SIGTERM");
    },
  };
}

/** The hero reference behind a front (see startFront), over HTTPS and, unless only that, plain HTTP. */
const heroSites = (
  front: Awaited<ReturnType<typeof startFront>>,
  site: Site,
  protocols: ("http" | "https")[],
): Site[] =>
  protocols.map((protocol) => ({
    name: `hero-${protocol}`,
    url: front[protocol]("hero.localhost"),
    stop: async () => undefined,
    paths: ["/"],
    reference: true,
    buildDir: site.buildDir,
    imageSet: site.imageSet,
  }));

/**
 * The hero reference on a nginx of its own, for the applied throttling over plain HTTP: the same bare page as behind
 * the front (heroPage), served by the native stack's nginx with the site's configuration from a build folder that
 * holds that page and the site's photos (img/ links to the site's).
 */
export function nginxHeroSite(port: number, site: Site): Site {
  const dir = join(root, ".stack/bench/hero-build");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "client"), { recursive: true });
  mkdirSync(join(dir, "nginx"));
  writeFileSync(join(dir, "client/index.html"), heroPage(site.buildDir!));
  symlinkSync(join(site.buildDir!, "client/img"), join(dir, "client/img"));
  // No inline script: no hash to allow; no page that moved.
  writeFileSync(join(dir, "nginx/csp-hashes.map"), 'map $uri $salon_script_hashes {\n    default "";\n}\n');
  writeFileSync(join(dir, "nginx/redirects.map"), 'map $uri $salon_moved_to {\n    default "";\n}\n');
  return {
    ...startServer("hero", port, site.imageSet ?? "artwork", dir),
    name: "hero-applied",
    paths: ["/"],
    reference: true,
    throttling: "devtools",
  };
}

/** --https: the one build, directly over plain HTTP/1.1 and through the front; the hero reference over both. */
export async function httpsSites(port: number, latency: number): Promise<Site[]> {
  const http = ownSite(port);
  const front = await startFront(
    port,
    [{ host: "localhost", socket: socketOf(http.stackDir!) }],
    { buildDir: http.buildDir!, socket: socketOf(http.stackDir!) },
    latency,
  );
  return [
    { ...http, name: "http" },
    { ...http, name: "https", url: front.https("localhost"), stop: front.stop, against: "hero-https" },
    ...heroSites(front, http, ["http", "https"]),
  ];
}

const VARIANTS = ["artwork", "photos"] as const;
const variantDir = (variant: string) => join(root, ".stack/bench/sites", variant);

function dirBytes(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += readFileSync(join(dir, entry.name)).length;
  }
  return { files, bytes };
}

/**
 * One image set's build in its own folder (SITE_BUILD_DIR, IMAGE_SET), the photo fixtures made first if missing;
 * kept as it is with `reuse` when it is complete. The image pipeline's cache makes later builds cheap. Leaves the
 * working copy's images holding that set: restoreImages() puts back what its own switch says.
 */
function buildVariant(variant: (typeof VARIANTS)[number], reuse: boolean): NonNullable<Site["build"]> {
  const dir = variantDir(variant);
  const built = ["client/index.html", "nginx/csp-hashes.map", "nginx/redirects.map"].every((file) =>
    existsSync(join(dir, file)),
  );
  let seconds = 0;
  if (!reuse || !built) {
    if (variant === "photos") {
      const made = spawnSync("npx", ["tsx", "frontend/tools/photos.ts", "generate"], { cwd: root, stdio: "inherit" });
      if (made.status !== 0) throw new Error("frontend/tools/photos.ts generate: zdjęcia testowe nie powstały");
    }
    console.log(`Budowanie wariantu ${variant} (IMAGE_SET=${variant}) do ${dir}…`);
    const started = Date.now();
    const build = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, IMAGE_SET: variant, SITE_BUILD_DIR: dir },
    });
    if (build.status !== 0) throw new Error(`npm run build (${variant}) nie powiodło się`);
    seconds = (Date.now() - started) / 1000;
  }
  const images = dirBytes(join(dir, "client/img"));
  return { seconds, reused: reuse && built, imageFiles: images.files, imageBytes: images.bytes };
}

function restoreImages() {
  const restore = spawnSync("npx", ["tsx", "frontend/build/images.ts"], { cwd: root, stdio: "inherit" });
  if (restore.status !== 0) throw new Error("npm run images nie powiodło się");
}

/**
 * The production path in the default run: the camera-like photos' build (as a salon's own photos would be) on its
 * own nginx (port), through the production front (Caddy, TLS, HTTP/2; port + 2), on `paths` under both profiles,
 * each budgeted against the hero reference behind the same front under the same profile.
 */
export async function productionSites(
  port: number,
  latency: number,
  paths: string[],
  throttling: "simulated" | "applied" | "both",
): Promise<Site[]> {
  const build = buildVariant("photos", false);
  restoreImages();
  const photos = { ...startServer("photos", port, "photos", variantDir("photos")), build };
  const front = await startFront(
    port + 2,
    [{ host: "photos.localhost", socket: socketOf(photos.stackDir!) }],
    { buildDir: photos.buildDir!, socket: socketOf(photos.stackDir!) },
    latency,
  );
  const fronted: Site = {
    ...photos,
    name: "production",
    url: front.https("photos.localhost"),
    paths,
    against: "hero-https",
    stop: async () => {
      await photos.stop();
      await front.stop();
    },
  };
  const [hero] = heroSites(front, photos, ["https"]);
  const simulated = [fronted, hero!];
  const applied: Site[] = [
    {
      ...fronted,
      name: "production-applied",
      build: undefined,
      throttling: "devtools",
      against: "hero-https-applied",
      stop: async () => undefined,
    },
    { ...hero!, name: "hero-https-applied", throttling: "devtools" },
  ];
  // The servers are the simulated site's to stop; without it, the applied one's.
  if (throttling === "applied") applied[0]!.stop = fronted.stop;
  return throttling === "simulated" ? simulated : throttling === "applied" ? applied : [...simulated, ...applied];
}

/**
 * --photos: both variants built side by side, each into its own folder (buildVariant). Each is served by its own
 * nginx (port, port + 1) and measured through the production front (HTTP/2, port + 4: artwork.localhost,
 * photos.localhost), beside the photos' hero reference behind the same front.
 */
export async function variantSites(port: number, reuse: boolean, latency: number): Promise<Site[]> {
  const builds: Record<string, Site["build"]> = {};
  for (const variant of ["photos", "artwork"] as const) builds[variant] = buildVariant(variant, reuse);
  // The working copy's frontend/public/img and manifest now hold the last variant: back to its own image set.
  restoreImages();
  const direct = VARIANTS.map((variant, i) => ({
    ...startServer(variant, port + i, variant, variantDir(variant)),
    build: builds[variant],
  }));
  const photos = direct.find((site) => site.name === "photos")!;
  const front = await startFront(
    port + 2,
    direct.map((site) => ({ host: `${site.name}.localhost`, socket: socketOf(site.stackDir!) })),
    { buildDir: photos.buildDir!, socket: socketOf(photos.stackDir!) },
    latency,
  );
  const fronted = direct.map((site, i) => ({
    ...site,
    url: front.https(`${site.name}.localhost`),
    against: "hero-https",
    stop: async () => {
      await site.stop();
      if (i === 0) await front.stop();
    },
  }));
  return [...fronted, ...heroSites(front, photos, ["https"])];
}
