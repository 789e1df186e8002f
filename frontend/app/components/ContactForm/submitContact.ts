/** The contact form's calls to the PHP mailer, and how its answers map to what the visitor sees. */

import type { PageLanguage } from "../../contentModel/languages";
import type { PageWords } from "../../site/words/pl/pages";
import fields from "../../../../mailer/src/contact-fields.json";

export const CONTACT_ENDPOINT = "/send-email.php";

export type ContactField = "name" | "email" | "phone" | "message";
export type ContactValues = Record<ContactField, string>;

/**
 * The fields' Polish labels and longest values: the mailer's own file (its Validator, its pages and its mail read it),
 * so the form's maxLength stops exactly what the mailer would refuse. The form shows the labels of its page's words
 * (site/words/<language>/form.ts), the Polish ones these.
 */
export const CONTACT_FIELDS: Record<ContactField, { label: string; maxLength: number }> = fields;

/**
 * The trap: a field no person sees and no browser's autofill fills (mailer/src/Validator.php, TRAP_FIELD); a bot that
 * fills every field fills it, and its message then waits for a confirmation it never gives.
 */
export const TRAP_FIELD = "pole_kontrolne";

/**
 * The page's language, sent with every post (a hidden field of the form, for the browser's own post too): the mailer
 * answers in it, sends a plain post to the confirmation page in it, and tells the salon (mailer/src/Words.php, FIELD).
 */
export const LANGUAGE_FIELD = "language";

/** What the page itself says where the mailer's answer has no words (post.ts): in the page's language. */
export type PostWords = Pick<PageWords["form"], "tooLong" | "tooMany" | "offline">;

/** The page a post is sent from: its language, and its words for post.ts. */
export interface SentFrom {
  language: PageLanguage;
  says: PostWords;
}

/** The question the mailer asks when a message needs a person's confirmation (no proof of work, or the trap filled). */
export interface Question {
  token: string;
  question: string;
  hint: string;
  /** The box's title and its button (the mailer's own words: its page for a post without JavaScript says the same). */
  title: string;
  submit: string;
  /** Asked again after a wrong or empty answer: what the mailer says is an error. */
  again: boolean;
}

export type ContactResult =
  { ok: true } | { ok: false; detail?: string; fields: Partial<Record<ContactField, string>>; confirm?: Question };

/**
 * Posts the fields as multipart form data, with the proof of work when the page has one. Success is decided by the
 * status alone (any 2xx); the JSON body, when there is one, only adds per-field messages, a detail line, or the
 * question to confirm the message with (428, or 422 after a wrong answer).
 */
export function submitContact(
  values: ContactValues,
  trap: string,
  proof: string | undefined,
  from: SentFrom,
): Promise<ContactResult> {
  const body = new FormData();
  (Object.keys(values) as ContactField[]).forEach((field) => body.append(field, values[field]));
  body.append(TRAP_FIELD, trap);
  body.append(LANGUAGE_FIELD, from.language);
  // The proof of work (proof.ts) goes in a header, not a field: nginx limits posts without one (or with an empty
  // one) site-wide.
  return post(body, proof ?? "", from.says);
}

/** Answers the question of a message the mailer holds for confirmation (in the page's language, as the form did). */
export function confirmContact(token: string, answer: string, from: SentFrom): Promise<ContactResult> {
  const body = new FormData();
  body.append("confirmation", token);
  body.append("answer", answer);
  body.append(LANGUAGE_FIELD, from.language);
  return post(body, "", from.says);
}

/**
 * The post itself and the reading of the mailer's answer (post.ts), loaded on its own: it is not needed before a
 * visitor sends, and the contact page's first load stays within its budget (tests/built/budget.test.ts). The page
 * asks for it as it loads (preloadPost), so a Send never waits for it.
 */
const post = (body: FormData, proof: string, says: PostWords): Promise<ContactResult> =>
  import("./post").then((m) => m.post(CONTACT_ENDPOINT, Object.keys(CONTACT_FIELDS), body, proof, says));

export const preloadPost = (): void => void import("./post").catch(() => undefined);
