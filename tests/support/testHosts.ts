/**
 * The test run's production serves test names (salon.test, www.salon.test) that no DNS knows: TEST_HOSTS lists them,
 * and every client of the tests resolves them to 127.0.0.1, where the front's ports are published. Chromium is told
 * so by --host-resolver-rules (playwright.config.ts); Node (tests/support/contactHttp.ts, Playwright's `request` fixture)
 * by this module, which answers those names in dns.lookup and dns.promises.lookup and leaves every other name alone.
 * TEST_TLS_CA: the root the front's certificate must chain to (Pebble's), for the tests that verify it.
 */
import dns from "node:dns";
import { readFileSync } from "node:fs";

export const testHosts = (process.env.TEST_HOSTS ?? "").split(/[\s,]+/).filter(Boolean);
export const testTlsCa = process.env.TEST_TLS_CA ? readFileSync(process.env.TEST_TLS_CA) : undefined;

const loopback = { address: "127.0.0.1", family: 4 };
let installed = false;

/** Makes Node resolve TEST_HOSTS to 127.0.0.1 in this process; a no-op without TEST_HOSTS. */
export function resolveTestHosts(): void {
  if (installed || testHosts.length === 0) return;
  installed = true;
  const ours = (hostname: string) => testHosts.includes(hostname.toLowerCase());
  const lookup = dns.lookup;
  dns.lookup = function testLookup(hostname: string, options: unknown, callback?: unknown) {
    const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
    if (!ours(hostname)) return (lookup as (...args: unknown[]) => void).call(dns, hostname, options, callback);
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
    process.nextTick(() => (all ? done(null, [loopback]) : done(null, loopback.address, loopback.family)));
  } as typeof dns.lookup;
  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = async function testPromisesLookup(hostname: string, options?: unknown) {
    if (!ours(hostname))
      return (promisesLookup as (...args: unknown[]) => Promise<unknown>).call(dns.promises, hostname, options);
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
    return all ? [loopback] : loopback;
  } as typeof dns.promises.lookup;
}
