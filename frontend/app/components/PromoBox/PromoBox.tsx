import type { ShownPriceGroup } from "../../contentModel/pricing";
import type { Treatment as TreatmentDoc } from "../../contentModel/schema";
import { OfferNote } from "../OfferNote/OfferNote";
import { renderInline } from "../RichText/inline";
import { usePageWords } from "../../hooks/useWords";
import styles from "./PromoBox.module.scss";

/**
 * The box under the table of contents: the offers of a promotion among this page's prices (the same lines of the price
 * list as the page's own price list shows), each with its price, period and terms and, for a reduction, the lowest
 * price of the 30 days before it. Headed "Promocja" when one of them is a reduction; a first visit's own price is
 * "Na początek", without reduction words.
 */
export function PromoBox({ promo, groups }: { promo: NonNullable<TreatmentDoc["promo"]>; groups: ShownPriceGroup[] }) {
  const words = usePageWords("offer");
  const offers = groups.flatMap((group) => group.services).filter((service) => service.offer);
  return (
    <aside className={styles.promo} aria-labelledby="promocja-tytul">
      <p className={styles.eyebrow}>
        {offers.some((service) => service.reduction) ? words.promotion : words.firstVisit}
      </p>
      <h2 id="promocja-tytul">{promo.title}</h2>
      <p>{renderInline(promo.text)}</p>
      {offers.map((service) => (
        <div key={service.name}>
          <p className={styles.promoPrice}>
            {service.name}: <strong>{"price" in service ? service.price : ""}</strong>
          </p>
          {service.offer && <OfferNote offer={service.offer} reduction={service.reduction} />}
        </div>
      ))}
    </aside>
  );
}
