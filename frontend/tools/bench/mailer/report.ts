/** The tables `npm run bench:mailer` prints and keeps in .stack/bench/result.md (Markdown). */
import type { Run } from "./clients";
import type { Delivery, Flood } from "./delivery";
import { proofTable, type ProofTiming } from "./proofTiming";
import { abuseSeconds, concurrency, floodAddresses, floodSeconds } from "./settings";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fmt = (ms: number) =>
  Number.isNaN(ms)
    ? "–"
    : ms >= 10_000
      ? `${(ms / 1000).toFixed(0)} s`
      : ms >= 1000
        ? `${(ms / 1000).toFixed(1)} s`
        : `${ms.toFixed(0)} ms`;

/** Phase 2's count: every accepted message in the catcher exactly once. */
export interface ExactlyOnce {
  accepted: number;
  /** Accepted messages' tokens found in the catcher. */
  distinct: number;
  duplicates: number;
  missing: number;
  messageIds: number;
  sentByRequest: number;
  sentByDeliverer: number;
  /** Seconds from the load's end to an empty outbox. */
  drained: number;
  /** PHP warnings, notices and fatal errors in PHP-FPM's log. */
  warnings: number;
}

/** Every phase's table, in the order of the phases. */
export function report(
  throughput: { single: Run; mailer: Run; pages: Run },
  once: ExactlyOnce,
  delivery: { alone: Delivery; abused: Delivery },
  flooded: Flood,
  proofs: ProofTiming,
): string {
  const { single, mailer, pages } = throughput;
  const { alone, abused } = delivery;
  const row = (name: string, r: Run) =>
    `| ${name} | ${r.ok} | ${(r.ok / r.elapsed).toFixed(0)} | ${percentile(r.latencies, 50).toFixed(1)} | ${percentile(r.latencies, 95).toFixed(1)} | ${percentile(r.latencies, 99).toFixed(1)} | ${[...r.other].map(([s, c]) => `${c}×${s}`).join(", ") || "0"} |`;
  const table = [
    `| load | answered 200 | per second | p50 ms | p95 ms | p99 ms | other answers |`,
    "|---|---|---|---|---|---|---|",
    row(`POST /send-email.php, 1 client, ${single.elapsed.toFixed(0)} s`, single),
    row(`POST /send-email.php, ${concurrency} clients, ${mailer.elapsed.toFixed(0)} s`, mailer),
    row(`GET /cennik (static, nginx), ${concurrency} clients, ${pages.elapsed.toFixed(0)} s`, pages),
  ].join("\n");
  const { accepted, distinct, duplicates, missing, messageIds, sentByRequest, sentByDeliverer, drained, warnings } =
    once;
  const verdict =
    `accepted ${accepted}; in the catcher ${distinct} distinct, ${duplicates} duplicated, ${Math.max(0, missing)} missing; ` +
    `${messageIds} distinct Message-IDs; sent by the request ${sentByRequest}, by the deliverer ${sentByDeliverer}; ` +
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
    `| flood, ${floodSeconds} s, rate limits lifted | sent | asked to confirm (428) | held in held/ | refused | delivered |`,
    "|---|---|---|---|---|---|",
    `| ${floodAddresses} scripted clients, no proof of work, flat out | ${flooded.sent} | ${flooded.accepted} | ${flooded.held} | ${[...flooded.refused].map(([s, c]) => `${c}×${s}`).join(", ") || "0"} | ${flooded.delivered} |`,
    "",
    "| real visitors meanwhile, 1 a second, with a proof of work | posted | answered 200 and delivered | success | p50 | p95 | max |",
    "|---|---|---|---|---|---|---|",
    `| each from her own address | ${v.posted} | ${v.delivered} | ${v.posted ? ((100 * v.delivered) / v.posted).toFixed(0) : "–"} % | ${fmt(percentile(v.times, 50))} | ${fmt(percentile(v.times, 95))} | ${fmt(v.times.at(-1) ?? NaN)} |`,
  ].join("\n");
  return `${table}\n\n${verdict}\n\n${deliveryTable}\n\n${floodTable}\n\n${proofTable(proofs)}`;
}
