/**
 * Operating the Compose stack (docs/operating.md), as an operator does it, on the local configuration
 * (STACK=compose COMPOSE_CONFIG=local, tests/compose/run.sh): the outbox's backup and restore command, an upgrade
 * (rebuild and up) with mail waiting, and nginx's logs kept within their age and size.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exclusiveMailTests } from "../mailer/exclusive";
import { nextSourceAddress, send } from "../mailer/http";
import {
  containerOf,
  docker,
  expectDeliveredOnce,
  outboxStatus,
  postMessages,
  project,
  waitHealthy,
} from "../support/composeStack";
import { compose, composeConfig, composeRun, root } from "../support/stack";
import { expect, test } from "../support/test";

test.skip(!compose || composeConfig !== "local", "the local Compose stack only (tests/compose/run.sh)");
exclusiveMailTests();

const outboxScript = join(root, "docker/outbox.sh");

test("docker/outbox.sh: a backup of waiting mail, restored into a lost outbox, is sent once", async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-outbox-backup-"));
  const backup = join(dir, "outbox.tar.gz");
  composeRun("stop catcher");
  let tokens: string[];
  try {
    tokens = await postMessages("backup", 3);
    expect(outboxStatus().waiting).toBe(3);

    // The operator's command, its stdout into a file.
    writeFileSync(backup, execFileSync(outboxScript, ["backup"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] }));
    const listed = execFileSync("tar", ["-tzf", backup], { encoding: "utf8" }).trim().split("\n");
    expect(listed.filter((name) => /^\.\/[^/]+\.json$/.test(name))).toHaveLength(3);
    expect(
      listed.filter((name) => /\/\./.test(name)),
      "no temporary files or markers",
    ).toEqual([]);

    // The volume is lost (a new machine): a fresh, empty outbox.
    composeRun("rm --stop --force php deliverer");
    docker("volume", "rm", `${project()}-outbox`);
    composeRun("up -d --no-deps php deliverer");
    await waitHealthy("php");
    expect(outboxStatus().waiting).toBe(0);

    execFileSync(outboxScript, ["restore"], {
      cwd: root,
      input: readFileSync(backup),
      stdio: ["pipe", "inherit", "inherit"],
    });
    expect(outboxStatus().waiting).toBe(3);
    await waitHealthy("deliverer");
  } finally {
    composeRun("start catcher");
    rmSync(dir, { recursive: true, force: true });
  }
  await waitHealthy("catcher");
  await expectDeliveredOnce(tokens);
  expect(outboxStatus()).toEqual(expect.objectContaining({ waiting: 0, failed: 0 }));
});

test("an upgrade (docker compose up -d --build, every container new) with mail waiting loses nothing", async () => {
  test.setTimeout(300_000);
  composeRun("stop catcher");
  const before = Object.fromEntries(["web", "php", "deliverer"].map((s) => [s, containerOf(s)]));
  let tokens: string[];
  try {
    tokens = await postMessages("upgrade", 4);
    expect(outboxStatus().waiting).toBe(4);
    composeRun("up -d --build --force-recreate --no-deps web php deliverer");
    for (const service of ["web", "php", "deliverer"]) {
      await waitHealthy(service);
      expect(containerOf(service), `${service} is a new container`).not.toBe(before[service]);
    }
    expect(outboxStatus().waiting).toBe(4);
    // And the site takes posts again at once.
    tokens.push(...(await postMessages("upgrade", 1)));
  } finally {
    composeRun("start catcher");
  }
  await waitHealthy("catcher");
  await expectDeliveredOnce(tokens);
});

test("nginx's logs (visitors' addresses) are rotated daily and kept 14 days at most, and within LOG_MAX_MB", async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const logs = () => composeRun("exec -T web ls /var/log/salon").trim().split("\n").sort();
  // The retention loop runs beside nginx.
  expect(composeRun(`exec -T web sh -c 'cat /proc/[0-9]*/cmdline | tr "\\0" " "'`)).toContain("salon-logs --loop");

  // Age: a day file of 14 days ago goes, one of 13 days ago stays (as if written then).
  composeRun(
    `exec -T web sh -c 'echo old > /var/log/salon/access-${day(-14)}.log; echo kept > /var/log/salon/access-${day(-13)}.log'`,
  );
  const aged = composeRun("exec -T web salon-logs --once");
  expect(aged).toContain(`deleted access-${day(-14)}.log`);
  expect(logs()).toEqual(expect.arrayContaining([`access-${day(-13)}.log`, "access.log"]));
  expect(logs()).not.toContain(`access-${day(-14)}.log`);

  // A new day: today's lines get today's name and nginx writes a new access.log.
  const visitor = nextSourceAddress();
  await send({ method: "GET", path: "/", from: visitor });
  composeRun(`exec -T web salon-logs --once --today ${day(1)}`);
  expect(composeRun(`exec -T web grep -c "^${visitor} " /var/log/salon/access-${day(0)}.log`).trim()).toBe("1");
  const later = nextSourceAddress();
  let fresh = "";
  for (let i = 0; i < 20 && !fresh.includes(later); i++) {
    await send({ method: "GET", path: "/cennik", from: later });
    fresh = composeRun("exec -T web cat /var/log/salon/access.log");
  }
  expect(fresh).toContain(later);
  expect(fresh).not.toContain(visitor);

  // Size: over LOG_MAX_MB the oldest day goes first.
  composeRun(`exec -T web sh -c 'head -c 3000000 /dev/zero > /var/log/salon/access-${day(-12)}.log'`);
  const sized = composeRun("exec -T -e LOG_MAX_MB=2 web salon-logs --once");
  expect(sized).toContain("logs over 2 MB");
  expect(logs()).not.toContain(`access-${day(-13)}.log`);

  // More than the privacy policy promises is refused.
  expect(() => composeRun("exec -T -e LOG_RETENTION_DAYS=30 web salon-logs --once")).toThrow();
  composeRun(
    `exec -T web sh -c 'rm -f /var/log/salon/access-*.log /var/log/salon/error-*.log; date +%F > /var/log/salon/.day'`,
  );
});
