import { Link } from "react-router";
import type { Article } from "../../content/schema";
import { formatDatePl } from "../../site/dates";
import { useReveal } from "../../hooks/useReveal";
import { Picture } from "../Picture/Picture";
import styles from "./ArticleCard.module.scss";

export type ArticleSummary = Pick<Article, "title" | "excerpt" | "image" | "alt" | "author" | "date" | "category"> & { slug: string };

/** A blog card: image, category, date, title, excerpt, author and 'Czytaj więcej'; staggered 100 ms fade-in. */
export function ArticleCard({ article, index = 0, headingLevel = 2 }: { article: ArticleSummary; index?: number; headingLevel?: 2 | 3 }) {
  const ref = useReveal<HTMLElement>(index * 100);
  const Heading = `h${headingLevel}` as const;
  const href = `/blog/${article.slug}`;
  return (
    <article ref={ref} className={styles.card}>
      <Picture name={article.image} alt={article.alt} sizes="(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 100vw" className={styles.image} />
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.category}>{article.category}</span>
          <time dateTime={article.date}>{formatDatePl(article.date)}</time>
        </p>
        <Heading className={styles.title}>
          <Link to={href}>{article.title}</Link>
        </Heading>
        <p className={styles.excerpt}>{article.excerpt}</p>
        <p className={styles.footer}>
          <span>Autorka: {article.author}</span>
          <Link to={href} className={styles.more} aria-hidden="true" tabIndex={-1}>
            Czytaj więcej
          </Link>
        </p>
      </div>
    </article>
  );
}
