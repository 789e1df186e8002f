import type { HomeDocument } from "../../contentModel/schema";
import { site } from "../../salon/config";
import { Icon } from "../Icon/Icon";
import { usePageWords, useWords } from "../../hooks/useWords";
import { fill } from "../../contentModel/blanks";
import styles from "./Reviews.module.scss";

type Review = HomeDocument["reviews"]["items"][number];

/**
 * Three fixed reviews, where they come from and how they are checked (`source`), and links to read more on the
 * search engine and on the social network.
 */
export function Reviews({ reviews, source }: { reviews: Review[]; source: string }) {
  const words = usePageWords("reviews");
  const { newTab } = useWords().shell;
  return (
    <>
      <ul className={styles.reviews}>
        {reviews.map((review) => (
          <li key={review.author} className={styles.review}>
            <figure>
              <p className={styles.stars} role="img" aria-label={fill(words.rating, { stars: review.rating })}>
                {Array.from({ length: review.rating }, (_, i) => (
                  <Icon key={i} name="star" size={18} />
                ))}
              </p>
              <blockquote>
                <p>{review.text}</p>
              </blockquote>
              <figcaption>
                <strong>{review.author}</strong>
                <span>{`${review.date} · ${words.fromGoogle}`}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className={styles.source}>{source}</p>
      <p className={styles.more}>
        <span>{words.more}</span>
        <a href={site.reviewsUrl.google} target="_blank" rel="noopener noreferrer" className={styles.moreLink}>
          {words.google}
          <span className="visually-hidden">{` (${newTab})`}</span>
          <Icon name="external" size={16} />
        </a>
        <a href={site.reviewsUrl.facebook} target="_blank" rel="noopener noreferrer" className={styles.moreLink}>
          {words.facebook}
          <span className="visually-hidden">{` (${newTab})`}</span>
          <Icon name="external" size={16} />
        </a>
      </p>
    </>
  );
}
