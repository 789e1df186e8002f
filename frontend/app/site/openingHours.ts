/**
 * The salon's opening hours (salon/config.ts) in a page's words: its days named per language by their schema.org
 * names, so config.ts writes the hours once and each dictionary only the names of the days.
 */
import { site } from "../salon/config";
import type { Words } from "./words/pl";

type Day = keyof Words["shell"]["days"];
const WEEK: readonly Day[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A line's days, first to last: each line of config.ts is one day or a run of consecutive days. */
function span(days: readonly string[], names: Record<Day, string>, dash: string): string {
  const first = names[days[0] as Day];
  const last = names[days.at(-1) as Day];
  return days.length > 1 ? `${first}${dash}${last}` : first;
}

export interface HoursLine {
  /** "Poniedziałek – piątek", and as the header's top bar writes it: "pon.–pt.". */
  days: string;
  short: string;
  /** "9:00–20:00". */
  label: string;
}

/** The lines of the opening hours, and the days the salon does not open ("Niedziela"). */
export function openingHours(words: Words["shell"]): { open: HoursLine[]; closed: string[] } {
  return {
    open: site.openingHours.map((line) => ({
      days: capitalised(span(line.schemaDays, words.days, " – ")),
      short: span(line.schemaDays, words.daysShort, "–"),
      label: line.label,
    })),
    closed: WEEK.filter((day) => !site.openingHours.some((line) => line.schemaDays.includes(day))).map((day) =>
      capitalised(words.days[day]),
    ),
  };
}
