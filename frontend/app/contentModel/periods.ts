/**
 * The promotions' periods (content/promotions.json: each card's and the referral programme's, both days included):
 * where they are, and whether one holds a given day. The content check refuses in production a promotion whose period
 * has ended, `npm run launch:check` lists one not current, and the mailer's /health (mailer/src/PromotionPeriods.php)
 * names one that has ended or ends within 7 days, as the built pages would otherwise keep announcing it.
 */
import type { Period } from "./schema";

/** Every period of a promotions document as it is on disk, with its field ("cards[2].period") and its promotion's id. */
export function periodsOf(doc: unknown): { field: string; id: string; period: Period }[] {
  const raw = doc as { cards?: { id?: unknown; period?: Period }[]; referral?: { period?: Period } };
  return [
    ...(raw.cards ?? []).map((card, i) => ({ field: `cards[${i}].period`, id: String(card.id), period: card.period })),
    { field: "referral.period", id: "referral", period: raw.referral?.period },
  ].filter((entry): entry is { field: string; id: string; period: Period } => entry.period !== undefined);
}

/** The local calendar day of a moment, as the periods write it: 2026-11-27. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** Why a period (inclusive) does not hold the given day, or nothing when it does. */
export function periodProblem(period: Period, day: string): string | undefined {
  if (day < period.from) return `okres ${period.from} – ${period.until} jeszcze się nie zaczął (dziś ${day})`;
  if (day > period.until) return `okres ${period.from} – ${period.until} już się skończył (dziś ${day})`;
  return undefined;
}
