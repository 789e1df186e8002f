// @vitest-environment node
/**
 * The content the pages were built from, as nginx serves it under /content/ (frontend/build/servedContent.ts): nginx
 * running the site's templates on the built tree (build/client, build/nginx's maps), on a free port. JSON with its
 * charset, the pages' security headers and caching, files only, read-only like the pages. Run `npm run build` first
 * when running this alone (tests/run.sh builds before it).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nginxTemplateValues } from "../native/config.mjs";
import { renderNginxConfig } from "../native/services.mjs";

const build = resolve(import.meta.dirname, "../../build");
const dir = mkdtempSync(join(tmpdir(), "salon-served-content-"));
let port = 0;
let stop: () => Promise<void> = async () => {};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolveSend, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolveSend({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });

/** The headers every answer of the site carries (security-headers.inc), CSP aside: its hashes are per page. */
const SECURITY_HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
] as const;

beforeAll(async () => {
  if (!existsSync(join(build, "client/content/pricing.json")))
    throw new Error("Brak build/client/content/: uruchom najpierw `npm run build`");
  port = await new Promise<number>((resolvePort) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolvePort(free));
    });
  });
  const conf = renderNginxConfig({
    ...nginxTemplateValues(),
    NGINX_PORT: `127.0.0.1:${port}`,
    NGINX_LISTEN_SOCKET: `unix:${join(dir, "nginx.sock")}`,
    WEB_ROOT: join(build, "client"),
    NGINX_CONF_DIR: dir,
    NGINX_PID: join(dir, "nginx.pid"),
    NGINX_ERROR_LOG: join(dir, "error.log"),
    NGINX_ACCESS_LOG: join(dir, "access.log"),
    NGINX_TEMP_DIR: dir,
    CSP_MAP_FILE: join(build, "nginx/csp-hashes.map"),
    REDIRECT_MAP_FILE: join(build, "nginx/redirects.map"),
  });
  const nginx = spawn("nginx", ["-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  stop = async () => {
    const exited = new Promise((r) => nginx.once("exit", r));
    nginx.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; ; i++) {
    if ((await send("GET", "/").catch(() => ({ status: 0 }))).status !== 0) break;
    if (i > 200) throw new Error("nginx did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("/content/: the built content as JSON", () => {
  it("serves each built document as it was written, as UTF-8 JSON, revalidated like the pages, with their security headers", async () => {
    const page = await send("GET", "/cennik");
    expect(page.status).toBe(200);
    for (const name of ["pricing", "promotions", "pages/kontakt", "treatments/kobido-lodz", "legal/rodo"]) {
      const path = `/content/${name}.json`;
      const answer = await send("GET", path, { "Accept-Encoding": "identity" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-type"], path).toBe("application/json; charset=utf-8");
      expect(answer.body.equals(readFileSync(join(build, "client", path))), path).toBe(true);
      expect(answer.headers["cache-control"], path).toBe(page.headers["cache-control"]);
      for (const header of SECURITY_HEADERS)
        expect(answer.headers[header], `${path}: ${header}`).toBe(page.headers[header]);
      // No inline script of any page is allowed here: the policy is the pages' with no hash in it.
      expect(answer.headers["content-security-policy"], path).toBe(
        String(page.headers["content-security-policy"]).replace(/( 'sha256-[^']+')+/, " "),
      );
      // The pages are what search engines show; the JSON is for programs.
      expect(answer.headers["x-robots-tag"], path).toBe("noindex");
    }
  });

  it("sends the build's Brotli copy to a client that takes it", async () => {
    const answer = await send("GET", "/content/pricing.json", { "Accept-Encoding": "br" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(answer.body).equals(readFileSync(join(build, "client/content/pricing.json")))).toBe(
      true,
    );
  });

  it("is read-only like the pages: HEAD answers, every other method is refused with 405", async () => {
    const head = await send("HEAD", "/content/pricing.json");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      expect((await send(method, "/cennik")).status, `${method} /cennik`).toBe(405);
      const answer = await send(method, "/content/pricing.json");
      expect(answer.status, method).toBe(405);
      expect(answer.headers["x-content-type-options"], method).toBe("nosniff");
    }
  });

  it("a missing file, a folder or an operator's register is a plain 404: no listing, no page's HTML", async () => {
    for (const path of [
      "/content/nie-ma.json",
      "/content/",
      "/content/treatments/",
      "/content/treatments",
      "/content/devices.json",
      "/content/figures.json",
    ]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString("utf8"), path).not.toContain("<html");
      expect(answer.body.toString("utf8"), path).not.toContain(".json");
      expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });
});
