// @vitest-environment node
/**
 * Pages that moved (the route table's `redirects`: treatment pages now named for the service, articles for what they
 * say) answer their old address with one permanent redirect to the new one: nginx running the site's templates with
 * the map the build writes (frontend/build/redirects.ts), on a free port, with a web root holding the new pages.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nginxTemplateValues } from "../native/config.mjs";
import { renderNginxConfig } from "../native/services.mjs";
import { redirects, redirectProblems, staticPaths } from "../../frontend/app/site/routeTable";
import { redirectMap } from "../../frontend/build/redirects";
import { articleSlugs } from "../../frontend/app/contentModel/load.server";

const dir = mkdtempSync(join(tmpdir(), "salon-redirects-"));
let port = 0;
let stop: () => Promise<void> = async () => {};

/** Status and Location of a GET, redirects not followed. */
const get = (path: string) =>
  new Promise<{ status: number; location?: string }>((resolveGet, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      res.resume();
      res.on("end", () => resolveGet({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });

beforeAll(async () => {
  port = await new Promise<number>((resolvePort) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolvePort(free));
    });
  });
  // nginx's workers (another user when it runs as root) read the web root.
  chmodSync(dir, 0o755);
  const web = join(dir, "www");
  for (const path of Object.values(redirects)) {
    mkdirSync(join(web, path), { recursive: true });
    writeFileSync(join(web, path, "index.html"), "<!doctype html><title>strona</title>");
  }
  writeFileSync(join(web, "404.html"), "<!doctype html><title>404</title>");
  writeFileSync(join(dir, "csp.map"), 'map $uri $salon_script_hashes {\n    default "";\n}\n');
  writeFileSync(join(dir, "redirects.map"), redirectMap(redirects));
  const conf = renderNginxConfig({
    ...nginxTemplateValues(),
    NGINX_PORT: `127.0.0.1:${port}`,
    NGINX_LISTEN_SOCKET: `unix:${join(dir, "nginx.sock")}`,
    WEB_ROOT: web,
    NGINX_CONF_DIR: dir,
    NGINX_PID: join(dir, "nginx.pid"),
    NGINX_ERROR_LOG: join(dir, "error.log"),
    NGINX_ACCESS_LOG: join(dir, "access.log"),
    NGINX_TEMP_DIR: dir,
    CSP_MAP_FILE: join(dir, "csp.map"),
    REDIRECT_MAP_FILE: join(dir, "redirects.map"),
  });
  const nginx = spawn("nginx", ["-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  stop = async () => {
    const exited = new Promise((r) => nginx.once("exit", r));
    nginx.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; ; i++) {
    if ((await get("/").catch(() => ({ status: 0 }))).status !== 0) break;
    if (i > 200) throw new Error("nginx did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("moved pages", () => {
  it("the route table lists the treatment pages once named after devices and the articles whose slugs promised", () => {
    expect(Object.keys(redirects)).toEqual(
      expect.arrayContaining([
        "/red-touch-pro",
        "/onda-pro",
        "/LPG-Infinity-Endermologia",
        "/blog/jak-skutecznie-pozbyc-sie-cellulitu",
        "/blog/red-touch-pro-rewolucja-w-odmladzaniu-skory",
      ]),
    );
    // Each goes to a page of the site, and none hides a page still there.
    expect(redirectProblems([...staticPaths, ...articleSlugs().map((slug) => `/blog/${slug}`)])).toEqual([]);
    expect(redirectProblems(["/laser-frakcyjny", "/red-touch-pro"])).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/red-touch-pro → \/laser-frakcyjny: pod \/red-touch-pro jest strona/),
        expect.stringMatching(/^\/virtue-rf → \/mikroiglowa-radiofrekwencja: nie ma strony/),
      ]),
    );
  });

  it("every old address answers 301 to its new one, in one step, with or without a trailing slash", async () => {
    for (const [from, to] of Object.entries(redirects)) {
      for (const path of [from, `${from}/`]) expect(await get(path), path).toEqual({ status: 301, location: to });
      expect((await get(to)).status, to).toBe(200);
    }
  });

  it("in any letter case, keeping the query", async () => {
    expect(await get("/endermologia-lpg")).toEqual({ status: 301, location: "/endermologia-twarzy" });
    expect(await get("/Red-Touch-Pro?utm_source=ulotka")).toEqual({
      status: 301,
      location: "/laser-frakcyjny?utm_source=ulotka",
    });
  });

  it("leaves every other address alone", async () => {
    expect((await get("/laser-frakcyjny")).status).toBe(200);
    expect((await get("/red-touch-pro-nowy")).status).toBe(404);
  });
});
