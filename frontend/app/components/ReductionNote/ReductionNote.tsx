import { promotionPeriods } from "../../site/config";
import { formatPeriodPl } from "../../site/dates";
import { lowestPricesOf } from "../../content/pricing";
import type { Reduction } from "../../content/schema";
import styles from "./ReductionNote.module.scss";

/** A reduction as pricing.json gives it: its promotion's id (its period is `promotionPeriods` in site/config.ts). */
export type ReductionFacts = Omit<Reduction, "standIn">;

/** "300 zł", or per service: "twarz 1890 zł, szyja 1170 zł, dekolt 1370 zł". */
export const lowestPriceText = (reduction: ReductionFacts) =>
  lowestPricesOf(reduction)
    .map(({ service, price }) => (service ? `${service.toLocaleLowerCase("pl")} ${price} zł` : `${price} zł`))
    .join(", ");

/**
 * What every announcement of a reduction carries (price information act, art. 4 ust. 2): the lowest price of the 30
 * days before it – for each service when one promotional price covers several – what that price is the price of
 * when the price list does not say, and how long the promotion lasts. The price list, the treatment pages' promotion
 * box and the cards of /promocje show it with the promotional price, from the same line of content/pricing.json.
 */
export function ReductionNote({ reduction, className }: { reduction: ReductionFacts; className?: string }) {
  const period = promotionPeriods[reduction.promotion as keyof typeof promotionPeriods];
  return (
    <p className={[styles.note, className].filter(Boolean).join(" ")}>
      <span>Najniższa cena z 30 dni przed obniżką: {lowestPriceText(reduction)}</span>
      {reduction.refersTo && <span>{reduction.refersTo}</span>}
      {period && <span>Promocja trwa {formatPeriodPl(period)}</span>}
    </p>
  );
}
