/**
 * "Nothing more arrives" without waiting a guessed while for the deliverer's next pass: the deliverer is run by
 * hand over every waiting message (as an operator's `deliver.php --now`), again while the running service holds
 * one, until the outbox has none left. Then every message the mailer has accepted is in the catcher, and a count
 * of the mails with a test's stamp is final — however slow the machine. Held messages (no proof of work) are not
 * waiting: they stay held.
 */
import { runDeliverer } from "./stack";

export async function deliveredAll(timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await runDeliverer(["--now"]);
    if (report.left === 0 && report.busy === 0) return;
    if (Date.now() > deadline) throw new Error(`Poczta nie wyszła w ${timeoutMs} ms: ${JSON.stringify(report)}`);
    // The service is sending one right now: its pass ends in a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
