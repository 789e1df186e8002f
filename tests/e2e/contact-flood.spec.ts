/**
 * Abuse at scale (docs/abuse.md): a scripted flood of valid-looking posts from many addresses, each at its own
 * per-address limit and without a browser, while a visitor fills the form in a real browser. She gets the
 * confirmation and her message reaches the salon's inbox within seconds; no scripted post reaches the inbox, nor is
 * told it was sent: each is asked the question (held until answered) or refused, and counted. Then the operator's
 * side: what was held is listed, released (arrives once) and purged with deliver.php.
 */
import { expect, test } from "../support/test";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { nextSourceAddress, postForm, solvedProof, validMessage, visitorsMail } from "../support/contactHttp";
import { listMail, waitForMail } from "../support/mailbox";
import { deliveredAll } from "../support/delivered";
import { held, runDeliverer } from "../support/stack";
import { LABEL } from "../support/confirmation";

exclusiveMailTests();

const SUCCESS = "Wiadomość została wysłana. Dziękujemy za kontakt!";
/** Scripted senders: tens of addresses, each posting as fast as its own limit lets it. */
const ADDRESSES = 30;

test("during a scripted flood from 30 addresses a visitor in a browser gets through within seconds, and no scripted post reaches the inbox", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = `flood${Date.now().toString(36)}`;
  const addresses = Array.from({ length: ADDRESSES }, () => nextSourceAddress());
  const statuses: number[] = [];
  let sentAfterHerClick = 0;
  let herClick = Infinity;
  let stop = false;
  // Every address posts in a loop (a handful at once per address would only meet its limit sooner).
  const flood = Promise.all(
    addresses.map(async (from, a) => {
      for (let i = 0; !stop; i++) {
        const sentAt = Date.now();
        const reply = await postForm(validMessage(`${run}s${a}x${i}`), { from, proof: false }).catch(() => undefined);
        statuses.push(reply?.status ?? 0);
        if (sentAt > herClick) sentAfterHerClick++;
      }
    }),
  );

  try {
    // Once the flood is going (as many answers as addresses), she writes.
    await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(ADDRESSES);
    const stamp = `${run}real`;
    await page.goto("/kontakt");
    await page.getByLabel(LABEL.name).fill(`Ewa Prawdziwa ${stamp}`);
    await page.getByLabel("E-mail").fill(`ewa.${stamp}@example.com`);
    await page.getByLabel("Wiadomość").fill(`Dzień dobry, pytanie o zabieg (${stamp}).`);
    herClick = Date.now();
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(page.getByRole("status")).toHaveText(SUCCESS, { timeout: 15_000 });
    const mails = await waitForMail((m) => m.text.includes(stamp), { timeoutMs: 15_000 });
    const seconds = (Date.now() - herClick) / 1000;
    expect(mails).toHaveLength(1);
    expect(seconds, "her message in the inbox within seconds").toBeLessThan(15);
    expect(sentAfterHerClick, "the flood was still going while she sent").toBeGreaterThan(ADDRESSES);
    test
      .info()
      .annotations.push({ type: "visitor", description: `confirmation and inbox after ${seconds.toFixed(1)} s` });
  } finally {
    stop = true;
    await flood;
  }

  // Whatever the deliverer does next, no scripted post reaches the inbox: each was asked the question (428) or
  // refused (429, 503); none was told it was sent.
  await runDeliverer(["--now"]);
  const accepted = statuses.filter((s) => s === 428).length;
  const refused = statuses.filter((s) => s === 429 || s === 503).length;
  expect(accepted + refused, `statuses: ${[...new Set(statuses)].join(", ")}`).toBe(statuses.length);
  expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(`${run}s`))).toEqual([]);
  const heldFlood = (await held.list()).filter((m) => m.body.includes(`${run}s`));
  expect(heldFlood, "every accepted scripted post is held, none lost").toHaveLength(accepted);
  test.info().annotations.push({
    type: "flood",
    description: `sent ${statuses.length}, held ${accepted}, refused ${refused}, delivered 0`,
  });
  expect((await held.run("purge", "all")).code).toBe(0);
});

test("the operator lists what waits for confirmation, releases one (it arrives once) and purges another (it never does)", async () => {
  const run = `held${Date.now().toString(36)}`;
  for (const which of ["a", "b"]) {
    const reply = await postForm(validMessage(`${run}${which}`), { proof: false });
    expect(reply.status).toBe(428);
    expect(reply.json).toMatchObject({ ok: false });
  }
  // One solved proof, used twice (a script replaying what a browser solved): the first post is sent, the replay held.
  const from = nextSourceAddress();
  const proof = await solvedProof({ from });
  for (const [which, status] of [
    ["c", 200],
    ["r", 428],
  ] as const) {
    expect(
      (await postForm(validMessage(`${run}${which}`), { from, headers: { "X-Contact-Proof": proof } })).status,
    ).toBe(status);
  }

  await runDeliverer(["--now"]);
  await waitForMail((m) => m.text.includes(`${run}c`));
  await deliveredAll();
  expect(
    (await listMail()).filter((m) => visitorsMail(m) && m.text.includes(run) && !m.text.includes(`${run}c`)),
  ).toEqual([]);

  const mine = (await held.list()).filter((m) => m.body.includes(run));
  expect(mine.map((m) => m.email).sort()).toEqual([
    `klientka.${run}a@example.com`,
    `klientka.${run}b@example.com`,
    `klientka.${run}r@example.com`,
  ]);
  expect((await held.run("purge", mine.find((m) => m.email.includes(`${run}r`))!.id)).code).toBe(0);
  expect(mine[0]!.subject).toMatch(/^Formularz kontaktowy strony: nowa wiadomość \(/);
  const [a, b] = [mine.find((m) => m.email.includes(`${run}a`))!, mine.find((m) => m.email.includes(`${run}b`))!];

  expect((await held.run("release", a.id)).code).toBe(0);
  expect((await held.run("purge", b.id)).code).toBe(0);
  expect((await held.run("release", b.id)).code, "gone: nothing to release").toBe(1);
  expect((await held.run("release", "../../etc")).code, "an id, never a path").toBe(2);
  expect((await held.list()).filter((m) => m.body.includes(run))).toEqual([]);

  const released = await waitForMail((m) => visitorsMail(m) && m.text.includes(`${run}a`));
  expect(released).toHaveLength(1);
  await deliveredAll();
  expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(`${run}a`))).toHaveLength(1);
  expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(`${run}b`))).toEqual([]);
});
