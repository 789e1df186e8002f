import { formatPeriodPl } from "../../contentModel/dates";
import type { OfferTerms } from "../../contentModel/pricing";
import type { Reduction } from "../../contentModel/schema";
import styles from "./OfferNote.module.scss";

/** A reduction as pricing.json gives it, without the operator's note. */
export type ReductionFacts = Omit<Reduction, "standIn">;

/** "300 zł" for one service, or per service: "twarz 1890 zł, szyja 1170 zł, dekolt 1370 zł". */
export const lowestPriceText = (reduction: ReductionFacts) =>
  reduction.lowestPrices30Days.length === 1
    ? `${reduction.lowestPrices30Days[0]!.price} zł`
    : reduction.lowestPrices30Days
        .map(({ service, price }) => `${service.toLocaleLowerCase("pl")} ${price} zł`)
        .join(", ");

/**
 * What every announcement of an offer of a promotion carries, from the same line of content/pricing.json and entry
 * of content/promotions.json wherever it is shown (the price list, a treatment page's promotion box, /promocje): for
 * a reduction, the lowest price of the 30 days before it, for each service its promotional price covers (price
 * information act, art. 4 ust. 2); how long the offer lasts; who it is for and how often it can be used.
 */
export function OfferNote({
  offer,
  reduction,
  className,
}: {
  offer: OfferTerms;
  reduction?: ReductionFacts;
  className?: string;
}) {
  return (
    <p className={[styles.note, className].filter(Boolean).join(" ")}>
      {reduction && <span>Najniższa cena z 30 dni przed obniżką: {lowestPriceText(reduction)}</span>}
      <span>
        {reduction ? "Promocja" : "Oferta"} trwa {formatPeriodPl(offer.period)}
      </span>
      <span>{offer.terms}</span>
    </p>
  );
}
