/**
 * A visitor on a slow phone over a poor link (tests/support/slowPhone.ts: the CPU 6× slower, Lighthouse's slow 4G)
 * opens the contact page, types her message for 10 s from when the form appears, then sends it. The page solves its proof of work in a
 * worker from when the page loads, and a Send that finds it not ready waits in its sending state: her message reaches
 * the salon's inbox directly, without the question a post without a proof gets (docs/abuse.md).
 */
import { expect, test } from "../support/test";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { listMail, waitForMail } from "../support/mailbox";
import { held } from "../support/stack";
import { LABEL } from "../support/confirmation";
import { deliveredAll } from "../support/delivered";
import { emulateSlowPhone, markHydration, proofTimings } from "../support/slowPhone";

const SUCCESS = "Wiadomość została wysłana. Dziękujemy za kontakt!";
const TYPING_MS = 10_000;

exclusiveMailTests();

test("on a slow phone over slow 4G, a message typed for 10 s from when the form appears is delivered with its proof of work, not held", async ({
  page,
  gotoUnhydrated,
}) => {
  // The scenario itself lasts: a slow page load, 10 s of typing, the post and its delivery.
  test.setTimeout(120_000);
  await emulateSlowPhone(page);
  await markHydration(page);
  const stamp = Date.now().toString(36);
  const proofs: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/send-email.php")
      proofs.push(request.headers()["x-contact-proof"] ?? "");
  });

  // She starts as soon as the form is painted (before the page's scripts have hydrated it), at a person's pace:
  // one key after another for 10 s, moving from field to field, then she sends.
  await gotoUnhydrated("/kontakt", { waitUntil: "commit", timeout: 60_000 });
  await page.getByLabel(LABEL.name).waitFor({ timeout: 60_000 });
  const fields = [
    [LABEL.name, "Ola Nowak"],
    ["E-mail", `ola.${stamp}@example.pl`],
    ["Wiadomość", `Proszę o termin. ${stamp}`],
  ] as const;
  const keys = fields.reduce((total, [, value]) => total + value.length, 0);
  const typingFrom = Date.now();
  let typed = 0;
  for (const [label, value] of fields) {
    await page.getByLabel(label).click();
    for (const key of value) {
      await page.keyboard.type(key);
      typed++;
      const next = typingFrom + (typed * TYPING_MS) / keys - Date.now();
      if (next > 0) await page.waitForTimeout(next);
    }
  }
  const beforeSend = await proofTimings(page);
  const sentAt = await page.evaluate(() => performance.now());
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();

  const timings = { ...beforeSend, sent: Math.round(sentAt), typing: Date.now() - typingFrom };
  test.info().annotations.push({ type: "ms since navigation", description: JSON.stringify(timings) });
  // Hydration is the page's part, not the solver's: sent before it, the browser posts the form itself, without a
  // proof (contact.spec.ts covers that case).
  expect(beforeSend.hydrated, `hydrated before she sent: ${JSON.stringify(timings)}`).toBeDefined();
  await expect(page.getByRole("status")).toHaveText(SUCCESS, { timeout: 30_000 });
  expect(proofs).toHaveLength(1);
  expect(proofs[0], "the post carried a proof of work").not.toBe("");

  const mails = await waitForMail((mail) => mail.text.includes(stamp), { timeoutMs: 15_000 });
  expect(mails).toHaveLength(1);
  expect(mails[0]!.replyTo).toEqual([`ola.${stamp}@example.pl`]);
  expect((await held.list()).filter((message) => message.body.includes(stamp))).toHaveLength(0);
  // Still once when nothing is left to send (support/delivered.ts), not a guessed while later: a second copy, from
  // the request and a deliverer both sending it, would be in the catcher by then.
  await deliveredAll();
  expect((await listMail()).filter((mail) => mail.text.includes(stamp))).toHaveLength(1);
  expect(proofs, "one post, and no other after it").toHaveLength(1);
});
