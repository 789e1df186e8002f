import type { Route } from "./+types/promotions";
import { loadPricing, loadPromotions } from "../contentModel/load.server";
import { priceGroupsById, priceTextOf } from "../contentModel/pricing";
import { formatPeriod } from "../contentModel/dates";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { Icon } from "../components/Icon/Icon";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { useReveal } from "../hooks/useReveal";
import { useLanguage, usePageWords, useWords } from "../hooks/useWords";
import { consultationIn, pageWords } from "../site/words/pageWords.server";
import { fill } from "../contentModel/blanks";
import { SiteLink } from "../components/SiteLink/SiteLink";
import { inLanguage } from "../site/languagePaths";
import { OfferNote, type ReductionFacts } from "../components/OfferNote/OfferNote";
import type { PromotionsDocument } from "../contentModel/schema";
import styles from "./promotions.module.scss";
import { languageOfPath } from "../site/languagePaths";
import { pricesIn } from "../contentModel/read.server";
import { pagePath } from "../site/routeTable";

/** 300 → 259 is 14% off (rounded). Counted from the lowest price of the 30 days before the reduction (art. 4 ust. 2). */
const discountPercent = (lowestPrice: number, newPrice: number) => Math.round((1 - newPrice / lowestPrice) * 100);

export function loader({ url }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname);
  const promotions = loadPromotions(language);
  const pricing = loadPricing(language);
  // The prices as the price list writes them: a regular price "od 300 zł" is not shown as "300 zł". A reduction's
  // lowest 30-day prices are its price-list line's (the content check has made sure a card with a regular price has
  // one); an offer that is no reduction has no price to compare with.
  const cards = promotions.cards.map((card) => {
    const groups = priceGroupsById(pricing, [card.priceGroup]);
    const reduction =
      card.oldPrice === undefined
        ? undefined
        : groups.flatMap((group) => group.services).find((service) => service.reduction?.promotion === card.id)
            ?.reduction;
    return {
      ...card,
      ...(reduction
        ? { reduction: { promotion: reduction.promotion, lowestPrices30Days: reduction.lowestPrices30Days } }
        : {}),
      ...(card.oldPrice === undefined ? {} : { oldPriceText: priceTextOf(groups, card.oldPrice) }),
      newPriceText: priceTextOf(groups, card.newPrice),
    };
  });
  return {
    ...pricesIn(
      {
        promotions: { ...promotions, cards },
        head: pageHead({ path: pagePath(url.pathname), ...promotions.seo }),
      },
      language,
    ),
    consultation: consultationIn(language),
    words: pageWords(language, "promotions", "offer", "dates"),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

type Card = Omit<PromotionsDocument["cards"][number], "standIn"> & {
  oldPriceText?: string;
  newPriceText: string;
  reduction?: ReductionFacts;
};

/** A reduction: the regular price struck through and the promotional price. */
function ReducedPrice({ card }: { card: Card }) {
  const words = usePageWords("promotions");
  return (
    <p className={styles.prices}>
      <del>
        <span className="visually-hidden">{words.regularPrice}</span>
        {card.oldPriceText}
      </del>{" "}
      <ins>
        <span className="visually-hidden">{words.promotionalPrice}</span>
        {card.newPriceText}
      </ins>
    </p>
  );
}

/**
 * The saving, counted from the lowest price of the 30 days before the reduction: one figure, or – when the
 * promotional price covers services of different prices – the range, the largest on the picture ("do −52%").
 */
function Saving({ reduction, newPrice }: { reduction: ReductionFacts; newPrice: number }) {
  const words = usePageWords("promotions");
  const savings = reduction.lowestPrices30Days.map(({ price }) => discountPercent(price, newPrice));
  const least = Math.min(...savings);
  const most = Math.max(...savings);
  return (
    <p className={styles.saving}>
      <span aria-hidden="true">{least === most ? `−${most}%` : fill(words.upTo, { most })}</span>
      <span className="visually-hidden">
        {least === most ? fill(words.saving, { percent: most }) : fill(words.savingRange, { least, most })}
      </span>
    </p>
  );
}

/** A promotion: image (with the saving, for a reduction), name, its prices, and its external sub-site. */
function PromotionCard({ card, index }: { card: Card; index: number }) {
  const ref = useReveal<HTMLElement>((index % 2) * 100);
  const words = usePageWords("promotions");
  const { newTab } = useWords().shell;
  return (
    <article ref={ref} className={styles.card} aria-labelledby={`promocja-${card.id}`}>
      <div className={styles.media}>
        <Picture
          name={card.image}
          alt={card.alt}
          sizes="(min-width: 80rem) 35.25rem, (min-width: 64rem) 46.5vw, (min-width: 48rem) 45vw, calc(100vw - 3rem)"
        />
        {card.reduction && <Saving reduction={card.reduction} newPrice={card.newPrice} />}
      </div>
      <div className={styles.cardBody}>
        <h2 id={`promocja-${card.id}`}>{card.name}</h2>
        {card.priceScope && <p className={styles.scope}>{card.priceScope}</p>}
        {card.reduction ? (
          <ReducedPrice card={card} />
        ) : (
          <p className={styles.prices}>
            <ins>{card.newPriceText}</ins>
          </p>
        )}
        <OfferNote
          offer={{ period: card.period, terms: card.terms }}
          reduction={card.reduction}
          className={styles.lowest}
        />
        <p>{renderInline(card.description)}</p>
        <a href={card.url} target="_blank" rel="noopener noreferrer" className={styles.more}>
          {card.reduction ? words.promotionDetails : words.offerDetails}
          <span className="visually-hidden">{`: ${card.name} (${newTab})`}</span>
          <Icon name="external" size={16} />
        </a>
      </div>
    </article>
  );
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { promotions, consultation, words } = loaderData;
  const language = useLanguage();
  return (
    <>
      <PageHeader
        path={inLanguage("/promocje", language)}
        title={promotions.title}
        lead={<p>{renderInline(promotions.intro)}</p>}
      />
      <div className={styles.body}>
        <section className={styles.referral} aria-labelledby="polecenia">
          <h2 id="polecenia">{promotions.referral.title}</h2>
          <p className={styles.period}>
            {fill(words.promotions.referralLasts, { period: formatPeriod(promotions.referral.period, words.dates) })}
          </p>
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
          <h2 id="promocje-umow">{words.promotions.ctaTitle}</h2>
          <p>{`${words.promotions.ctaText} ${consultation.sentence}`}</p>
          <SiteLink to="/kontakt" className={styles.book}>
            {words.promotions.book}
          </SiteLink>
        </aside>
      </div>
    </>
  );
}
