/**
 * The Compose stack as an operator runs it (STACK=compose; tests/compose/run.sh starts it): what the containers
 * are, how they stop, and that no accepted message is lost or doubled when the catcher, PHP-FPM or the deliverer
 * go away and come back. The native stack's own fault tests are tests/e2e/mailer-faults.spec.ts.
 */
import { execFileSync, execSync } from "node:child_process";
import { exclusiveMailTests } from "../mailer/exclusive";
import { nextSourceAddress, postForm, send, validMessage } from "../mailer/http";
import { clearMail, listMail, waitForMail } from "../support/mailbox";
import { compose, composeRun } from "../support/stack";
import { expect, test } from "../support/test";

test.skip(!compose, "the Compose stack only (tests/compose/run.sh)");
exclusiveMailTests();

type Service = "web" | "php" | "deliverer" | "catcher";
const services: Service[] = ["web", "php", "deliverer", "catcher"];

const docker = (...args: string[]) => execFileSync("docker", args, { encoding: "utf8" }).trim();
const containerOf = (service: Service) => composeRun(`ps -q ${service}`).trim();
const inspect = (service: Service, format: string) => docker("inspect", "-f", format, containerOf(service));
/** What the container wrote, stdout and stderr together. */
const logsOf = (service: Service, tail = "all") => execSync(`docker logs --tail ${tail} ${containerOf(service)} 2>&1`, { encoding: "utf8" });

async function waitHealthy(service: Service, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let status = "";
  while (Date.now() < deadline) {
    status = inspect(service, "{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}");
    if (status === "healthy") return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${service} is ${status} after ${timeoutMs} ms`);
}

/** The outbox as the operator sees it; through the php container, which shares the volume (the deliverer may be stopped). */
function outboxStatus(): { waiting: number; failed: number } {
  return JSON.parse(composeRun("exec -T php php /srv/mailer/bin/deliver.php --status")) as { waiting: number; failed: number };
}

/** Posts `count` messages, each as its own visitor; every one must be accepted (200). Returns their tokens. */
async function postMessages(label: string, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, (_, i) => `${label}${Date.now().toString(36)}n${i}`);
  for (const token of tokens) {
    const reply = await postForm(validMessage(token));
    expect(reply.status, `${token}: ${reply.body}`).toBe(200);
  }
  return tokens;
}

/** Every token arrived exactly once. */
async function expectDeliveredOnce(tokens: string[], timeoutMs = 45_000): Promise<void> {
  const mails = await waitForMail((m) => tokens.some((t) => m.subject.endsWith(t)), { count: tokens.length, timeoutMs });
  const seen = tokens.map((t) => mails.filter((m) => m.subject.endsWith(t)).length);
  expect(seen, "copies of each message in the catcher").toEqual(tokens.map(() => 1));
  // And no stragglers: a second look a little later finds no duplicates either.
  await new Promise((r) => setTimeout(r, 1500));
  const again = (await listMail()).filter((m) => tokens.some((t) => m.subject.endsWith(t)));
  expect(again).toHaveLength(tokens.length);
}

test("the four services run from three images, php and the deliverer from one, logs capped, mail UI on loopback", () => {
  for (const service of services) {
    expect(inspect(service, "{{.State.Status}}"), service).toBe("running");
    expect(inspect(service, "{{.HostConfig.LogConfig.Type}} {{index .HostConfig.LogConfig.Config \"max-size\"}}"), service).toBe("json-file 10m");
  }
  expect(inspect("deliverer", "{{.Image}}")).toBe(inspect("php", "{{.Image}}"));
  expect(inspect("catcher", "{{range $p, $b := .HostConfig.PortBindings}}{{range $b}}{{.HostIp}} {{end}}{{end}}").trim()).toBe("127.0.0.1");
  // The deliverer handles SIGTERM itself and runs under an init.
  expect(inspect("deliverer", "{{.Config.StopSignal}} {{.HostConfig.Init}}")).toBe("SIGTERM true");
});

test("nginx serves only the site: no stock pages, and PHP-FPM does not log its health pings", async () => {
  // The official image's 50x.html and Debian's welcome page: not in the web root, so the site's own 404 page.
  for (const path of ["/50x.html", "/index.nginx-debian.html"]) {
    const reply = await send({ method: "GET", path, from: nextSourceAddress() });
    expect(reply.status, path).toBe(404);
    expect(reply.body, path).toContain('lang="pl"');
    expect(reply.body, path).not.toMatch(/nginx/i);
  }
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

test("catcher stopped: every post is accepted and kept; back again, each arrives exactly once", async () => {
  test.setTimeout(180_000);
  await clearMail();
  composeRun("stop catcher");
  let tokens: string[] = [];
  try {
    tokens = await postMessages("catcherdown", 8);
    expect(outboxStatus().waiting).toBe(8);
  } finally {
    composeRun("start catcher");
  }
  await waitHealthy("catcher");
  // The deliverer service sends them by itself (OUTBOX_RETRY_SECONDS is short in the test run).
  await expectDeliveredOnce(tokens);
  expect(outboxStatus().waiting).toBe(0);
});

test("docker compose restart php with messages waiting: none lost, none doubled", async () => {
  test.setTimeout(180_000);
  composeRun("stop catcher");
  let tokens: string[] = [];
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
  // The requests' own attempts failed while the catcher was down; with the deliverer away nobody sends them.
  await new Promise((r) => setTimeout(r, 5000));
  expect((await listMail()).filter((m) => tokens.some((t) => m.subject.endsWith(t)))).toHaveLength(0);
  expect(outboxStatus().waiting).toBe(5);
  composeRun("start deliverer");
  await expectDeliveredOnce(tokens);
});

test("the site starts without the catcher, and nginx follows a php container that came back at another address", async () => {
  test.setTimeout(180_000);
  composeRun("rm --stop --force catcher");
  let placeholder = "";
  try {
    // Up from nothing while there is no catcher at all: pages and posts work, the message waits.
    composeRun("up -d --no-deps --force-recreate web php");
    await waitHealthy("web");
    await waitHealthy("php");
    expect((await send({ method: "GET", path: "/kontakt", from: nextSourceAddress() })).status).toBe(200);
    const [first] = await postMessages("nocatcher", 1);

    // php goes away, another container joins the network meanwhile, php comes back at a new address.
    const network = inspect("php", "{{range $k, $v := .NetworkSettings.Networks}}{{$k}}{{end}}");
    const oldAddress = inspect("php", "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}");
    composeRun("stop php");
    placeholder = docker("run", "-d", "--rm", "--network", network, "debian:bookworm-slim", "sleep", "300");
    composeRun("start php");
    await waitHealthy("php");
    expect(inspect("php", "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}")).not.toBe(oldAddress);
    // nginx looks php up again within its resolver's 10 s; it is never restarted.
    let status = 0;
    const deadline = Date.now() + 20_000;
    let second = "";
    while (Date.now() < deadline) {
      second = `newaddress${Date.now().toString(36)}`;
      const reply = await postForm(validMessage(second));
      status = reply.status;
      if (status === 200) break;
      expect(reply.status).toBe(503);
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(status).toBe(200);
    composeRun("up -d --no-deps catcher");
    await waitHealthy("catcher");
    await expectDeliveredOnce([first!, second]);
  } finally {
    if (placeholder) docker("rm", "-f", placeholder);
    composeRun("up -d --no-deps catcher");
  }
});
