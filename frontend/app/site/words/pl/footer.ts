/** The footer words in Polish, and the contact page's details (ContactDetails); uk/ and en/footer.ts alike. */
export const footer = {
  about: "Kosmetologia, nowoczesne zabiegi na twarz i ciało oraz makijaż permanentny w Łodzi.",
  contact: "Kontakt",
  hours: "Godziny otwarcia",
  information: "Informacje",
  cookieSettings: "Ustawienia cookies",
  /** The labels of the company's particulars; the court's name stays Polish, as it is registered. */
  registryCourt: "sąd rejestrowy",
  shareCapital: "kapitał zakładowy",
  /** The share capital as salon/config.ts writes it, in Polish ("5 000,00 zł"). */
  amount: (polishAmount: string) => polishAmount,
  rights: "Wszelkie prawa zastrzeżone.",
  /** ContactDetails: the labels of the salon's particulars and the booking line under them. */
  phone: "Telefon",
  email: "E-mail",
  address: "Adres",
  bookingQuestion: "Wolisz zarezerwować termin samodzielnie?",
  bookingLink: "Zarezerwuj online w Booksy",
};
