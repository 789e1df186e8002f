import type { PageWords } from "../pl/pages";

export const form: PageWords["form"] = {
  labels: { name: "Name", email: "Email", phone: "Phone", message: "Message" },
  optional: "(optional)",
  requiredNote: "Fields marked * are required.",
  trap: "Check field, leave empty",
  submit: "Send message",
  sending: "Sending…",
  sent: "Your message has been sent. Thank you for getting in touch!",
  failed: "Something went wrong while sending your message. Please try again later.",
  preparing: "Just a moment…",
  tooLong: "Your message is too long. Please shorten it and send it again.",
  tooMany: "Too many messages have been sent in a short time. Please try again in a few minutes.",
  offline: "No connection to the server. Please check your internet connection and try again.",
};
