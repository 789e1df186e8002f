/**
 * `npm run bench:mailer` — a benchmark script, not a test. Starts its own native stack (nginx, PHP-FPM, MailDev, the
 * deliverer) on separate ports with the contact rate limit lifted (CONTACT_RATE_LIMIT=10000r/s, a test-only
 * setting), then:
 *   1. sends valid contact posts through nginx from a few concurrent clients (each from its own loopback address,
 *      keep-alive) for a bounded time and count; reports accepted per second and p50/p95/p99 latency;
 *   2. waits until the outbox is empty and checks that every accepted message reached the catcher exactly once
 *      (by a unique token per message and by Message-ID);
 *   3. measures static page throughput from nginx (GET /cennik) with the same clients, for comparison;
 *   4. measures how long real messages take to reach the catcher (one posted every second, each from its own
 *      address, for BENCH_ABUSE_SECONDS) alone, then beside one client posting messages the server refuses (the
 *      catcher refuses any message carrying a marker with 550 5.7.1, as a spam filter would:
 *      frontend/tools/bench/mailer/refusing-catcher.cjs) as fast as the production rate limit lets one address (burst 5, then
 *      10 a minute); p50/p95/max from the post to the message's arrival;
 *   5. a flood (docs/abuse.md): BENCH_FLOOD_ADDRESSES scripted clients, each from its own address, post valid
 *      messages without a proof of work as fast as they can (the rate limits are lifted here, so this is the mailer
 *      alone against the flood) for BENCH_FLOOD_SECONDS, while a real visitor posts with a solved proof once a
 *      second, each from her own address; reports the scripted posts sent, accepted, held back, refused and
 *      delivered, and the visitors' success rate and delivery time;
 *   6. the contact form's proof of work in Chromium on a slow phone: from the navigation to a solved proof, median and
 *      p95 (frontend/tools/bench/mailer/proofTiming.ts; BENCH_PROOF_RUNS, 15). BENCH_ONLY=proof runs this phase alone.
 * Every real post carries a proof of work solved here, as the page's script does (tests/support/contactHttp.ts solvedProof,
 * its challenge from an address of its own); the latencies are the POST's alone, "per second" includes the solving.
 * Loopback only; bounded. Settings: BENCH_SECONDS (10), BENCH_MAX (5000), BENCH_CONCURRENCY (8), BENCH_ABUSE_SECONDS
 * (60), BENCH_FLOOD_SECONDS (30), BENCH_FLOOD_ADDRESSES (30), BENCH_PORT_BASE (48000: site 48080, mail UI 48025,
 * SMTP 48045, PHP-FPM 48060 — all within base + 100, so a block of 100 ports holds them). `-- --help` prints this.
 * Beside this file: settings.ts (what it reads), clients.ts (how it posts), delivery.ts (phases 4 and 5),
 * proofTiming.ts (phase 6), report.ts (the tables).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Agent } from "node:http";
import { join } from "node:path";
import { multipart, send } from "../../../../tests/support/contactHttp";
import { TRAP_FIELD } from "../../../../tests/support/confirmation";
import { benchToken, load, outboxEmpty, proof, sourceOf, waitFor } from "./clients";
import { deliveryTimes, flood } from "./delivery";
import { proofTable, proofTiming } from "./proofTiming";
import { report } from "./report";
import { env, mailApi, maxMessages, proofRuns, root, seconds, site, stateDir } from "./settings";

async function main() {
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  console.log(`Stos do pomiarów: ${site} (poczta ${mailApi}), limit CONTACT_RATE_LIMIT=10000r/s, katalog ${stateDir}`);
  const stack = spawn(process.execPath, [join(root, "tests/native/stack.mjs")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stackLog = "";
  stack.stdout.on("data", (d: Buffer) => (stackLog += d.toString()));
  stack.stderr.on("data", (d: Buffer) => (stackLog += d.toString()));
  const stop = async () => {
    if (stack.exitCode === null) {
      stack.kill("SIGTERM");
      await new Promise((r) => stack.once("exit", r));
    }
  };
  process.on("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    await waitFor(
      async () => (await fetch(`${site}/`).catch(() => undefined))?.ok === true,
      180_000,
      `stack at ${site}\n${stackLog}`,
    );
    await waitFor(async () => (await fetch(`${mailApi}/email`).catch(() => undefined))?.ok === true, 30_000, "MailDev");
    if (process.env.BENCH_ONLY === "proof") {
      const proofs = await proofTiming(site, proofRuns);
      console.log(`\n${proofTable(proofs)}\n`);
      writeFileSync(join(stateDir, "result.md"), `${proofTable(proofs)}\n`);
      if (proofs.solved.length < proofs.runs) process.exitCode = 1;
      return;
    }

    // 1. Contact posts: one visitor at a time (what a person waits for), then sustained from several clients.
    const run = Date.now().toString(36);
    const acceptedTokens: string[] = [];
    let sequence = 0;
    const post = async (client: number, agent: Agent) => {
      const token = `b${run}x${sequence++}`;
      const { body, contentType } = multipart([
        ["name", `Bench ${token}`],
        ["email", `bench.${token}@example.com`],
        ["phone", "+48 600 100 200"],
        ["message", `Zażółć gęślą jaźń — wiadomość testowa ${token}.\r\nDruga linia.`],
        [TRAP_FIELD, ""],
      ]);
      const headers = { "Content-Type": contentType, Origin: site, "X-Contact-Proof": await proof() };
      const reply = await send({ base: site, body, agent, from: sourceOf(client), headers });
      if (reply.status === 200) acceptedTokens.push(token);
      return reply;
    };
    const single = await load(post, maxMessages, 1, Math.max(2, Math.round(seconds / 2)));
    const mailer = await load((client, agent) => post(client + 1, agent), maxMessages);

    // 2. Everything accepted delivered, exactly once.
    const accepted = acceptedTokens.length;
    const deliveryStarted = performance.now();
    await waitFor(outboxEmpty, 120_000, "empty outbox");
    let mails: { text: string; messageId?: string; headers?: Record<string, string> }[] = [];
    await waitFor(
      async () => {
        mails = (await (await fetch(`${mailApi}/email`)).json()) as typeof mails;
        return mails.length >= accepted;
      },
      60_000,
      "all mail in the catcher",
    );
    const drained = (performance.now() - deliveryStarted) / 1000;
    const perToken = new Map<string, number>();
    for (const mail of mails) {
      const token = benchToken(mail, "b");
      if (token) perToken.set(token, (perToken.get(token) ?? 0) + 1);
    }
    const messageIds = new Set(mails.map((m) => m.messageId ?? m.headers?.["message-id"]));
    const duplicates = [...perToken.values()].filter((c) => c > 1).length;
    const missing = acceptedTokens.filter((t) => !perToken.has(t)).length;
    const phpLog = readFileSync(join(stateDir, "log", "php.log"), "utf8");
    const sentByRequest = (phpLog.match(/contact-form: sent /g) ?? []).length;
    const delivererLog = readFileSync(join(stateDir, "log", "deliverer.log"), "utf8");
    const sentByDeliverer = (delivererLog.match(/contact-form: sent /g) ?? []).length;
    const warnings = (phpLog.match(/PHP (Warning|Notice|Fatal)/g) ?? []).length;

    // 3. Static pages from nginx, same clients.
    const pages = await load(
      (client, agent) => send({ base: site, method: "GET", path: "/cennik", agent, from: sourceOf(client) }),
      Number.MAX_SAFE_INTEGER,
    );

    // 4. Real messages' delivery time, alone and beside a client whose messages the server refuses.
    const alone = await deliveryTimes(run, "a", false);
    const abused = await deliveryTimes(run, "b", true);

    // 5. The flood.
    const flooded = await flood(run);

    // 6. The page's proof of work on a slow phone.
    const proofs = await proofTiming(site, proofRuns);

    const results = report(
      { single, mailer, pages },
      {
        accepted,
        distinct: perToken.size,
        duplicates,
        missing,
        messageIds: messageIds.size,
        sentByRequest,
        sentByDeliverer,
        drained,
        warnings,
      },
      { alone, abused },
      flooded,
      proofs,
    );
    console.log(`\n${results}\n`);
    console.log(
      `Machine: ${(await import("node:os")).cpus().length} CPU, Node ${process.version}, nginx + PHP-FPM (pm.max_children 5) + MailDev on 127.0.0.1`,
    );
    writeFileSync(join(stateDir, "result.md"), `${results}\n`);

    const exactlyOnce = duplicates === 0 && missing === 0 && perToken.size === accepted && messageIds.size >= accepted;
    const v = flooded.visitors;
    const allDelivered = alone.delivered === alone.posted && abused.delivered === abused.posted;
    const floodHeld =
      flooded.delivered === 0 && flooded.held === flooded.accepted && v.delivered === v.posted && v.posted > 0;
    const allSolved = proofs.solved.length === proofs.runs;
    if (!exactlyOnce || warnings > 0 || !allDelivered || !floodHeld || !allSolved) {
      console.error(
        "FAIL: not every accepted message was delivered exactly once, PHP logged warnings, the flood reached the inbox / kept a visitor out, or a page did not solve its proof of work.",
      );
      process.exitCode = 1;
    } else console.log("OK: every accepted message was delivered exactly once.");
  } finally {
    await stop();
  }
}

if (process.argv.includes("--help")) {
  // This file's opening comment: what the bench does and the settings it reads.
  const text = readFileSync(import.meta.filename, "utf8");
  console.log(
    text
      .slice(text.indexOf("/**") + 3, text.indexOf("*/"))
      .replace(/^ \* ?/gm, "")
      .trim(),
  );
} else await main();
