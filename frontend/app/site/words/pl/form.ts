/**
 * The contact form's words in Polish (components/ContactForm); uk/form.ts and en/form.ts give the same keys. What the
 * mailer answers (the fields' messages, its question) comes in the page's language from the mailer itself
 * (mailer/src/Words.php), which the form tells the language.
 */
export const form = {
  /** The fields' names: the mailer's contact-fields.json names them so in its mail and pages (a unit test checks). */
  labels: { name: "Imię", email: "E-mail", phone: "Telefon", message: "Wiadomość" },
  optional: "(opcjonalnie)",
  requiredNote: "Pola oznaczone * są wymagane.",
  /** The trap's label: no person sees it (ContactForm.tsx); like its name, nothing autofill takes for personal data. */
  trap: "Pole kontrolne, zostaw puste",
  submit: "Wyślij wiadomość",
  /** The spec's states: sending (the button), sent, and the red box of any failure. */
  sending: "Wysyłanie…",
  sent: "Wiadomość została wysłana. Dziękujemy za kontakt!",
  failed: "Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.",
  /** Said only when a post has to wait for its proof of work (a slow phone, or sent right after the page hydrated). */
  preparing: "Jeszcze chwila…",
  /** Under the red box where the answer has no words of the mailer's: nginx's 413 and 429, or no answer at all. */
  tooLong: "Wiadomość jest zbyt długa. Skróć ją i wyślij ponownie.",
  tooMany: "Wysłano zbyt wiele wiadomości w krótkim czasie. Spróbuj ponownie za kilka minut.",
  offline: "Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.",
};
