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
 * Every real post carries a proof of work solved here, as the page's script does (tests/mailer/http.ts solvedProof,
 * its challenge from an address of its own); the latencies are the POST's alone, "per second" includes the solving.
 * Loopback only; bounded. Settings: BENCH_SECONDS (10), BENCH_MAX (5000), BENCH_CONCURRENCY (8), BENCH_ABUSE_SECONDS
 * (60), BENCH_FLOOD_SECONDS (30), BENCH_FLOOD_ADDRESSES (30), BENCH_PORT_BASE (48000: site 48080, mail UI 48025,
 * SMTP 48045, PHP-FPM 48060 — all within base + 100, so a block of 100 ports holds them).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import { join, resolve } from "node:path";
import { multipart, send, solvedProof, visitorsMail, type Reply } from "../../../../tests/mailer/http";
import { proofTable, proofTiming } from "./proofTiming";

const root = resolve(import.meta.dirname, "../../../..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const maxMessages = Number(process.env.BENCH_MAX ?? 5000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const base = Number(process.env.BENCH_PORT_BASE ?? 48000);
const ports = { web: base + 80, mailUi: base + 25, smtp: base + 45, php: base + 60 };
const stateDir = join(root, ".stack", "bench");
const site = `http://127.0.0.1:${ports.web}`;
const mailApi = `http://127.0.0.1:${ports.mailUi}`;
const outbox = join(stateDir, "outbox");

const env = {
  ...process.env,
  STACK_DIR: stateDir,
  NGINX_PORT: String(ports.web),
  MAIL_UI_PORT: String(ports.mailUi),
  SMTP_PORT: String(ports.smtp),
  PHP_FPM_PORT: String(ports.php),
  CONTACT_RATE_LIMIT: "10000r/s",
  CONTACT_SITE_RATE_LIMIT: "10000r/s",
  SITE_ORIGIN: site,
  CATCHER_REQUIRE: "frontend/tools/bench/mailer/refusing-catcher.cjs",
};
const abuseSeconds = Number(process.env.BENCH_ABUSE_SECONDS ?? 60);
const floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const floodAddresses = Number(process.env.BENCH_FLOOD_ADDRESSES ?? 30);
const proofRuns = Number(process.env.BENCH_PROOF_RUNS ?? 15);

// Challenges come from addresses of their own (20 a minute per client): a proof is not tied to an address.
let challenges = 0;
const proof = () =>
  solvedProof({ base: site, from: `127.78.${Math.floor(challenges / 250) % 250}.${(challenges++ % 250) + 1}` });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The token of a benchmark post ("Bench <kind>…", its name) in a caught mail's text; the subject names no visitor. */
const benchToken = (mail: { text: string }, kind: string) =>
  new RegExp(`^Imię i nazwisko: Bench (${kind}\\S+)$`, "m").exec(mail.text ?? "")?.[1];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Run {
  ok: number;
  other: Map<number, number>;
  latencies: number[];
  elapsed: number;
}

/** `concurrency` clients, each with its own source address and keep-alive connection, until time or count runs out. */
async function load(
  request: (client: number, agent: Agent, n: number) => Promise<Reply>,
  limit: number,
  clients = concurrency,
  duration = seconds,
): Promise<Run> {
  const run: Run = { ok: 0, other: new Map(), latencies: [], elapsed: 0 };
  const started = performance.now();
  const stopAt = started + duration * 1000;
  let issued = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < stopAt && issued < limit) {
        const n = issued++;
        const reply = await request(client, agent, n).catch(() => undefined);
        const status = reply?.status ?? 0;
        if (status === 200) {
          run.ok++;
          run.latencies.push(reply!.ms);
        } else run.other.set(status, (run.other.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  run.elapsed = (performance.now() - started) / 1000;
  run.latencies.sort((a, b) => a - b);
  return run;
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timeout: ${what}`);
    await sleep(250);
  }
}

const sourceOf = (client: number) => `127.77.${Math.floor(client / 250)}.${(client % 250) + 1}`;

const fmt = (ms: number) =>
  Number.isNaN(ms)
    ? "–"
    : ms >= 10_000
      ? `${(ms / 1000).toFixed(0)} s`
      : ms >= 1000
        ? `${(ms / 1000).toFixed(1)} s`
        : `${ms.toFixed(0)} ms`;

interface Delivery {
  posted: number;
  delivered: number;
  /** Post to arrival in the catcher, ms, sorted. */
  times: number[];
  refusedPosts: number;
  /** Counts of the mailer's log lines written during the phase. */
  log: string;
}

/**
 * One real message a second, each from its own address, for `abuseSeconds`; with `abuse`, one more client posting
 * messages the catcher refuses, as fast as the production limit lets one address (5 at once, then one every 6 s).
 * Each real message's delivery time is from its post until the catcher holds it (polled every 100 ms).
 */
async function deliveryTimes(run: string, phase: string, abuse: boolean): Promise<Delivery> {
  await waitFor(
    () => readdirSync(outbox).filter((f) => f.endsWith(".json")).length === 0,
    600_000,
    "empty outbox before the delivery phase",
  );
  await fetch(`${mailApi}/email/all`, { method: "DELETE" });
  const logFrom = (file: string) => {
    try {
      return readFileSync(file).length;
    } catch {
      return 0;
    }
  };
  const logs = [join(stateDir, "log", "php.log"), join(stateDir, "log", "deliverer.log")];
  const from = logs.map(logFrom);
  const postedAt = new Map<string, number>();
  const seenAt = new Map<string, number>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const mails = (await (await fetch(`${mailApi}/email`)).json()) as { text: string }[];
      const now = performance.now();
      for (const mail of mails) {
        const token = benchToken(mail, "d");
        if (token && !seenAt.has(token)) seenAt.set(token, now);
      }
      await sleep(100);
    }
  })();
  const post = async (token: string, client: string, refused: boolean) => {
    const { body, contentType } = multipart([
      ["name", `Bench ${token}`],
      ["email", `bench.${token}@example.com`],
      ["message", refused ? `Kup teraz BENCH-REFUSE-ME ${token}` : `Zażółć gęślą jaźń — wiadomość ${token}.`],
      ["website", ""],
    ]);
    return send({
      base: site,
      body,
      from: client,
      headers: { "Content-Type": contentType, Origin: site, "X-Contact-Proof": await proof() },
    });
  };
  const started = performance.now();
  let refusedPosts = 0;
  const abuser = (async () => {
    if (!abuse) return;
    for (let n = 0; performance.now() - started < abuseSeconds * 1000; n++) {
      if ((await post(`x${run}${phase}n${n}`, "127.66.0.1", true)).status === 200) refusedPosts++;
      if (n >= 4) await sleep(6000);
    }
  })();
  for (let i = 0; i < abuseSeconds; i++) {
    const token = `d${run}${phase}n${i}`;
    const at = performance.now();
    const reply = await post(token, sourceOf(100 + i), false);
    if (reply.status === 200) postedAt.set(token, at);
    await sleep(Math.max(0, started + (i + 1) * 1000 - performance.now()));
  }
  await abuser;
  // However long they take: the point is how long.
  await waitFor(() => [...postedAt.keys()].every((t) => seenAt.has(t)), 900_000, "real messages in the catcher").catch(
    () => undefined,
  );
  polling = false;
  await poller;
  const lines = logs.map((file, i) => readFileSync(file).subarray(from[i]).toString("utf8")).join("\n");
  const count = (event: string) => (lines.match(new RegExp(`contact-form: ${event} `, "g")) ?? []).length;
  return {
    posted: postedAt.size,
    delivered: [...postedAt.keys()].filter((t) => seenAt.has(t)).length,
    times: [...postedAt]
      .filter(([t]) => seenAt.has(t))
      .map(([t, at]) => seenAt.get(t)! - at)
      .sort((a, b) => a - b),
    refusedPosts,
    log: ["sent", "refused", "retry", "deferred", "failed"].map((e) => `${e} ${count(e)}`).join(", "),
  };
}

interface Flood {
  sent: number;
  /** Scripted posts answered 200: held back for review. */
  accepted: number;
  refused: Map<number, number>;
  held: number;
  /** Scripted messages that reached the catcher (must be 0). */
  delivered: number;
  visitors: Delivery;
}

/** Phase 5: scripted clients without a proof of work, flat out, while a visitor with one posts every second. */
async function flood(run: string): Promise<Flood> {
  await waitFor(
    () => readdirSync(outbox).filter((f) => f.endsWith(".json")).length === 0,
    600_000,
    "empty outbox before the flood",
  );
  await fetch(`${mailApi}/email/all`, { method: "DELETE" });
  const heldDir = join(outbox, "held");
  const heldBefore = new Set(
    (() => {
      try {
        return readdirSync(heldDir);
      } catch {
        return [];
      }
    })(),
  );
  const result: Flood = {
    sent: 0,
    accepted: 0,
    refused: new Map(),
    held: 0,
    delivered: 0,
    visitors: { posted: 0, delivered: 0, times: [], refusedPosts: 0, log: "" },
  };
  const started = performance.now();
  const until = started + floodSeconds * 1000;
  const scripted = Promise.all(
    Array.from({ length: floodAddresses }, async (_, a) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; performance.now() < until; n++) {
        const { body, contentType } = multipart([
          ["name", `Spam ${run}f${a}n${n}`],
          ["email", `spam.${a}.${n}@example.com`],
          ["message", `Tanie pozycjonowanie! f${run} ${a}/${n}`],
          ["website", ""],
        ]);
        const reply = await send({
          base: site,
          body,
          agent,
          from: `127.79.${Math.floor(a / 250)}.${(a % 250) + 1}`,
          headers: { "Content-Type": contentType, Origin: site },
        }).catch(() => undefined);
        result.sent++;
        const status = reply?.status ?? 0;
        if (status === 200) result.accepted++;
        else result.refused.set(status, (result.refused.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  const postedAt = new Map<string, number>();
  const seenAt = new Map<string, number>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const mails = (await (await fetch(`${mailApi}/email`)).json()) as { text: string }[];
      const now = performance.now();
      for (const mail of mails) {
        const token = benchToken(mail, "v");
        if (token && !seenAt.has(token)) seenAt.set(token, now);
      }
      await sleep(100);
    }
  })();
  for (let i = 0; performance.now() < until; i++) {
    const token = `v${run}n${i}`;
    const { body, contentType } = multipart([
      ["name", `Bench ${token}`],
      ["email", `bench.${token}@example.com`],
      ["message", `Zażółć gęślą jaźń — pytanie o zabieg ${token}.`],
      ["website", ""],
    ]);
    const at = performance.now();
    const headers = { "Content-Type": contentType, Origin: site, "X-Contact-Proof": await proof() };
    const reply = await send({ base: site, body, from: sourceOf(200 + i), headers }).catch(() => undefined);
    result.visitors.posted++;
    if (reply?.status === 200) postedAt.set(token, at);
    await sleep(Math.max(0, started + (i + 1) * 1000 - performance.now()));
  }
  await scripted;
  await waitFor(
    () => [...postedAt.keys()].every((t) => seenAt.has(t)),
    120_000,
    "visitors' messages in the catcher",
  ).catch(() => undefined);
  // A deliverer pass or two after the flood: nothing held may go out.
  await sleep(5000);
  polling = false;
  await poller;
  const mails = (await (await fetch(`${mailApi}/email`)).json()) as { subject: string; text: string }[];
  // A visitor's mail, not the digest of held ones (which lists them as unchecked, for the salon to review).
  result.delivered = mails.filter((m) => visitorsMail(m) && m.text.includes(`Imię i nazwisko: Spam ${run}f`)).length;
  const heldNow = readdirSync(heldDir).filter((f) => f.endsWith(".json") && !heldBefore.has(f));
  result.held = heldNow.length;
  for (const f of heldNow) rmSync(join(heldDir, f));
  result.visitors.delivered = [...postedAt.keys()].filter((t) => seenAt.has(t)).length;
  result.visitors.times = [...postedAt]
    .filter(([t]) => seenAt.has(t))
    .map(([t, at]) => seenAt.get(t)! - at)
    .sort((a, b) => a - b);
  return result;
}

async function main() {
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  console.log(`Stos do pomiarów: ${site} (poczta ${mailApi}), limit CONTACT_RATE_LIMIT=10000r/s, katalog ${stateDir}`);
  const stack = spawn(process.execPath, [join(root, "docker/native/stack.mjs")], {
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
        ["website", ""],
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
    await waitFor(() => readdirSync(outbox).filter((f) => f.endsWith(".json")).length === 0, 120_000, "empty outbox");
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

    const row = (name: string, r: Run) =>
      `| ${name} | ${r.ok} | ${(r.ok / r.elapsed).toFixed(0)} | ${percentile(r.latencies, 50).toFixed(1)} | ${percentile(r.latencies, 95).toFixed(1)} | ${percentile(r.latencies, 99).toFixed(1)} | ${[...r.other].map(([s, c]) => `${c}×${s}`).join(", ") || "0"} |`;
    const table = [
      `| load | answered 200 | per second | p50 ms | p95 ms | p99 ms | other answers |`,
      "|---|---|---|---|---|---|---|",
      row(`POST /send-email.php, 1 client, ${single.elapsed.toFixed(0)} s`, single),
      row(`POST /send-email.php, ${concurrency} clients, ${mailer.elapsed.toFixed(0)} s`, mailer),
      row(`GET /cennik (static, nginx), ${concurrency} clients, ${pages.elapsed.toFixed(0)} s`, pages),
    ].join("\n");
    const verdict =
      `accepted ${accepted}; in the catcher ${perToken.size} distinct, ${duplicates} duplicated, ${Math.max(0, missing)} missing; ` +
      `${messageIds.size} distinct Message-IDs; sent by the request ${sentByRequest}, by the deliverer ${sentByDeliverer}; ` +
      `outbox empty ${drained.toFixed(1)} s after the load; PHP warnings ${warnings}`;
    const deliveryRow = (name: string, d: Delivery) =>
      `| ${name} | ${d.posted} | ${d.delivered} | ${fmt(percentile(d.times, 50))} | ${fmt(percentile(d.times, 95))} | ${fmt(d.times.at(-1) ?? NaN)} | ${d.refusedPosts} | ${d.log} |`;
    const deliveryTable = [
      `| real messages, 1 a second for ${abuseSeconds} s | posted | delivered | p50 | p95 | max | refused messages posted | mailer's log lines meanwhile |`,
      "|---|---|---|---|---|---|---|---|",
      deliveryRow("alone", alone),
      deliveryRow(
        "beside 1 client posting messages the server refuses (550), at the rate limit (burst 5, then 10/min)",
        abused,
      ),
    ].join("\n");
    const v = flooded.visitors;
    const floodTable = [
      `| flood, ${floodSeconds} s, rate limits lifted | sent | accepted (held back) | held in held/ | refused | delivered |`,
      "|---|---|---|---|---|---|",
      `| ${floodAddresses} scripted clients, no proof of work, flat out | ${flooded.sent} | ${flooded.accepted} | ${flooded.held} | ${[...flooded.refused].map(([s, c]) => `${c}×${s}`).join(", ") || "0"} | ${flooded.delivered} |`,
      "",
      "| real visitors meanwhile, 1 a second, with a proof of work | posted | answered 200 and delivered | success | p50 | p95 | max |",
      "|---|---|---|---|---|---|---|",
      `| each from her own address | ${v.posted} | ${v.delivered} | ${v.posted ? ((100 * v.delivered) / v.posted).toFixed(0) : "–"} % | ${fmt(percentile(v.times, 50))} | ${fmt(percentile(v.times, 95))} | ${fmt(v.times.at(-1) ?? NaN)} |`,
    ].join("\n");
    console.log(`\n${table}\n\n${verdict}\n\n${deliveryTable}\n\n${floodTable}\n\n${proofTable(proofs)}\n`);
    console.log(
      `Machine: ${(await import("node:os")).cpus().length} CPU, Node ${process.version}, nginx + PHP-FPM (pm.max_children 5) + MailDev on 127.0.0.1`,
    );
    writeFileSync(
      join(stateDir, "result.md"),
      `${table}\n\n${verdict}\n\n${deliveryTable}\n\n${floodTable}\n\n${proofTable(proofs)}\n`,
    );

    const exactlyOnce = duplicates === 0 && missing === 0 && perToken.size === accepted && messageIds.size >= accepted;
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

await main();
