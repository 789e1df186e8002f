/**
 * Operating the Compose stack (docs/operating.md), as an operator does it, on the local configuration
 * (STACK=compose COMPOSE_CONFIG=local, tests/compose/run.sh): the upgrade command with mail in every state, killed
 * and run again, interrupted, and broken on purpose; backups taken while mail is being sent, kept no longer than
 * their retention, restored onto a live outbox and onto a new machine, and one that cannot be read; the proof of
 * work's key as a file; and nginx's logs kept within their age and size.
 */
import { execFileSync, execSync, spawn, spawnSync } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { healthUntil, mailOf, nextSourceAddress, postForm, send, validMessage } from "../support/contactHttp";
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
import { listMail } from "../support/mailbox";
import { compose, composeConfig, composeRun, root } from "../support/stack";
import { expect, test } from "../support/test";

test.skip(!compose || composeConfig !== "local", "the local Compose stack only (tests/compose/run.sh)");
exclusiveMailTests();

const outbox = "/var/spool/salon-outbox";
const repository = process.env.TEST_IMAGES!;
const upgradeState = join(root, ".upgrade/state");

/** The outbox's counts, as `deliver.php --status` gives them (through php: the deliverer may be stopped). */
const counts = () => {
  const { waiting, held, failed } = JSON.parse(
    composeRun("exec -T php php /srv/mailer/bin/deliver.php --status"),
  ) as Record<string, number>;
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

/**
 * The same command, stopped as an operator's session is once its images are built: `signal` to its whole process
 * group (Ctrl-C, a dropped SSH session, a power cut), with its output pipes closed first for a HUP (the terminal is
 * gone). Resolves with its exit and what it wrote until then.
 */
function upgradeInterrupted(backupDir: string, signal: NodeJS.Signals): Promise<{ code: number | null; said: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("docker/upgrade.sh", ["--backup-dir", backupDir, "--keep-build-cache"], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let said = "";
    let sent = false;
    child.stdout.resume();
    child.stderr.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (sent || !said.includes("upgrade.sh: built; starting the new images")) return;
      sent = true;
      if (signal === "SIGHUP") {
        child.stdout.destroy();
        child.stderr.destroy();
      }
      process.kill(-child.pid!, signal);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      process.stderr.write(said);
      resolve({ code, said });
    });
  });
}

const rollbackTags = (repository: string) =>
  docker("image", "ls", "--format", "{{.Tag}}", repository)
    .split("\n")
    .filter((tag) => tag.startsWith("rollback-"))
    .sort();
const imageId = (reference: string) => docker("image", "inspect", "-f", "{{.Id}}", reference);
/** The backups a folder holds, oldest first. */
const backupsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".tar"))
    .sort();
/** A backup's name for a time (the UTC date and time backup.sh names it with). */
const backupName = (at: Date) =>
  `${project()}-${at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15)}.tar`;
/** The outbox part of a backup: each entry's name, and the messages' JSON. */
function outboxOf(file: string) {
  const names = execSync(`tar -xOf ${file} ./outbox.tar.gz | tar -tzf -`, { encoding: "utf8" }).trim().split("\n");
  const read = (name: string) =>
    execSync(`tar -xOf ${file} ./outbox.tar.gz | tar -xzOf - '${name}'`, { encoding: "utf8" });
  return { names, read };
}
/** The outbox id of a message the catcher got (mailer/src/OutboxEntry.php: a hash of its Message-ID). */
const outboxId = (messageId: string) => createHash("sha256").update(`<${messageId}>`).digest("hex").slice(0, 16);

test("docker/upgrade.sh with mail waiting, held and failed: one killed after its build is undone by the next, which backs up, rebuilds, keeps the images of before and loses nothing; the backup, made again with the settings, is a new machine's same site with the same mail", async () => {
  test.setTimeout(900_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-upgrade-"));
  const backups = join(dir, "backups");
  composeRun("stop catcher");
  const secrets = join(root, "secrets");
  const madeSecrets = !existsSync(secrets);
  const secret = join(secrets, "restore-check");
  try {
    // Waiting: the relay is down. Held: a post without the page's proof of work. Failed: a message the relay
    // refused for good is moved to failed/ by the deliverer; here one waiting message is moved there the same way.
    const waiting = await postMessages("upgradewait", 2);
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
    // upgrade keeps the newest two. A backup older than BACKUP_RETENTION_DAYS, one younger.
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
    mkdirSync(backups, { mode: 0o700 });
    const expired = backupName(new Date(Date.now() - 15 * 86_400_000));
    const young = backupName(new Date(Date.now() - 13 * 86_400_000));
    for (const name of [expired, young]) writeFileSync(join(backups, name), "", { mode: 0o600 });

    // Killed outright (every process of it) once its images are built: they are the images now, unverified.
    const killed = await upgradeInterrupted(backups, "SIGKILL");
    expect(killed.code).toBeNull();
    const killedTag = readFileSync(upgradeState, "utf8").match(/^tag=(rollback-\d{8}-\d{6})$/m)![1]!;
    expect(imageId(`${repository}/php:test`), "what the next `up` would start").not.toBe(images.php);
    expect(backupsIn(backups), "nothing deleted before an upgrade is verified").toContain(expired);

    const run = upgrade(backups);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`upgrade.sh: an earlier upgrade did not finish (its images kept as :${killedTag})`);
    expect(run.stderr).toMatch(/upgrade\.sh: upgraded; now: .*; the previous images are kept as :rollback-\d{8}-\d{6}/);
    expect(run.stderr).toContain("backup.sh: not in this backup: .env and secrets/");
    const tag = run.stderr.match(/kept as :(rollback-\d{8}-\d{6})$/m)![1]!;
    expect(existsSync(upgradeState)).toBe(false);

    // New images, new containers; the images of before the killed upgrade under the dated tag, never its own.
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
      expect(imageId(`${repository}/${service}:${tag}`), service).toBe(images[service]);
    }
    expect(rollbackTags(web)).toEqual(["rollback-20000102-000000", tag]);
    // Nothing lost, nothing sent twice: every state as it was.
    expect(counts()).toEqual({ waiting: 2, held: 1, failed: 1 });

    // The backups: outside the checkout, the folder 0700 and the files 0600; the expired one deleted once the
    // upgrade was verified, the younger one kept; each of the two upgrades' holds a message in each state.
    const taken = backupsIn(backups).filter((name) => name !== young);
    expect(taken).toHaveLength(2);
    expect(backupsIn(backups)).not.toContain(expired);
    expect(backupsIn(backups)).toContain(young);
    const file = join(backups, taken.at(-1)!);
    expect(statSync(backups).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { names, read } = outboxOf(file);
    expect(names.filter((name) => /^\.\/[^/.][^/]*\.json$/.test(name))).toHaveLength(2);
    expect(names.filter((name) => /^\.\/held\/[^/]+\.json$/.test(name))).toHaveLength(1);
    expect(names.filter((name) => /^\.\/failed\/[^/]+\.json$/.test(name))).toHaveLength(1);
    // Of the dotfiles, only the deliverer's memory: what the salon was told (retention counts from then) and which
    // messages the relay took (ids, nothing else).
    expect(
      names.filter((name) => /\/\./.test(name) && !/^\.\/\.sent\/[0-9a-f]{16}$/.test(name)),
      "no temporary files or markers",
    ).toEqual(["./.deliverer-state.json"]);
    const told = (json: string) => (JSON.parse(json) as { told?: unknown }).told ?? {};
    const rememberedTold = told(read("./.deliverer-state.json"));

    // The same backup with the settings (--with-settings): a secret of this checkout goes in with it.
    mkdirSync(secrets, { recursive: true, mode: 0o700 });
    writeFileSync(secret, "restore-check\n", { mode: 0o400 });
    const withSettings = execFileSync("docker/backup.sh", ["create", "--with-settings", backups], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
    expect(statSync(withSettings).mode & 0o777).toBe(0o600);
    expect(execSync(`tar -xOf ${withSettings} ./settings.tar.gz | tar -tzf -`, { encoding: "utf8" })).toContain(
      "secrets/restore-check",
    );

    // A new machine: no container, no volume, no secret; then docs/operating.md's recipe, with that backup.
    rmSync(secret);
    const name = project();
    composeRun("rm --stop --force");
    const volumes = docker("volume", "ls", "-q", "--filter", `label=com.docker.compose.project=${name}`).split("\n");
    for (const volume of new Set([...volumes, `${name}-outbox`].filter(Boolean))) docker("volume", "rm", volume);
    const [restore, up] = shellBlockWith("docs/operating.md", "docker/backup.sh restore /root/");
    expect(restore).toMatch(/^docker\/backup\.sh restore \/root\/aurea-salon-\d{8}-\d{6}\.tar$/);
    expect(up).toBe("docker compose up -d");
    execSync(restore!.replace(/\/root\/\S+/, withSettings), { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    expect(readFileSync(secret, "utf8")).toBe("restore-check\n");
    expect(statSync(secret).mode & 0o777).toBe(0o400);
    // Before anything runs: the outbox is the backup's, what the salon was told of included.
    const [restored, state] = composeRun(
      `run --rm --no-deps -T --entrypoint sh php -c 'php /srv/mailer/bin/deliver.php --status; echo; cat ${outbox}/.deliverer-state.json'`,
    )
      .split("\n")
      .filter(Boolean);
    expect(JSON.parse(restored!)).toMatchObject({ waiting: 2, held: 1, failed: 1 });
    expect(told(state!)).toEqual(rememberedTold);
    execSync(up!, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    for (const service of ["web", "php", "deliverer", "catcher"]) await waitHealthy(service, 90_000);
    // The same site, with the same mail: the waiting messages go out once, held and failed stay.
    await expectDeliveredOnce(waiting);
    expect(counts()).toEqual({ waiting: 0, held: 1, failed: 1 });
    expect(composeRun("exec -T php php /srv/mailer/bin/deliver.php --held")).toContain(heldToken);
    composeRun(`exec -T php sh -c 'grep -l ${failedToken} ${outbox}/failed/*.json'`);
    expect((await send({ method: "GET", path: "/", from: nextSourceAddress() })).status).toBe(200);
  } finally {
    rmSync(madeSecrets ? secrets : secret, { recursive: true, force: true });
    composeRun("up -d --no-deps catcher deliverer");
  }
  await waitHealthy("catcher");
  await waitHealthy("deliverer", 90_000);
  composeRun(`exec -T php sh -c 'rm -f ${outbox}/failed/*.json'`);
  composeRun("exec -T php php /srv/mailer/bin/deliver.php --purge=all");
  rmSync(dir, { recursive: true, force: true });
});

test("docker/upgrade.sh interrupted after its build by a dropped SSH session (HUP, the terminal gone): back on the previous images, /health 200, every message in its state", async () => {
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-upgrade-"));
  expect((await healthUntil(200)).status).toBe(200);
  const heldToken = `interruptedheld${Date.now().toString(36)}`;
  expect((await postForm(validMessage(heldToken), { proof: false })).status).toBe(428);
  const states = counts();
  expect(states).toMatchObject({ waiting: 0, held: 1, failed: 0 });
  const images = Object.fromEntries(["web", "php", "deliverer"].map((s) => [s, inspect(s, "{{.Image}}")]));
  const tagsBefore = rollbackTags(`${repository}/php`);
  const log = join(root, ".upgrade/log");
  rmSync(log, { force: true });
  try {
    const run = await upgradeInterrupted(join(dir, "backups"), "SIGHUP");
    expect(run.code).toBe(1);
    // What it did after the terminal went away is in its log.
    const said = readFileSync(log, "utf8");
    expect(said).toMatch(/upgrade\.sh: .*the terminal went away \(HUP\)/);
    expect(said).toMatch(/before the new images were verified: going back to :rollback-\d{8}-\d{6}/);
    expect(said).toMatch(/upgrade\.sh: rolled back; now: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const service of ["web", "php", "deliverer"]) {
    await waitHealthy(service, 90_000);
    expect(inspect(service, "{{.Image}}"), service).toBe(images[service]);
    // And what the next `docker compose up` would start: the images are the kept ones again, not the new build's.
    expect(imageId(`${repository}/${service === "web" ? "web" : "php"}:test`), service).toBe(images[service]);
  }
  expect(rollbackTags(`${repository}/php`)).toEqual(tagsBefore);
  expect(existsSync(upgradeState)).toBe(false);
  expect((await healthUntil(200)).status).toBe(200);
  expect(counts()).toEqual(states);
  expect(composeRun("exec -T php php /srv/mailer/bin/deliver.php --held")).toContain(heldToken);
  const [token] = await postMessages("afterinterrupted", 1);
  await expectDeliveredOnce([token!]);
  composeRun("exec -T php php /srv/mailer/bin/deliver.php --purge=all");
});

test("docker/upgrade.sh goes back to the previous images when the new ones break the site (an image broken on purpose), and runs once at a time", async () => {
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-upgrade-"));
  const before = Object.fromEntries(["web", "php", "deliverer"].map((s) => [s, inspect(s, "{{.Image}}")]));
  const tagsBefore = rollbackTags(`${repository}/php`);
  try {
    // Another upgrade holds the lock: this one does nothing.
    mkdirSync(join(root, ".upgrade"), { recursive: true });
    const second = spawnSync(
      "flock",
      [join(root, ".upgrade/lock"), "docker/upgrade.sh", "--backup-dir", join(dir, "backups")],
      { cwd: root, encoding: "utf8" },
    );
    expect(second.status, second.stderr).toBe(2);
    expect(second.stderr).toContain("upgrade.sh: another upgrade is running");
    expect(existsSync(join(dir, "backups"))).toBe(false);

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

test("a backup taken while the deliverer sends 50 messages holds each of them exactly once, waiting or sent; the next backup deletes those past BACKUP_RETENTION_DAYS, and refuses a retention it cannot keep", async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-backup-"));
  try {
    expect(
      spawnSync("docker/backup.sh", ["create", dir], {
        cwd: root,
        env: { ...process.env, BACKUP_RETENTION_DAYS: "abc" },
        encoding: "utf8",
      }).stderr,
    ).toContain("backup.sh: BACKUP_RETENTION_DAYS must be a number of days from 1 to 30, not 'abc'");
    expect(readdirSync(dir)).toEqual([]);
    const expired = backupName(new Date(Date.now() - 14 * 86_400_000 - 60_000));
    const young = backupName(new Date(Date.now() - 13 * 86_400_000));
    for (const name of [expired, young]) writeFileSync(join(dir, name), "", { mode: 0o600 });

    // 50 messages waiting for a relay that is away (written as the endpoint writes them, in one go).
    composeRun("stop catcher");
    const tokens = Array.from({ length: 50 }, (_, i) => `backupfifty${Date.now().toString(36)}n${i}`);
    composeRun(
      `exec -T php php -r 'require "/srv/mailer/vendor/autoload.php"; use Salon\\Mailer as M;
        $c = M\\Config::fromEnvironment(); $o = M\\Outbox::fromConfig($c); $b = new M\\MessageBuilder($c);
        foreach (array_slice($argv, 1) as $t) { $m = new M\\ContactMessage("Zażółć Gęślą $t", "klientka.$t@example.com", "", "Dzień dobry, $t."); $o->store($b->build($m), false, $m)->release(); }' ${tokens.join(" ")}`,
    );
    expect(counts().waiting).toBe(50);
    // The relay is back: the deliverer sends them, and the backup is taken once the first has arrived.
    composeRun("start catcher");
    await expect
      // (The catcher answers its API a moment after it starts.)
      .poll(async () => (await listMail().catch(() => [])).some((m) => tokens.some((t) => mailOf(t)(m))), {
        timeout: 60_000,
      })
      .toBe(true);
    const file = execFileSync("docker/backup.sh", ["create", dir], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
    await expectDeliveredOnce(tokens, 90_000);

    // Each of the 50: a waiting message in the backup, or one the relay took (the journal's id), never both
    // missing, never twice, never held or failed.
    const { names, read } = outboxOf(file);
    const waitingIds = names
      .filter((name) => /^\.\/[^/.][^/]*\.json$/.test(name))
      .map((name) =>
        outboxId(
          (JSON.parse(read(name)) as { message: { messageId: string } }).message.messageId.replace(/^<|>$/g, ""),
        ),
      );
    const sentIds = new Set(names.filter((name) => name.startsWith("./.sent/")).map((name) => name.slice(8)));
    const mail = await listMail();
    const states = tokens.map((token) => {
      const id = outboxId(mail.find(mailOf(token))!.messageId);
      const copies = waitingIds.filter((w) => w === id).length;
      return copies > 1 ? "twice" : sentIds.has(id) ? "sent" : copies === 1 ? "waiting" : "missing";
    });
    test.info().annotations.push({
      type: "backup",
      description: `${states.filter((s) => s === "sent").length} sent, ${states.filter((s) => s === "waiting").length} waiting`,
    });
    expect(states.filter((s) => s !== "sent" && s !== "waiting")).toEqual([]);
    expect(names.filter((name) => /^\.\/(held|failed)\/.*backupfifty/.test(name))).toEqual([]);

    // The retention: the expired backup is gone, the younger one and the new one are there.
    expect(backupsIn(dir)).toEqual([young, file.slice(dir.length + 1)].sort());
  } finally {
    composeRun("start catcher");
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a restore onto a live outbox whose messages were sent since sends none of them twice and replaces the outbox; a backup that cannot be read leaves it as it was and every service running", async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), "salon-restore-"));
  try {
    composeRun("stop catcher");
    const tokens = await postMessages("restoresent", 3);
    const file = execFileSync("docker/backup.sh", ["create", dir], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
    composeRun("start catcher");
    await waitHealthy("catcher");
    await expectDeliveredOnce(tokens);
    // Since the backup: a post held for review, which the backup does not have.
    const heldToken = `restoreheld${Date.now().toString(36)}`;
    expect((await postForm(validMessage(heldToken), { proof: false })).status).toBe(428);
    expect(counts()).toEqual({ waiting: 0, held: 1, failed: 0 });

    execFileSync("docker/backup.sh", ["restore", file], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    // The three are back in the outbox, and go nowhere: the deliverer removes them, the relay got each once.
    await expect.poll(() => counts(), { timeout: 60_000 }).toEqual({ waiting: 0, held: 0, failed: 0 });
    const copies = (await listMail()).filter((m) => tokens.some((t) => mailOf(t)(m)));
    expect(copies).toHaveLength(3);
    for (const service of ["php", "deliverer"]) await waitHealthy(service);

    // A backup whose outbox cannot be read: the restore fails, the outbox is as it was, everything runs again.
    const [kept] = await postMessages("restorekept", 1);
    await expectDeliveredOnce([kept!]);
    expect((await postForm(validMessage(heldToken), { proof: false })).status).toBe(428);
    const before = counts();
    const started = Object.fromEntries(["php", "deliverer"].map((s) => [s, inspect(s, "{{.State.StartedAt}}")]));
    const broken = join(dir, "broken");
    mkdirSync(broken);
    writeFileSync(join(broken, "outbox.tar.gz"), Buffer.from("not a gzip archive, not a tar archive"));
    chmodSync(broken, 0o700);
    const brokenFile = join(dir, "broken.tar");
    execFileSync("tar", ["-C", broken, "-cf", brokenFile, "."]);
    const failed = spawnSync("docker/backup.sh", ["restore", brokenFile], { cwd: root, encoding: "utf8" });
    process.stderr.write(failed.stderr);
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain("backup.sh: the backup cannot be read");
    expect(failed.stderr).toContain("backup.sh: the restore did not finish");
    for (const service of ["web", "php", "deliverer", "catcher"])
      expect(inspect(service, "{{.State.Status}}"), service).toBe("running");
    // php and the deliverer had been stopped for it, and were started again.
    for (const service of ["php", "deliverer"])
      expect(inspect(service, "{{.State.StartedAt}}"), service).not.toBe(started[service]);
    for (const service of ["php", "deliverer"]) await waitHealthy(service);
    expect(counts()).toEqual(before);
    expect(composeRun("exec -T php php /srv/mailer/bin/deliver.php --held")).toContain(heldToken);
    const [after] = await postMessages("afterbrokenrestore", 1);
    await expectDeliveredOnce([after!]);
  } finally {
    composeRun("start catcher");
    // php may be starting again after a restore: purged once it answers.
    await waitHealthy("php");
    composeRun("exec -T php php /srv/mailer/bin/deliver.php --purge=all");
    rmSync(dir, { recursive: true, force: true });
  }
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

test("nginx's logs (visitors' addresses) are rotated daily and kept LOG_RETENTION_DAYS at most, and within LOG_MAX_MB", async () => {
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

  // Longer than the web image allows is refused.
  expect(() => composeRun("exec -T -e LOG_RETENTION_DAYS=30 web salon-logs --once")).toThrow();
  composeRun(
    `exec -T web sh -c 'rm -f /var/log/salon/access-*.log /var/log/salon/error-*.log; date +%F > /var/log/salon/.day'`,
  );
});
