// @vitest-environment node
/**
 * One configuration for both stacks: the files the images run are the files the native stack runs, and they load.
 * These checks run before any stack starts; the Compose stage then proves the images themselves
 * (tests/compose/run.sh, tests/e2e/compose-ops.spec.ts).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaults } from "../../docker/defaults.mjs";
import { nginxTemplateValues, root } from "../native/config.mjs";
import { renderNginxConfig } from "../native/services.mjs";

const templatesDir = resolve(root, "docker/nginx/templates");
const templates = readdirSync(templatesDir).filter((f) => f.endsWith(".template"));
const work = mkdtempSync(join(tmpdir(), "salon-stack-config-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The placeholders of every template. */
const placeholders = new Set(
  templates.flatMap((f) =>
    [...readFileSync(join(templatesDir, f), "utf8").matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((m) => m[1]!),
  ),
);

/** The ENV names a Dockerfile sets. */
function dockerfileEnv(path: string): Set<string> {
  const text = readFileSync(resolve(root, path), "utf8").replace(/\\\n/g, " ");
  return new Set(
    [...text.matchAll(/^ENV\s+(.+)$/gm)].flatMap((m) => [...m[1]!.matchAll(/([A-Z_][A-Z0-9_]*)=/g)].map((n) => n[1]!)),
  );
}

/**
 * Renders every template as both stacks do (docker/nginx/render-templates.sh), into a folder of its own, and
 * returns its nginx.conf; `edit` then changes a rendered file.
 */
function renderNative(
  overrides: Record<string, string> = {},
  edit: (name: string, text: string) => string = (_, t) => t,
): string {
  const dir = mkdtempSync(join(work, "nginx-"));
  const values = {
    ...nginxTemplateValues(),
    NGINX_CONF_DIR: dir,
    NGINX_PID: join(dir, "nginx.pid"),
    NGINX_ERROR_LOG: join(dir, "error.log"),
    NGINX_ACCESS_LOG: join(dir, "access.log"),
    NGINX_TEMP_DIR: dir,
    NGINX_LISTEN_SOCKET: `unix:${join(dir, "nginx.sock")}`,
    CSP_MAP_FILE: join(dir, "csp.map"),
    REDIRECT_MAP_FILE: join(dir, "redirects.map"),
    ...overrides,
  };
  // The build's map of page → script hashes and of moved pages; an empty map is a valid one.
  writeFileSync(values.CSP_MAP_FILE, 'map $uri $salon_script_hashes {\n    default "";\n}\n');
  writeFileSync(values.REDIRECT_MAP_FILE, 'map $uri $salon_moved_to {\n    default "";\n}\n');
  const conf = renderNginxConfig(values);
  for (const file of templates) {
    const name = file.replace(/\.template$/, "");
    writeFileSync(join(dir, name), edit(name, readFileSync(join(dir, name), "utf8")));
  }
  return conf;
}

function nginxTest(conf: string): { ok: boolean; output: string } {
  const run = spawnSync("nginx", ["-t", "-c", conf], { encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}${run.error ?? ""}` };
}

describe("nginx: the top-level nginx.conf and the site are one set of templates for the image and the native stack", () => {
  it("the native stack's nginx accepts the rendered configuration (nginx -t)", () => {
    const result = nginxTest(renderNative());
    expect(result.output).toMatch(/test is successful/);
    expect(result.ok).toBe(true);
  });

  it("one renderer for both stacks: the web image's entrypoint, which stops on a placeholder without a value", () => {
    const services = readFileSync(resolve(root, "tests/native/services.mjs"), "utf8");
    expect(services).toContain('resolve(root, "docker/nginx/render-templates.sh")');
    expect(readFileSync(resolve(root, "docker/nginx/Dockerfile"), "utf8")).toMatch(
      /^COPY docker\/nginx\/render-templates.sh \/usr\/local\/bin\/render-templates$/m,
    );
    // Left out of the environment (a value Node leaves undefined is not passed on).
    expect(() => renderNative({ WEB_ROOT: undefined as unknown as string })).toThrow(
      /no value for \$\{WEB_ROOT\} in salon.conf.template/,
    );
  });

  it("a directive set in both the top level and the site file stops nginx here, as it would stop the container", () => {
    // nginx refuses to start with a directive set twice (here keepalive_timeout, in nginx.conf and in the site file).
    // With one nginx.conf for both stacks, such a clash fails this test and `npm run stack` alike.
    const conf = renderNative({}, (name, text) =>
      name === "nginx.conf" ? text.replace("sendfile on;", "sendfile on;\n    keepalive_timeout 65;") : text,
    );
    const result = nginxTest(conf);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/"keepalive_timeout" directive is duplicate/);
  });

  it("the web image gives every placeholder a value (its entrypoint refuses to start otherwise)", () => {
    const env = dockerfileEnv("docker/nginx/Dockerfile");
    // The entrypoint reads the container's name server itself, and the settings' defaults from docker/defaults.env
    // (which the image copies).
    env.add("NGINX_RESOLVER");
    expect(readFileSync(resolve(root, "docker/nginx/Dockerfile"), "utf8")).toMatch(
      /^COPY docker\/defaults.env \/etc\/salon\/defaults.env$/m,
    );
    for (const name of Object.keys(defaults())) env.add(name);
    expect([...placeholders].filter((name) => !env.has(name))).toEqual([]);
    // The renderer finds the name server itself, natively too.
    expect([...placeholders].filter((name) => !(name in nginxTemplateValues()) && name !== "NGINX_RESOLVER")).toEqual(
      [],
    );
  });

  it("the web image runs the templates of this folder with Debian's nginx (13's 1.26 there, 12's 1.22 here)", () => {
    const dockerfile = readFileSync(resolve(root, "docker/nginx/Dockerfile"), "utf8");
    expect(dockerfile).toMatch(/^FROM debian:trixie-slim$/m);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends nginx /);
    expect(dockerfile).toMatch(/^COPY docker\/nginx\/templates\/ \/etc\/salon\/nginx-templates\/$/m);
    expect(dockerfile).toMatch(/^CMD \["nginx", "-e", "stderr", "-c", "\/run\/salon-nginx\/conf\/nginx.conf"/m);
  });
});

describe("nginx: the contact form's rate limits, per client (an IPv6 client per /64) and for the whole site", () => {
  // The rendered configuration running for real, on a free port, with nothing behind /send-email.php: a request
  // the limits let through gets nginx's own 503 (PHP-FPM is not there), a limited one 429. The test is the reverse
  // proxy (REAL_IP_FROM 127.0.0.1), so X-Forwarded-For names the client, IPv6 ones included.
  async function withNginx(
    limits: { perClient: string; site: string },
    run: (
      post: (client: string, headers?: Record<string, string>) => Promise<number>,
      get: (path: string, client: string) => Promise<number>,
    ) => Promise<void>,
  ) {
    const port = await new Promise<number>((resolvePort) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = server.address() as AddressInfo;
        server.close(() => resolvePort(free));
      });
    });
    const conf = renderNative({
      NGINX_PORT: `127.0.0.1:${port}`,
      PHP_UPSTREAM: "127.0.0.1:9",
      CONTACT_RATE_LIMIT: limits.perClient,
      CONTACT_SITE_RATE_LIMIT: limits.site,
    });
    const nginx = spawn("nginx", ["-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
    try {
      const send = (method: string, path: string, client: string, headers: Record<string, string> = {}) =>
        new Promise<number>((resolveStatus, reject) => {
          const req = request(
            {
              host: "127.0.0.1",
              port,
              path,
              method,
              headers: { "X-Forwarded-For": client, "Content-Length": 0, ...headers },
            },
            (res) => {
              res.resume();
              res.on("end", () => resolveStatus(res.statusCode ?? 0));
            },
          );
          req.on("error", reject);
          req.end();
        });
      const post = (client: string, headers?: Record<string, string>) =>
        send("POST", "/send-email.php", client, headers);
      // Up when it answers a page (not a post: that would count against the limits under test).
      for (let i = 0; ; i++) {
        if ((await send("GET", "/", "192.0.2.250").catch(() => 0)) !== 0) break;
        if (i > 100) throw new Error("nginx did not start");
        await new Promise((r) => setTimeout(r, 50));
      }
      await run(post, (path, client) => send("GET", path, client));
    } finally {
      const exited = new Promise((r) => nginx.once("exit", r));
      nginx.kill("SIGTERM");
      await exited;
    }
  }

  /** The statuses of `count` posts from each client, in turn. */
  async function burst(post: (client: string) => Promise<number>, clients: string[], count = 1) {
    const statuses: number[] = [];
    for (const client of clients) for (let i = 0; i < count; i++) statuses.push(await post(client));
    return statuses;
  }

  it("an IPv6 client rotating through its /64 shares one bucket; another /64 has its own", async () => {
    await withNginx({ perClient: "1r/m", site: "10000r/s" }, async (post) => {
      // Burst 5: six posts go through, then 429 — each from another address of 2001:db8:1:2::/64.
      const rotating = await burst(
        post,
        Array.from({ length: 9 }, (_, i) => `2001:db8:1:2:${i.toString(16)}::${i + 1}`),
      );
      expect(rotating.slice(0, 6)).toEqual([503, 503, 503, 503, 503, 503]);
      expect(rotating.slice(6)).toEqual([429, 429, 429]);
      expect(await post("2001:db8:1:3::1")).toBe(503);
    });
  });

  it("IPv4 clients, plain or IPv4-mapped in IPv6, are each their own client", async () => {
    await withNginx({ perClient: "1r/m", site: "10000r/s" }, async (post) => {
      // ::ffff:a.b.c.d all start with the same 8 bytes: taken as /64s, every IPv4 client would share one bucket.
      expect(await burst(post, ["::ffff:198.51.100.1"], 7)).toEqual([503, 503, 503, 503, 503, 503, 429]);
      expect(await post("::ffff:198.51.100.2")).toBe(503);
      expect(await burst(post, ["198.51.100.3"], 7)).toEqual([503, 503, 503, 503, 503, 503, 429]);
      expect(await post("198.51.100.4")).toBe(503);
    });
  });

  it("posts without a proof of work have a limit for the whole site, whatever addresses they come from; a visitor with one never meets it", async () => {
    await withNginx({ perClient: "10000r/s", site: "1r/m" }, async (post) => {
      // Burst 30: 31 posts without X-Contact-Proof from 40 addresses go through, the rest get 429.
      const statuses = await burst(
        post,
        Array.from({ length: 40 }, (_, i) => `203.0.113.${i + 1}`),
      );
      expect(statuses.filter((s) => s === 503)).toHaveLength(31);
      expect(statuses.slice(31)).toEqual(Array(9).fill(429));
      // The flood has used up the site's bucket; a visitor whose page solved its challenge still gets through
      // (the mailer checks the proof itself; a forged one only gets the post held).
      expect(await post("203.0.113.200", { "X-Contact-Proof": "eyJ9" })).toBe(503);
      expect(await post("203.0.113.201")).toBe(429);
      expect(await post("203.0.113.202", { "X-Contact-Proof": "" }), "an empty header is no proof").toBe(429);
    });
  });

  it("challenges are limited per client (20 a minute, burst 20), not for the whole site", async () => {
    await withNginx({ perClient: "10000r/s", site: "1r/m" }, async (_post, get) => {
      const statuses: number[] = [];
      for (let i = 0; i < 23; i++) statuses.push(await get("/contact-challenge", "198.51.100.7"));
      expect(statuses.slice(0, 21)).toEqual(Array(21).fill(503));
      expect(statuses.slice(21)).toEqual([429, 429]);
      expect(await get("/contact-challenge", "198.51.100.8")).toBe(503);
    });
  });
});

describe("PHP-FPM: one php-fpm.conf and php.ini", () => {
  const env = {
    ...process.env,
    PHP_FPM_LISTEN: "127.0.0.1:19999",
    PHP_FPM_USER: "www-data",
    PHP_FPM_GROUP: "www-data",
    PHP_FPM_PID: join(work, "fpm.pid"),
  };
  const fpm = ["php-fpm8.2", "php-fpm8.3", "php-fpm"].find((name) => {
    try {
      execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  });

  it("loads with the command line both use (php-fpm -t -y docker/php/php-fpm.conf -c docker/php/php.ini)", () => {
    expect(fpm, "php-fpm is installed (tests/install.sh)").toBeDefined();
    // Its log is stderr opened by path (/proc/self/fd/2), as in the container: a file here, not Node's socket.
    const log = join(work, "fpm-test.log");
    const run = spawnSync(
      fpm!,
      ["-t", "-y", resolve(root, "docker/php/php-fpm.conf"), "-c", resolve(root, "docker/php/php.ini")],
      { env, stdio: ["ignore", "ignore", openSync(log, "w")] },
    );
    expect(readFileSync(log, "utf8")).toMatch(/configuration file .*php-fpm\.conf test is successful/);
    expect(run.status).toBe(0);
    const dockerfile = readFileSync(resolve(root, "docker/php/Dockerfile"), "utf8");
    expect(dockerfile).toMatch(
      /^CMD \["php-fpm8.4", "-F", "-y", "\/etc\/salon\/php-fpm.conf", "-c", "\/etc\/salon\/php.ini"\]$/m,
    );
    expect(dockerfile).toMatch(/^COPY docker\/php\/php-fpm.conf docker\/php\/php.ini \/etc\/salon\/$/m);
  });

  it("workers see exactly the mailer's settings (clear_env = yes), and never a password in the environment", () => {
    const conf = readFileSync(resolve(root, "docker/php/php-fpm.conf"), "utf8");
    expect(conf).toMatch(/^clear_env = yes$/m);
    const passed = [...conf.matchAll(/^env\[([A-Z_]+)\] = \$([A-Z_]+)$/gm)].map((m) => {
      expect(m[2], `env[${m[1]}] passes its own variable`).toBe(m[1]);
      return m[1]!;
    });
    // What mailer/src/Config.php reads, and SITE_ORIGIN (OriginPolicy); SMTP_PASS only ever as a file.
    const config = readFileSync(resolve(root, "mailer/src/Config.php"), "utf8");
    const names = [...config.match(/public const NAMES = \[([^\]]+)\]/)![1]!.matchAll(/'([A-Z_]+)'/g)].map(
      (m) => m[1]!,
    );
    expect(passed.sort()).toEqual([...names.filter((n) => n !== "SMTP_PASS"), "SITE_ORIGIN"].sort());
  });

  it("writes no access log (no line per health-check ping) and lets requests finish on a graceful stop", () => {
    const conf = readFileSync(resolve(root, "docker/php/php-fpm.conf"), "utf8");
    expect(conf).not.toMatch(/^\s*access\.log\s*=/m);
    expect(conf).toMatch(/^process_control_timeout = \d+s$/m);
  });
});

describe("Caddy's log in the front image: no visitor data, so none outlives the privacy policy's days", () => {
  it("the Caddyfile the entrypoint writes has no access log and drops the request (address, headers) from every line", () => {
    const dir = mkdtempSync(join(tmpdir(), "salon-caddyfile-"));
    const caddyfile = join(dir, "Caddyfile");
    try {
      execFileSync("sh", [resolve(root, "docker/caddy/entrypoint.sh"), "true"], {
        env: {
          PATH: process.env.PATH,
          SITE_DOMAIN: "salon.example www.salon.example",
          ACME_EMAIL: "ops@salon.example",
          ACME_CA: "",
          ACME_CA_ROOT: "/nonexistent",
          TRUSTED_PROXIES: "",
          WEB_SOCKET: "/run/salon-web/nginx.sock",
          CADDYFILE: caddyfile,
        },
      });
      const conf = readFileSync(caddyfile, "utf8");
      // Docker's log of the front is bounded by size only: it may keep a line for months. Caddy's one log is the
      // global options' default logger, with the request deleted; a site's `log` (an access log) would be a second.
      const global = conf.slice(0, conf.indexOf("\n}\n"));
      expect(global).toMatch(/^\tlog \{\n\t\tformat filter \{\n\t\t\trequest delete\n\t\t\}\n\t\}$/m);
      expect(conf.slice(global.length).match(/^\s*log\b/gm)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Visitors' addresses are therefore only in nginx's logs, kept for as long as the policy says: it states
    // LOG_RETENTION_DAYS itself (tests/built/edited-build.test.ts).
    const policy = readFileSync(resolve(root, "content/legal/polityka-prywatnosci.json"), "utf8");
    expect(policy).toMatch(/dzienniki techniczne serwera \(z adresem IP\) – \*\*najwyżej \{retention\.logs\}\*\*/);
  });
});

describe("images build on every platform users have", () => {
  const lock = JSON.parse(readFileSync(resolve(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }>;
  };
  const installed = new Set(Object.keys(lock.packages).map((path) => path.replace(/^.*node_modules\//, "")));

  it("the lock holds the linux-x64 and linux-arm64 binaries of every native package (the site's build stage)", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const optional = Object.keys(entry.optionalDependencies ?? {});
      for (const name of optional.filter((n) => /linux-x64-gnu$|linux-x64$/.test(n))) {
        const arm = name.replace("x64", "arm64");
        if (optional.includes(arm) && !installed.has(arm)) missing.push(`${path || "(root)"} → ${arm}`);
        if (!installed.has(name)) missing.push(`${path || "(root)"} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the catcher image runs the MailDev version the native stack runs", () => {
    const rootPackage = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    const catcher = JSON.parse(readFileSync(resolve(root, "tests/catcher/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const catcherLock = JSON.parse(readFileSync(resolve(root, "tests/catcher/package-lock.json"), "utf8")) as {
      packages: Record<string, { version: string }>;
    };
    expect(catcher.dependencies.maildev).toBe(rootPackage.devDependencies.maildev);
    expect(catcherLock.packages["node_modules/maildev"]!.version).toBe(rootPackage.devDependencies.maildev);
  });

  it("the mailer's one runtime package is pinned exactly, so the built image and the host build get the same code", () => {
    const composer = JSON.parse(readFileSync(resolve(root, "mailer/composer.json"), "utf8")) as {
      require: Record<string, string>;
    };
    expect(composer.require["phpmailer/phpmailer"]).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
