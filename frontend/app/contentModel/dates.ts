import type { PageLanguage } from "./languages";

/** Each language's month names as a date writes them (the genitive in Polish and Ukrainian). */
const MONTHS: Record<PageLanguage, readonly string[]> = {
  pl: [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
  ],
  uk: [
    "січня",
    "лютого",
    "березня",
    "квітня",
    "травня",
    "червня",
    "липня",
    "серпня",
    "вересня",
    "жовтня",
    "листопада",
    "грудня",
  ],
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
};

/**
 * '2025-03-09' → '9 marca 2025' ('9 березня 2025', '9 March 2025'). Done by hand rather than with Intl so the
 * prerendered text and the hydrated text are identical whatever the build machine's or the browser's locale data.
 */
export function formatDate(iso: string, language: PageLanguage = "pl"): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${MONTHS[language][(month ?? 1) - 1]} ${year}`;
}

export const formatDatePl = (iso: string) => formatDate(iso, "pl");

/**
 * A promotion's period as a sentence ends it: "od 16 listopada 2026 r. do 31 stycznia 2027 r.",
 * "з 16 листопада 2026 р. до 31 січня 2027 р.", "from 16 November 2026 to 31 January 2027".
 */
export function formatPeriod({ from, until }: { from: string; until: string }, language: PageLanguage = "pl"): string {
  if (language === "uk") return `з ${formatDate(from, "uk")} р. до ${formatDate(until, "uk")} р.`;
  if (language === "en") return `from ${formatDate(from, "en")} to ${formatDate(until, "en")}`;
  return `od ${formatDatePl(from)} r. do ${formatDatePl(until)} r.`;
}

export const formatPeriodPl = (period: { from: string; until: string }) => formatPeriod(period, "pl");
