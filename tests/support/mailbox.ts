import { host, ports } from "../native/config.mjs";

/**
 * Reads the mail catcher's API: MailDev's (native stack) or MailHog's (Compose stack), chosen by probing, so the
 * same tests run against both. Messages come back decoded (encoded-word subjects, quoted-printable bodies).
 */
export interface CaughtMail {
  subject: string;
  from: string[];
  to: string[];
  replyTo: string[];
  text: string;
  messageId: string;
}

const api = (process.env.MAIL_API ?? `http://${host}:${ports.mailUi}`).replace(/\/$/, "");
let kind: "maildev" | "mailhog" | undefined;

async function detect(): Promise<"maildev" | "mailhog"> {
  if (kind) return kind;
  const probe = await fetch(`${api}/api/v2/messages?limit=1`).catch(() => undefined);
  kind = probe?.ok ? "mailhog" : "maildev";
  return kind;
}

export function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as MailHog returns raw headers. */
export function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QBqb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

const addresses = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((part) => decodeEncodedWords(part).match(/<([^>]+)>/)?.[1] ?? decodeEncodedWords(part).trim())
    .filter(Boolean);

interface MailDevMessage {
  subject: string;
  from: { address: string }[];
  to: { address: string }[];
  replyTo?: { address: string }[];
  text: string;
  messageId?: string;
  headers: Record<string, string>;
}

interface MailHogMessage {
  Content: { Headers: Record<string, string[]>; Body: string };
}

/**
 * Every message the catcher holds. A catcher that does not answer for a moment (restarted by a test, or slow on a busy
 * machine) is asked again, twice within two seconds: reading it is how a test looks, not what it tests.
 */
export async function listMail(): Promise<CaughtMail[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readMail();
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

async function readMail(): Promise<CaughtMail[]> {
  if ((await detect()) === "maildev") {
    const messages = (await (await fetch(`${api}/email`)).json()) as MailDevMessage[];
    return messages.map((m) => ({
      subject: m.subject,
      from: m.from.map((a) => a.address),
      to: m.to.map((a) => a.address),
      replyTo: (m.replyTo ?? []).map((a) => a.address),
      text: m.text,
      messageId: (m.messageId ?? m.headers["message-id"] ?? "").replace(/^<|>$/g, ""),
    }));
  }
  const data = (await (await fetch(`${api}/api/v2/messages?limit=1000`)).json()) as { items: MailHogMessage[] };
  return data.items.map(({ Content }) => {
    const header = (name: string) => Content.Headers[name]?.[0];
    const qp = /quoted-printable/i.test(header("Content-Transfer-Encoding") ?? "");
    const b64 = /base64/i.test(header("Content-Transfer-Encoding") ?? "");
    return {
      subject: decodeEncodedWords(header("Subject") ?? ""),
      from: addresses(header("From")),
      to: addresses(header("To")),
      replyTo: addresses(header("Reply-To")),
      text: qp
        ? decodeQuotedPrintable(Content.Body)
        : b64
          ? Buffer.from(Content.Body, "base64").toString("utf8")
          : Content.Body,
      messageId: (header("Message-ID") ?? "").replace(/^<|>$/g, ""),
    };
  });
}

export async function clearMail(): Promise<void> {
  if ((await detect()) === "maildev") await fetch(`${api}/email/all`, { method: "DELETE" });
  else await fetch(`${api}/api/v1/messages`, { method: "DELETE" });
}

/** Waits until the catcher holds mail matching `match` (mail is delivered after the HTTP answer in some setups). */
export async function waitForMail(match: (mail: CaughtMail) => boolean, { count = 1, timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let found: CaughtMail[] = [];
  while (Date.now() < deadline) {
    found = (await listMail().catch(() => [])).filter(match);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  return found;
}
