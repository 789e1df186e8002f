/**
 * GET /health on the native stack (nginx's location, PHP-FPM, the outbox the deliverer keeps): what an uptime
 * monitor sees. SMTP's threshold and the deliverer's idle probe are shortened for this file (PHP-FPM and the
 * deliverer restarted with them, and back to the stack's own settings afterwards), so an outage shows in seconds.
 */
import { expect, test } from "../support/test";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { healthUntil, nextSourceAddress, type Reply, send, untilLimited } from "../support/contactHttp";
import {
  compose,
  killServiceNamed,
  restartMailer,
  startCatcher,
  startServiceNamed,
  stopCatcher,
} from "../support/stack";

exclusiveMailTests();
test.skip(compose, "restarts the native stack's PHP-FPM and deliverer with a shortened threshold");

const SMTP_DOWN_SECONDS = 3;

/** One request to /health, each from its own address (the endpoint is limited per client, as the form is). */
const health = (method = "GET"): Promise<Reply> => send({ method, path: "/health", from: nextSourceAddress() });

test.beforeAll(async () => {
  await restartMailer({ HEALTH_SMTP_DOWN_SECONDS: String(SMTP_DOWN_SECONDS), HEALTH_SMTP_PROBE_SECONDS: "1" });
});

test.afterAll(async () => {
  await startCatcher();
  await restartMailer();
});

test("200 while the pipeline works; with the mail catcher stopped past the threshold 503 naming smtp-down; 200 again once it is back", async () => {
  test.setTimeout(120_000);
  const ok = await healthUntil(200, { timeoutMs: 30_000, everyMs: 500 });
  expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  expect(ok.json).toEqual({
    status: "ok",
    checked: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    failed: expect.any(Number),
  });
  expect(ok.headers["content-type"]).toMatch(/^application\/json/);
  expect(ok.headers["cache-control"]).toBe("no-store");
  expect(ok.headers["content-security-policy"]).toContain("frame-ancestors 'none'");

  const stoppedAt = Date.now();
  await stopCatcher();
  let down: Reply;
  try {
    // Nobody posts: the deliverer's idle probe finds the server gone, and /health says so once it has been gone
    // for longer than the threshold.
    down = await healthUntil(503, { timeoutMs: 60_000, everyMs: 500 });
  } finally {
    await startCatcher();
  }
  expect(down.status, JSON.stringify(down.json)).toBe(503);
  expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(SMTP_DOWN_SECONDS * 1000);
  expect(down.json).toEqual({
    status: "fail",
    problems: ["smtp-down"],
    checked: expect.any(String),
    failed: expect.any(Number),
  });
  expect(down.headers["cache-control"]).toBe("no-store");
  expect(down.body).not.toContain("@");

  const back = await healthUntil(200, { timeoutMs: 60_000, everyMs: 500 });
  expect(back.status, JSON.stringify(back.json)).toBe(200);
});

test("only GET and HEAD; limited per client like the form, with a JSON 429; PHP-FPM down is a JSON 503", async () => {
  expect((await health("HEAD")).status).toBe(200);
  const post = await health("POST");
  expect(post.status).toBe(405);
  expect(post.headers.allow).toBe("GET, HEAD");

  const from = nextSourceAddress();
  const limited = (await untilLimited(() => send({ method: "GET", path: "/health", from }))).at(-1)!;
  expect(limited.status, "burst 5, then the rate").toBe(429);
  expect(limited.json).toMatchObject({ status: "fail" });
  expect(limited.headers["retry-after"]).toBe("60");

  await killServiceNamed("php");
  try {
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.json).toEqual({ status: "fail", problems: ["php-down"] });
    expect(down.headers["cache-control"]).toBe("no-store");
  } finally {
    await startServiceNamed("php");
  }
});
