/**
 * The contact form when its script does not run: JavaScript turned off, or every module script blocked (an
 * extension, a proxy, a lost file). The browser then posts the form itself and the mailer answers with pages: without
 * the page's proof of work she is asked one question (docs/abuse.md), and only once she has answered it is she told
 * "sent" and the message arrives (confirmation.spec.ts: wrong answers, the trap, bots); her name, address, phone
 * and message appear in no URL, no Referer and no line of nginx's access log. Refusals come as Polish pages that say
 * what to fix, and the browser's Back returns to the filled form.
 *
 * Written against what a visitor's browser does, not against how the page loads today: "the page's data" is every
 * fetch the page makes, "module scripts" every script request.
 */
import { chmodSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "../support/test";
import type { Browser, BrowserContext, Request } from "@playwright/test";
import { exclusiveMailTests } from "../support/exclusiveMail";
import { nextSourceAddress, send, siteOrigin, untilLimited, urlEncoded, visitorsMail } from "../support/contactHttp";
import { listMail, waitForMail } from "../support/mailbox";
import { deliveredAll } from "../support/delivered";
import { accessLog, compose, held, outboxDir } from "../support/stack";
import { LABEL, answerQuestion } from "../support/confirmation";
import { pageDictionaries } from "../support/frameWords";
import { translatedText } from "../support/translated";
import { ownPaths } from "../support/routes";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration";

exclusiveMailTests();

const SUCCESS = "Wiadomość została wysłana. Dziękujemy za kontakt!";
/** Where the mailer sends a browser's own post once stored (the route table's confirmation page). */
const [SENT_PAGE] = ownPaths;
const REFUSED = "Wiadomość nie została wysłana";
const BACK_HINT = "Wróć do formularza przyciskiem „Wstecz” przeglądarki – wpisany tekst zostanie w polach.";

interface Visitor {
  stamp: string;
  name: string;
  email: string;
  phone: string;
  message: string;
}

function visitor(label: string): Visitor {
  const stamp = `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(Math.floor(100_000_000 + Math.random() * 899_999_999));
  return {
    stamp,
    name: `Ewa Zwykła ${stamp}`,
    email: `ewa.${stamp}@example.com`,
    phone: `+48 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    message: `Zażółć gęślą jaźń. Pytanie o zabieg ${stamp}.`,
  };
}

/** Every way a field could show up in a URL or a log line. */
function traces(v: Visitor): string[] {
  const forms = (value: string) => [
    value,
    encodeURIComponent(value),
    new URLSearchParams({ x: value }).toString().slice(2),
  ];
  return [v.stamp, ...forms(v.email), ...forms(v.phone), ...forms(v.name)];
}

/** One assertion over all the texts (an access log has thousands of lines): those holding any trace of the visitor. */
function expectNoTrace(texts: string[], v: Visitor, where: string) {
  const all = traces(v);
  expect(
    texts.filter((text) => all.some((trace) => text.includes(trace))),
    `${where} holds a field of the form`,
  ).toEqual([]);
}

interface Mode {
  name: string;
  javaScriptEnabled: boolean;
  /** Request types the page does not get (aborted). */
  blocked: string[];
}

const MODES: Mode[] = [
  { name: "with JavaScript turned off", javaScriptEnabled: false, blocked: [] },
  { name: "with every module script blocked", javaScriptEnabled: true, blocked: ["script"] },
];

/** A visitor of her own (her own address for the rate limit), in the given mode, recording every URL her browser sends. */
async function visit(
  browser: Browser,
  mode: Mode,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page; urls: string[] }> {
  const context = await browser.newContext({
    baseURL,
    locale: "pl-PL",
    javaScriptEnabled: mode.javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": nextSourceAddress() },
  });
  const page = await context.newPage();
  if (mode.blocked.length) {
    await page.route("**/*", (route) =>
      mode.blocked.includes(route.request().resourceType()) ? route.abort() : route.continue(),
    );
  }
  const urls: string[] = [];
  const record = async (request: Request) => {
    urls.push(request.url());
    const referer = (await request.allHeaders().catch((): Record<string, string> => ({})))["referer"];
    if (referer) urls.push(referer);
  };
  page.on("request", (request) => void record(request));
  page.on("response", (response) => {
    const location = response.headers()["location"];
    if (location) urls.push(location);
  });
  return { context, page, urls };
}

async function fill(page: Page, v: Visitor) {
  await page.getByLabel(LABEL.name).fill(v.name);
  await page.getByLabel(LABEL.email).fill(v.email);
  await page.getByLabel(LABEL.phone).fill(v.phone);
  await page.getByLabel(LABEL.message).fill(v.message);
}

const contactPost = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === "/send-email.php" && r.request().method() === "POST");

/**
 * Without the page's proof of work the message waits for its sender's answer: nothing is sent, and the visitor is not
 * told "sent", until she has answered.
 */
async function expectNotSentYet(v: Visitor) {
  await deliveredAll();
  expect(
    (await listMail()).filter((m) => visitorsMail(m) && m.text.includes(v.stamp)),
    "sent without her confirmation",
  ).toHaveLength(0);
  expect((await held.list()).filter((m) => m.body.includes(v.stamp))).toHaveLength(1);
}

/** Confirmed, the message arrives once, as any other, and nothing of it is left held. */
async function expectArrivedOnce(v: Visitor) {
  const mails = await waitForMail((m) => visitorsMail(m) && m.text.includes(v.stamp), { timeoutMs: 15_000 });
  expect(mails).toHaveLength(1);
  expect(mails[0]!.replyTo).toEqual([v.email]);
  expect(mails[0]!.text).toContain(v.phone);
  expect(mails[0]!.text).toContain("Zażółć gęślą jaźń");
  expect((await held.list()).filter((m) => m.body.includes(v.stamp))).toHaveLength(0);
  await deliveredAll();
  expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(v.stamp))).toHaveLength(1);
}

test("sent from the Ukrainian contact page without JavaScript: asked and thanked in Ukrainian, the mail in Polish names the page's language and keeps her words as written", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await visit(browser, MODES[0]!, baseURL);
  const v = visitor("uk");
  const message = `Доброго дня! Чи можна записатися на консультацію в суботу? ${v.stamp}`;
  const words = pageDictionaries.uk.form;
  await page.goto("/uk/kontakt");
  await page.getByLabel(words.labels.name).fill(v.name);
  await page.getByLabel(words.labels.email).fill(v.email);
  await page.getByLabel(words.labels.message).fill(message);
  const posted = contactPost(page);
  await page.getByRole("button", { name: words.submit }).click();
  expect((await posted).status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "uk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Підтвердьте надсилання повідомлення");

  const answered = contactPost(page);
  await answerQuestion(page, { button: "Підтвердити й надіслати" });
  expect((await answered).status()).toBe(303);
  await expect(page).toHaveURL((url) => url.pathname === `/uk${SENT_PAGE}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "uk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    translatedText("pages/wiadomosc-wyslana", "uk", "title"),
  );

  const [mail] = await waitForMail((m) => visitorsMail(m) && m.text.includes(v.stamp), { timeoutMs: 15_000 });
  expect(mail!.text).toContain("Strona: ukraińska");
  expect(mail!.text).toContain(message);
  expect(mail!.text).toContain(`${LABEL.message}:`);
  await context.close();
});

for (const mode of MODES) {
  test.describe(`the form ${mode.name}`, () => {
    test("is posted by the browser: she answers the mailer's question, then sees that it was sent, it arrives once as an ordinary message, and no URL or log line holds a field", async ({
      browser,
      baseURL,
    }) => {
      const { context, page, urls } = await visit(browser, mode, baseURL);
      const v = visitor("zwykly");
      await page.goto("/kontakt");
      await fill(page, v);
      const posted = contactPost(page);
      await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      expect((await posted).status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Potwierdź wysłanie wiadomości");
      await expect(page.getByText(SUCCESS)).toHaveCount(0);
      await expect(page.locator('input[name="answer"]')).toBeFocused();
      expect(await page.content(), "her message stays on the server").not.toContain(v.stamp);
      await expectNotSentYet(v);

      const answered = contactPost(page);
      await answerQuestion(page);
      expect((await answered).status()).toBe(303);
      await expect(page).toHaveURL((url) => url.pathname === SENT_PAGE);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dziękujemy za wiadomość");
      await expect(page.getByText(SUCCESS)).toBeVisible();
      await expectArrivedOnce(v);

      expect(urls.some((url) => url.endsWith(SENT_PAGE))).toBe(true);
      expectNoTrace([...urls, page.url()], v, "a URL, Location or Referer");
      const log = accessLog();
      expect(log).toMatch(/"POST \/send-email\.php HTTP\/1\.1" 303 /);
      expectNoTrace(log.split("\n"), v, "nginx's access log");
      await context.close();
    });

    test("refused by the mailer: a Polish page says which field to fix, Back returns to the filled form, and sent again and confirmed it arrives once", async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await visit(browser, mode, baseURL);
      const v = visitor("poprawka");
      await page.goto("/kontakt");
      // type="tel" lets letters through in the browser; the mailer refuses them.
      await fill(page, { ...v, phone: "600 abc 200" });
      const posted = contactPost(page);
      await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      expect((await posted).status()).toBe(422);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(REFUSED);
      await expect(page.getByRole("listitem")).toHaveText([
        "Telefon: Numer telefonu może zawierać tylko cyfry, spacje i znaki + - ( ).",
      ]);
      await expect(page.getByText(BACK_HINT)).toBeVisible();
      await expect(page.getByRole("link", { name: "Formularz kontaktowy" })).toHaveAttribute(
        "href",
        "/kontakt#formularz",
      );
      // Nothing of what was sent is shown back.
      expect(await page.content()).not.toContain(v.stamp);

      await page.goBack();
      await expect(page).toHaveURL(/\/kontakt$/);
      await expect(page.getByLabel(LABEL.message)).toHaveValue(v.message);
      await expect(page.getByLabel(LABEL.name)).toHaveValue(v.name);
      await expect(page.getByLabel(LABEL.phone)).toHaveValue("600 abc 200");
      await page.getByLabel(LABEL.phone).fill(v.phone);
      await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      await answerQuestion(page);
      await expect(page).toHaveURL((url) => url.pathname === SENT_PAGE);
      await expectArrivedOnce(v);
      await context.close();
    });
  });
}

/**
 * The page's scripts run but its requests do not (an extension or a proxy that blocks scripts' requests, a network
 * that drops them): the page's data is in the page, so it hydrates and React's handler sends the form with fetch.
 * That fetch fails: the visitor must be told in Polish, in the page, that nothing was sent, keep everything she typed,
 * and get it delivered once by sending again when the requests go through.
 */
test.describe("the form when the page's requests fail after it hydrated", () => {
  const requests = {
    name: "with the page's data requests blocked",
    javaScriptEnabled: true,
    blocked: ["fetch", "xhr"],
  };

  test("says in Polish that nothing was sent, keeps the text, and sent again once the requests go through it arrives once", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await visit(browser, requests, baseURL);
    const v = visitor("bezsieci");
    await page.goto("/kontakt");
    await expect(page.locator("html")).toHaveAttribute(HYDRATED_ATTRIBUTE, "");
    await fill(page, v);
    const aborted = page.waitForEvent("requestfailed", (r) => new URL(r.url()).pathname === "/send-email.php");
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await aborted;
    await expect(page.getByRole("alert")).toContainText(
      "Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.",
    );
    await expect(page.getByRole("status")).toHaveCount(0);
    await expect(page).toHaveURL(/\/kontakt$/);
    for (const [label, value] of [
      [LABEL.name, v.name],
      [LABEL.email, v.email],
      [LABEL.phone, v.phone],
      [LABEL.message, v.message],
    ] as const)
      await expect(page.getByLabel(label), label).toHaveValue(value);
    await deliveredAll();
    expect(
      (await listMail()).filter((m) => visitorsMail(m) && m.text.includes(v.stamp)),
      "a message that was never sent",
    ).toHaveLength(0);
    expect((await held.list()).filter((m) => m.body.includes(v.stamp))).toHaveLength(0);

    // The requests go through again: the same click sends what is still in the fields, with a proof of work.
    await page.unrouteAll();
    const posted = contactPost(page);
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    expect((await posted).status()).toBe(200);
    await expect(page.getByRole("status")).toHaveText(SUCCESS);
    await expect(page.getByRole("alert")).toHaveCount(0);
    const mails = await waitForMail((m) => visitorsMail(m) && m.text.includes(v.stamp), { timeoutMs: 15_000 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.replyTo).toEqual([v.email]);
    expect(mails[0]!.text).toContain(v.phone);
    await deliveredAll();
    expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(v.stamp))).toHaveLength(1);
    await context.close();
  });
});

test.describe("refusals as pages, JavaScript off", () => {
  const noScript = MODES[0]!;

  test("over the rate limit: nginx's 429 comes as the Polish page, with Retry-After", async ({ browser, baseURL }) => {
    const { context, page } = await visit(browser, noScript, baseURL);
    const address = nextSourceAddress();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
    const v = visitor("limit");
    await page.goto("/kontakt");
    await fill(page, v);
    // Only then does the same client post invalid forms (nothing stored) until nginx stops it (burst 5, then 429):
    // the bucket refills one post every 6 s, so her own post must follow the flood at once, however slow the machine.
    const flood = await untilLimited(() =>
      send({
        from: address,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteOrigin },
        body: "name=&email=&message=",
      }),
    );
    expect(flood.at(-1)!.status).toBe(429);
    const posted = contactPost(page);
    await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
    const response = await posted;
    expect(response.status()).toBe(429);
    expect(response.headers()["retry-after"]).toBe("60");
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(REFUSED);
    await expect(
      page.getByText("Wysłano zbyt wiele wiadomości w krótkim czasie. Spróbuj ponownie za kilka minut."),
    ).toBeVisible();
    await expect(page.getByText(BACK_HINT)).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel(LABEL.message)).toHaveValue(v.message);
    expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(v.stamp))).toHaveLength(0);
    await context.close();
  });

  test("a form on another site posting here gets the 403 page, and nothing is sent", async ({ browser, baseURL }) => {
    const { context, page } = await visit(browser, noScript, baseURL);
    const v = visitor("obca");
    // A page of no origin of ours (about:blank: the browser sends Origin: null).
    await page.setContent(
      `<form method="post" action="${new URL("/send-email.php", baseURL).href}"><input name="name" value="${v.name}"><input name="email" value="${v.email}">` +
        `<input name="message" value="${v.message}"><button>Wyślij</button></form>`,
    );
    const posted = contactPost(page);
    await page.getByRole("button", { name: "Wyślij" }).click();
    expect((await posted).status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(REFUSED);
    await expect(page.getByText("Wiadomość można wysłać tylko formularzem z naszej strony.")).toBeVisible();
    await deliveredAll();
    expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(v.stamp))).toHaveLength(0);
    await context.close();
  });

  test("a message that cannot be stored gets the 503 page; Back keeps what she wrote; nothing is sent", async ({
    browser,
    baseURL,
  }) => {
    test.skip(compose, "needs the native stack's outbox folder");
    const { context, page } = await visit(browser, noScript, baseURL);
    const v = visitor("zapis");
    // Without JavaScript the post has no proof of work and would be held: held/ (once made) is made unwritable too.
    const dirs = [outboxDir, join(outboxDir, "held")].filter((dir) => existsSync(dir));
    const modes = dirs.map((dir) => statSync(dir).mode & 0o777);
    dirs.forEach((dir) => chmodSync(dir, 0o555));
    try {
      await page.goto("/kontakt");
      await fill(page, v);
      const posted = contactPost(page);
      await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
      expect((await posted).status()).toBe(503);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(REFUSED);
      await expect(
        page.getByText("Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później."),
      ).toBeVisible();
      await page.goBack();
      await expect(page.getByLabel(LABEL.message)).toHaveValue(v.message);
    } finally {
      dirs.forEach((dir, i) => chmodSync(dir, modes[i]!));
    }
    await deliveredAll();
    expect((await listMail()).filter((m) => visitorsMail(m) && m.text.includes(v.stamp))).toHaveLength(0);
    await context.close();
  });
});

test.describe("the endpoint answers a browser's own post with pages, and the form's script with JSON", () => {
  const asBrowser = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", Origin: siteOrigin };

  test("nginx's 413 for a body over 64 KiB: the page for the browser, in the language of the form's page; JSON for the script", async () => {
    const big = urlEncoded([["message", "x".repeat(70 * 1024)]]);
    const page = await send({
      from: nextSourceAddress(),
      headers: { ...asBrowser, "Content-Type": big.contentType },
      body: big.body,
    });
    expect(page.status).toBe(413);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain(
      "<h1>Wiadomość nie została wysłana</h1><p>Wiadomość jest za duża. Skróć ją i spróbuj ponownie.</p>",
    );
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // Posted from the Ukrainian contact page (the browser names it in Referer): the page in Ukrainian, its links there.
    const ukrainian = await send({
      from: nextSourceAddress(),
      headers: { ...asBrowser, Referer: `${siteOrigin}/uk/kontakt`, "Content-Type": big.contentType },
      body: big.body,
    });
    expect(ukrainian.status).toBe(413);
    expect(ukrainian.body).toContain('<html lang="uk">');
    expect(ukrainian.body).toContain("<p>Повідомлення задовге. Скоротіть його та надішліть ще раз.</p>");
    expect(ukrainian.body).toContain('<a href="/uk/kontakt#formularz">');
    const json = await send({
      from: nextSourceAddress(),
      headers: { Accept: "application/json", Origin: siteOrigin, "Content-Type": big.contentType },
      body: big.body,
    });
    expect(json.status).toBe(413);
    expect(json.json).toEqual({ ok: false, error: "Wiadomość jest za duża. Skróć ją i spróbuj ponownie." });
  });

  test("opening the address in the browser gets the 405 page with a way to the form", async ({ browser, baseURL }) => {
    const { context, page } = await visit(browser, MODES[0]!, baseURL);
    const response = await page.goto("/send-email.php");
    expect(response?.status()).toBe(405);
    await expect(page.getByText("Ten adres służy tylko do wysyłania formularza kontaktowego.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Formularz kontaktowy" })).toBeVisible();
    await context.close();
  });

  test("a GET carrying the form's fields leaves only its path in nginx's access log", async () => {
    const v = visitor("get");
    const query = new URLSearchParams({ name: v.name, email: v.email, phone: v.phone, message: v.message }).toString();
    for (const path of ["/kontakt", "/send-email.php"]) {
      const reply = await send({
        method: "GET",
        path: `${path}?${query}`,
        from: nextSourceAddress(),
        headers: { "User-Agent": `sonda-${v.stamp.slice(-8)}` },
      });
      expect(reply.status, path).toBe(path === "/kontakt" ? 200 : 405);
    }
    await expect
      .poll(
        () =>
          accessLog()
            .split("\n")
            .filter((line) => line.includes(`sonda-${v.stamp.slice(-8)}`)),
        { timeout: 10_000 },
      )
      .toEqual([
        expect.stringContaining('"GET /kontakt HTTP/1.1" 200'),
        expect.stringContaining('"GET /send-email.php HTTP/1.1" 405'),
      ]);
    expectNoTrace(accessLog().split("\n"), v, "nginx's access log");
  });
});
