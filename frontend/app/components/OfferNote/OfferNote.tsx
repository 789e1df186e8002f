import { formatPeriod } from "../../contentModel/dates";
import type { PageLanguage } from "../../contentModel/languages";
import { formatPrice, type OfferTerms } from "../../contentModel/pricing";
import type { Reduction } from "../../contentModel/schema";
import { useLanguage, usePageWords } from "../../hooks/useWords";
import { fill } from "../../contentModel/blanks";
import styles from "./OfferNote.module.scss";

/** A reduction as pricing.json gives it, without the operator's note. */
export type ReductionFacts = Omit<Reduction, "standIn">;

/**
 * "300 zł" for one service, or per service: "twarz 1890 zł, szyja 1170 zł, dekolt 1370 zł" (in English "face PLN
 * 1890, …"), each amount as the page's language writes it (`price`).
 */
const lowestPriceText = (reduction: ReductionFacts, price: (amount: number) => string, language: PageLanguage) =>
  reduction.lowestPrices30Days.length === 1
    ? price(reduction.lowestPrices30Days[0]!.price)
    : reduction.lowestPrices30Days
        .map((line) => `${line.service.toLocaleLowerCase(language)} ${price(line.price)}`)
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
  const language = useLanguage();
  const words = usePageWords("offer");
  const price = (amount: number) => formatPrice(`${amount} zł`, language);
  const period = formatPeriod(offer.period, usePageWords("dates"));
  return (
    <p className={[styles.note, className].filter(Boolean).join(" ")}>
      {reduction && <span>{`${words.lowestPrice}: ${lowestPriceText(reduction, price, language)}`}</span>}
      <span>{reduction ? fill(words.promotionLasts, { period }) : fill(words.offerLasts, { period })}</span>
      <span>{offer.terms}</span>
    </p>
  );
}
