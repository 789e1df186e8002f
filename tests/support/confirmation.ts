/**
 * The contact form as the tests fill it: its labels (the mailer's file, which the form and the mailer read), and the
 * answer a person gives to the question the mailer asks when a message needs her confirmation (no proof of work, or
 * the trap filled: mailer/src/Confirmation.php).
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

type Field = "name" | "email" | "phone" | "message";

const fields = JSON.parse(
  readFileSync(new URL("../../mailer/src/contact-fields.json", import.meta.url), "utf8"),
) as Record<Field, { label: string; maxLength: number }>;

/** Each field's label, as the form shows it and the mail to the salon names it. */
export const LABEL = Object.fromEntries(Object.entries(fields).map(([f, spec]) => [f, spec.label])) as Record<
  Field,
  string
>;

/** The trap's name (mailer/src/Validator.php TRAP_FIELD). */
export const TRAP_FIELD = "pole_kontrolne";

/** The numbers the mailer asks about, in the words of each of the site's languages (mailer/src/Words.php). */
const NUMBERS: Record<string, number> = {
  ...{ jeden: 1, dwa: 2, trzy: 3, cztery: 4, pięć: 5 },
  ...{ один: 1, два: 2, три: 3, чотири: 4, "п’ять": 5 },
  ...{ one: 1, two: 2, three: 3, four: 4, five: 5 },
};

/** The answer to "Ile to jest trzy plus cztery?" (or "Скільки буде …", "What is …"): what any person types. */
export function answerTo(question: string): string {
  const m = /^(?:Ile to jest|Скільки буде|What is) (\S+) (?:plus|плюс) (\S+)\?$/u.exec(question.trim());
  if (!m || !(m[1]! in NUMBERS) || !(m[2]! in NUMBERS)) throw new Error(`not the mailer's question: ${question}`);
  return String(NUMBERS[m[1]!]! + NUMBERS[m[2]!]!);
}

/** The question on the page now (the mailer's page, or the box under the form), by the label of its answer field. */
export async function questionOn(page: Page): Promise<string> {
  const input = page.locator('input[name="answer"]');
  await input.waitFor();
  const id = await input.getAttribute("id");
  return ((await page.locator(`label[for="${id}"]`).textContent()) ?? "").trim();
}

/**
 * Answers the question on the page, rightly or (wrong: true) not, and sends the answer with the page's button (named
 * in its language); returns the question.
 */
export async function answerQuestion(
  page: Page,
  { wrong = false, button = "Potwierdź i wyślij" } = {},
): Promise<string> {
  const question = await questionOn(page);
  const right = answerTo(question);
  await page.locator('input[name="answer"]').fill(wrong ? String(Number(right) + 1) : right);
  await page.getByRole("button", { name: button }).click();
  return question;
}
