import { Link } from "react-router";
import type { Route } from "./+types/promotions";
import { loadPromotions } from "../content/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { Icon } from "../components/Icon/Icon";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { useReveal } from "../hooks/useReveal";
import type { PromotionsDocument } from "../content/schema";
import styles from "./promotions.module.scss";

/** 300 → 259 is 14% off (rounded). */
const discountPercent = (oldPrice: number, newPrice: number) => Math.round((1 - newPrice / oldPrice) * 100);

export function loader() {
  const promotions = loadPromotions();
  return { promotions, head: pageHead({ path: "/promocje", ...promotions.seo }) };
}

export const meta: Route.MetaFunction = headFromLoader;

type Card = PromotionsDocument["cards"][number];

/** A promotion: image with the saving, name, old price struck through, new price, and its external sub-site. */
function PromotionCard({ card, index }: { card: Card; index: number }) {
  const ref = useReveal<HTMLElement>((index % 2) * 100);
  return (
    <article ref={ref} className={styles.card} aria-labelledby={`promocja-${card.id}`}>
      <div className={styles.media}>
        <Picture name={card.image} alt={card.alt} sizes="(min-width: 80rem) 35.25rem, (min-width: 64rem) 46.5vw, (min-width: 48rem) 45vw, calc(100vw - 3rem)" />
        <p className={styles.saving}>
          <span aria-hidden="true">−{discountPercent(card.oldPrice, card.newPrice)}%</span>
          <span className="visually-hidden">Taniej o {discountPercent(card.oldPrice, card.newPrice)}%</span>
        </p>
      </div>
      <div className={styles.cardBody}>
        <h2 id={`promocja-${card.id}`}>{card.name}</h2>
        <p className={styles.prices}>
          <del>
            <span className="visually-hidden">Cena regularna: </span>
            {card.oldPrice} zł
          </del>{" "}
          <ins>
            <span className="visually-hidden">Cena promocyjna: </span>
            {card.newPrice} zł
          </ins>
        </p>
        <p>{renderInline(card.description)}</p>
        <a href={card.url} target="_blank" rel="noopener noreferrer" className={styles.more}>
          Szczegóły promocji<span className="visually-hidden">: {card.name} (otwiera się w nowej karcie)</span>
          <Icon name="external" size={16} />
        </a>
      </div>
    </article>
  );
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { promotions } = loaderData;
  return (
    <>
      <PageHeader path="/promocje" title={promotions.title} lead={<p>{renderInline(promotions.intro)}</p>} />
      <div className={styles.body}>
        <section className={styles.referral} aria-labelledby="polecenia">
          <h2 id="polecenia">{promotions.referral.title}</h2>
          {promotions.referral.paragraphs.map((p) => (
            <p key={p}>{renderInline(p)}</p>
          ))}
        </section>
        <ul className={styles.cards}>
          {promotions.cards.map((card, i) => (
            <li key={card.id}>
              <PromotionCard card={card} index={i} />
            </li>
          ))}
        </ul>
        <aside className={styles.cta} aria-labelledby="promocje-umow">
          <h2 id="promocje-umow">Chcesz skorzystać z promocji?</h2>
          <p>Zadzwoń albo napisz – dobierzemy termin i sprawdzimy, czy zabieg jest dla Ciebie odpowiedni.</p>
          <Link to="/kontakt" className={styles.book}>
            Umów się na zabieg
          </Link>
        </aside>
      </div>
    </>
  );
}
