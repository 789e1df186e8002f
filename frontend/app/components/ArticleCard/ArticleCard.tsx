import type { ArticleSummary } from "../../contentModel/schema";
import { formatDate } from "../../contentModel/dates";
import { useReveal } from "../../hooks/useReveal";
import { useLanguage, usePageWords, useWords } from "../../hooks/useWords";
import { fill } from "../../contentModel/blanks";
import { Picture } from "../Picture/Picture";
import { SiteLink, siteTarget } from "../SiteLink/SiteLink";
import styles from "./ArticleCard.module.scss";

/**
 * A blog card: image, category, date, title, excerpt, author and 'Czytaj więcej'; staggered 100 ms fade-in.
 * The title is the card's one link and covers the whole card, so the card is one tab stop with a clear name.
 * The articles are Polish: on a translated page (the home page's teaser) their own texts carry lang="pl" and the
 * link says, to screen readers, that it leads to a page in Polish.
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
  const language = useLanguage();
  const words = useWords();
  const articleWords = usePageWords("article");
  const dates = usePageWords("dates");
  const polish = siteTarget(href, language).polishOnly ? "pl" : undefined;
  return (
    <article ref={ref} className={styles.card}>
      <Picture name={article.image} alt={article.alt} sizes={sizes} priority={priority} className={styles.image} />
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.category} lang={polish}>
            {article.category}
          </span>{" "}
          <time dateTime={article.date}>{formatDate(article.date, dates)}</time>
        </p>
        <Heading className={styles.title} lang={polish}>
          <SiteLink to={href} className={styles.link}>
            {article.title}
            {polish && (
              <span className="visually-hidden" lang={language}>
                {` (${words.shell.inPolish})`}
              </span>
            )}
          </SiteLink>
        </Heading>
        <p className={styles.excerpt} lang={polish}>
          {article.excerpt}
        </p>
        <p className={styles.footer}>
          <span>{fill(articleWords.author, { name: article.author })}</span>
          <span className={styles.more} aria-hidden="true">
            {articleWords.more} <span className={styles.arrow}>→</span>
          </span>
        </p>
      </div>
    </article>
  );
}
