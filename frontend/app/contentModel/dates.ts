import { fill } from "./blanks";
import type { PageLanguage } from "./languages";

/**
 * Dates as a page writes them in each language: the month in a date's form (the genitive in Polish and Ukrainian),
 * and the sentence ending of a period ("od 16 listopada 2026 r. do 31 stycznia 2027 r."). A page gets its own
 * language's in its data (site/words/<lang>/pages.ts, `dates`), so no script holds another language's months.
 */
export interface DateWords {
  months: readonly string[];
  period: string;
}

export const dateWords: Record<PageLanguage, DateWords> = {
  pl: {
    months: [
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
    period: "od {from} r. do {until} r.",
  },
  uk: {
    months: [
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
    period: "з {from} р. до {until} р.",
  },
  en: {
    months: [
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
    period: "from {from} to {until}",
  },
};

/**
 * '2025-03-09' → '9 marca 2025' ('9 березня 2025', '9 March 2025'). Done by hand rather than with Intl so the
 * prerendered text and the hydrated text are identical whatever the build machine's or the browser's locale data.
 */
export function formatDate(iso: string, words: DateWords): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${words.months[(month ?? 1) - 1]} ${year}`;
}

/**
 * A promotion's period as a sentence ends it: "od 16 listopada 2026 r. do 31 stycznia 2027 r.",
 * "з 16 листопада 2026 р. до 31 січня 2027 р.", "from 16 November 2026 to 31 January 2027".
 */
export const formatPeriod = ({ from, until }: { from: string; until: string }, words: DateWords): string =>
  fill(words.period, { from: formatDate(from, words), until: formatDate(until, words) });
