import type { Words } from "../pl";

/** "5 000,00 zł" → "PLN 5,000.00": the site writes amounts in English as "PLN 150". */
const inEnglish = (polishAmount: string) => {
  const parts = /^(\d{1,3}(?:[\s\u00a0]\d{3})*),(\d{2})[\s\u00a0]zł$/.exec(polishAmount);
  return parts ? `PLN\u00a0${parts[1]!.replace(/[\s\u00a0]/g, ",")}.${parts[2]}` : polishAmount;
};

export const footer: Words["footer"] = {
  about: "Cosmetology, modern face and body treatments and permanent make-up in Łódź.",
  contact: "Contact",
  hours: "Opening hours",
  information: "Information",
  cookieSettings: "Cookie settings",
  registryCourt: "registry court",
  shareCapital: "share capital",
  amount: inEnglish,
  rights: "All rights reserved.",
  phone: "Phone",
  email: "Email",
  address: "Address",
  bookingQuestion: "Would you rather book an appointment yourself?",
  bookingLink: "Book online with Booksy",
};
