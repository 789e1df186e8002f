/**
 * The contact endpoint from the outside, through nginx, with raw HTTP: every rule of the server-side validation and
 * of the abuse limits answers with the right status and a Polish JSON body, nothing that is refused is stored or
 * sent, PHP logs no warning on any of it, and every answer (PHP's JSON and nginx's own errors) carries the
 * security headers. Each request comes from its own loopback address (tests/support/contactHttp.ts), so the real rate limit
 * stays on for the shared stack.
 */
import { expect, test } from "../support/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../native/config.mjs";
import { exclusiveMailTests } from "../support/exclusiveMail";
import {
  multipart,
  nextSourceAddress,
  pool,
  postForm,
  send,
  siteOrigin,
  solvedProof,
  untilLimited,
  urlEncoded,
  validMessage,
  visitorsMail,
  type Fields,
  type Reply,
} from "../support/contactHttp";
import { listMail, waitForMail } from "../support/mailbox";
import { deliveredAll } from "../support/delivered";
import { compose, held, logSince, logSize, outboxSnapshot, waitForEmptyOutbox } from "../support/stack";
import { TRAP_FIELD } from "../support/confirmation";

exclusiveMailTests();

const ERRORS = {
  400: "Nieprawidłowe dane formularza. Odśwież stronę i spróbuj ponownie.",
  403: "Wiadomość można wysłać tylko formularzem z naszej strony.",
  405: "Ten adres przyjmuje tylko wysyłkę formularza metodą POST.",
  413: "Wiadomość jest za duża. Skróć ją i spróbuj ponownie.",
  415: "Nieobsługiwany format danych. Wyślij formularz jako multipart/form-data lub application/x-www-form-urlencoded.",
  422: "Formularz zawiera błędy. Popraw zaznaczone pola i spróbuj ponownie.",
  429: "Wysłano zbyt wiele wiadomości w krótkim czasie. Spróbuj ponownie za kilka minut.",
} as const;

/** The headers nginx must add to every answer, pages and errors alike. */
function expectSecurityHeaders(reply: Reply, label: string) {
  const h = reply.headers;
  expect(h["content-security-policy"], label).toContain("frame-ancestors 'none'");
  expect(h["content-security-policy"], label).toContain("default-src 'self'");
  expect(h["x-content-type-options"], label).toBe("nosniff");
  expect(h["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], label).toContain("camera=()");
  expect(h["x-powered-by"], label).toBeUndefined();
  expect(h["server"], label).toBe("nginx");
}

function expectJsonError(reply: Reply, status: keyof typeof ERRORS, label: string, field?: string) {
  expect(reply.status, `${label}: ${reply.body.slice(0, 200)}`).toBe(status);
  expect(reply.headers["content-type"], label).toMatch(/^application\/json/);
  expect(reply.headers["cache-control"], label).toBe("no-store");
  expectSecurityHeaders(reply, label);
  const body = reply.json as { ok?: unknown; error?: unknown; fields?: Record<string, unknown> };
  expect(body, label).toBeTruthy();
  expect(body.ok, label).toBe(false);
  expect(body.error, label).toBe(ERRORS[status]);
  if (field) {
    expect(Object.keys(body.fields ?? {}), label).toContain(field);
    // A sentence in Polish, beside the field in the form.
    expect(String(body.fields?.[field]), label).toMatch(/^[A-ZŁŚŻ][^\n]{5,}\.$/u);
  }
}

const VALID: Record<string, string> = {
  name: "Anna Kowalska",
  email: "anna@example.com",
  phone: "+48 600 100 200",
  message: "Dzień dobry, chciałabym zapytać o zabieg.",
};
const FIELDS = ["name", "email", "phone", "message"] as const;

/** The valid form with some fields replaced (Buffer: raw bytes) or left out. */
function form(overrides: Record<string, string | Buffer> = {}, drop: string[] = []): Fields {
  const fields: Fields = [];
  for (const name of FIELDS) {
    if (drop.includes(name)) continue;
    fields.push([name, overrides[name] ?? VALID[name]!]);
  }
  fields.push([TRAP_FIELD, ""]);
  return fields;
}

interface Case {
  label: string;
  status: keyof typeof ERRORS;
  field?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
}

const cases: Case[] = [];

/** One rule, sent both as multipart (what the form sends) and urlencoded. */
function both(label: string, fields: Fields, status: keyof typeof ERRORS, field?: string) {
  for (const encoded of [multipart(fields), urlEncoded(fields)]) {
    cases.push({
      label: `${label} (${encoded.contentType.split(";")[0]})`,
      status,
      field,
      body: encoded.body,
      headers: { "Content-Type": encoded.contentType, Origin: siteOrigin },
    });
  }
}
function raw(label: string, body: string, status: keyof typeof ERRORS, field?: string) {
  cases.push({
    label,
    status,
    field,
    body: Buffer.from(body),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteOrigin },
  });
}

// Required fields: missing, empty, blank (ASCII and Unicode spaces).
for (const field of ["name", "email", "message"]) {
  both(`${field} missing`, form({}, [field]), 422, field);
  both(`${field} empty`, form({ [field]: "" }), 422, field);
  both(`${field} only spaces and a tab`, form({ [field]: "  \t " }), 422, field);
  both(`${field} only no-break spaces`, form({ [field]: "\u00a0\u2007\u202f" }), 422, field);
}
// Caps: name 100, e-mail 254, phone 30, message 5000 characters (Polish letters count as one).
both("name of 101 characters", form({ name: "ż".repeat(101) }), 422, "name");
both(
  "e-mail of 256 characters",
  form({ email: `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(5)}.pl` }),
  422,
  "email",
);
both("phone of 31 characters", form({ phone: "1".repeat(31) }), 422, "phone");
both("message of 5001 characters", form({ message: "ą".repeat(5001) }), 422, "message");
// E-mail checked properly.
for (const email of [
  "anna",
  "anna@",
  "@example.com",
  "anna@example",
  "anna example@example.com",
  "anna@@example.com",
  "<anna@example.com>",
  "anna@example.com, ofiara@example.com",
  "anna@example..com",
  "żaneta@example.pl",
  "anna@-example.com",
]) {
  both(`e-mail ${JSON.stringify(email)}`, form({ email }), 422, "email");
}
// Phone: digits, spaces and + - ( ) . only.
for (const phone of ["abc", "600 100 200 wew. 5", "+48 <600>", "600;100", "600_100_200"]) {
  both(`phone ${JSON.stringify(phone)}`, form({ phone }), 422, "phone");
}
// Header injection: CR/LF in every one-line field.
for (const [field, base] of [
  ["name", "Anna"],
  ["email", "anna@example.com"],
  ["phone", "600 100 200"],
] as const) {
  for (const injection of [
    "\r\nBcc: ofiara@example.com",
    "\nCc: ofiara@example.com",
    "\rSubject: spam",
    "\r\n\r\nTreść doklejona",
  ]) {
    both(`${field} with ${JSON.stringify(injection.slice(0, 6))}…`, form({ [field]: base + injection }), 422, field);
  }
}
// Control characters (NUL, ESC, DEL, a NUL-smuggled header in the message) in every field.
for (const field of FIELDS) {
  for (const control of ["\u0000", "\u001b[31m", "\u007f"]) {
    both(
      `${field} with control character ${JSON.stringify(control)}`,
      form({ [field]: `${VALID[field]}${control}` }),
      422,
      field,
    );
  }
}
// Invalid UTF-8 in every field.
for (const field of FIELDS) {
  for (const bytes of [
    [0xc3, 0x28],
    [0xe2, 0x82],
    [0xf0, 0x28, 0x8c, 0xbc],
    [0xc0, 0xaf],
    [0x5a, 0x61, 0xbf, 0xf3, 0xb3, 0xe6],
  ]) {
    const value = Buffer.concat([
      Buffer.from(field === "email" ? "anna" : "1"),
      Buffer.from(bytes),
      Buffer.from(field === "email" ? "@example.com" : ""),
    ]);
    both(`${field} with invalid UTF-8 ${Buffer.from(bytes).toString("hex")}`, form({ [field]: value }), 422, field);
  }
}
// Not text: name[]=x, name[a]=x, a field twice, a file.
for (const field of FIELDS) {
  both(`${field}[] array`, [...form({}, [field]), [`${field}[]`, "x"]], 422, field);
  both(`${field}[a] map`, [...form({}, [field]), [`${field}[a]`, "x"]], 422, field);
  both(`${field} twice`, [...form(), [field, VALID[field]!]], 422, field);
  const boundary = "----WebKitFormBoundaryFile";
  const { body } = multipart(form({}, [field]), boundary);
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`;
  cases.push({
    label: `${field} as a file upload`,
    status: 422,
    field,
    body: Buffer.concat([Buffer.from(file), body]),
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: siteOrigin },
  });
}
// Only POST.
for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
  cases.push({ label: `method ${method}`, method, status: 405, headers: { Origin: siteOrigin } });
}
// Only the two form encodings.
const urlBody = urlEncoded(form()).body;
for (const type of [
  "application/json",
  "text/plain;charset=UTF-8",
  "text/xml",
  "application/xml",
  "multipart/mixed; boundary=x",
  "application/x-www-form-urlencodedx",
  "form-data",
  "multipart/form-data-evil; boundary=x",
]) {
  cases.push({
    label: `content type ${type}`,
    status: 415,
    body: type === "application/json" ? Buffer.from(JSON.stringify(VALID)) : urlBody,
    headers: { "Content-Type": type, Origin: siteOrigin },
  });
}
cases.push({ label: "no content type", status: 415, body: urlBody, headers: { Origin: siteOrigin } });
// Oversized bodies: nginx's JSON 413 (client_max_body_size 64k).
for (const size of [65 * 1024, 100 * 1024, 300 * 1024]) {
  const big = multipart([...form(), ["message", "x".repeat(size)]]);
  cases.push({
    label: `body of ${size} bytes`,
    status: 413,
    body: big.body,
    headers: { "Content-Type": big.contentType, Origin: siteOrigin },
  });
}
cases.push({
  label: "chunked body of 100 KiB",
  status: 413,
  chunked: true,
  body: urlEncoded([["message", "x".repeat(100 * 1024)]]).body,
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteOrigin },
});
cases.push({
  label: "urlencoded body of 70 KiB",
  status: 413,
  body: Buffer.from(`message=${"y".repeat(70 * 1024)}`),
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteOrigin },
});
// Bodies no browser writes: 400.
const good = multipart(form(), "b0undary");
const bad = (label: string, contentType: string, body: string | Buffer) =>
  cases.push({
    label,
    status: 400,
    body: Buffer.from(body),
    headers: { "Content-Type": contentType, Origin: siteOrigin },
  });
bad("multipart without a boundary", "multipart/form-data", good.body);
bad("multipart with another boundary", "multipart/form-data; boundary=other", good.body);
bad("multipart cut short", good.contentType, good.body.subarray(0, good.body.length - 40));
bad("multipart with bare LF", good.contentType, good.body.toString("latin1").replace(/\r\n/g, "\n"));
bad(
  "multipart part without a name",
  good.contentType,
  "--b0undary\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b0undary--\r\n",
);
bad(
  "multipart part without Content-Disposition",
  good.contentType,
  "--b0undary\r\nContent-Type: text/plain\r\n\r\nx\r\n--b0undary--\r\n",
);
bad(
  "multipart with 60 parts",
  "multipart/form-data; boundary=b0undary",
  multipart(
    Array.from({ length: 60 }, (_, i) => [`f${i}`, "x"] as [string, string]),
    "b0undary",
  ).body,
);
bad(
  "multipart boundary of 71 characters",
  `multipart/form-data; boundary=${"b".repeat(71)}`,
  multipart(form(), "b".repeat(71)).body,
);
bad("urlencoded with 60 pairs", "application/x-www-form-urlencoded", "a=1&".repeat(60));
// A header-injection attempt in a part's own headers ends up as an unknown field: the real fields are missing.
raw(
  "urlencoded name of a field with CR/LF",
  `name%0D%0ABcc%3A%20x=Anna&email=anna%40example.com&message=x`,
  422,
  "name",
);
// Posts from other sites' pages.
const port = Number(new URL(siteOrigin).port || 80);
// Same host and port in another scheme is the same site (mailer/src/OriginPolicy.php); another host or port is not.
for (const origin of [
  "https://evil.example",
  "null",
  `http://127.0.0.1:${port + 1}`,
  `http://127.0.0.2:${port}`,
  `${siteOrigin}.evil.example`,
  "http://evil.example:" + port,
]) {
  const { body, contentType } = multipart(form());
  cases.push({
    label: `Origin ${origin}`,
    status: 403,
    body,
    headers: { "Content-Type": contentType, Origin: origin },
  });
}
for (const referer of ["https://evil.example/kontakt", `http://127.0.0.2:${port}/kontakt`]) {
  const { body, contentType } = multipart(form());
  cases.push({
    label: `Referer ${referer} without Origin`,
    status: 403,
    body,
    headers: { "Content-Type": contentType, Referer: referer },
  });
}
// A browser that sends neither Origin nor Referer still says where the post comes from (nginx passes the header on).
for (const site of ["cross-site", "same-site"]) {
  const { body, contentType } = multipart(form());
  cases.push({
    label: `Sec-Fetch-Site ${site} without Origin and Referer`,
    status: 403,
    body,
    headers: { "Content-Type": contentType, "Sec-Fetch-Site": site },
  });
}

test(`${cases.length} malformed requests each get the right 4xx JSON; nothing is stored or sent; PHP logs no warning`, async () => {
  // Behind Docker's port mapping every request reaches nginx from the same address: only with the limit lifted.
  test.setTimeout(120_000);
  expect(cases.length).toBeGreaterThanOrEqual(200);
  if (!compose) await waitForEmptyOutbox();
  const mailBefore = (await listMail()).length;
  const outboxBefore = compose ? [] : outboxSnapshot();
  const logOffset = compose ? 0 : logSize();

  const replies = await pool(cases, 8, (c) =>
    send({
      method: c.method ?? "POST",
      headers: c.headers,
      body: c.body,
      chunked: c.chunked,
      from: nextSourceAddress(),
    }),
  );
  cases.forEach((c, i) => expectJsonError(replies[i]!, c.status, c.label, c.field));
  for (const c of cases.filter((c) => c.status === 405))
    expect(replies[cases.indexOf(c)]!.headers["allow"], c.label).toBe("POST");

  // HEAD: the same 405 without a body; TRACE is refused by nginx itself for every URL, before any location.
  const head = await send({ method: "HEAD", from: nextSourceAddress() });
  expect(head.status).toBe(405);
  expect(head.headers["allow"]).toBe("POST");
  expect(head.headers["content-type"]).toMatch(/^application\/json/);
  expectSecurityHeaders(head, "HEAD");
  const trace = await send({ method: "TRACE", from: nextSourceAddress() });
  expect(trace.status).toBe(405);
  expectSecurityHeaders(trace, "TRACE");

  await deliveredAll();
  expect((await listMail()).length, "no mail sent").toBe(mailBefore);
  if (!compose) {
    expect(outboxSnapshot(), "outbox unchanged").toEqual(outboxBefore);
    const log = logSince(logOffset);
    expect(log, "PHP logged a warning, notice or error").not.toMatch(
      /PHP (Warning|Notice|Fatal|Deprecated|Parse error)/,
    );
    // One line per outcome, with reason codes, and never a visitor's address or words.
    const rejected = log.split("\n").filter((line) => line.includes("contact-form: rejected"));
    expect(rejected.length).toBeGreaterThanOrEqual(cases.filter((c) => c.status !== 413).length);
    expect(log).not.toMatch(/anna@example\.com|Kowalska|ofiara|Dzień dobry/);
    expect(log).toMatch(/contact-form: rejected reason=validation fields=email/);
    expect(log).toMatch(/contact-form: rejected reason=origin/);
    expect(log).toMatch(/contact-form: rejected reason=fetch-site/);
    expect(log).toMatch(/contact-form: rejected reason=content-type/);
    expect(log).toMatch(/contact-form: rejected reason=malformed detail=/);
  }
});

/** A post with neither Origin nor Referer, as curl sends it (with a solved proof of work: a monitor can solve one too). */
async function postWithout(fields: Record<string, string>) {
  const { body, contentType } = multipart(Object.entries(fields));
  const from = nextSourceAddress();
  return send({ body, headers: { "Content-Type": contentType, "X-Contact-Proof": await solvedProof({ from }) }, from });
}

test("a filled trap (a bot, or a browser's autofill) is asked the question: never told sent, never dropped, kept until answered", async () => {
  const stamp = `pulapka${Date.now().toString(36)}`;
  for (const trap of ["https://spam.example", "x\r\nBcc: ofiara@example.com", Buffer.from([0xc3, 0x28])]) {
    const reply = await postForm([...form({ message: `Pytanie ${stamp}` }), [TRAP_FIELD, trap]]);
    expect(reply.status).toBe(428);
    expect(reply.json).toMatchObject({ ok: false, confirm: { question: expect.stringMatching(/^Ile to jest /) } });
  }
  await deliveredAll();
  // Where the daily summary of unconfirmed messages comes every few seconds (Compose's local stage), it may quote
  // them already: that is not her message sent.
  expect(
    (await listMail()).filter((m) => visitorsMail(m) && m.text.includes(stamp)),
    "nothing sent",
  ).toHaveLength(0);
  const mine = (await held.list()).filter((m) => m.body.includes(stamp));
  expect(mine, "each kept for its sender's answer").toHaveLength(3);
  for (const message of mine) expect((await held.run("purge", message.id)).code).toBe(0);
});

test("valid posts: multipart or urlencoded, from the site's origin, its Referer, or a client without either", async () => {
  const token = `ok${Date.now().toString(36)}`;
  const variants = [
    { label: "multipart + Origin", reply: () => postForm(validMessage(`${token}a`)) },
    { label: "urlencoded + Origin", reply: () => postForm(validMessage(`${token}b`), { encoding: "urlencoded" }) },
    {
      label: "Referer only",
      reply: () => postForm(validMessage(`${token}c`), { headers: { Origin: "", Referer: `${siteOrigin}/kontakt` } }),
    },
    // Not a web page (curl, a monitor): allowed, see mailer/src/OriginPolicy.php; it could forge Origin anyway.
    { label: "neither header", reply: () => postWithout(validMessage(`${token}d`)) },
  ];
  for (const variant of variants) {
    const reply = await variant.reply();
    expect(reply.status, variant.label).toBe(200);
    expect(reply.json, variant.label).toEqual({
      ok: true,
      message: "Wiadomość została wysłana. Dziękujemy za kontakt!",
    });
    expect(reply.headers["cache-control"], variant.label).toBe("no-store");
    expectSecurityHeaders(reply, variant.label);
  }
  const mails = await waitForMail((m) => m.text.includes(token), { count: 4 });
  expect(mails.map((m) => m.replyTo[0]).sort()).toEqual(
    ["a", "b", "c", "d"].map((s) => validMessage(`${token}${s}`).email),
  );
  for (const mail of mails) {
    // The form and the time, never the visitor's words (mailer/src/MessageBuilder.php).
    expect(mail.subject).toMatch(/^Formularz kontaktowy strony: nowa wiadomość \(\d{4}-\d\d-\d\d \d\d:\d\d\)$/);
    expect(mail.from).toEqual(["strona@aurea-salon.example"]);
    expect(mail.to).toEqual(["kontakt@aurea-salon.example"]);
    expect(mail.text).toContain("Druga linia — pytanie o zabieg Geneo.");
  }
});

test("a header-injection attempt in the message is only text: one recipient, no Bcc, the line kept in the body", async () => {
  const token = `inj${Date.now().toString(36)}`;
  const reply = await postForm({
    ...validMessage(token),
    message: `Treść ${token}\r\nBcc: ofiara@example.com\r\nTo: ofiara@example.com`,
  });
  expect(reply.status).toBe(200);
  const [mail] = await waitForMail((m) => m.text.includes(token));
  expect(mail).toBeTruthy();
  expect(mail!.to).toEqual(["kontakt@aurea-salon.example"]);
  expect(mail!.text).toContain("Bcc: ofiara@example.com");
  const everyone = (await listMail()).filter((m) => m.text.includes(token));
  expect(everyone).toHaveLength(1);
});

test("the rate limit answers 429 as JSON with Retry-After and the security headers", async () => {
  const from = nextSourceAddress();
  // GETs count too and store nothing: 10r/m with burst 5 lets 6 through at once.
  const replies = await untilLimited(() => send({ method: "GET", from }));
  expect(replies.slice(0, 6).map((r) => r.status)).toEqual([405, 405, 405, 405, 405, 405]);
  const limited = replies.at(-1)!;
  expectJsonError(limited, 429, "429");
  expect(limited.headers["retry-after"]).toBe("60");
});

test("any other .php, composer files, vendor/, dotfiles and the outbox are 404, never source", async () => {
  const paths = [
    "/index.php",
    "/foo.php",
    "/SEND-EMAIL.PHP",
    "/send-email.php/extra",
    "/send-email.phps",
    "/mailer/public/send-email.php",
    "/mailer/src/Config.php",
    "/mailer/bin/deliver.php",
    "/vendor/autoload.php",
    "/mailer/vendor/autoload.php",
    "/vendor/",
    "/composer.json",
    "/composer.lock",
    "/mailer/composer.json",
    "/.env",
    "/.env.example",
    "/.git/config",
    "/.htaccess",
    "/.stack/outbox/",
    "/.stack/log/php.log",
    "/outbox/",
    "/outbox/20250101T000000Z-0123456789abcdef.json",
    "/var/spool/salon-outbox/failed/20250101T000000Z-0123456789abcdef.json",
    "/docker/php/php.ini",
    "/docker-compose.yml",
  ];
  for (const path of paths) {
    const reply = await send({ method: "GET", path, from: nextSourceAddress() });
    expect(reply.status, path).toBe(404);
    expect(reply.body, path).not.toContain("<?php");
    expect(reply.body, path).not.toContain("SMTP_PASS");
    expectSecurityHeaders(reply, path);
  }
});

test("pages carry the security headers too, and nginx hides its version", async () => {
  for (const path of ["/", "/kontakt", "/nie-ma-takiej-strony"]) {
    const reply = await send({ method: "GET", path, from: nextSourceAddress() });
    expectSecurityHeaders(reply, path);
  }
});

test("PHP announces nothing and prints no errors: expose_php and display_errors off in the one php.ini and php-fpm.conf", async () => {
  // The same two files configure the php image and the native stack (docker/php/).
  const ini = readFileSync(join(root, "docker/php/php.ini"), "utf8");
  const pool = readFileSync(join(root, "docker/php/php-fpm.conf"), "utf8");
  expect(ini).toMatch(/^expose_php = Off$/m);
  expect(ini).toMatch(/^display_errors = Off$/m);
  expect(ini).toMatch(/^display_startup_errors = Off$/m);
  expect(ini).toMatch(/^enable_post_data_reading = Off$/m);
  expect(pool).toMatch(/^php_admin_value\[display_errors\] = Off$/m);
  // And live: no X-Powered-By on PHP's own answers (checked on every reply above too).
  const reply = await send({ method: "GET", from: nextSourceAddress() });
  expect(reply.status).toBe(405);
  expect(reply.headers["x-powered-by"]).toBeUndefined();
  expect(reply.body.startsWith("{")).toBe(true);
});
