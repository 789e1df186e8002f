/**
 * Raw HTTP for the mailer's tests and benchmark: Node's http module, so every byte of a request can be chosen
 * (invalid UTF-8, bare CR/LF in bodies, odd methods, no Origin) and each request can come from its own loopback
 * address. nginx limits /send-email.php per client address (10r/m, burst 5); all end-to-end tests share one stack
 * with that real limit, so a test that posts many times gives each request its own 127.x.y.z source address
 * (nginx listens on 127.0.0.1 and Linux accepts any 127/8 source) instead of lifting the limit.
 *
 * Against the Compose stack (STACK=compose) every connection reaches nginx (or, in production, Caddy) from the
 * Docker network's gateway, as it would from a reverse proxy in front; tests/compose/run.sh has the stack believe
 * that gateway (TEST_PROXY_ADDRESS), and the same source address goes in X-Forwarded-For, as the proxy would write it.
 * Over HTTPS (the test run's production) the front's certificate is verified against Pebble's root (TEST_TLS_CA).
 */
import { createHash } from "node:crypto";
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { host, ports } from "../native/config.mjs";
import { resolveTestHosts, testTlsCa } from "./testHosts.ts";
import { LABEL } from "./confirmation.ts";

resolveTestHosts();

// Unset, the native stack the Playwright config starts, on its ports (NGINX_PORT moves it).
export const siteUrl = (process.env.SITE_URL ?? `http://${host}:${ports.web}`).replace(/\/$/, "");
export const siteOrigin = new URL(siteUrl).origin;
const behindProxy = process.env.STACK === "compose";

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  ms: number;
}

export interface SendOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string | number>;
  body?: Buffer | string;
  /** Source address; see nextSourceAddress(). */
  from?: string;
  /** Send the body with Transfer-Encoding: chunked instead of Content-Length. */
  chunked?: boolean;
  agent?: Agent;
  base?: string;
  timeoutMs?: number;
}

export function send(options: SendOptions = {}): Promise<Reply> {
  const url = new URL(options.path ?? "/send-email.php", options.base ?? siteUrl);
  const body =
    options.body === undefined
      ? undefined
      : Buffer.isBuffer(options.body)
        ? options.body
        : Buffer.from(options.body, "utf8");
  const headers: Record<string, string | number> = { ...options.headers };
  const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  if (body && !options.chunked && !has("content-length")) headers["Content-Length"] = body.length;
  if (behindProxy && options.from && !has("x-forwarded-for")) headers["X-Forwarded-For"] = options.from;
  const started = performance.now();
  const https = url.protocol === "https:";
  const request = https ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        ...(https ? { servername: url.hostname, ca: testTlsCa } : {}),
        path: url.pathname + url.search,
        method: options.method ?? "POST",
        headers,
        localAddress: options.from,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json,
            ms: performance.now() - started,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${options.method ?? "POST"} ${url}`)));
    req.on("error", reject);
    if (body) req.end(body);
    else req.end();
  });
}

// 127.<a>.<b>.<c>: <a> random per process, so two runs against one stack (or two test files) do not share buckets.
const firstOctet = 2 + Math.floor(Math.random() * 250);
let counter = 0;
export function nextSourceAddress(): string {
  const n = counter++;
  return `127.${firstOctet}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/**
 * One client's requests, one after another, until nginx's per-client limit answers 429 (burst 5 at 10r/m, then the
 * rate) or `max` have gone: the replies in order, the 429 last. Stopping at the first 429 keeps what follows (her own
 * post) inside the same empty bucket however slow the machine: it refills one request every 6 s.
 */
export async function untilLimited(request: () => Promise<Reply>, max = 12): Promise<Reply[]> {
  const replies: Reply[] = [];
  while (replies.at(-1)?.status !== 429 && replies.length < max) replies.push(await request());
  return replies;
}

export type Fields = [name: string, value: string | Buffer][];

/** A multipart body as Chromium writes it (CRLF, one part per field); values are raw bytes. */
export function multipart(
  fields: Fields,
  boundary = `----WebKitFormBoundary${Math.random().toString(36).slice(2, 18)}`,
) {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`, "utf8"));
    parts.push(Buffer.isBuffer(value) ? value : Buffer.from(value, "utf8"));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** application/x-www-form-urlencoded with every byte of the values percent-encoded (so invalid UTF-8 stays invalid). */
export function urlEncoded(fields: Fields) {
  const encode = (value: string | Buffer) =>
    [...(Buffer.isBuffer(value) ? value : Buffer.from(value, "utf8"))]
      .map((byte) => `%${byte.toString(16).padStart(2, "0")}`)
      .join("");
  return {
    body: Buffer.from(fields.map(([name, value]) => `${encodeURIComponent(name)}=${encode(value)}`).join("&")),
    contentType: "application/x-www-form-urlencoded",
  };
}

/**
 * Not one of the site's own mails to the salon (mailer/src/SalonNotices.php: the digest of held messages and the
 * notice of failed ones), which quote visitors' messages. A test that counts a visitor's mails leaves those out: a
 * digest may go at its hour in the middle of a run.
 */
export const visitorsMail = (mail: { subject: string }) => !mail.subject.startsWith("Formularz kontaktowy: ");

/** The visitor's mail of validMessage(token): known by the name line of its text (the subject names the form only). */
export const mailOf = (token: string) => (mail: { subject: string; text: string }) =>
  visitorsMail(mail) && mail.text.includes(`${LABEL.name}: ${validMessage(token).name}\n`);

/** A valid contact message carrying a unique token, so each mail can be found in the catcher. */
export function validMessage(token: string) {
  return {
    name: `Zażółć Gęślą ${token}`,
    email: `klientka.${token}@example.com`,
    phone: "+48 600 100 200",
    message: `Dzień dobry, zażółć gęślą jaźń „${token}”.\r\nDruga linia — pytanie o zabieg Geneo.`,
  };
}

/**
 * A solved proof of work for one post, as the page's script makes it (frontend/app/components/ContactForm/proof.ts):
 * a challenge from GET /contact-challenge (asked from `from`, under the same per-client limit), solved here.
 */
export async function solvedProof(options: Pick<SendOptions, "from" | "base"> = {}): Promise<string> {
  const reply = await send({
    ...options,
    method: "GET",
    path: "/contact-challenge",
    headers: { Accept: "application/json" },
  });
  if (reply.status !== 200) throw new Error(`GET /contact-challenge: ${reply.status} ${reply.body.slice(0, 200)}`);
  const c = reply.json as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  for (let number = 0; number <= c.maxnumber; number++) {
    if (
      createHash("sha256")
        .update(c.salt + number)
        .digest("hex") === c.challenge
    ) {
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString("base64");
    }
  }
  throw new Error("GET /contact-challenge: no solution up to maxnumber");
}

/**
 * Posts a form from the site's own origin (as the browser does) from its own source address, with a solved proof of
 * work as the page's script sends it; `proof: false` posts without one, as a script or a browser without
 * JavaScript does (the mailer then keeps the message and asks its question: 428).
 */
export async function postForm(
  fields: Fields | Record<string, string>,
  options: SendOptions & { encoding?: "multipart" | "urlencoded"; proof?: boolean } = {},
) {
  const list: Fields = Array.isArray(fields) ? fields : Object.entries(fields);
  const { body, contentType } = options.encoding === "urlencoded" ? urlEncoded(list) : multipart(list);
  const from = options.from ?? nextSourceAddress();
  const proof: Record<string, string> =
    options.proof === false ? {} : { "X-Contact-Proof": await solvedProof({ from, base: options.base }) };
  return send({
    ...options,
    body,
    from,
    headers: {
      "Content-Type": contentType,
      Origin: siteOrigin,
      Accept: "application/json",
      ...proof,
      ...options.headers,
    },
  });
}

/** Runs `work` over `items` with at most `concurrency` at a time; results in input order. */
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(runners);
  return results;
}

export interface HealthJson {
  status?: string;
  problems?: string[];
}

/**
 * GET /health as an uptime monitor asks it, each time as another client (it is limited per client), every `everyMs`
 * until it answers `status` and `until` accepts its JSON, or the time is up: the last answer is returned.
 */
export async function healthUntil(
  status: number,
  options: { base?: string; until?: (json: HealthJson) => boolean; timeoutMs?: number; everyMs?: number } = {},
): Promise<Reply> {
  const { base, until = () => true, timeoutMs = 90_000, everyMs = 1000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await send({ method: "GET", base, path: "/health", from: nextSourceAddress() });
    if ((reply.status === status && until(reply.json ?? {})) || Date.now() > deadline) return reply;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
