/**
 * A visitor on a slow phone fills in and sends the contact form before, while and right after the page hydrates:
 * the page's scripts arrive 0 to 3 s late, the fields are filled at once (autofill) or typed key by key. Whatever
 * the moment, the message arrives exactly once, whole, and the visitor sees it confirmed: in the page (React sent
 * it, with its proof of work) or on the confirmation page (the browser posted it before React had taken the form
 * over: without a proof of work, so the mailer first asks her its question, and sends it once she has answered).
 */
import { expect, test, waitForHydration, type Page } from "../support/test";
import { deliveredAll } from "../support/delivered";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { visitorsMail } from "../support/contactHttp";
import { listMail, waitForMail } from "../support/mailbox";
import { held } from "../support/stack";
import { holdScripts } from "../support/holdScripts";
import { LABEL, answerQuestion } from "../support/confirmation";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration";

const SUCCESS = "Wiadomość została wysłana. Dziękujemy za kontakt!";

exclusiveMailTests();

const hydrated = (page: Page) =>
  page.evaluate((attr) => document.documentElement.hasAttribute(attr), HYDRATED_ATTRIBUTE);

/**
 * Installed before the page loads: `window.__sendWhileHydrating()` clicks the send button at the first moment React
 * has taken hold of the form (its fiber is on the element) but the page has not yet declared itself hydrated.
 * Resolves to what it hit: "during", or "missed" when hydration finished between two looks.
 */
const DURING_HYDRATION = `
window.__sendWhileHydrating = () => new Promise((resolve) => {
  // A message channel, like React's scheduler: one look between any two of its tasks (timers are clamped to 4 ms).
  const channel = new MessageChannel();
  const look = () => {
    const form = document.querySelector("form");
    const done = document.documentElement.hasAttribute(${JSON.stringify(HYDRATED_ATTRIBUTE)});
    const taken = form && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
    if (taken && !done) { form.querySelector('button[type="submit"]').click(); resolve("during"); }
    else if (done) resolve("missed");
    else channel.port2.postMessage(0);
  };
  channel.port1.onmessage = look;
  look();
});`;

interface Message {
  name: string;
  email: string;
  phone: string;
  message: string;
}

const messageFor = (label: string): Message => {
  const stamp = `${label}-${Date.now().toString(36)}`;
  return {
    name: `Hydra ${stamp}`,
    email: `hydra.${Date.now().toString(36)}@example.com`,
    phone: "+48 600 100 200",
    message: `Wiadomość ${stamp}: zażółć gęślą jaźń.`,
  };
};

async function fillAtOnce(page: Page, m: Message) {
  await page.getByLabel(LABEL.name).fill(m.name);
  await page.getByLabel("E-mail").fill(m.email);
  await page.getByLabel("Telefon").fill(m.phone);
  await page.getByLabel("Wiadomość").fill(m.message);
}

async function typeSlowly(page: Page, m: Message) {
  for (const [label, value] of [
    [LABEL.name, m.name],
    ["E-mail", m.email],
    ["Telefon", m.phone],
    ["Wiadomość", m.message],
  ] as const) {
    await page.getByLabel(label).pressSequentially(value, { delay: 25 });
  }
}

/**
 * The message arrived once, whole; the visitor saw it confirmed — the success box and the emptied form, or the
 * confirmation page after she answered the mailer's question (`by`: which one is expected; "either" where the moment
 * decides).
 */
async function expectDeliveredOnce(page: Page, m: Message, by: "page" | "form" | "either" = "either") {
  const inForm = page.getByRole("status").filter({ hasText: SUCCESS });
  const onPage = page.getByRole("heading", { level: 1, name: "Dziękujemy za wiadomość" });
  const asked = page.locator('input[name="answer"]');
  const seen = by === "form" ? inForm : by === "page" ? asked : inForm.or(asked);
  await expect(seen).toBeVisible({ timeout: 20_000 });
  if (await asked.isVisible()) {
    // The browser's own post had no proof of work: nothing is sent, nor is she told it was, until she answers.
    await deliveredAll();
    expect((await listMail()).filter((mail) => visitorsMail(mail) && mail.text.includes(m.message))).toHaveLength(0);
    expect((await held.list()).filter((h) => h.body.includes(m.message))).toHaveLength(1);
    await answerQuestion(page);
    await expect(inForm.or(onPage)).toBeVisible({ timeout: 20_000 });
  }
  if (await inForm.isVisible()) await expect(page.getByLabel("Wiadomość")).toHaveValue("");
  else await expect(page).toHaveURL(/\/kontakt\/wyslano$/);
  const mails = await waitForMail((mail) => visitorsMail(mail) && mail.text.includes(m.message), {
    timeoutMs: 15_000,
  });
  expect(mails).toHaveLength(1);
  expect(mails[0]!.replyTo).toEqual([m.email]);
  expect(mails[0]!.text).toContain(`${LABEL.name}: ${m.name}\n`);
  // The subject names the form, never the visitor (mailer/src/MessageBuilder.php).
  expect(mails[0]!.subject).toMatch(/^Formularz kontaktowy strony: nowa wiadomość \(/);
  expect(mails[0]!.text).toContain(m.phone);
  // Still once when the page has hydrated and all the mailer took has gone out: a held submit replayed after
  // hydration would be among it.
  await waitForHydration(page);
  await deliveredAll();
  expect((await listMail()).filter((mail) => visitorsMail(mail) && mail.text.includes(m.message))).toHaveLength(1);
}

for (const delay of [0, 1500, 3000]) {
  test.describe(`scripts ${delay} ms late`, () => {
    test("autofill and send before the page has hydrated", async ({ page, gotoUnhydrated }) => {
      // With the scripts late, they are also held until the visitor has sent: on a busy machine filling the four
      // fields can take longer than the delay, and React would then take the click (which the tests below cover).
      let sent = () => {};
      const afterSend = new Promise<void>((resolve) => (sent = resolve));
      await holdScripts(page, { ms: delay, until: delay >= 1500 ? afterSend : undefined });
      const m = messageFor(`przed${delay}`);
      await gotoUnhydrated("/kontakt", { waitUntil: "commit" });
      await fillAtOnce(page, m);
      await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      sent();
      // Before hydration the browser posts it itself; with the scripts on time the moment decides.
      await expectDeliveredOnce(page, m, delay >= 1500 ? "page" : "either");
    });

    test("autofill, then send at the moment React takes hold of the form", async ({ page, gotoUnhydrated }) => {
      // With the scripts late, they are also held until the fields are filled and the watch for React's moment is
      // on: on a busy machine filling the four fields can take longer than the delay.
      let filled = () => {};
      const afterFill = new Promise<void>((resolve) => (filled = resolve));
      await holdScripts(page, { ms: delay, until: delay >= 1500 ? afterFill : undefined });
      await page.addInitScript(DURING_HYDRATION);
      const m = messageFor(`w-trakcie${delay}`);
      await gotoUnhydrated("/kontakt", { waitUntil: "commit" });
      await fillAtOnce(page, m);
      type Watched = { __sendWhileHydrating: () => Promise<string>; __moment?: Promise<string> };
      await page.evaluate(() => {
        const w = window as unknown as Watched;
        w.__moment = w.__sendWhileHydrating();
      });
      filled();
      const hit = await page.evaluate(() => (window as unknown as Watched).__moment!);
      test.info().annotations.push({ type: "moment", description: hit });
      // With the scripts late the fields are filled before React arrives, so the moment is always caught.
      if (delay >= 1500) expect(hit, "sent while React was hydrating").toBe("during");
      if (hit === "missed") await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      // React hydrates the form on the spot and its handler sends it (in the page), unless it cannot take the form
      // over at that moment and the browser posts it: either way once.
      await expectDeliveredOnce(page, m);
    });

    test("autofill and send right after the page has hydrated", async ({ page }) => {
      await holdScripts(page, { ms: delay });
      const m = messageFor(`po${delay}`);
      await page.goto("/kontakt"); // returns once hydrated
      await fillAtOnce(page, m);
      await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      await expectDeliveredOnce(page, m, "form");
    });

    test("type key by key while the page hydrates, then send", async ({ page, gotoUnhydrated }) => {
      await holdScripts(page, { ms: delay });
      const m = messageFor(`pisanie${delay}`);
      await gotoUnhydrated("/kontakt", { waitUntil: "commit" });
      const before = !(await hydrated(page));
      await typeSlowly(page, m);
      await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      if (delay >= 1500) expect(before, "typing started before hydration").toBe(true);
      await expectDeliveredOnce(page, m);
    });
  });
}
