/**
 * Operating the Compose stack (docs/operating.md), as an operator does it, on the local configuration
 * (STACK=compose COMPOSE_CONFIG=local, tests/compose/run.sh): the upgrade command with mail in every state and its
 * backup, the restore of that backup into a lost outbox, the way back from a broken upgrade, the proof of work's
 * key as a file, and nginx's logs kept within their age and size.
 */
import { execFileSync, execSync, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exclusiveMailTests } from "../mailer/exclusive";
import { healthUntil, nextSourceAddress, postForm, send, validMessage } from "../mailer/http";
import {
  composeWith,
  containerOf,
  docker,
  expectDeliveredOnce,
  inspect,
  postMessages,
  project,
  waitHealthy,
} from "../support/composeStack";
import { shellBlockWith } from "../support/docCommands";
import { compose, composeConfig, composeRun, root } from "../support/stack";
import { expect, test } from "../support/test";

test.skip(!compose || composeConfig !== "local", "the local Compose stack only (tests/compose/run.sh)");
exclusiveMailTests();

const outbox = "/var/spool/salon-outbox";
const repository = process.env.TEST_IMAGES!;

/** The outbox's counts, as `deliver.php --status` gives them (through php: the deliverer may be stopped). */
const status = () =>
  JSON.parse(composeRun("exec -T php php /srv/mailer/bin/deliver.php --status")) as {
    waiting: number;
    held: number;
    failed: number;
  };
const counts = () => {
  const { waiting, held, failed } = status();
  return { waiting, held, failed };
};

/** The operator's command, as docs/operating.md shows it; its output is the test's. */
function upgrade(backupDir: string, env: Record<string, string> = {}) {
  // --keep-build-cache: the test machine's engine builds other checkouts' images too.
  const run = spawnSync("docker/upgrade.sh", ["--backup-dir", backupDir, "--keep-build-cache"], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  process.stderr.write(run.stderr);
  return run;
}

const rollbackTags = (repository: string) =>
  docker("image", "ls", "--format", "{{.Tag}}", repository)
    .split("\n")
    .filter((tag) => tag.startsWith("rollback-"))
    .sort();

test("docker/upgrade.sh with mail waiting, held and failed: backed up (0600), rebuilt, the old images kept, nothing lost; the backup restores each state into a lost outbox", async () => {
  test.setTimeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-upgrade-"));
  const backups = join(dir, "backups");
  composeRun("stop catcher");
  let waiting: string[];
  try {
    // Waiting: the relay is down. Held: a post without the page's proof of work. Failed: a message the relay
    // refused for good is moved to failed/ by the deliverer; here one waiting message is moved there the same way.
    waiting = await postMessages("upgradewait", 2);
    const heldToken = `upgradeheld${Date.now().toString(36)}`;
    expect((await postForm(validMessage(heldToken), { proof: false })).status).toBe(428);
    const [failedToken] = await postMessages("upgradefail", 1);
    composeRun("stop deliverer");
    composeRun(`exec -T php sh -c 'cd ${outbox} && mkdir -p failed && mv "$(grep -l ${failedToken} *.json)" failed/'`);
    expect(counts()).toEqual({ waiting: 2, held: 1, failed: 1 });
    // What the stack reports before: the relay away past the threshold, a message in failed/.
    const before = await healthUntil(503, { until: (json) => json.problems?.includes("smtp-down") === true });
    expect(before.json).toMatchObject({ problems: expect.arrayContaining(["smtp-down", "mail-failed"]) });

    // No rollback image of an earlier test run (the engine keeps them); then two older ones of the web service: the
    // upgrade keeps the newest two.
    const stale = docker(
      "image",
      "ls",
      "--format",
      "{{.Repository}}:{{.Tag}}",
      "--filter",
      `reference=${repository}/*:rollback-*`,
    );
    for (const image of stale.split("\n").filter(Boolean)) docker("image", "rm", image);
    const web = `${repository}/web`;
    for (const old of ["rollback-20000101-000000", "rollback-20000102-000000"])
      docker("tag", `${web}:test`, `${web}:${old}`);
    const images = Object.fromEntries(["web", "php"].map((s) => [s, inspect(s, "{{.Image}}")]));
    const containers = Object.fromEntries(["web", "php", "deliverer"].map((s) => [s, containerOf(s)]));

    const run = upgrade(backups);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/upgrade\.sh: upgraded; now: .*; the previous images are kept as :rollback-\d{8}-\d{6}/);
    const tag = run.stderr.match(/kept as :(rollback-\d{8}-\d{6})/)![1]!;

    // New images, new containers; the previous images under the dated tag; beyond the last two, none.
    for (const service of ["web", "php"]) await waitHealthy(service, 90_000);
    for (const service of ["web", "php", "deliverer"])
      expect(containerOf(service), service).not.toBe(containers[service]);
    // The deliverer runs again (its image changed), unhealthy for as long as the catcher is away: a problem the
    // stack had before, which the upgrade reports and does not roll back for.
    expect(run.stderr).toMatch(/upgraded; now: .*\bsmtp-down\b/);
    expect(inspect("deliverer", "{{.State.Status}}")).toBe("running");
    await expect
      .poll(() => inspect("deliverer", "{{if .State.Health}}{{.State.Health.Status}}{{end}}"), { timeout: 90_000 })
      .toBe("unhealthy");
    const checks = JSON.parse(inspect("deliverer", "{{json .State.Health.Log}}")) as { Output: string }[];
    expect(checks.at(-1)?.Output).toContain("smtp-down");
    for (const service of ["web", "php"]) {
      expect(inspect(service, "{{.Image}}"), service).not.toBe(images[service]);
      expect(docker("image", "inspect", "-f", "{{.Id}}", `${repository}/${service}:${tag}`), service).toBe(
        images[service],
      );
    }
    expect(rollbackTags(web)).toEqual(["rollback-20000102-000000", tag]);
    // Nothing lost, nothing sent twice: every state as it was.
    expect(counts()).toEqual({ waiting: 2, held: 1, failed: 1 });

    // The backup: outside the checkout, the folder 0700 and the file 0600, a message in each state inside.
    const [file] = readdirSync(backups).map((name) => join(backups, name));
    expect(statSync(backups).mode & 0o777).toBe(0o700);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const listed = execSync(`tar -xOf ${file} ./outbox.tar.gz | tar -tzf -`, { encoding: "utf8" }).trim().split("\n");
    expect(listed.filter((name) => /^\.\/[^/.][^/]*\.json$/.test(name))).toHaveLength(2);
    expect(listed.filter((name) => /^\.\/held\/[^/]+\.json$/.test(name))).toHaveLength(1);
    expect(listed.filter((name) => /^\.\/failed\/[^/]+\.json$/.test(name))).toHaveLength(1);
    // Of the dotfiles, only the deliverer's memory of what the salon was told (retention counts from then).
    expect(
      listed.filter((name) => /\/\./.test(name)),
      "no temporary files or markers",
    ).toEqual(["./.deliverer-state.json"]);
    const told = (json: string) => (JSON.parse(json) as { told?: unknown }).told ?? {};
    const rememberedTold = told(
      execSync(`tar -xOf ${file} ./outbox.tar.gz | tar -xzOf - ./.deliverer-state.json`, { encoding: "utf8" }),
    );

    // The volume is lost (a new machine): a fresh, empty outbox; the restore brings back each state.
    composeRun("rm --stop --force php deliverer");
    docker("volume", "rm", `${project()}-outbox`);
    composeRun("up -d --no-deps php deliverer");
    await waitHealthy("php");
    expect(counts()).toEqual({ waiting: 0, held: 0, failed: 0 });
    execFileSync("docker/backup.sh", ["restore", file!], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    expect(counts()).toEqual({ waiting: 2, held: 1, failed: 1 });
    const heldList = composeRun("exec -T php php /srv/mailer/bin/deliver.php --held");
    expect(heldList).toContain(heldToken);
    expect(told(composeRun(`exec -T php cat ${outbox}/.deliverer-state.json`))).toEqual(rememberedTold);
    composeRun(`exec -T php sh -c 'grep -l ${failedToken} ${outbox}/failed/*.json'`);
  } finally {
    composeRun("start catcher");
    composeRun("up -d --no-deps deliverer");
  }
  await waitHealthy("catcher");
  // The waiting messages go out once; held and failed stay where they are until someone acts.
  await expectDeliveredOnce(waiting);
  await waitHealthy("deliverer", 90_000);
  expect(counts()).toEqual({ waiting: 0, held: 1, failed: 1 });
  composeRun(`exec -T php sh -c 'rm -f ${outbox}/failed/*.json'`);
  composeRun("exec -T php php /srv/mailer/bin/deliver.php --purge=all");
  rmSync(dir, { recursive: true, force: true });
});

test("docker/upgrade.sh goes back to the previous images when the new ones break the site (an image broken on purpose)", async () => {
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-upgrade-"));
  const before = Object.fromEntries(["web", "php", "deliverer"].map((s) => [s, inspect(s, "{{.Image}}")]));
  const tagsBefore = rollbackTags(`${repository}/php`);
  try {
    // The same command, with a configuration whose php image does not start (tests/compose/broken-upgrade.yaml).
    const run = upgrade(join(dir, "backups"), {
      COMPOSE_FILE: `${process.env.COMPOSE_FILE}:tests/compose/broken-upgrade.yaml`,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/new problems after the upgrade: .*php-down.*; rolling back to :rollback-/);
    expect(run.stderr).toMatch(/upgrade\.sh: rolled back; now: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The previous images run again, the broken one is gone, and no rollback tag was added for it.
  for (const service of ["web", "php", "deliverer"]) {
    await waitHealthy(service, 90_000);
    expect(inspect(service, "{{.Image}}"), service).toBe(before[service]);
  }
  expect(
    docker("image", "ls", "-q", "--filter", "label=salon.test-layer=broken on purpose: PHP-FPM does not start"),
  ).toBe("");
  expect(rollbackTags(`${repository}/php`)).toEqual(tagsBefore);
  // And the site takes messages.
  const [token] = await postMessages("afterrollback", 1);
  await expectDeliveredOnce([token!]);
});

test("the proof of work's key as a file (POW_KEY_FILE, as docs/operating.md sets it up): php and the deliverer both start with it, and the challenges are signed with it", async () => {
  test.setTimeout(240_000);
  // docs/operating.md's commands, in the checkout: the key in secrets/, named relative to it (Compose resolves the
  // path against the project's folder, as it does for the line in .env, which the test passes as the environment).
  const commands = shellBlockWith("docs/operating.md", "secrets/pow_key");
  const envLine = commands.pop()!;
  expect(envLine).toContain("echo 'POW_KEY_FILE=./secrets/pow_key' >> .env");
  const secrets = join(root, "secrets");
  const madeSecrets = !existsSync(secrets);
  execSync(commands.join(" && "), { cwd: root, shell: "/bin/bash" });
  const key = readFileSync(join(secrets, "pow_key"), "utf8").trim();
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  try {
    composeWith({ POW_KEY_FILE: "./secrets/pow_key" }, "up -d --no-deps php deliverer");
    for (const service of ["php", "deliverer"]) {
      await waitHealthy(service);
      expect(inspect(service, "{{.RestartCount}}"), service).toBe("0");
      expect(composeRun(`exec -T ${service} sh -c 'cat "$POW_KEY_FILE"'`).trim(), service).toBe(key);
    }
    const reply = await send({
      method: "GET",
      path: "/contact-challenge",
      from: nextSourceAddress(),
      headers: { Accept: "application/json" },
    });
    const challenge = reply.json as { challenge: string; signature: string };
    expect(challenge.signature).toBe(createHmac("sha256", key).update(challenge.challenge).digest("hex"));
    const [token] = await postMessages("powkeyfile", 1);
    await expectDeliveredOnce([token!]);
  } finally {
    // Back to the key generated into the outbox.
    composeRun("up -d --no-deps php deliverer");
    rmSync(madeSecrets ? secrets : join(secrets, "pow_key"), { recursive: true, force: true });
  }
  await waitHealthy("php");
  await waitHealthy("deliverer");
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
