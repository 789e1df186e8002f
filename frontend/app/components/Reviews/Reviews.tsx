import type { HomeDocument } from "../../contentModel/schema";
import { site } from "../../salon/config";
import { Icon } from "../Icon/Icon";
import styles from "./Reviews.module.scss";

type Review = HomeDocument["reviews"]["items"][number];

/**
 * Three fixed reviews, where they come from and how they are checked (`source`), and links to read more on the
 * search engine and on the social network.
 */
export function Reviews({ reviews, source }: { reviews: Review[]; source: string }) {
  return (
    <>
      <ul className={styles.reviews}>
        {reviews.map((review) => (
          <li key={review.author} className={styles.review}>
            <figure>
              <p className={styles.stars} role="img" aria-label={`Ocena: ${review.rating} na 5 gwiazdek`}>
                {Array.from({ length: review.rating }, (_, i) => (
                  <Icon key={i} name="star" size={18} />
                ))}
              </p>
              <blockquote>
                <p>{review.text}</p>
              </blockquote>
              <figcaption>
                <strong>{review.author}</strong>
                <span>{review.date} · opinia z Google</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className={styles.source}>{source}</p>
      <p className={styles.more}>
        <span>Więcej opinii naszych klientek:</span>
        <a href={site.reviewsUrl.google} target="_blank" rel="noopener noreferrer" className={styles.moreLink}>
          Opinie w Google<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
          <Icon name="external" size={16} />
        </a>
        <a href={site.reviewsUrl.facebook} target="_blank" rel="noopener noreferrer" className={styles.moreLink}>
          Opinie na Facebooku<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
          <Icon name="external" size={16} />
        </a>
      </p>
    </>
  );
}
