import { act, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import { ContactForm } from "../../frontend/app/components/ContactForm/ContactForm";
import { form } from "../../frontend/app/site/words/pl/form";
import { CONTACT_FIELDS, TRAP_FIELD } from "../../frontend/app/components/ContactForm/submitContact";
import { solveChallenge } from "../../frontend/app/components/ContactForm/proof";
import { PROOF_DEADLINE_MS } from "../../frontend/app/components/ContactForm/useProofOfWork";
import { EARLY_PROOF_KEY, type EarlyProof } from "../../frontend/app/components/ContactForm/earlyProof";

/** What the Polish form says in each of its states (the spec's texts). */
const { sent: SUCCESS_TEXT, sending: SENDING_TEXT, failed: ERROR_TEXT, preparing: PREPARING_TEXT } = form;

// The solver itself (and its challenge fetch) is proof.test.ts's; here it answers at once unless a test says otherwise.
vi.mock("../../frontend/app/components/ContactForm/proof", () => ({ solveChallenge: vi.fn(async () => "PROOF-1") }));
// Its requests too: the fetches a test counts are the form's own.
vi.mock("../../frontend/app/components/ContactForm/challenge", () => ({
  begin: () => ({ challenge: new Promise(() => {}), worker: null }),
}));

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The X-Contact-Proof header of every post made. */
function proofsSent(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map(
    (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)["X-Contact-Proof"],
  );
}

/** What the mailer answers a post it holds for a person's confirmation (RequestHandler::question). */
const QUESTION = {
  ok: false,
  error: "Jeszcze jeden krok: odpowiedz na pytanie poniżej, a wyślemy wiadomość do salonu.",
  confirm: {
    token: "0123456789abcdef.0123456789abcdef0123456789abcdef",
    question: "Ile to jest trzy plus cztery?",
    hint: "Wpisz wynik cyframi.",
    title: "Potwierdź wysłanie wiadomości",
    submit: "Potwierdź i wyślij",
  },
};

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(new RegExp(`^${CONTACT_FIELDS.name.label}`)), "Zażółć Gęślą");
  await user.type(screen.getByLabelText(/E-mail/), "ania@example.com");
  await user.type(screen.getByLabelText(/Telefon/), "+48 600 000 000");
  await user.type(screen.getByLabelText(/Wiadomość/), "Zażółć gęślą jaźń");
}

describe("ContactForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("has the form's fields: name, e-mail and message required, phone optional, message 6 rows", () => {
    renderAt(<ContactForm />);
    expect(screen.getByLabelText(new RegExp(`^${CONTACT_FIELDS.name.label}`))).toBeRequired();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/E-mail/)).toBeRequired();
    expect(screen.getByLabelText(/Telefon/)).not.toBeRequired();
    expect(screen.getByLabelText(/Wiadomość/)).toBeRequired();
    expect(screen.getByLabelText(/Wiadomość/)).toHaveAttribute("rows", "6");
  });

  it("posts the four fields as multipart form data to /send-email.php, shows sending, then success with cleared fields", async () => {
    let release!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));

    const sending = screen.getByRole("button", { name: SENDING_TEXT });
    expect(sending).toBeDisabled();
    // The post's code (post.ts) is its own chunk: the request follows once it is there.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/send-email.php");
    expect(init.method).toBe("POST");
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(["name", "email", "phone", "message"].map((k) => [k, body.get(k)]))).toEqual({
      name: "Zażółć Gęślą",
      email: "ania@example.com",
      phone: "+48 600 000 000",
      message: "Zażółć gęślą jaźń",
    });

    release(respond(200, { ok: true }));
    expect(await screen.findByRole("status")).toHaveTextContent(SUCCESS_TEXT);
    expect(screen.getByLabelText(new RegExp(`^${CONTACT_FIELDS.name.label}`))).toHaveValue("");
    expect(screen.getByLabelText(/Wiadomość/)).toHaveValue("");
    expect(screen.getByRole("button", { name: "Wyślij wiadomość" })).toBeEnabled();
  });

  it("on a server error shows the red box and keeps everything the visitor wrote", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => respond(502, { ok: false, error: "x" })),
    );
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_TEXT);
    expect(screen.getByLabelText(/Wiadomość/)).toHaveValue("Zażółć gęślą jaźń");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("on a network failure shows the red box too", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_TEXT);
  });

  it("shows the server's Polish message beside the field it concerns", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        respond(422, {
          ok: false,
          error: "Formularz zawiera błędy.",
          fields: { email: "Podaj poprawny adres e-mail." },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    const email = screen.getByLabelText(/E-mail/);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("Podaj poprawny adres e-mail.");
    expect(screen.getByRole("alert")).toHaveTextContent(ERROR_TEXT);
  });

  it("turns the rate limit's 429 into a Polish explanation", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => respond(429, { ok: false })),
    );
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/zbyt wiele wiadomości/);
  });

  it("keeps what the visitor typed before the page hydrated when she goes on typing after it", async () => {
    // The prerendered form, filled in before React arrives: the text is in the fields, not in React's state.
    const container = document.createElement("div");
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!;
    const message = container.querySelector<HTMLTextAreaElement>('textarea[name="message"]')!;
    name.value = "Anna Wczesna";
    message.value = "Napisane przed hydratacją.";
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <ContactForm />);
    });
    // Typing in another field re-renders the form from state: the early text must survive it.
    await userEvent.setup().type(container.querySelector('input[name="email"]')!, "anna@example.com");
    expect(name.value).toBe("Anna Wczesna");
    expect(message.value).toBe("Napisane przed hydratacją.");
    act(() => root.unmount());
    container.remove();
  });

  it("posts itself to the mailer without JavaScript (method and action in the HTML), and only with fetch once hydrated", async () => {
    const form = new DOMParser().parseFromString(renderToString(<ContactForm />), "text/html").querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/send-email.php");
    const fetchMock = vi.fn(async () => respond(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await fill(user);
    let sent: Event | undefined;
    document.addEventListener("submit", (event) => (sent = event), { once: true });
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    // The browser's own post is cancelled: the message goes once, by fetch.
    expect(sent?.defaultPrevented).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it("solves the proof of work as soon as the form has hydrated, before any focus, one proof per post", async () => {
    const solved = vi.mocked(solveChallenge);
    solved.mockClear();
    solved.mockResolvedValueOnce("PROOF-A").mockResolvedValueOnce("PROOF-B");
    const fetchMock = vi.fn(async () => respond(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await waitFor(() => expect(solved).toHaveBeenCalledTimes(1));
    expect(document.activeElement).toBe(document.body);

    await fill(user);
    expect(solved).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    await screen.findByRole("status");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    expect(proofsSent(fetchMock)).toEqual(["PROOF-A", "PROOF-B"]);
    expect(screen.queryByText(PREPARING_TEXT)).toBeNull();
  });

  it("takes over the proof the page's HTML started: no solve of its own, and that proof goes with the post", async () => {
    const solved = vi.mocked(solveChallenge);
    solved.mockClear();
    let resolveEarly!: (proof: string) => void;
    const holder = globalThis as unknown as Record<string, EarlyProof>;
    holder[EARLY_PROOF_KEY] = { proof: new Promise((resolve) => (resolveEarly = resolve)), at: performance.now() };
    const fetchMock = vi.fn(async () => respond(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await waitFor(() => expect(EARLY_PROOF_KEY in globalThis).toBe(false));
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    // Solved while she waits: her post takes it, not a solve of the form's own.
    resolveEarly("PROOF-EARLY");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(proofsSent(fetchMock)).toEqual(["PROOF-EARLY"]);
    expect(solved).not.toHaveBeenCalled();
  });

  it("when the proof is not ready, stays in its sending state while the solver works, and posts without a proof only once the solve is well overdue", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.mocked(solveChallenge).mockImplementationOnce(() => new Promise<string>(() => {}));
      const fetchMock = vi.fn(async () => respond(428, QUESTION));
      vi.stubGlobal("fetch", fetchMock);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderAt(<ContactForm />);
      await fill(user);
      await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));

      expect(await screen.findByText(PREPARING_TEXT)).toBeVisible();
      await act(() => vi.advanceTimersByTimeAsync(PROOF_DEADLINE_MS - 2_000));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: SENDING_TEXT })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(proofsSent(fetchMock)).toEqual([""]);
      const answer = await screen.findByLabelText(QUESTION.confirm.question);
      // Focus moves in an effect after the question is shown: on a loaded machine, a moment later.
      await waitFor(() => expect(answer).toHaveFocus());
      expect(screen.queryByText(SUCCESS_TEXT)).toBeNull();
      expect(screen.queryByText(PREPARING_TEXT)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ["before the visitor sends", false],
    ["while the post waits for it", true],
  ])("a first solve that fails %s is tried once more, and its proof goes with the post", async (_, whileWaiting) => {
    const solved = vi.mocked(solveChallenge);
    solved.mockClear();
    let fail!: (error: Error) => void;
    solved.mockImplementationOnce(() => new Promise<string>((_, reject) => (fail = reject)));
    solved.mockResolvedValueOnce("PROOF-AGAIN");
    const fetchMock = vi.fn(async () => respond(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderAt(<ContactForm />);
    await waitFor(() => expect(solved).toHaveBeenCalledTimes(1));
    if (!whileWaiting) fail(new Error("challenge: HTTP 503"));
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
    if (whileWaiting) {
      expect(await screen.findByText(PREPARING_TEXT)).toBeVisible();
      fail(new Error("challenge: network error"));
    }
    expect(await screen.findByRole("status")).toHaveTextContent(SUCCESS_TEXT);
    expect(proofsSent(fetchMock)).toEqual(["PROOF-AGAIN"]);
    expect(solved).toHaveBeenCalledTimes(2);
  });

  it("when the solver fails again at sending, the message goes at once without a proof (and the mailer asks its question)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const solved = vi.mocked(solveChallenge);
      solved.mockReset();
      solved.mockRejectedValue(new Error("challenge: HTTP 503"));
      const fetchMock = vi.fn(async () => respond(428, QUESTION));
      vi.stubGlobal("fetch", fetchMock);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderAt(<ContactForm />);
      await fill(user);
      const sentAt = Date.now();
      await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
      expect(await screen.findByLabelText(QUESTION.confirm.question)).toBeVisible();
      expect(Date.now() - sentAt).toBeLessThan(PROOF_DEADLINE_MS / 4);
      expect(proofsSent(fetchMock)).toEqual([""]);
      expect(solved.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.mocked(solveChallenge).mockReset().mockResolvedValue("PROOF-1");
      vi.useRealTimers();
    }
  });

  describe("when the mailer asks its question (no proof of work, or the trap filled)", () => {
    it("says nothing is sent yet, asks with focus on the answer, and the right answer posts the token: then it is sent", async () => {
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(respond(428, QUESTION))
        .mockResolvedValueOnce(respond(200, { ok: true }));
      vi.stubGlobal("fetch", fetchMock);
      const user = userEvent.setup();
      renderAt(<ContactForm />);
      await fill(user);
      await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));

      const answer = await screen.findByLabelText(QUESTION.confirm.question);
      await waitFor(() => expect(answer).toHaveFocus());
      expect(answer).toHaveAccessibleDescription(`${QUESTION.error} ${QUESTION.confirm.hint}`);
      expect(screen.getByRole("group", { name: QUESTION.confirm.title })).toBeVisible();
      expect(screen.queryByText(SUCCESS_TEXT)).toBeNull();
      expect(screen.getByLabelText(/Wiadomość/)).toHaveValue("Zażółć gęślą jaźń");

      await user.type(answer, "7");
      await user.click(screen.getByRole("button", { name: QUESTION.confirm.submit }));

      expect(await screen.findByRole("status")).toHaveTextContent(SUCCESS_TEXT);
      const body = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body as FormData;
      // The page's language goes with the answer: the mailer answers in it (Polish here).
      expect(Object.fromEntries(body.entries())).toEqual({
        confirmation: QUESTION.confirm.token,
        answer: "7",
        language: "pl",
      });
      expect(screen.getByLabelText(/Wiadomość/)).toHaveValue("");
      expect(screen.queryByLabelText(QUESTION.confirm.question)).toBeNull();
    });

    it("after a wrong answer shows the new question and why, and keeps her text in the form", async () => {
      const again = {
        ...QUESTION,
        error: "To nie jest dobra odpowiedź, więc jeszcze nie wysłaliśmy wiadomości.",
        confirm: { ...QUESTION.confirm, question: "Ile to jest dwa plus dwa?" },
      };
      vi.stubGlobal(
        "fetch",
        vi.fn().mockResolvedValueOnce(respond(428, QUESTION)).mockResolvedValueOnce(respond(422, again)),
      );
      const user = userEvent.setup();
      renderAt(<ContactForm />);
      await fill(user);
      await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
      await user.type(await screen.findByLabelText(QUESTION.confirm.question), "8");
      await user.click(screen.getByRole("button", { name: QUESTION.confirm.submit }));

      const next = await screen.findByLabelText(again.confirm.question);
      await waitFor(() => expect(next).toHaveFocus());
      expect(next).toHaveValue("");
      expect(next).toHaveAttribute("aria-invalid", "true");
      expect(next).toHaveAccessibleDescription(`${again.error} ${again.confirm.hint}`);
      expect(screen.queryByText(SUCCESS_TEXT)).toBeNull();
      expect(screen.getByLabelText(/Wiadomość/)).toHaveValue("Zażółć gęślą jaźń");
    });

    it("when there is nothing left to confirm, shows the red box with the mailer's reason, never success", async () => {
      const gone = { ok: false, error: "Tej wiadomości nie możemy już potwierdzić, więc nie trafiła do salonu." };
      vi.stubGlobal(
        "fetch",
        vi.fn().mockResolvedValueOnce(respond(428, QUESTION)).mockResolvedValueOnce(respond(410, gone)),
      );
      const user = userEvent.setup();
      renderAt(<ContactForm />);
      await fill(user);
      await user.click(screen.getByRole("button", { name: "Wyślij wiadomość" }));
      await user.type(await screen.findByLabelText(QUESTION.confirm.question), "1");
      await user.click(screen.getByRole("button", { name: QUESTION.confirm.submit }));

      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent(ERROR_TEXT);
      expect(alert).toHaveTextContent(gone.error);
      expect(screen.queryByLabelText(QUESTION.confirm.question)).toBeNull();
      expect(screen.getByLabelText(/Wiadomość/)).toHaveValue("Zażółć gęślą jaźń");
    });
  });

  it("has a trap no person and no assistive technology meets, under a name no autofill reads as a person's data", () => {
    const html = new DOMParser().parseFromString(renderToString(<ContactForm />), "text/html");
    const trap = html.querySelector<HTMLInputElement>(`input[name="${TRAP_FIELD}"]`)!;
    expect(trap.closest("[aria-hidden=true]")).not.toBeNull();
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(html.querySelector('input[name="website"]')).toBeNull();
  });
});
