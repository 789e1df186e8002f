/**
 * Fault tests of the contact pipeline on the native stack: the mail catcher down, PHP-FPM down, PHP-FPM killed
 * in the middle of a burst. What must hold: every message answered 200 reaches the catcher exactly once, intact,
 * with the Message-ID it was given when it was stored. Requests come from their own loopback addresses, so the
 * shared stack keeps its real rate limit (see tests/support/contactHttp.ts).
 */
import { expect, test } from "../support/test";
import { rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { ports, host } from "../native/config.mjs";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { pool, postForm, send, validMessage, type Reply } from "../support/contactHttp";
import { LABEL } from "../support/confirmation";
import { listMail, type CaughtMail } from "../support/mailbox";
import { deliveredAll } from "../support/delivered";
import {
  compose,
  delivererLog,
  killServiceNamed,
  logSince,
  logSize,
  outboxDir,
  outboxFiles,
  phpLog,
  runDeliverer,
  startCatcher,
  startServiceNamed,
  stopCatcher,
  waitForEmptyOutbox,
  type DeliveryReport,
} from "../support/stack";

exclusiveMailTests();
test.skip(compose, "needs the native stack: its outbox folder, pidfiles and SMTP port");

const SUCCESS = { ok: true, message: "Wiadomość została wysłana. Dziękujemy za kontakt!" };
const tokenOf = (prefix: string, i: number) => `${prefix}${Date.now().toString(36)}n${i}`;

/** A token as the message quotes it: "n1" is also the start of "n10". */
const quoted = (token: string) => `„${token}”`;

/** Runs the deliverer by hand until every token is in the catcher (the deliverer service may get there first). */
async function deliverUntilCaught(tokens: string[], timeoutMs = 60_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runDeliverer(["--now"]);
    const mails = (await listMail()).filter((m) => tokens.some((t) => m.text.includes(quoted(t))));
    if (tokens.every((t) => mails.some((m) => m.text.includes(quoted(t)))) || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Each token's mail exactly once, and (where known) with the Message-ID it was stored with and its exact text. */
async function expectEachOnce(tokens: string[], storedIds: Map<string, string>) {
  const mails = await deliverUntilCaught(tokens);
  // Every message first (a slow machine may need the whole deadline), so that the count below compares the
  // catcher with the tokens, not with a list cut short by the deadline.
  expect(
    tokens.filter((t) => !mails.some((m) => m.text.includes(quoted(t)))),
    "messages not delivered in time",
  ).toEqual([]);
  // Until nothing is left to send: a duplicate would come from a second sender (request, service, by hand) racing.
  await deliveredAll();
  const all = (await listMail()).filter((m) => tokens.some((t) => m.text.includes(quoted(t))));
  expect(all.length, "no duplicates, nothing extra").toBe(tokens.length);
  for (const token of tokens) {
    const copies = all.filter((m) => m.text.includes(`„${token}”`));
    expect(copies, `mail of ${token}`).toHaveLength(1);
    const mail = copies[0]!;
    const sent = validMessage(token);
    expect(mail.subject).toMatch(/^Formularz kontaktowy strony: nowa wiadomość \(\d{4}-\d\d-\d\d \d\d:\d\d\)$/);
    expect(mail.from).toEqual(["strona@aurea-salon.example"]);
    expect(mail.to).toEqual(["kontakt@aurea-salon.example"]);
    expect(mail.replyTo).toEqual([sent.email]);
    expect(mail.text).toContain(`${LABEL.name}: ${sent.name}\n`);
    expect(mail.text).toContain(`Telefon: ${sent.phone}\n`);
    expect(mail.text).toContain(`Wiadomość:\n${sent.message.replace(/\r\n/g, "\n")}\n`);
    const stored = storedIds.get(token);
    if (stored) expect(mail.messageId, `Message-ID of ${token}`).toBe(stored);
  }
}

/** token → Message-ID, read from the outbox files (the Message-ID is fixed when a message is stored). */
function storedMessageIds(tokens: string[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of outboxFiles()) {
    const token = tokens.find((t) => file.body.includes(`„${t}”`));
    if (token) ids.set(token, file.messageId);
  }
  return ids;
}

test.beforeEach(async () => {
  test.setTimeout(120_000);
  await waitForEmptyOutbox();
});

test("mail catcher down: 25 messages are all answered 200, and after it is back and the deliverer runs it holds exactly those 25, once each, intact", async () => {
  const tokens = Array.from({ length: 25 }, (_, i) => tokenOf("fault", i));
  let replies: Reply[];
  let storedIds: Map<string, string>;
  let waitingWhileDown: string[];
  let sentWhileDown: string[];
  let passWhileDown: DeliveryReport;
  const logsFrom = [phpLog, delivererLog].map((file) => [file, logSize(file)] as const);
  await stopCatcher();
  try {
    replies = await pool(tokens, 5, (token) => postForm(validMessage(token)));
    storedIds = storedMessageIds(tokens);
    // Looked at while the catcher is still down, on the mailer's side: a restarted catcher is empty whatever
    // happened before, and once it is back the deliverer service may send at any moment. Every message must
    // still be waiting, and none may have been handed to SMTP (a "sent" line) by a request or the deliverer. Not a
    // wait for the service's next pass but a pass itself, run by hand as an operator would: it tries every waiting
    // message, due or not, where the service's pass tries only those due.
    passWhileDown = await runDeliverer(["--now"]);
    waitingWhileDown = outboxFiles()
      .filter((f) => tokens.some((t) => f.body.includes(`„${t}”`)))
      .map((f) => f.name);
    // The mail tests run one at a time (exclusiveMailTests): any "sent" line now is one of these messages.
    sentWhileDown = logsFrom
      .flatMap(([file, from]) => logSince(from, file).split("\n"))
      .filter((line) => line.includes("contact-form: sent "));
  } finally {
    await startCatcher();
  }
  expect(replies.map((r) => r.status)).toEqual(tokens.map(() => 200));
  for (const reply of replies) expect(reply.json).toEqual(SUCCESS);
  expect(passWhileDown.sent, "a deliverer pass while the catcher was down sent nothing").toBe(0);
  expect(passWhileDown.left, "and left every message waiting").toBe(25);
  expect(sentWhileDown, "nothing was handed to SMTP while the catcher was down").toEqual([]);
  expect(waitingWhileDown, "every message waited in the outbox").toHaveLength(25);
  // Stored before any SMTP attempt, each with its Message-ID fixed there.
  expect(storedIds.size).toBe(25);
  expect(new Set(storedIds.values()).size).toBe(25);

  await expectEachOnce(tokens, storedIds);
  expect(outboxFiles()).toHaveLength(0);
});

test("PHP-FPM down: nginx answers 503 as JSON with the security headers, pages still load, and posts work again after a restart", async () => {
  await killServiceNamed("php");
  try {
    // No challenge can be had either (GET /contact-challenge is PHP too): the page posts without a proof, as here.
    const down = await postForm(validMessage(tokenOf("down", 0)), { proof: false });
    expect(down.status).toBe(503);
    expect(down.headers["content-type"]).toMatch(/^application\/json/);
    expect(down.json).toEqual({
      ok: false,
      error: "Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.",
    });
    expect(down.headers["cache-control"]).toBe("no-store");
    expect(down.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(down.headers["x-content-type-options"]).toBe("nosniff");
    expect(down.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(down.headers["permissions-policy"]).toContain("camera=()");
    expect((await send({ method: "GET", path: "/kontakt" })).status).toBe(200);
  } finally {
    await startServiceNamed("php");
  }
  const token = tokenOf("up", 0);
  expect((await postForm(validMessage(token))).status).toBe(200);
  await expectEachOnce([token], new Map());
});

test("PHP-FPM killed (SIGKILL) in the middle of a burst while its workers wait on SMTP: every message answered 200 is delivered exactly once", async () => {
  // An SMTP server that accepts connections and never answers: the workers, having answered 200 and started
  // sending, hang there (up to SMTP_TIMEOUT) holding their messages when PHP-FPM is killed.
  const held: Socket[] = [];
  const tarpit = createServer((socket) => {
    held.push(socket);
    socket.on("error", () => undefined);
  });
  rmSync(join(outboxDir, ".smtp-down"), { force: true });
  await stopCatcher();
  await new Promise<void>((resolve) => tarpit.listen(ports.smtp, host, resolve));

  const first = Array.from({ length: 15 }, (_, i) => tokenOf("kill", i));
  const second = Array.from({ length: 10 }, (_, i) => tokenOf("after", i));
  const status = new Map<string, number>();
  let stranded: string[];
  let storedIds = new Map<string, string>();
  try {
    const burst = pool(first, 10, async (token) => {
      const reply = await postForm(validMessage(token)).catch(() => undefined);
      status.set(token, reply?.status ?? 0);
    });
    // Kill once some visitors have their 200 and their workers are inside SMTP: connected to the tarpit, each
    // holding a message it has answered 200 for (it sends only after the response has gone out).
    await expect
      .poll(() => Math.min([...status.values()].filter((s) => s === 200).length, held.length), {
        message: "visitors answered 200 and workers inside SMTP, the fewer of the two",
        timeout: 20_000,
        intervals: [20],
      })
      .toBeGreaterThanOrEqual(2);
    await killServiceNamed("php");
    await burst;
    const ok = first.filter((t) => status.get(t) === 200);
    storedIds = storedMessageIds([...first, ...second]);
    stranded = ok.filter((t) => storedIds.has(t));
  } finally {
    await new Promise<void>((resolve) => {
      held.forEach((s) => s.destroy());
      tarpit.close(() => resolve());
    });
    await startCatcher();
    await startServiceNamed("php");
  }
  // The rest of the burst, after the restart.
  await pool(second, 5, async (token) => {
    const reply = await postForm(validMessage(token));
    status.set(token, reply.status);
  });

  const ok = [...first, ...second].filter((t) => status.get(t) === 200);
  const refused = first.filter((t) => status.get(t) !== 200);
  console.log(
    `burst: ${first.length} before the kill (${first.length - refused.length} × 200, ${refused.length} × ${[...new Set(refused.map((t) => status.get(t)))].join("/") || "-"}), ` +
      `${stranded.length} answered 200 but still in the outbox when PHP-FPM died; ${second.length} after the restart`,
  );
  expect(
    stranded.length,
    "some visitors had their 200 while their message was still being sent",
  ).toBeGreaterThanOrEqual(1);
  for (const t of refused) expect([503, 0]).toContain(status.get(t));
  for (const t of second) expect(status.get(t)).toBe(200);

  await expectEachOnce(ok, storedIds);
  // A refused request may have been stored just before the kill (the visitor saw the red box): at most once.
  const extra = (await listMail()).filter((m) => refused.some((t) => m.text.includes(`„${t}”`)));
  for (const t of refused) expect(extra.filter((m) => m.text.includes(`„${t}”`)).length).toBeLessThanOrEqual(1);
  expect(outboxFiles()).toHaveLength(0);
});
