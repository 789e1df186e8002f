import { Link } from "react-router";
import type { ArticleSummary } from "../../contentModel/schema";
import { formatDatePl } from "../../contentModel/dates";
import { useReveal } from "../../hooks/useReveal";
import { Picture } from "../Picture/Picture";
import styles from "./ArticleCard.module.scss";

/**
 * A blog card: image, category, date, title, excerpt, author and 'Czytaj więcej'; staggered 100 ms fade-in.
 * The title is the card's one link and covers the whole card, so the card is one tab stop with a clear name.
 */
/** The card's width in the blog's list: one column on phones, two on tablets, three from 64rem. */
const LIST_SIZES = "(min-width: 80rem) 23rem, (min-width: 64rem) 30vw, (min-width: 48rem) 45vw, calc(100vw - 3rem)";

export function ArticleCard({
  article,
  index = 0,
  headingLevel = 2,
  sizes = LIST_SIZES,
  priority = false,
}: {
  article: ArticleSummary;
  index?: number;
  headingLevel?: 2 | 3;
  sizes?: string;
  priority?: boolean;
}) {
  const ref = useReveal<HTMLElement>(index * 100);
  const Heading = `h${headingLevel}` as const;
  const href = `/blog/${article.slug}`;
  return (
    <article ref={ref} className={styles.card}>
      <Picture name={article.image} alt={article.alt} sizes={sizes} priority={priority} className={styles.image} />
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.category}>{article.category}</span>{" "}
          <time dateTime={article.date}>{formatDatePl(article.date)}</time>
        </p>
        <Heading className={styles.title}>
          <Link to={href} className={styles.link}>
            {article.title}
          </Link>
        </Heading>
        <p className={styles.excerpt}>{article.excerpt}</p>
        <p className={styles.footer}>
          <span>Autorka: {article.author}</span>
          <span className={styles.more} aria-hidden="true">
            Czytaj więcej <span className={styles.arrow}>→</span>
          </span>
        </p>
      </div>
    </article>
  );
}
