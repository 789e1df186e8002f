import { Link } from "react-router";
import type { Route } from "./+types/promotions";
import { loadPromotions } from "../content/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import styles from "./promotions.module.scss";

export function loader() {
  return { promotions: loadPromotions() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageHead({ path: "/promocje", ...loaderData!.promotions.seo });

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
          {promotions.cards.map((card) => (
            <li key={card.id}>
              <article className={styles.card} aria-labelledby={`promocja-${card.id}`}>
                <Picture name={card.image} alt={card.alt} sizes="(min-width: 64rem) 34rem, 100vw" />
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
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
        <p className={styles.cta}>
          <Link to="/kontakt" className={styles.book}>
            Umów się na zabieg
          </Link>
        </p>
      </div>
    </>
  );
}
