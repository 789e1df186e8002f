/** The page's frame in Polish: the skip link, the language switcher, the error page; uk/shell.ts, en/shell.ts alike. */
export const shell = {
  skipLink: "Przejdź do treści",
  /** The switcher's name for screen readers, and each language in its own words (the same in every dictionary). */
  languages: "Wersja językowa",
  languageNames: { pl: "Polski", uk: "Українська", en: "English" },
  /** Each language's short name, shown in the switcher; its full name (languageNames) is said to screen readers. */
  languageCodes: { pl: "PL", uk: "UA", en: "EN" },
  /** Said of a link that opens in a new tab: in its label, or visually hidden after its text. */
  newTab: "otwiera się w nowej karcie",
  breadcrumbs: "Ścieżka nawigacji",
  demoTitle: "Strona demonstracyjna.",
  demoText:
    "Nazwa, dane firmy, adres, telefon, opinie, zespół i zdjęcia są przykładowe – to nie są dane prawdziwego salonu.",
  /**
   * The days of the opening hours, by their schema.org names (salon/config.ts `schemaDays`; site/openingHours.ts
   * makes the lines): the full name as it stands inside a line, and the short one of the header's top bar.
   */
  days: {
    Monday: "poniedziałek",
    Tuesday: "wtorek",
    Wednesday: "środa",
    Thursday: "czwartek",
    Friday: "piątek",
    Saturday: "sobota",
    Sunday: "niedziela",
  },
  daysShort: {
    Monday: "pon.",
    Tuesday: "wt.",
    Wednesday: "śr.",
    Thursday: "czw.",
    Friday: "pt.",
    Saturday: "sob.",
    Sunday: "niedz.",
  },
  /** A day the salon does not open. */
  closed: "nieczynne",
  /** Where a page has no translation, the switcher leads to the home page of that language; said in its title. */
  notTranslated: "Ta strona jest tylko po polsku",
  notFoundTitle: "Nie znaleziono strony",
  notFound: "Strona, której szukasz, nie istnieje albo została przeniesiona.",
  errorTitle: "Coś poszło nie tak",
  error: "Przepraszamy, nie udało się wyświetlić tej strony. Odśwież ją albo wróć za chwilę.",
  backHome: "Wróć na stronę główną",
  contactUs: "Skontaktuj się z nami",
  /** Said beside a link to a page that is in Polish only (the blog, the legal texts, the contest). */
  inPolish: "",
};
