import { expect, test, waitForHydration, type Page } from "../support/test";
import { chmodSync, statSync } from "node:fs";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { listMail, waitForMail } from "../support/mailbox";
import { deliveredAll } from "../support/delivered";
import { nextSourceAddress } from "../support/contactHttp";
import { LABEL, TRAP_FIELD, answerQuestion } from "../support/confirmation";
import { PROOF_MARKS } from "../../frontend/app/components/ContactForm/useProofOfWork";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration";
import { holdScripts } from "../support/holdScripts";
import {
  compose,
  held,
  outboxDir,
  outboxFiles,
  runDeliverer,
  startCatcher,
  stopCatcher,
  waitForEmptyOutbox,
} from "../support/stack";

const SUCCESS = "Wiadomość została wysłana. Dziękujemy za kontakt!";
const SENDING = "Wysyłanie…";
const FAILURE = "Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.";

// These tests share the one mail catcher and outbox with the mailer's tests: one at a time (tests/support/exclusiveMail.ts).
exclusiveMailTests();

async function fillForm(page: Page, values: { name: string; email: string; phone: string; message: string }) {
  await page.getByLabel(LABEL.name).fill(values.name);
  await page.getByLabel("E-mail").fill(values.email);
  await page.getByLabel("Telefon").fill(values.phone);
  await page.getByLabel("Wiadomość").fill(values.message);
}

test("a message with Polish letters reaches the catcher once, intact, from the site to the salon", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const values = {
    name: `Zażółć Gęślą ${stamp}`,
    email: `klientka.${stamp}@example.com`,
    phone: "+48 600 100 200",
    message: `Zażółć gęślą jaźń\nDzień dobry, chciałabym zapytać o zabieg Geneo. ${stamp}`,
  };
  await page.goto("/kontakt");
  await fillForm(page, values);
  const submit = page.getByRole("button", { name: "Wyślij wiadomość" });
  await submit.click();
  await expect(page.getByRole("status")).toHaveText(SUCCESS);
  await expect(page.getByLabel(LABEL.name)).toHaveValue("");
  await expect(page.getByLabel("Wiadomość")).toHaveValue("");

  const mails = await waitForMail((m) => m.text.includes(stamp));
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.from).toEqual(["strona@aurea-salon.example"]);
  expect(mail.to).toEqual(["kontakt@aurea-salon.example"]);
  expect(mail.replyTo).toEqual([values.email]);
  // The subject names the form, never the visitor (mailer/src/MessageBuilder.php).
  expect(mail.subject).toMatch(/^Formularz kontaktowy strony: nowa wiadomość \(/);
  expect(mail.subject).not.toContain(values.name);
  expect(mail.text).toContain("Zażółć gęślą jaźń");
  expect(mail.text).toContain(values.phone);
  expect(mail.text).toContain(values.email);
  expect(mail.text).toContain(values.name);
  // Still exactly once when everything the mailer took has gone out: nothing is sent twice.
  await deliveredAll();
  expect((await listMail()).filter((m) => m.text.includes(stamp))).toHaveLength(1);
});

test("a message sent before the page has hydrated is posted by the browser itself: she answers the mailer's question (no proof of work yet), is told it was sent, and it arrives once", async ({
  page,
  gotoUnhydrated,
}) => {
  // Scripts are held back, as on a slow network: the painted form is there before React is.
  const releaseScripts = await holdScripts(page);
  const stamp = Date.now().toString(36);
  await gotoUnhydrated("/kontakt", { waitUntil: "domcontentloaded" });
  await fillForm(page, {
    name: `Wczesna ${stamp}`,
    email: `wczesna.${stamp}@example.com`,
    phone: "",
    message: `Wysłane przed hydratacją ${stamp}`,
  });
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  // Not held until the scripts come: the browser posts it, and without the page's proof of work the mailer asks.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Potwierdź wysłanie wiadomości");
  await deliveredAll();
  expect(
    (await listMail()).filter((m) => m.text.includes(stamp)),
    "not sent before she answered",
  ).toHaveLength(0);
  await answerQuestion(page);
  await expect(page).toHaveURL(/\/kontakt\/wyslano$/);
  await expect(page.getByText(SUCCESS)).toBeVisible();
  releaseScripts();
  const mails = await waitForMail((m) => m.text.includes(stamp));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain(`Wysłane przed hydratacją ${stamp}`);
  expect(mails[0]!.replyTo).toEqual([`wczesna.${stamp}@example.com`]);
  expect((await held.list()).filter((m) => m.body.includes(stamp))).toHaveLength(0);
  // Still once after the scripts arrived and took the confirmation page over: nothing sends it again.
  await waitForHydration(page);
  await deliveredAll();
  expect((await listMail()).filter((m) => m.text.includes(stamp))).toHaveLength(1);
});

test("the proof of work starts from the page's HTML: solved while the page's scripts are still on their way, it goes with her post, and one challenge is asked", async ({
  page,
  gotoUnhydrated,
}) => {
  // Every script of the site held back but the proof's worker, as on a slow network where the modules come late.
  const releaseScripts = await holdScripts(page, { except: /\/proofWorker-[^/]+\.js$/ });
  const challenges: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/contact-challenge") challenges.push(r.method());
  });
  await gotoUnhydrated("/kontakt", { waitUntil: "domcontentloaded" });
  await page.waitForFunction((ready) => performance.getEntriesByName(ready).length > 0, PROOF_MARKS.ready, {
    timeout: 20_000,
  });
  expect(await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).count(), "solved before the page's scripts came").toBe(0);
  releaseScripts();
  await waitForHydration(page);
  const stamp = `wczesny${Date.now().toString(36)}`;
  await fillForm(page, { name: "Ola", email: `ola.${stamp}@example.com`, phone: "", message: `Dowód ${stamp}` });
  const post = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/send-email.php");
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  expect((await post).headers()["x-contact-proof"], "the post carries the proof").toBeTruthy();
  await expect(page.getByRole("status")).toHaveText(SUCCESS);
  expect(challenges, "one challenge: the page's form took over the one its HTML asked for").toEqual(["GET"]);
  expect(await waitForMail((m) => m.text.includes(stamp))).toHaveLength(1);
});

test("when the page cannot make its proof of work, she answers the question in place and the message is sent once", async ({
  page,
}) => {
  // The challenge never comes (a proxy drops it): the solver fails twice, the post goes without a proof.
  await page.route("**/contact-challenge", (route) => route.abort());
  const stamp = `pytanie${Date.now().toString(36)}`;
  await page.goto("/kontakt");
  await fillForm(page, { name: "Ola", email: `ola.${stamp}@example.com`, phone: "", message: `Pytanie ${stamp}` });
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  await expect(page.locator('input[name="answer"]')).toBeFocused();
  await expect(page.getByRole("status")).toHaveCount(0);
  await answerQuestion(page, { wrong: true });
  await expect(page.locator('input[name="answer"]')).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(LABEL.message)).toHaveValue(`Pytanie ${stamp}`);
  await answerQuestion(page);
  await expect(page.getByRole("status")).toHaveText(SUCCESS);
  await expect(page.getByLabel(LABEL.message)).toHaveValue("");
  expect(await waitForMail((m) => m.text.includes(stamp))).toHaveLength(1);
  await deliveredAll();
  expect((await listMail()).filter((m) => m.text.includes(stamp))).toHaveLength(1);
});

test("the trap is not displayed, so no browser's autofill fills it, and no person or screen reader meets it", async ({
  page,
}) => {
  await page.goto("/kontakt");
  const trap = page.locator(`input[name="${TRAP_FIELD}"]`);
  await expect(trap).toHaveCount(1);
  expect(await trap.evaluate((el) => getComputedStyle(el.parentElement!).display)).toBe("none");
  expect(await trap.evaluate((el) => el.checkVisibility())).toBe(false);
  await expect(trap).toHaveAttribute("autocomplete", "off");
});

test("while sending, the button is disabled and says 'Wysyłanie…'", async ({ page }) => {
  await page.goto("/kontakt");
  await fillForm(page, { name: "Anna Test", email: "anna@example.com", phone: "", message: "Pytanie o cennik." });
  // Hold the request so the sending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/send-email.php", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  const sending = page.getByRole("button", { name: SENDING });
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByRole("status")).toHaveText(SUCCESS);
});

test("with the mail catcher stopped, the message is kept: the visitor sees success, and it arrives once the catcher is back and the deliverer runs", async ({
  page,
}) => {
  test.skip(compose && !process.env.DOCKER_HOST_CONTROL, "needs control over the Compose stack");
  const stamp = `outbox${Date.now().toString(36)}`;
  await stopCatcher();
  try {
    await page.goto("/kontakt");
    await fillForm(page, {
      name: "Ewa Czekająca",
      email: "ewa@example.com",
      phone: "",
      message: `Ta wiadomość poczeka w skrzynce. ${stamp}`,
    });
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(page.getByRole("status")).toHaveText(SUCCESS);
    await expect(page.getByLabel("Wiadomość")).toHaveValue("");
    if (!compose) expect(outboxFiles().filter((file) => file.body.includes(stamp))).toHaveLength(1);
  } finally {
    await startCatcher();
  }
  await runDeliverer(["--now"]);
  const mails = await waitForMail((m) => m.text.includes(stamp), { timeoutMs: 15_000 });
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain(`Ta wiadomość poczeka w skrzynce. ${stamp}`);
});

test("if the message cannot be stored, the visitor sees the red error box and keeps what she wrote; nothing is sent", async ({
  page,
}) => {
  test.skip(compose, "needs the native stack's outbox folder");
  await waitForEmptyOutbox();
  const stamp = `nostore${Date.now().toString(36)}`;
  const mode = statSync(outboxDir).mode & 0o777;
  // PHP-FPM's workers (www-data, or the same user when not root) can no longer create files in it.
  chmodSync(outboxDir, 0o555);
  try {
    await page.goto("/kontakt");
    await fillForm(page, {
      name: "Ewa Błąd",
      email: "ewa@example.com",
      phone: "",
      message: `Ta wiadomość nie dojdzie. ${stamp}`,
    });
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(FAILURE);
    await expect(page.getByRole("status")).toHaveCount(0);
    await expect(page.getByLabel("Wiadomość")).toHaveValue(`Ta wiadomość nie dojdzie. ${stamp}`);
    await expect(page.getByLabel(LABEL.name)).toHaveValue("Ewa Błąd");
    await expect(page.getByRole("button", { name: "Wyślij wiadomość" })).toBeEnabled();
  } finally {
    chmodSync(outboxDir, mode);
  }
  await deliveredAll();
  expect((await listMail()).filter((m) => m.text.includes(stamp))).toHaveLength(0);
});

test("the server's Polish message for a field appears beside that field, with the red box", async ({ page }) => {
  await page.goto("/kontakt");
  // type="tel" lets letters through in the browser; the server refuses them.
  await fillForm(page, {
    name: "Anna Test",
    email: "anna@example.com",
    phone: "600 abc 200",
    message: "Pytanie o cennik.",
  });
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  await expect(page.getByRole("alert")).toContainText(FAILURE);
  const phone = page.getByLabel("Telefon");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription("Numer telefonu może zawierać tylko cyfry, spacje i znaki + - ( ).");
  await expect(page.getByLabel("Wiadomość")).toHaveValue("Pytanie o cennik.");
});

test("the browser's own checks stop an empty or wrong form: nothing is posted until the form is right", async ({
  page,
}) => {
  await page.goto("/kontakt");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/send-email.php")
      posts.push(request.postData() ?? "");
  });
  const send = page.getByRole("button", { name: "Wyślij wiadomość" });
  const name = page.getByLabel(LABEL.name);

  // Empty: the browser stops it at the first required field, which it marks and focuses.
  await send.click();
  await expect(name).toBeFocused();
  expect(await name.evaluate((el: HTMLInputElement) => el.validity.valueMissing && el.validationMessage !== "")).toBe(
    true,
  );
  expect(
    await page.locator("form#formularz-kontaktowy").evaluate((form: HTMLFormElement) => form.checkValidity()),
  ).toBe(false);

  // A name, but an address that is not one: stopped at the e-mail field.
  await name.fill("Anna Test");
  await page.getByLabel("E-mail").fill("anna(at)example");
  await send.click();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  expect(await page.getByLabel("E-mail").evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  await expect(page.getByLabel("Wiadomość")).toHaveAttribute("rows", "6");
  await expect(page.getByRole("status")).toHaveCount(0);

  // Made right, it is posted — once: the two stopped attempts sent nothing before it.
  const stamp = `sprawdzenie${Date.now().toString(36)}`;
  await page.getByLabel("E-mail").fill("anna@example.com");
  await page.getByLabel("Wiadomość").fill(`Pytanie o cennik. ${stamp}`);
  const posted = page.waitForResponse((response) => new URL(response.url()).pathname === "/send-email.php");
  await send.click();
  expect((await posted).status()).toBe(200);
  await expect(page.getByRole("status")).toHaveText(SUCCESS);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toContain(stamp);
  expect(await waitForMail((m) => m.text.includes(stamp))).toHaveLength(1);
});

test("the form's maxLength is the mailer's limit: a field at its maxLength passes the mailer, one character more is refused", async ({
  page,
  request,
}) => {
  await page.goto("/kontakt");
  const maxLength = async (label: string) => Number(await page.getByLabel(label).getAttribute("maxlength"));
  const limits = {
    name: await maxLength(LABEL.name),
    email: await maxLength("E-mail"),
    phone: await maxLength("Telefon"),
    message: await maxLength("Wiadomość"),
  };
  /** An address of exactly `length` characters: 64 for the local part, then labels of at most 63 and ".pl". */
  const address = (length: number) => `${"a".repeat(64)}@${`${"x".repeat(62)}.`.repeat(5).slice(0, length - 68)}.pl`;
  const values = (length: (limit: number) => number) => ({
    name: "a".repeat(length(limits.name)),
    email: address(length(limits.email)),
    phone: "1".repeat(length(limits.phone)),
    message: "",
  });
  // The message left empty keeps every post from being sent: the mailer answers 422 and names the fields it refused.
  const refused = async (fields: Record<string, string>) => {
    const response = await request.post("/send-email.php", {
      multipart: { ...fields, [TRAP_FIELD]: "" },
      headers: { Accept: "application/json", "X-Forwarded-For": nextSourceAddress() },
    });
    expect(response.status()).toBe(422);
    return Object.keys(((await response.json()) as { fields: Record<string, string> }).fields).sort();
  };
  expect(await refused({ ...values((limit) => limit), message: "" })).toEqual(["message"]);
  expect(await refused({ ...values((limit) => limit + 1), message: "" })).toEqual([
    "email",
    "message",
    "name",
    "phone",
  ]);
  expect(await refused({ name: "", email: "", message: "a".repeat(limits.message) })).toEqual(["email", "name"]);
  expect(await refused({ name: "", email: "", message: "a".repeat(limits.message + 1) })).toEqual([
    "email",
    "message",
    "name",
  ]);
});
