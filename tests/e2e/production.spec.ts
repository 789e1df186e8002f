/**
 * The production configuration (docker-compose.yml + docker-compose.production.yml) as the test run brings it up
 * (STACK=compose COMPOSE_CONFIG=production, tests/compose/run.sh; test-only changes in tests/compose/test.production.yaml):
 * Caddy in front with a certificate from Pebble over ACME, HTTPS with HSTS, HTTP/2 and HTTP/3, the visitor's
 * address as Caddy saw it, mail through a relay demanding STARTTLS and a login whose certificate is checked
 * against the system's CA store, and a configuration that will not start without what the salon's mail needs.
 * The rest of the HTTPS run is the end-to-end suite's routes, headers and form (shell, http and contact specs).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { X509Certificate, createHash } from "node:crypto";
import { connect as http2Connect } from "node:http2";
import { connect as tlsConnect, type PeerCertificate } from "node:tls";
import { chromium } from "@playwright/test";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { mailOf, nextSourceAddress, postForm, send, validMessage } from "../support/contactHttp";
import { chromiumPath, quietChromiumFlags } from "../support/chromium";
import { waitForMail } from "../support/mailbox";
import { composeRun, compose, composeConfig, root } from "../support/stack";
import {
  containerOf,
  docker,
  expectHardened,
  inspect,
  logsOf,
  mountsOf,
  networksOf,
  pebbleRoot,
  project,
  waitHealthy,
} from "../support/composeStack";
import { expect, test } from "../support/test";

test.skip(!compose || composeConfig !== "production", "the test run's production only (tests/compose/run.sh)");
exclusiveMailTests();

const site = new URL(process.env.SITE_URL ?? "https://salon.test:18443");
const httpsPort = Number(site.port || 443);
const httpPort = Number(process.env.COMPOSE_HTTP_PORT ?? 18081);
const names = ["salon.test", "www.salon.test"];
/** The services users run in production; Pebble and the relay are the test run's. */
const production = ["web", "php", "deliverer", "front"];

/** The certificate the front serves for `name`, verified against `ca` (a failed verification rejects). */
function served(name: string, ca: string): Promise<PeerCertificate & { alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect(
      { host: "127.0.0.1", port: httpsPort, servername: name, ca, ALPNProtocols: ["h2", "http/1.1"] },
      () => {
        const certificate = socket.getPeerCertificate(true);
        const alpn = socket.alpnProtocol;
        socket.end();
        resolve(Object.assign(certificate, { alpn }));
      },
    );
    socket.on("error", reject);
  });
}

/** Runs `docker compose` for the users' production files alone, in an environment with only `env` of the settings. */
function productionCompose(args: string[], env: Record<string, string>) {
  const base: Record<string, string> = { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/root" };
  if (process.env.DOCKER_CONFIG) base.DOCKER_CONFIG = process.env.DOCKER_CONFIG;
  return execFileSync(
    "docker",
    [
      "compose",
      "-f",
      "docker-compose.yml",
      "-f",
      "docker-compose.production.yml",
      "-p",
      "salon-refusal-check",
      ...args,
    ],
    {
      cwd: root,
      env: { ...base, ...env },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
}

const settings = {
  SITE_DOMAIN: "salon.example www.salon.example",
  ACME_EMAIL: "ops@salon.example",
  MAIL_FROM: "strona@salon.example",
  MAIL_TO: "kontakt@salon.example",
  SMTP_HOST: "smtp.salon.example",
};

test("production will not start without a setting the salon's mail or certificate needs, and has no catcher", () => {
  for (const name of Object.keys(settings)) {
    const env: Record<string, string> = { ...settings };
    delete env[name];
    let stderr = "";
    try {
      productionCompose(["up", "--no-start", "--pull", "never", "--no-build"], env);
    } catch (error) {
      stderr = String((error as { stderr?: string }).stderr);
    }
    expect(stderr, `up without ${name}`).toContain(`required variable ${name} is missing a value: set ${name} in .env`);
  }
  // With every setting: the four services, none of them a catcher, nothing published but the front's 80 and 443.
  expect(productionCompose(["config", "--services"], settings).trim().split("\n").sort()).toEqual(
    [...production].sort(),
  );
  const config = productionCompose(["config", "--format", "json"], settings);
  expect(config).not.toMatch(/mailhog|maildev|catcher/i);
  const published = Object.values(
    (JSON.parse(config) as { services: Record<string, { ports?: { published: string; protocol: string }[] }> })
      .services,
  )
    .flatMap((service) => service.ports ?? [])
    .map((port) => `${port.published}/${port.protocol}`);
  expect(published.sort()).toEqual(["443/tcp", "443/udp", "80/tcp"]);
  // And the stack under test runs no catcher: its mail goes to the relay.
  expect(composeRun("ps --services").trim().split("\n")).not.toContain("catcher");
});

test("each name's certificate was issued by Pebble over ACME after Pebble fetched the HTTP-01 token from port 80", async () => {
  const ca = await pebbleRoot();
  for (const name of names) {
    const certificate = await served(name, ca); // rejects unless it chains to Pebble's root
    expect(certificate.issuer.CN, name).toMatch(/^Pebble Intermediate CA/);
    expect(certificate.subjectaltname, name).toContain(`DNS:${name}`);
    expect(new X509Certificate(certificate.raw).checkHost(name), name).toBe(name);
  }
  // Validated for real (tests/compose/tls.sh): Pebble asked port 80 of each name, Caddy answered the challenge.
  const front = logsOf("front");
  const pebble = logsOf("pebble");
  for (const name of names) {
    expect(pebble).toContain(`Attempting to validate w/ HTTP: http://${name}:80/.well-known/acme-challenge/`);
    expect(front).toMatch(
      new RegExp(`"served key authentication","identifier":"${name.replace(/\./g, "\\.")}","challenge":"http-01"`),
    );
  }
});

test("plain HTTP redirects to HTTPS (308, path and query kept), the other names to the first, HSTS on every HTTPS answer", async () => {
  for (const name of names) {
    const reply = await send({
      method: "GET",
      base: `http://${name}:${httpPort}`,
      path: "/cennik?utm_source=x",
      from: nextSourceAddress(),
    });
    expect(reply.status, name).toBe(308);
    expect(reply.headers.location, name).toBe(`https://${name}/cennik?utm_source=x`);
  }
  const alias = await send({
    method: "GET",
    base: `https://www.salon.test:${httpsPort}`,
    path: "/cennik?utm_source=x",
    from: nextSourceAddress(),
  });
  expect(alias.status).toBe(308);
  expect(alias.headers.location).toBe("https://salon.test/cennik?utm_source=x");
  expect(alias.headers["strict-transport-security"]).toBe("max-age=31536000");
  for (const path of ["/", "/cennik", "/nie-ma-takiej-strony", "/assets/nie-ma.js", "/sitemap.xml"]) {
    const reply = await send({ method: "GET", base: site.origin, path, from: nextSourceAddress() });
    expect(reply.headers["strict-transport-security"], path).toBe("max-age=31536000");
    expect(reply.headers.server, path).toBe("Caddy");
  }
});

test("HTTP/2 by ALPN, in the browser too; HTTP/3 offered and used by a browser that speaks QUIC", async ({ page }) => {
  const ca = await pebbleRoot();
  expect((await served("salon.test", ca)).alpn).toBe("h2");
  const session = http2Connect(site.origin, { ca });
  const status = await new Promise<number>((resolve, reject) => {
    const stream = session.request({ ":path": "/cennik" });
    stream.on("response", (headers) => resolve(Number(headers[":status"])));
    stream.on("error", reject);
    stream.resume();
  });
  session.close();
  expect(status).toBe(200);

  const response = await page.goto("/");
  expect(response?.headers()["alt-svc"]).toContain('h3=":443"');
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol,
    ),
  ).toBe("h2");

  // HTTP/3: QUIC to the published UDP port, the certificate pinned by its key (Chromium checks QUIC certificates
  // against its own roots, where Pebble's is not; its chain was verified above).
  const leaf = new X509Certificate((await served("salon.test", ca)).raw);
  const spki = createHash("sha256")
    .update(leaf.publicKey.export({ type: "spki", format: "der" }))
    .digest("base64");
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...quietChromiumFlags.filter((flag) => flag !== "--disable-quic"),
      "--enable-quic",
      `--origin-to-force-quic-on=salon.test:${httpsPort}`,
      `--ignore-certificate-errors-spki-list=${spki}`,
      "--host-resolver-rules=MAP salon.test 127.0.0.1",
    ],
  });
  try {
    const quic = await browser.newPage();
    await quic.goto(`${site.origin}/cennik`);
    expect(
      await quic.evaluate(
        () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol,
      ),
    ).toBe("h3");
  } finally {
    await browser.close();
  }
});

test("nginx sees each visitor's address as Caddy saw it, a forged X-Forwarded-For is ignored, and the rate limit is per visitor", () => {
  test.setTimeout(120_000);
  const edge = `${project()}_edge`;
  const image = inspect("web", "{{.Config.Image}}");
  /**
   * Visitors elsewhere on the internet: containers of their own on the front's network, nobody the stack trusts;
   * over IPv4 here (the network has IPv6 too: the test after this one).
   */
  const visitors = [0, 1].map(() =>
    docker("run", "-d", "--rm", "--network", edge, "--entrypoint", "sleep", image, "120"),
  );
  try {
    const as = (visitor: string, script: string) => docker("exec", visitor, "sh", "-c", script);
    const ipv4 = (visitor: string) =>
      docker("inspect", "-f", `{{(index .NetworkSettings.Networks "${edge}").IPAddress}}`, visitor);
    const [first, second] = visitors as [string, string];
    const address = ipv4(first);
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(ipv4(second)).not.toBe(address);
    const token = `realip${Date.now().toString(36)}`;
    // The token in the path: nginx logs no query string (a GET form would put a visitor's fields there).
    as(first, `curl -4 -sk -o /dev/null -H "X-Forwarded-For: 203.0.113.9" "https://salon.test/${token}"`);
    const line = composeRun(`exec -T web grep ${token} /var/log/salon/access.log`).trim();
    expect(line.split(" ")[0]).toBe(address);
    expect(line).not.toContain("203.0.113.9");

    // The contact form's limit (burst 5) counts that visitor, not the front: its 7th request is refused, another
    // visitor's first is not.
    const post = `curl -4 -sk -o /dev/null -w '%{http_code} ' https://salon.test/send-email.php`;
    const statuses = as(first, Array(7).fill(post).join("; ")).trim().split(" ");
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill("405"));
    expect(statuses[6]).toBe("429");
    expect(as(second, post).trim()).toBe("405");
  } finally {
    for (const visitor of visitors) docker("rm", "-f", visitor);
  }
});

test("mail goes through the relay over STARTTLS with a login; its certificate is trusted through the system's CA store; a password rewritten in place reaches the containers", async () => {
  test.setTimeout(120_000);
  // The relay refuses a sender that skips STARTTLS or the login (it is the relay a production setup talks to).
  const session = composeRun(
    `exec -T php php -r '$s = stream_socket_client("tcp://relay:587", $e, $m, 5); $r = fn () => fgets($s); $r();
     fwrite($s, "EHLO test\\r\\n"); $ehlo = ""; do { $l = $r(); $ehlo .= $l; } while ($l[3] === "-");
     fwrite($s, "MAIL FROM:<a@salon.test>\\r\\n"); echo $ehlo, $r();'`,
  );
  expect(session).toMatch(/^250[- ]STARTTLS/m);
  expect(session).toMatch(/^530 /m);

  // The mailer's own connection (TLS, certificate, login), from the image under test and from the users' image
  // without the test CA layer: the same check, and only the CA store differs.
  const probe = `require "/srv/mailer/vendor/autoload.php"; try { (new Salon\\Mailer\\SmtpSender(Salon\\Mailer\\Config::fromEnvironment()))->probe(); echo "probe ok"; } catch (Throwable $e) { echo "probe failed: ", $e->getMessage(); }`;
  expect(composeRun(`exec -T php php -d display_errors=stderr -r '${probe}'`)).toBe("probe ok");
  const containerEnv = (JSON.parse(inspect("php", "{{json .Config.Env}}")) as string[]).filter((line) =>
    /^(MAIL_|SMTP_)/.test(line),
  );
  const usersImage = inspect("php", "{{.Config.Image}}").replace("/php-test-ca:", "/php:");
  const run = spawnSync(
    "docker",
    [
      "run",
      "--rm",
      "--network",
      `${project()}_mail`,
      ...containerEnv.flatMap((line) => ["-e", line]),
      "-e",
      "OUTBOX_DIR=/tmp",
      "-v",
      `${process.env.TEST_TLS_DIR}/smtp_pass:/run/secrets/smtp_pass:ro`,
      "--entrypoint",
      "php",
      usersImage,
      "-d",
      "display_errors=stderr",
      "-r",
      probe,
    ],
    { encoding: "utf8" },
  );
  const withoutTestCa = `${run.stdout}${run.stderr}`;
  expect(withoutTestCa).toContain("probe failed");
  expect(withoutTestCa).toMatch(/certificate verify failed/);

  // A message posted over HTTPS reaches the relay, from the site to the salon.
  const token = `relay${Date.now().toString(36)}`;
  expect((await postForm(validMessage(token))).status).toBe(200);
  const [mail] = await waitForMail(mailOf(token), { timeoutMs: 20_000 });
  expect(mail?.from).toEqual(["strona@aurea-salon.example"]);
  expect(mail?.to).toEqual(["kontakt@aurea-salon.example"]);
  expect(mail?.replyTo).toEqual([validMessage(token).email]);

  // The password is a file, in no container's environment and not in what `docker inspect` shows.
  const password = process.env.TEST_RELAY_PASS!;
  for (const service of ["php", "deliverer"]) {
    expect(inspect(service, "{{json .Config.Env}}"), service).not.toContain(password);
    expect(composeRun(`exec -T ${service} cat /run/secrets/smtp_pass`).trim(), service).toBe(password);
  }

  // A new password the way docs/operating.md writes it (in place, through the shell's redirect) is what both
  // containers read at once, without a restart; the mailer reads the file for every SMTP session. The same password
  // without its line break, so that nothing else in this stack sees a change.
  const file = `${process.env.TEST_TLS_DIR}/smtp_pass`;
  execFileSync("sh", ["-c", `printf '%s' "$1" > "$2"`, "sh", password, file]);
  try {
    for (const service of ["php", "deliverer"])
      expect(composeRun(`exec -T ${service} cat /run/secrets/smtp_pass`), service).toBe(password);
  } finally {
    execFileSync("sh", ["-c", `printf '%s\\n' "$1" > "$2"`, "sh", password, file]);
  }
  for (const service of ["php", "deliverer"])
    expect(composeRun(`exec -T ${service} cat /run/secrets/smtp_pass`), service).toBe(`${password}\n`);
});

test("PHP-FPM's workers see only the mailer's settings, no password and nothing else of the container", () => {
  // A worker's own view: a script run by PHP-FPM through its socket lists getenv() (the process environment; the
  // request sends no parameters but the script's name). Workers are not dumpable, so /proc cannot show it.
  const script = `<?php echo json_encode(array_keys(getenv()));`;
  const answers = Array.from({ length: 3 }, () =>
    execFileSync(
      "docker",
      [
        "exec",
        "-i",
        containerOf("php"),
        "sh",
        "-c",
        "cat > /tmp/salon-env.php && env -i SCRIPT_FILENAME=/tmp/salon-env.php REQUEST_METHOD=GET cgi-fcgi -bind -connect /run/php-fpm/php-fpm.sock; rm -f /tmp/salon-env.php",
      ],
      { input: script, encoding: "utf8" },
    ),
  );
  const environments = answers.map((answer) => JSON.parse(answer.slice(answer.indexOf("["))) as string[]);
  // The mailer's settings are what php-fpm.conf passes on (env[NAME]; stack-config.test.ts holds that list to the
  // mailer's own, without the password).
  const passed = [...readFileSync(join(root, "docker/php/php-fpm.conf"), "utf8").matchAll(/^env\[([A-Z_]+)\]/gm)].map(
    (m) => m[1]!,
  );
  expect(passed).toContain("SMTP_HOST");
  expect(passed).not.toContain("SMTP_PASS");
  const allowed = new Set([
    ...passed,
    // php-fpm's own for the pool's user, and this request's FastCGI parameters (getenv() shows those too).
    "USER",
    "HOME",
    "FCGI_ROLE",
    "REQUEST_METHOD",
    "SCRIPT_FILENAME",
  ]);
  for (const keys of environments) {
    expect(
      keys.filter((key) => !allowed.has(key)),
      "variables beyond the mailer's",
    ).toEqual([]);
    expect(keys).toContain("SMTP_HOST");
  }
  // The container itself has more (PATH, PHP-FPM's own settings): the workers get none of it.
  const container = (JSON.parse(inspect("php", "{{json .Config.Env}}")) as string[]).map((line) => line.split("=")[0]!);
  expect(container).toEqual(expect.arrayContaining(["PATH", "PHP_FPM_LISTEN"]));
});

test("the users' services run hardened; only the front is published, nginx's network has no way out", () => {
  expectHardened(production);
  for (const service of ["web", "php", "deliverer"])
    expect(inspect(service, "{{len .HostConfig.PortBindings}}"), service).toBe("0");
  expect(networksOf("front")).toBe(`${project()}_edge`);
  expect(networksOf("web")).toBe(`${project()}_web`);
  expect(docker("network", "inspect", "-f", "{{.Internal}}", `${project()}_web`)).toBe("true");
  // The front and nginx share only the socket's volume.
  expect(production.filter((service) => mountsOf(service).includes(`${project()}_web-socket`)).sort()).toEqual([
    "front",
    "web",
  ]);
});

test("IPv6 visitors are themselves: each one's address reaches nginx, and the form's limit counts an IPv6 client per /64", () => {
  test.setTimeout(120_000);
  const edge = `${project()}_edge`;
  expect(docker("network", "inspect", "-f", "{{.EnableIPv6}}", edge)).toBe("true");
  const image = inspect("web", "{{.Config.Image}}");
  // Three visitors on the front's network: two IPv6 addresses of its one /64, and one more who comes over IPv4.
  const visitors = [0, 1, 2].map(() =>
    docker("run", "-d", "--rm", "--network", edge, "--entrypoint", "sleep", image, "120"),
  );
  try {
    const as = (visitor: string, script: string) => docker("exec", visitor, "sh", "-c", script);
    const ipv6 = (visitor: string) =>
      docker("inspect", "-f", `{{(index .NetworkSettings.Networks "${edge}").GlobalIPv6Address}}`, visitor);
    const [first, second, third] = visitors as [string, string, string];
    const address = ipv6(first);
    expect(address).toContain(":");
    expect(ipv6(second)).not.toBe(address);

    const token = `realip6${Date.now().toString(36)}`;
    as(first, `curl -6 -sk -o /dev/null "https://salon.test/${token}"`);
    const line = composeRun(`exec -T web grep ${token} /var/log/salon/access.log`).trim();
    expect(line.split(" ")[0]).toBe(address);

    // The first visitor's posts fill the bucket of the /64 (burst 5): the second address of the same /64 is
    // refused at once, the IPv4 visitor is not.
    const post = (family: string) =>
      `curl ${family} -sk -o /dev/null -w '%{http_code} ' https://salon.test/send-email.php`;
    expect(
      as(first, Array(6).fill(post("-6")).join("; "))
        .trim()
        .split(" "),
    ).toEqual(Array(6).fill("405"));
    expect(as(second, post("-6")).trim()).toBe("429");
    expect(as(third, post("-4")).trim()).toBe("405");
  } finally {
    for (const visitor of visitors) docker("rm", "-f", visitor);
  }
});

test("Caddy's own log holds no visitor's address or request, not even of a request nginx could not answer: visitors' addresses are only in nginx's logs, kept 14 days as the privacy policy says", async () => {
  test.setTimeout(120_000);
  const from = nextSourceAddress();
  const token = `caddylog${Date.now().toString(36)}`;
  composeRun("stop web");
  try {
    const reply = await send({
      method: "GET",
      base: site.origin,
      path: `/${token}?q=${token}`,
      from,
      headers: { "User-Agent": `agent-${token}` },
    });
    expect(reply.status).toBe(502);
  } finally {
    composeRun("start web");
  }
  await waitHealthy("web");
  const log = logsOf("front");
  // The failure is logged (what went wrong), without the request it came with.
  expect(log).toMatch(/"logger":"http\.log\.error","msg":"dial unix \/run\/salon-web\/nginx\.sock/);
  expect(log).not.toContain(token);
  expect(log).not.toContain(from);
  expect(log).not.toContain("remote_ip");
});
