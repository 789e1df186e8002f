/**
 * The contact form's post to the PHP mailer and how its answer maps to what the visitor sees (submitContact.ts loads
 * it). Only types come from submitContact.ts: a module this chunk and the page's own both imported would be bundled
 * with the code every page loads (vite.config.ts, the "app" group).
 */
import type { ContactField, ContactResult, PostWords, Question } from "./submitContact";

/**
 * Posts a form body to the mailer and reads its answer: the fields it names among `fields`, a detail, a question.
 * `says`: the page's own words, in its language, for an answer without the mailer's words (passed in, not imported:
 * see above).
 */
export async function post(
  endpoint: string,
  fields: readonly string[],
  body: FormData,
  proof: string,
  says: PostWords,
): Promise<ContactResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      body,
      headers: { Accept: "application/json", "X-Contact-Proof": proof },
    });
  } catch {
    return { ok: false, detail: says.offline, fields: {} };
  }
  if (response.ok) return { ok: true };
  let named: Partial<Record<ContactField, string>> = {};
  // Mostly nginx's own refusals, which come before the mailer (and its words in the page's language).
  const statusDetail: Partial<Record<number, string>> = { 413: says.tooLong, 429: says.tooMany };
  let detail = statusDetail[response.status];
  let confirm: Question | undefined;
  try {
    const data = (await response.json()) as { fields?: Record<string, unknown>; error?: unknown; confirm?: unknown };
    if (data.fields && typeof data.fields === "object") {
      named = Object.fromEntries(
        Object.entries(data.fields).filter(
          (entry): entry is [ContactField, string] => fields.includes(entry[0]) && typeof entry[1] === "string",
        ),
      );
    }
    if (!detail && response.status < 500 && typeof data.error === "string") detail = data.error;
    confirm = questionIn(data.confirm, response.status === 422);
  } catch {
    // Not JSON (a proxy's error page): the red box alone says enough.
  }
  return { ok: false, detail, fields: named, ...(confirm ? { confirm } : {}) };
}

function questionIn(value: unknown, again: boolean): Question | undefined {
  const asked = value as Omit<Question, "again"> | undefined;
  return typeof asked?.token === "string" && typeof asked.question === "string" ? { ...asked, again } : undefined;
}
