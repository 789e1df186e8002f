/**
 * The Compose stack as an operator runs it locally (STACK=compose, COMPOSE_CONFIG=local: `docker compose up
 * --build`, tests/compose/run.sh starts it): what the containers are and may do, which settings reach them and
 * which they refuse to start with, how they stop, and that no accepted message is lost or doubled when the catcher,
 * PHP-FPM or the deliverer go away and come back. The production configuration has its own
 * (tests/e2e/production.spec.ts); the native stack's fault tests are mailer-faults.spec.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSettings } from "../../docker/defaults.mjs";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { healthUntil, mailOf, nextSourceAddress, send } from "../support/contactHttp";
import { clearMail, listMail } from "../support/mailbox";
import {
  composeWith,
  containerOf,
  docker,
  expectDeliveredOnce,
  expectHardened,
  inspect,
  mountsOf,
  networksOf,
  logsOf,
  outboxStatus,
  postMessages,
  project,
  servicesOf,
  waitHealthy,
} from "../support/composeStack";
import { FIXED_IN_COMPOSE, servicesUsing } from "../support/settings";
import { compose, composeCommand, composeConfig, composeRun, root } from "../support/stack";
import { expect, test } from "../support/test";

test.skip(!compose || composeConfig !== "local", "the local Compose stack only (tests/compose/run.sh)");
exclusiveMailTests();

const services = ["web", "php", "deliverer", "catcher"];

test("local is the four services: php and the deliverer from one image, the site and MailHog on loopback only", () => {
  expect(servicesOf().sort()).toEqual([...services].sort());
  for (const service of services) expect(inspect(service, "{{.State.Status}}"), service).toBe("running");
  expect(inspect("deliverer", "{{.Image}}")).toBe(inspect("php", "{{.Image}}"));
  for (const service of ["web", "catcher"]) {
    expect(
      inspect(service, "{{range $p, $b := .HostConfig.PortBindings}}{{range $b}}{{.HostIp}} {{end}}{{end}}").trim(),
      service,
    ).toBe("127.0.0.1");
  }
  for (const service of ["php", "deliverer"])
    expect(inspect(service, "{{len .HostConfig.PortBindings}}"), service).toBe("0");
  // The deliverer handles SIGTERM itself and runs under an init.
  expect(inspect("deliverer", "{{.Config.StopSignal}} {{.HostConfig.Init}}")).toBe("SIGTERM true");
  // The outbox volume is named after the project, not the folder the stack was started from.
  expect(
    inspect("php", '{{range .Mounts}}{{if eq .Destination "/var/spool/salon-outbox"}}{{.Name}}{{end}}{{end}}'),
  ).toBe(`${project()}-outbox`);
});

/** `docker compose ARGS` that may fail: its exit status and everything it printed. */
function composeTry(args: string[], env: Record<string, string> = {}): { status: number | null; output: string } {
  const [command, ...base] = composeCommand.split(" ");
  const run = spawnSync(command!, [...base, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const settings = readSettings();
/** The settings of a service that are numbers (or nginx's rates): each is checked before the service starts. */
const checkedSettings = (service: string) =>
  settings
    .filter((s) => servicesUsing(s.usedBy).includes(service) && /^\d+(r\/[sm])?$/.test(s.value))
    .map((s) => s.name);

test("a container started with a setting it cannot keep to refuses to start, naming it: LOG_RETENTION_DAYS=abc, and every other checked setting of web, php and the deliverer", () => {
  test.setTimeout(180_000);
  // Each service as `docker compose up` starts it (its entrypoint and command), with one wrong setting: it exits
  // at once, and its log names the setting.
  for (const [service, setting] of [
    ["web", "LOG_RETENTION_DAYS"],
    ["php", "OUTBOX_HELD_DAYS"],
    ["deliverer", "OUTBOX_POLL_SECONDS"],
  ] as const) {
    const started = composeTry(["run", "--rm", "--no-deps", "-T", "-e", `${setting}=abc`, service]);
    expect(started.status, `${service} with ${setting}=abc: ${started.output}`).not.toBe(0);
    expect(started.output, service).toContain(setting);
  }
  // Every other one through the same entrypoints, one container per image: each setting in turn set to "abc".
  const web = checkedSettings("web");
  expect(web).toEqual(
    expect.arrayContaining([
      "LOG_RETENTION_DAYS",
      "LOG_MAX_MB",
      "CONTACT_RATE_LIMIT",
      "OUTBOX_HELD_DAYS",
      "BACKUP_RETENTION_DAYS",
    ]),
  );
  const mailer = [...new Set([...checkedSettings("php"), ...checkedSettings("deliverer")])];
  expect(mailer).toEqual(
    expect.arrayContaining(["OUTBOX_FAILED_DAYS", "SMTP_TIMEOUT", "HEALTH_SMTP_DOWN_SECONDS", "OUTBOX_POLL_SECONDS"]),
  );
  for (const [service, names, start] of [
    ["web", web, "render-templates nginx -v"],
    ["deliverer", mailer, "salon-php-entrypoint true"],
  ] as const) {
    const script = names
      .map((name) => `said=$(env ${name}=abc ${start} 2>&1 >/dev/null); echo "${name} $? $(echo "$said" | tail -1)"`)
      .join("; ");
    const said = composeRun(`run --rm --no-deps -T --entrypoint sh ${service} -c '${script}'`).trim().split("\n");
    expect(said, service).toHaveLength(names.length);
    for (const [i, line] of said.entries()) {
      const [name, status, ...message] = line.split(" ");
      expect(name).toBe(names[i]);
      expect(status, `${line}`).not.toBe("0");
      expect(message.join(" "), `${service}: ${name}`).toContain(name!);
    }
  }
});

test("every setting docker/defaults.env documents for a service reaches its container; SMTP_CA_FILE's file is mounted", () => {
  // Local: in the running containers' environment; not the build's own (SALON_DEMO), nor the relay's login, as the
  // local configuration sends to the catcher whatever .env says (docker-compose.override.yml).
  for (const service of ["web", "php", "deliverer"]) {
    const env = (JSON.parse(inspect(service, "{{json .Config.Env}}")) as string[]).map((line) => line.split("=")[0]);
    const missing = settings
      .filter((s) => servicesUsing(s.usedBy).includes(service) && !(s.name in FIXED_IN_COMPOSE))
      .filter((s) => !s.usedBy.includes(`${service} (build)`) && s.name !== "SMTP_USER")
      .map((s) => s.name)
      .filter((name) => !env.includes(name));
    expect(missing, service).toEqual([]);
  }
  // Production, as Compose resolves it: each in the service's environment or its build's arguments; the files
  // .env names (a CA, the proof of work's key) mounted from where it says.
  const files = {
    ACME_CA_ROOT: "/etc/ssl/acme-ca.pem",
    SMTP_CA_FILE: "/etc/ssl/relay-ca.pem",
    POW_KEY_FILE: "/etc/salon-pow-key",
  };
  const resolved = composeTry(
    ["-f", "docker-compose.yml", "-f", "docker-compose.production.yml", "config", "--format", "json"],
    {
      ...files,
      SITE_DOMAIN: "salon.test",
      ACME_EMAIL: "ops@salon.test",
      MAIL_FROM: "strona@salon.test",
      MAIL_TO: "kontakt@salon.test",
      SMTP_HOST: "relay.test",
    },
  );
  expect(resolved.status, resolved.output).toBe(0);
  const production = JSON.parse(resolved.output) as {
    services: Record<string, { environment?: Record<string, string>; build?: { args?: Record<string, string> } }>;
    configs: Record<string, { file: string }>;
    secrets: Record<string, { file: string }>;
  };
  const notReached = settings.flatMap((s) =>
    servicesUsing(s.usedBy)
      .filter(() => !(s.name in FIXED_IN_COMPOSE) && !(s.name in files))
      .filter((service) => {
        const { environment = {}, build = {} } = production.services[service] ?? {};
        return !(s.name in environment) && !(s.name in (build.args ?? {}));
      })
      .map((service) => `${s.name} → ${service}`),
  );
  expect(notReached).toEqual([]);
  expect(production.configs.acme_ca_root?.file).toBe(files.ACME_CA_ROOT);
  expect(production.configs.smtp_ca?.file).toBe(files.SMTP_CA_FILE);
  expect(production.secrets.pow_key?.file).toBe(files.POW_KEY_FILE);
  for (const service of ["php", "deliverer"]) {
    expect(production.services[service]?.environment?.SMTP_CA_FILE, service).toBe("/etc/salon/smtp-ca.pem");
    expect(production.services[service]?.environment?.POW_KEY_FILE, service).toBe("/run/secrets/pow_key");
  }

  // SMTP_CA_FILE names a file on this machine: the mailer reads it in the container (and refuses it here, where the
  // catcher speaks no TLS, naming it).
  const dir = mkdtempSync(join(tmpdir(), "salon-ca-"));
  try {
    const pem = join(dir, "relay-ca.pem");
    writeFileSync(pem, "-----BEGIN CERTIFICATE-----\nMIIBsalontest\n-----END CERTIFICATE-----\n");
    const seen = composeWith(
      { SMTP_CA_FILE: pem },
      `run --rm --no-deps -T --entrypoint sh php -c 'cat "$SMTP_CA_FILE"'`,
    );
    expect(seen).toBe(readFileSync(pem, "utf8"));
    const checked = composeTry(["run", "--rm", "--no-deps", "-T", "deliverer", "true"], { SMTP_CA_FILE: pem });
    expect(checked.status).not.toBe(0);
    expect(checked.output).toContain("SMTP_CA_FILE needs SMTP_SECURE=tls or ssl");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the log keeper runs beside nginx, and the web image's health check fails while it does not", async () => {
  const pid = composeRun("exec -T web cat /run/salon-nginx/salon-logs.pid").trim();
  expect(composeRun(`exec -T web cat /proc/${pid}/cmdline`).replace(/\0/g, " ")).toContain("salon-logs --loop");
  // The image's own health check, as Docker runs it (a shell command), without waiting for its retries.
  const [kind, command] = JSON.parse(inspect("web", "{{json .Config.Healthcheck.Test}}")) as string[];
  expect(kind).toBe("CMD-SHELL");
  const healthy = () => spawnSync("docker", ["exec", containerOf("web"), "sh", "-c", command!]).status === 0;
  expect(healthy()).toBe(true);
  composeRun(`exec -T web sh -c 'kill ${pid}'`);
  try {
    expect(healthy(), "nginx answers, but nobody deletes its logs").toBe(false);
  } finally {
    composeRun("exec -d web salon-logs --loop");
  }
  // Started again by hand (as a restart of web would): its new pid is written as it starts.
  await expect.poll(healthy, { timeout: 30_000 }).toBe(true);
});

test("every container runs without capabilities, as a user, on a read-only root file system, with memory and process limits", () => {
  expectHardened(services);
  // Read-only means it: nothing can be written outside the volumes and tmpfs a service has.
  for (const service of ["web", "php"]) {
    expect(() => composeRun(`exec -T ${service} sh -c 'echo x > /usr/local/bin/salon-x'`), service).toThrow();
  }
});

test("PHP-FPM is reachable from nginx alone: a socket only web and php mount, no port on any network", () => {
  const socketVolume = `${project()}_php-socket`;
  expect(services.filter((service) => mountsOf(service).includes(socketVolume)).sort()).toEqual(["php", "web"]);
  // No listening TCP socket in the php container (state 0A in /proc/net/tcp and tcp6) but Docker's own DNS
  // resolver, which the engine places in every container's network namespace at 127.0.0.11 (0B00007F).
  const tcp = composeRun("exec -T php cat /proc/net/tcp /proc/net/tcp6");
  const listening = tcp.split("\n").filter((line) => / 0A /.test(line));
  expect(listening.filter((line) => !/^\s*\d+: 0B00007F:/.test(line))).toEqual([]);
  // A program on the catcher's network (where php and the deliverer are) cannot reach FastCGI on its usual port.
  const mailNetwork = `${project()}_mail`;
  const attempt = docker(
    "run",
    "--rm",
    "--network",
    mailNetwork,
    "--entrypoint",
    "php",
    inspect("php", "{{.Config.Image}}"),
    "-r",
    'echo @fsockopen("php", 9000, $code, $message, 3) ? "connected" : "refused";',
  );
  expect(attempt).toBe("refused");
  // nginx is alone on its network; the catcher shares one only with php and the deliverer.
  expect(networksOf("web")).toBe(`${project()}_web`);
  expect(networksOf("catcher")).toBe(mailNetwork);
});

test("nginx serves only the site, logs no visitor in the container output, and PHP-FPM does not log its health pings", async () => {
  // The official image's 50x.html and Debian's welcome page: not in the web root, so the site's own 404 page.
  const from = nextSourceAddress();
  for (const path of ["/50x.html", "/index.nginx-debian.html"]) {
    const reply = await send({ method: "GET", path, from });
    expect(reply.status, path).toBe(404);
    expect(reply.body, path).toContain('lang="pl"');
    expect(reply.body, path).not.toMatch(/nginx/i);
  }
  // The visitor's address is in nginx's own log (kept by age and size), never in Docker's log of the container.
  expect(composeRun(`exec -T web grep -c "^${from} " /var/log/salon/access.log`).trim()).toBe("2");
  expect(logsOf("web")).not.toContain(from);
  // A health check every 5 s since start: php-fpm's own log holds no line for any of them.
  const log = logsOf("php");
  expect(log).toMatch(/ready to handle connections/);
  expect(log).not.toMatch(/ping/i);
});

test("each service stops within a few seconds, the deliverer cleanly, and comes back healthy", async () => {
  test.setTimeout(180_000);
  for (const service of services) {
    const started = Date.now();
    composeRun(`stop ${service}`);
    const seconds = (Date.now() - started) / 1000;
    expect(seconds, `${service} took ${seconds} s to stop`).toBeLessThan(5);
    // 0: it exited by itself on the signal, not SIGKILLed at the deadline (137).
    if (service === "deliverer") {
      expect(inspect(service, "{{.State.ExitCode}}")).toBe("0");
      expect(logsOf(service, "5")).toContain("deliverer-stopped");
    }
    composeRun(`start ${service}`);
    await waitHealthy(service);
  }
});

test("catcher stopped: every post is accepted and kept, GET /health names smtp-down past the threshold; back again, each arrives exactly once and /health is 200", async () => {
  test.setTimeout(240_000);
  await clearMail();
  expect((await healthUntil(200)).json).toMatchObject({ status: "ok" });
  composeRun("stop catcher");
  let tokens: string[];
  try {
    tokens = await postMessages("catcherdown", 8);
    expect(outboxStatus().waiting).toBe(8);
    // The test run's threshold is seconds (tests/compose/run.sh); an operator's is HEALTH_SMTP_DOWN_SECONDS.
    const down = await healthUntil(503);
    expect(down.json).toMatchObject({ status: "fail", problems: ["smtp-down"] });
  } finally {
    composeRun("start catcher");
  }
  await waitHealthy("catcher");
  // The deliverer service sends them by itself (OUTBOX_RETRY_SECONDS is short in the test run).
  await expectDeliveredOnce(tokens);
  expect(outboxStatus().waiting).toBe(0);
  expect((await healthUntil(200)).status).toBe(200);
});

test("docker compose restart php with messages waiting: none lost, none doubled", async () => {
  test.setTimeout(180_000);
  composeRun("stop catcher");
  let tokens: string[];
  try {
    tokens = await postMessages("phprestart", 5);
    composeRun("restart php");
    await waitHealthy("php");
    expect(outboxStatus().waiting).toBe(5);
    tokens.push(...(await postMessages("phprestart", 2)));
  } finally {
    composeRun("start catcher");
  }
  await waitHealthy("catcher");
  await expectDeliveredOnce(tokens);
});

test("deliverer stopped and started with messages waiting: nothing is sent while it is away, each once after", async () => {
  test.setTimeout(180_000);
  composeRun("stop deliverer");
  composeRun("stop catcher");
  let tokens: string[] = [];
  try {
    tokens = await postMessages("deliverer", 5);
  } finally {
    composeRun("start catcher");
  }
  await waitHealthy("catcher");
  // The requests' own attempts failed while the catcher was down; with the deliverer away nobody sends them. A
  // window on purpose (what is proved is that nothing happens): 5 s spans two of the run's retry intervals and five
  // of its polls (OUTBOX_RETRY_SECONDS=2, OUTBOX_POLL_SECONDS=1: tests/compose/run.sh), so the messages are due
  // within it and a running deliverer would have sent them, as it does once started below (expectDeliveredOnce).
  await new Promise((r) => setTimeout(r, 5000));
  expect((await listMail()).filter((m) => tokens.some((t) => mailOf(t)(m)))).toHaveLength(0);
  expect(outboxStatus().waiting).toBe(5);
  composeRun("start deliverer");
  await expectDeliveredOnce(tokens);
});

test("the site starts without the catcher, and nginx finds a recreated php container by itself", async () => {
  test.setTimeout(180_000);
  composeRun("rm --stop --force catcher");
  try {
    // Up from nothing while there is no catcher at all: pages and posts work, the message waits.
    composeRun("up -d --no-deps --force-recreate web php");
    await waitHealthy("web");
    await waitHealthy("php");
    expect((await send({ method: "GET", path: "/kontakt", from: nextSourceAddress() })).status).toBe(200);
    const [first] = await postMessages("nocatcher", 1);

    // php replaced by a new container (an upgrade, a crash): nginx, never restarted, reaches it through the socket
    // the new PHP-FPM makes in the shared volume.
    const webStarted = inspect("web", "{{.State.StartedAt}}");
    const oldPhp = containerOf("php");
    composeRun("up -d --no-deps --force-recreate php");
    await waitHealthy("php");
    expect(containerOf("php")).not.toBe(oldPhp);
    const [second] = await postMessages("recreated", 1);
    expect(inspect("web", "{{.State.StartedAt}}")).toBe(webStarted);

    composeRun("up -d --no-deps catcher");
    await waitHealthy("catcher");
    await expectDeliveredOnce([first!, second!]);
  } finally {
    composeRun("up -d --no-deps catcher");
  }
});
