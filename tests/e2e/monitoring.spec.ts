/**
 * What tells the operator of trouble before a client does (docs/operating.md, "Monitoring"), on the production
 * configuration as the test run brings it up (STACK=compose COMPOSE_CONFIG=production, tests/compose/run.sh, which
 * shortens the SMTP threshold and the deliverer's idle probe to seconds): GET /health through the front over HTTPS,
 * the deliverer's push to HEALTHCHECK_URL (tests/compose/push-receiver.cjs stands in for the monitor), the front's health check watching its certificate, and the
 * backup keeping the certificates and the ACME account.
 */
import { execFileSync, execSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect as tlsConnect, type PeerCertificate } from "node:tls";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { healthUntil, type Reply } from "../support/contactHttp";
import { composeWith, containerOf, docker, inspect, logsOf, pebbleRoot, waitHealthy } from "../support/composeStack";
import { compose, composeConfig, composeRun, root } from "../support/stack";
import { expect, test } from "../support/test";

test.skip(!compose || composeConfig !== "production", "the test run's production only (tests/compose/run.sh)");
exclusiveMailTests();

const site = new URL(process.env.SITE_URL ?? "https://salon.test:18443");
const backupScript = join(root, "docker/backup.sh");

/** The certificate the front serves for the canonical name, verified against Pebble's root. */
async function served(): Promise<PeerCertificate> {
  const ca = await pebbleRoot();
  return new Promise((resolve, reject) => {
    const socket = tlsConnect(
      { host: "127.0.0.1", port: Number(site.port || 443), servername: site.hostname, ca },
      () => {
        const certificate = socket.getPeerCertificate();
        socket.end();
        resolve(certificate);
      },
    );
    socket.on("error", reject);
  });
}

const daysLeft = (certificate: PeerCertificate) => (Date.parse(certificate.valid_to) - Date.now()) / 86_400_000;

/** Waits until the service's health check says `status`; returns the last check's output. */
async function healthBecomes(service: string, status: string, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let health = { Status: "", Log: [] as { Output: string }[] };
  while (Date.now() < deadline) {
    health = JSON.parse(inspect(service, "{{json .State.Health}}")) as typeof health;
    if (health.Status === status) return health.Log.at(-1)?.Output ?? "";
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${service} is ${health.Status}, not ${status}, after ${timeoutMs} ms`);
}

type Push = { time: string; method: string; path: string; body: string };

/** What the push monitor stand-in received (tests/compose/push-receiver.cjs), oldest first. */
const pushes = (): Push[] =>
  logsOf("push-receiver")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Push);

/** Waits until a push after the first `after` ones matches; returns the pushes after those. */
async function pushUntil(after: number, match: (push: Push) => boolean, timeoutMs = 90_000): Promise<Push[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const received = pushes().slice(after);
    if (received.some(match) || Date.now() > deadline) return received;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const pingPath = "/ping/5a1b2c3d-test";

test("GET /health over HTTPS through the front and the push to HEALTHCHECK_URL: ok while mail works, smtp-down (503, /fail with the reason) once the relay has been away past the threshold, ok again when it is back", async () => {
  test.setTimeout(300_000);
  // The deliverer pushes the state it starts with, then each change at once.
  const success = (push: Push) => push.method === "GET" && push.path === pingPath;
  expect((await pushUntil(0, success)).filter(success), "a success pushed while mail works").not.toEqual([]);
  const ok = await healthUntil(200, { base: site.origin });
  expect(ok.status, ok.body).toBe(200);
  expect(ok.json).toMatchObject({ status: "ok" });
  // Through Caddy: its HSTS and Server on the answer.
  expect(ok.headers["strict-transport-security"]).toBe("max-age=31536000");
  expect(ok.headers.server).toBe("Caddy");

  const before = pushes().length;
  composeRun("stop relay");
  let down: Reply;
  let failing: Push[];
  try {
    down = await healthUntil(503, { base: site.origin });
    failing = await pushUntil(before, (push) => push.path === `${pingPath}/fail`);
  } finally {
    composeRun("up -d --no-deps relay");
  }
  expect(down.status, down.body).toBe(503);
  expect(down.json).toMatchObject({ status: "fail", problems: ["smtp-down"] });
  // The monitor hears it too: a POST to /fail with the problem codes as its body, nothing personal.
  expect(failing.filter((push) => push.path !== pingPath)).toEqual([
    expect.objectContaining({ method: "POST", path: `${pingPath}/fail`, body: "smtp-down\n" }),
  ]);
  const failedAt = pushes().length;
  await waitHealthy("relay");
  const back = await healthUntil(200, { base: site.origin });
  expect(back.status, back.body).toBe(200);
  // And the success once the relay is back, after the failure.
  const recovered = await pushUntil(failedAt, success);
  expect(recovered.filter(success), "a success pushed after the failure").not.toEqual([]);
  expect(recovered.filter((push) => push.path !== pingPath)).toEqual([]);
});

test("the front's health check: the site over HTTPS with a certificate for its name valid more than 14 days", () => {
  // The image's own check, run beside Caddy against a TLS server of the test's (openssl s_server on another port)
  // serving certificates of 13 and 15 days for the canonical name, and one for another name.
  const script = `
    cd /tmp
    check() { # DAYS NAME
      openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days "$1" -subj "/CN=$2" \\
        -addext "subjectAltName=DNS:$2" -keyout key.pem -out cert.pem 2>/dev/null
      openssl s_server -quiet -accept 127.0.0.1:8443 -cert cert.pem -key key.pem -www >/dev/null 2>&1 &
      server=$!
      i=0
      until curl -sk -o /dev/null https://127.0.0.1:8443/ || [ $i -ge 50 ]; do i=$((i + 1)); sleep 0.1; done
      out=$(HTTPS_PORT=8443 salon-front-health 2>&1) && code=0 || code=$?
      kill $server
      wait $server 2>/dev/null
      echo "$1 $2 exit=$code $out"
    }
    check 13 salon.test
    check 15 salon.test
    check 90 other.test
    rm -f key.pem cert.pem`;
  const lines = docker("exec", containerOf("front"), "sh", "-c", script).split("\n");
  expect(lines[0]).toMatch(
    /^13 salon\.test exit=1 salon-front-health: the certificate for salon\.test expires .*, within 14 days$/,
  );
  expect(lines[1]).toMatch(
    /^15 salon\.test exit=0 salon-front-health: salon\.test answers over HTTPS; certificate valid until /,
  );
  expect(lines[2]).toMatch(/^90 other\.test exit=1 salon-front-health: the certificate served is not for salon\.test$/);
  // And as Docker runs it, against Caddy: healthy with Pebble's 90-day certificate.
  expect(inspect("front", "{{.State.Health.Status}}")).toBe("healthy");
  expect(inspect("front", "{{json .Config.Healthcheck.Test}}")).toBe('["CMD","salon-front-health"]');
});

test("a certificate about to expire turns the front unhealthy; Caddy renews it at its next start, and the backup brings back the first one", async () => {
  test.setTimeout(420_000);
  const first = await served();
  expect(daysLeft(first)).toBeGreaterThan(80);
  // Caddy (2.10+) asks the CA when to renew (ACME Renewal Information) and keeps the answer beside the certificate:
  // Pebble's window is around two thirds of the 90 days.
  const stored = JSON.parse(
    composeRun("exec -T front sh -c 'cat /data/caddy/certificates/*/salon.test/salon.test.json'"),
  ) as { issuer_data: { renewal_info?: { suggestedWindow: { start: string; end: string } } } };
  const window = stored.issuer_data.renewal_info?.suggestedWindow;
  expect(window, "ARI stored with salon.test's certificate").toBeDefined();
  const windowStart = (Date.parse(window!.start) - Date.parse(first.valid_from)) / 86_400_000;
  expect(windowStart).toBeGreaterThan(55);
  expect(windowStart).toBeLessThan(62);

  // The backup: the outbox and the front's certificates and ACME account, mode 0600.
  const dir = mkdtempSync(join(tmpdir(), "salon-backup-"));
  const file = execFileSync(backupScript, ["create", dir], { cwd: root, encoding: "utf8" }).trim();
  try {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const frontData = execSync(`tar -xOf ${file} ./front-data.tar.gz | tar -tzf -`, { encoding: "utf8" });
    expect(frontData).toMatch(/caddy\/certificates\/[^/]+\/salon\.test\/salon\.test\.crt/);
    expect(frontData).toMatch(/caddy\/acme\/[^/]+\/users\/ops@salon\.test\//);

    // A certificate with 40 minutes left, as one whose renewal has failed for weeks would be: its files removed and
    // the front started with CERT_LIFETIME asking Pebble for short ones.
    composeRun("stop front");
    composeRun("run --rm --no-deps -T --entrypoint sh front -c 'rm -rf /data/caddy/certificates'");
    composeWith({ TEST_CERT_LIFETIME: "40m" }, "up -d --no-deps front");
    const output = await healthBecomes("front", "unhealthy");
    expect(output).toMatch(/the certificate for salon\.test expires .*, within 14 days/);
    const short = await served();
    expect(daysLeft(short)).toBeLessThan(1 / 24);

    // Whatever blocked the renewal is fixed (here: the short lifetime is no longer asked for) and the front is
    // started again, as `docker compose restart front` does: Caddy renews the certificate at once.
    composeRun("up -d --no-deps front");
    await healthBecomes("front", "healthy");
    const renewed = await served();
    expect(renewed.serialNumber).not.toBe(short.serialNumber);
    expect(daysLeft(renewed)).toBeGreaterThan(80);
    const log = logsOf("front");
    expect(log).toContain('"msg":"renewing certificate"');
    expect(log).toContain('"msg":"certificate renewed successfully"');
  } finally {
    // The backup's certificates back: the first certificate again.
    execFileSync(backupScript, ["restore", file], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    rmSync(dir, { recursive: true, force: true });
  }
  await waitHealthy("front", 90_000);
  expect((await served()).serialNumber).toBe(first.serialNumber);
});
