/**
 * The contact form on a Ukrainian or English page: its labels, states and the page's own messages are in that
 * language, with no Polish left, and every post tells the mailer the language (which then answers in it). The Polish
 * form is ContactForm.test.tsx's.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import { ContactForm } from "../../frontend/app/components/ContactForm/ContactForm";
import { CONTACT_FIELDS } from "../../frontend/app/components/ContactForm/submitContact";
import type { PageLanguage } from "../../frontend/app/contentModel/languages";
import { PageWordsContext, WordsContext } from "../../frontend/app/hooks/useWords";
import { dictionaries, pageDictionaries } from "./inWords";

vi.mock("../../frontend/app/components/ContactForm/proof", () => ({ solveChallenge: vi.fn(async () => "PROOF-1") }));
vi.mock("../../frontend/app/components/ContactForm/challenge", () => ({
  begin: () => ({ challenge: new Promise(() => {}), worker: null }),
}));

const { pl, uk, en } = pageDictionaries;
const UK = "uk";
const EN = "en";

/** The form in a page in `language`: the frame's words and the contact page's (its loader gives `form`). */
const inPage = (language: PageLanguage) => (
  <WordsContext value={{ language, words: dictionaries[language] }}>
    <PageWordsContext value={{ form: pageDictionaries[language].form }}>
      <ContactForm />
    </PageWordsContext>
  </WordsContext>
);

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The body of the n-th post. */
const posted = (fetchMock: ReturnType<typeof vi.fn>, n = 0) =>
  (fetchMock.mock.calls[n] as unknown as [string, RequestInit])[1].body as FormData;

async function fill(user: ReturnType<typeof userEvent.setup>, labels: Record<string, string>) {
  await user.type(screen.getByLabelText(new RegExp(`^${labels.name}`)), "Олена");
  await user.type(screen.getByLabelText(new RegExp(`^${labels.email}`)), "olena@example.com");
  await user.type(screen.getByLabelText(new RegExp(`^${labels.message}`)), "Добрий день!");
}

/** The Polish form's words a visitor would notice, none of which may be left on another language's page. */
const POLISH = [
  "Imię",
  "Telefon",
  "Wiadomość",
  "opcjonalnie",
  "Pola oznaczone",
  "Wyślij wiadomość",
  "Pole kontrolne",
  "Wysyłanie",
  "Dziękujemy",
];

describe("the contact form in the page's language", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("on a Ukrainian page: Ukrainian labels, note and button, no Polish", () => {
    const { container } = renderAt(inPage(UK), "/uk/kontakt");
    expect(screen.getByLabelText(/^Ім’я/)).toBeRequired();
    expect(screen.getByLabelText(/^Електронна пошта/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Телефон (необов’язково)")).not.toBeRequired();
    expect(screen.getByLabelText(/^Повідомлення/)).toBeRequired();
    expect(screen.getByText("Поля, позначені *, обов’язкові.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Надіслати повідомлення" })).toBeEnabled();
    for (const polish of POLISH) expect(container.textContent).not.toContain(polish);
  });

  it("on an English page: English labels, note and button, no Polish", () => {
    const { container } = renderAt(inPage(EN), "/en/kontakt");
    expect(screen.getByLabelText(/^Name/)).toBeRequired();
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    expect(screen.getByLabelText("Phone (optional)")).not.toBeRequired();
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute("rows", "6");
    expect(screen.getByText("Fields marked * are required.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Send message" })).toBeEnabled();
    for (const polish of POLISH) expect(container.textContent).not.toContain(polish);
  });

  it("tells the mailer the page's language in the browser's own post too (a hidden field of the prerendered form)", () => {
    for (const page of [UK, EN, "pl"] as const) {
      const html = new DOMParser().parseFromString(renderToString(inPage(page)), "text/html");
      const field = html.querySelector<HTMLInputElement>('form input[name="language"]');
      expect(field?.type, page).toBe("hidden");
      expect(field?.value).toBe(page);
    }
  });

  it("a Ukrainian post says sending and sent in Ukrainian, and carries the language", async () => {
    let release!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderAt(inPage(UK), "/uk/kontakt");
    await fill(user, uk.form.labels);
    await user.click(screen.getByRole("button", { name: "Надіслати повідомлення" }));

    expect(screen.getByRole("button", { name: "Надсилання…" })).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(posted(fetchMock).get("language")).toBe("uk");
    expect(posted(fetchMock).get("message")).toBe("Добрий день!");
    release(respond(200, { ok: true }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Повідомлення надіслано. Дякуємо, що звернулися до нас!",
    );
    expect(screen.queryByText(pl.form.sent)).toBeNull();
  });

  it("a Ukrainian page explains the rate limit in Ukrainian, under the red box", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => respond(429, { ok: false })),
    );
    const user = userEvent.setup();
    renderAt(inPage(UK), "/uk/kontakt");
    await fill(user, uk.form.labels);
    await user.click(screen.getByRole("button", { name: "Надіслати повідомлення" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Під час надсилання повідомлення сталася помилка.");
    expect(alert).toHaveTextContent("Надіслано забагато повідомлень за короткий час.");
    expect(alert).not.toHaveTextContent(/Wystąpił błąd|zbyt wiele/);
  });

  it("an English page says a lost connection in English", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const user = userEvent.setup();
    renderAt(inPage(EN), "/en/kontakt");
    await fill(user, en.form.labels);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong while sending your message. Please try again later.");
    expect(alert).toHaveTextContent("No connection to the server.");
  });

  it("an English page answers the mailer's question with the language, and says sent in English", async () => {
    const question = {
      ok: false,
      error: "One more step: answer the question below and we will send your message to the salon.",
      confirm: {
        token: "0123456789abcdef.0123456789abcdef0123456789abcdef",
        question: "What is three plus four?",
        hint: "Type the answer as a number.",
        title: "Confirm sending your message",
        submit: "Confirm and send",
      },
    };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(respond(428, question))
      .mockResolvedValueOnce(respond(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderAt(inPage(EN), "/en/kontakt");
    await fill(user, en.form.labels);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await user.type(await screen.findByLabelText("What is three plus four?"), "7");
    await user.click(screen.getByRole("button", { name: "Confirm and send" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your message has been sent. Thank you for getting in touch!",
    );
    expect(posted(fetchMock, 0).get("language")).toBe("en");
    expect(Object.fromEntries(posted(fetchMock, 1).entries())).toEqual({
      confirmation: question.confirm.token,
      answer: "7",
      language: "en",
    });
  });

  it("names the fields in Polish as the mailer does (its mail and pages read contact-fields.json)", () => {
    expect(pl.form.labels).toEqual(
      Object.fromEntries(Object.entries(CONTACT_FIELDS).map(([field, spec]) => [field, spec.label])),
    );
  });

  it("names the fields in Ukrainian and English as the mailer's pages for a plain post do (mailer/src/Words.php)", () => {
    const php = readFileSync(resolve(import.meta.dirname, "../../mailer/src/Words.php"), "utf8");
    for (const [language, words] of [
      ["uk", uk],
      ["en", en],
    ] as const) {
      const labels = Object.entries(words.form.labels).map(([field, label]) => `'${field}' => '${label}'`);
      expect(php).toContain(`'${language}' => [${labels.join(", ")}]`);
    }
  });
});
