import { promotionPeriods } from "../../site/config";
import { formatDatePl } from "../../site/dates";
import styles from "./ReductionNote.module.scss";

export interface ReductionFacts {
  /** The promotion's id: its period is in the site configuration (`promotionPeriods`). */
  promotion: string;
  lowestPrice30Days: number;
}

/**
 * What every announcement of a reduction carries (price information act, art. 4 ust. 2): the lowest price of the 30
 * days before it, and how long the promotion lasts. The price list, the treatment pages' promotion box and the cards
 * of /promocje show it with the promotional price, from the same line of content/pricing.json.
 */
export function ReductionNote({ reduction, className }: { reduction: ReductionFacts; className?: string }) {
  const period = promotionPeriods[reduction.promotion as keyof typeof promotionPeriods];
  return (
    <p className={[styles.note, className].filter(Boolean).join(" ")}>
      <span>Najniższa cena z 30 dni przed obniżką: {reduction.lowestPrice30Days} zł</span>
      {period && (
        <span>
          Promocja trwa od {formatDatePl(period.from)} r. do {formatDatePl(period.until)} r.
        </span>
      )}
    </p>
  );
}
