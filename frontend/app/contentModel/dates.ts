const months = [
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
];

/**
 * '2025-03-09' → '9 marca 2025'. Done by hand rather than with Intl so the prerendered text and the hydrated text
 * are identical whatever the build machine's or the browser's locale data.
 */
export function formatDatePl(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}

/** A promotion's period as a sentence ends it: "od 16 listopada 2026 r. do 31 stycznia 2027 r.". */
export const formatPeriodPl = ({ from, until }: { from: string; until: string }) =>
  `od ${formatDatePl(from)} r. do ${formatDatePl(until)} r.`;
