import { useId, useState } from "react";
import { blogCategories } from "../../contentModel/blogCategories";
import { ArticleCard } from "../ArticleCard/ArticleCard";
import type { ArticleSummary } from "../../contentModel/schema";
import { ALL_CATEGORIES, filterArticles } from "./filterArticles";
import styles from "./BlogList.module.scss";

export const EMPTY_RESULT = "Nie znaleziono artykułów spełniających kryteria wyszukiwania.";

/** '1 artykuł', '3 artykuły', '5 artykułów', '22 artykuły' — Polish plural forms. */
export function articlesCount(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  if (n === 1) return "1 artykuł";
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return `${n} artykuły`;
  return `${n} artykułów`;
}

/** Search box and category buttons that filter the cards live (rules in filterArticles). */
export function BlogList({ articles }: { articles: ArticleSummary[] }) {
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const searchId = useId();
  const shown = filterArticles(articles, query, category);
  const filtered = query.trim() !== "" || category !== ALL_CATEGORIES;
  return (
    <div className={styles.wrapper}>
      <div role="search" aria-label="Artykuły na blogu" className={styles.filters}>
        <div className={styles.searchField}>
          <label htmlFor={searchId} className="visually-hidden">
            Szukaj artykułów
          </label>
          <svg
            className={styles.searchIcon}
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
          >
            <path
              fill="currentColor"
              d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.7 4.7-1.4 1.4-4.7-4.7A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z"
            />
          </svg>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            placeholder="Szukaj artykułów..."
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className={styles.categories} role="group" aria-label="Kategorie artykułów">
          {[ALL_CATEGORIES, ...blogCategories].map((name) => (
            <button
              key={name}
              type="button"
              className={styles.category}
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
            >
              {name}
            </button>
          ))}
        </div>
      </div>
      {/* One status region, always present, so the count and the empty result are both announced. */}
      <div className={shown.length ? undefined : styles.empty}>
        <p className={shown.length ? styles.count : styles.emptyText} role="status">
          {shown.length
            ? filtered
              ? `Znaleziono: ${articlesCount(shown.length)}`
              : articlesCount(shown.length)
            : EMPTY_RESULT}
        </p>
        {!shown.length && (
          <button
            type="button"
            className={styles.reset}
            onClick={() => {
              setQuery("");
              setCategory(ALL_CATEGORIES);
            }}
          >
            Pokaż wszystkie artykuły
          </button>
        )}
      </div>
      {shown.length > 0 && (
        <ul className={styles.grid}>
          {shown.map((article, i) => (
            <li key={article.slug}>
              {/* The first card's photo is the list page's LCP element on a phone: preloaded, with high priority. */}
              <ArticleCard article={article} index={i} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
