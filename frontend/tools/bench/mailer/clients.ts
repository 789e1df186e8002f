/**
 * What the phases of `npm run bench:mailer` post with: solved proofs of work, clients on addresses of their own, a
 * sustained load, and waiting for a state of the stack.
 */
import { readdirSync } from "node:fs";
import { Agent } from "node:http";
import { solvedProof, type Reply } from "../../../../tests/support/contactHttp";
import { LABEL } from "../../../../tests/support/confirmation";
import { concurrency, outbox, seconds, site } from "./settings";

// Challenges come from addresses of their own (20 a minute per client): a proof is not tied to an address.
let challenges = 0;
export const proof = () =>
  solvedProof({ base: site, from: `127.78.${Math.floor(challenges / 250) % 250}.${(challenges++ % 250) + 1}` });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The token of a benchmark post ("Bench <kind>…", its name) in a caught mail's text; the subject names no visitor. */
export const benchToken = (mail: { text: string }, kind: string) =>
  new RegExp(`^${LABEL.name}: Bench (${kind}\\S+)$`, "m").exec(mail.text ?? "")?.[1];

export interface Run {
  ok: number;
  other: Map<number, number>;
  latencies: number[];
  elapsed: number;
}

/** `concurrency` clients, each with its own source address and keep-alive connection, until time or count runs out. */
export async function load(
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

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timeout: ${what}`);
    await sleep(250);
  }
}

export const sourceOf = (client: number) => `127.77.${Math.floor(client / 250)}.${(client % 250) + 1}`;

/** No message waits in the outbox: no JSON file there but the deliverer's own dotfiles (its state, .deliverer-state.json). */
export const outboxEmpty = () => readdirSync(outbox).every((f) => !f.endsWith(".json") || f.startsWith("."));
