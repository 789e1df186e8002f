/**
 * Phases 4 and 5 of `npm run bench:mailer`: how long real messages take to reach the catcher, alone and beside a client
 * whose messages the server refuses; and a flood of posts without a proof of work beside real visitors.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { join } from "node:path";
import { multipart, send, visitorsMail } from "../../../../tests/support/contactHttp";
import { LABEL, TRAP_FIELD } from "../../../../tests/support/confirmation";
import { benchToken, outboxEmpty, proof, sleep, sourceOf, waitFor } from "./clients";
import { abuseSeconds, floodAddresses, floodSeconds, mailApi, outbox, site, stateDir } from "./settings";

export interface Delivery {
  posted: number;
  delivered: number;
  /** Post to arrival in the catcher, ms, sorted. */
  times: number[];
  refusedPosts: number;
  /** Counts of the mailer's log lines written during the phase. */
  log: string;
}

/**
 * Polls the catcher every 100 ms from now until stop(), and notes when each benchmark message of `kind` ("Bench
 * <kind>…") first appears in it: the arrival times of messages posted at the times in `postedAt` (token => ms).
 */
function watchCatcher(kind: string) {
  const seenAt = new Map<string, number>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const mails = (await (await fetch(`${mailApi}/email`)).json()) as { text: string }[];
      const now = performance.now();
      for (const mail of mails) {
        const token = benchToken(mail, kind);
        if (token && !seenAt.has(token)) seenAt.set(token, now);
      }
      await sleep(100);
    }
  })();
  return {
    holdsAll: (postedAt: Map<string, number>) => [...postedAt.keys()].every((t) => seenAt.has(t)),
    /** How many of the posted messages arrived, and the post-to-arrival times of those, ms, sorted. */
    deliveries: (postedAt: Map<string, number>) => {
      const arrived = [...postedAt].filter(([t]) => seenAt.has(t));
      return { delivered: arrived.length, times: arrived.map(([t, at]) => seenAt.get(t)! - at).sort((a, b) => a - b) };
    },
    stop: async () => {
      polling = false;
      await poller;
    },
  };
}

/**
 * One real message a second, each from its own address, for `abuseSeconds`; with `abuse`, one more client posting
 * messages the catcher refuses, as fast as the production limit lets one address (5 at once, then one every 6 s).
 * Each real message's delivery time is from its post until the catcher holds it (polled every 100 ms).
 */
export async function deliveryTimes(run: string, phase: string, abuse: boolean): Promise<Delivery> {
  await waitFor(outboxEmpty, 600_000, "empty outbox before the delivery phase");
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
  const catcher = watchCatcher("d");
  const post = async (token: string, client: string, refused: boolean) => {
    const { body, contentType } = multipart([
      ["name", `Bench ${token}`],
      ["email", `bench.${token}@example.com`],
      ["message", refused ? `Kup teraz BENCH-REFUSE-ME ${token}` : `Zażółć gęślą jaźń — wiadomość ${token}.`],
      [TRAP_FIELD, ""],
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
  await waitFor(() => catcher.holdsAll(postedAt), 900_000, "real messages in the catcher").catch(() => undefined);
  await catcher.stop();
  const lines = logs.map((file, i) => readFileSync(file).subarray(from[i]).toString("utf8")).join("\n");
  const count = (event: string) => (lines.match(new RegExp(`contact-form: ${event} `, "g")) ?? []).length;
  return {
    posted: postedAt.size,
    ...catcher.deliveries(postedAt),
    refusedPosts,
    log: ["sent", "refused", "retry", "deferred", "failed"].map((e) => `${e} ${count(e)}`).join(", "),
  };
}

export interface Flood {
  sent: number;
  /** Scripted posts asked the question (428): held until a person answers, which none does. */
  accepted: number;
  refused: Map<number, number>;
  held: number;
  /** Scripted messages that reached the catcher (must be 0). */
  delivered: number;
  visitors: Delivery;
}

/** Phase 5: scripted clients without a proof of work, flat out, while a visitor with one posts every second. */
export async function flood(run: string): Promise<Flood> {
  await waitFor(outboxEmpty, 600_000, "empty outbox before the flood");
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
          [TRAP_FIELD, ""],
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
        // Asked the question (428): kept in held/, never told "sent".
        if (status === 428) result.accepted++;
        else result.refused.set(status, (result.refused.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  const postedAt = new Map<string, number>();
  const catcher = watchCatcher("v");
  for (let i = 0; performance.now() < until; i++) {
    const token = `v${run}n${i}`;
    const { body, contentType } = multipart([
      ["name", `Bench ${token}`],
      ["email", `bench.${token}@example.com`],
      ["message", `Zażółć gęślą jaźń — pytanie o zabieg ${token}.`],
      [TRAP_FIELD, ""],
    ]);
    const at = performance.now();
    const headers = { "Content-Type": contentType, Origin: site, "X-Contact-Proof": await proof() };
    const reply = await send({ base: site, body, from: sourceOf(200 + i), headers }).catch(() => undefined);
    result.visitors.posted++;
    if (reply?.status === 200) postedAt.set(token, at);
    await sleep(Math.max(0, started + (i + 1) * 1000 - performance.now()));
  }
  await scripted;
  await waitFor(() => catcher.holdsAll(postedAt), 120_000, "visitors' messages in the catcher").catch(() => undefined);
  // A deliverer pass or two after the flood: nothing held may go out.
  await sleep(5000);
  await catcher.stop();
  const mails = (await (await fetch(`${mailApi}/email`)).json()) as { subject: string; text: string }[];
  // A visitor's mail, not the summary of unconfirmed ones (which the salon gets marked as such).
  result.delivered = mails.filter((m) => visitorsMail(m) && m.text.includes(`${LABEL.name}: Spam ${run}f`)).length;
  const heldNow = readdirSync(heldDir).filter((f) => f.endsWith(".json") && !heldBefore.has(f));
  result.held = heldNow.length;
  for (const f of heldNow) rmSync(join(heldDir, f));
  Object.assign(result.visitors, catcher.deliveries(postedAt));
  return result;
}
