/**
 * The Compose stack as an operator runs it locally (STACK=compose, COMPOSE_CONFIG=local: `docker compose up
 * --build`, tests/compose/run.sh starts it): what the containers are and may do, how they stop, and that no accepted
 * message is lost or doubled when the catcher, PHP-FPM or the deliverer go away and come back. The production
 * configuration has its own (tests/e2e/production.spec.ts); the native stack's fault tests are mailer-faults.spec.ts.
 */
import { exclusiveMailTests } from "../mailer/exclusive";
import { healthUntil, mailOf, nextSourceAddress, send } from "../mailer/http";
import { clearMail, listMail } from "../support/mailbox";
import {
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
import { compose, composeConfig, composeRun } from "../support/stack";
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
