/** The contact form's call to the PHP mailer, and how its answers map to what the visitor sees. */

import limits from "../../../../mailer/src/contact-limits.json";

export const CONTACT_ENDPOINT = "/send-email.php";

export type ContactField = "name" | "email" | "phone" | "message";
export type ContactValues = Record<ContactField, string>;

/**
 * The fields' longest values: the mailer's own file (its Validator reads it), so the form's maxLength stops exactly
 * what the mailer would refuse.
 */
export const CONTACT_LIMITS: Record<ContactField, number> = limits;

export type ContactResult =
  { ok: true } | { ok: false; detail?: string; fields: Partial<Record<ContactField, string>> };

const statusDetail: Record<number, string> = {
  413: "Wiadomość jest zbyt długa. Skróć ją i wyślij ponownie.",
  429: "Wysłano zbyt wiele wiadomości w krótkim czasie. Spróbuj ponownie za kilka minut.",
};

/**
 * Posts the fields as multipart form data, with the proof of work when the page has one. Success is decided by the status alone (any 2xx); the JSON
 * body, when there is one, only adds per-field messages and a detail line.
 */
export async function submitContact(values: ContactValues, honeypot = "", proof?: string): Promise<ContactResult> {
  const body = new FormData();
  (Object.keys(values) as ContactField[]).forEach((field) => body.append(field, values[field]));
  body.append("website", honeypot);
  let response: Response;
  try {
    // The proof of work (proof.ts) goes in a header, not a field: nginx limits posts without one (or with an empty
    // one) site-wide.
    response = await fetch(CONTACT_ENDPOINT, {
      method: "POST",
      body,
      headers: { Accept: "application/json", "X-Contact-Proof": proof ?? "" },
    });
  } catch {
    return { ok: false, detail: "Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.", fields: {} };
  }
  if (response.ok) return { ok: true };
  let fields: Partial<Record<ContactField, string>> = {};
  let detail = statusDetail[response.status];
  try {
    const data = (await response.json()) as { fields?: Record<string, unknown>; error?: unknown };
    if (data.fields && typeof data.fields === "object") {
      fields = Object.fromEntries(
        Object.entries(data.fields).filter(
          (entry): entry is [ContactField, string] => entry[0] in CONTACT_LIMITS && typeof entry[1] === "string",
        ),
      );
    }
    if (!detail && response.status < 500 && typeof data.error === "string") detail = data.error;
  } catch {
    // Not JSON (a proxy's error page): the red box alone says enough.
  }
  return { ok: false, detail, fields };
}
