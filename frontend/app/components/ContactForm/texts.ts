/** What the form says in each of its states (the spec's texts; the mailer's questions come from the mailer). */

export const SUCCESS_TEXT = "Wiadomość została wysłana. Dziękujemy za kontakt!";
export const SENDING_TEXT = "Wysyłanie…";
export const ERROR_TEXT = "Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.";
/** Said only when a post has to wait for its proof of work (a slow phone, or sent right after the page hydrated). */
export const PREPARING_TEXT = "Jeszcze chwila…";
