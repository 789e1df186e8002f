/**
 * Debian's Chromium as the tests and the benchmark start it (Playwright's and Lighthouse's own browser downloads are
 * not reachable here): quiet — no background traffic, updates or first-run work that would add requests or noise —
 * and HTTP over TCP only (no QUIC), unless a test asks for HTTP/3 itself (tests/e2e/production.spec.ts).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const quietChromiumFlags = [
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];
