import { useState } from "react";
import { blogCategories } from "../../content/blogCategories";
import { ArticleCard, type ArticleSummary } from "../ArticleCard/ArticleCard";
import { ALL_CATEGORIES, filterArticles } from "./filterArticles";
import styles from "./BlogList.module.scss";

export const EMPTY_RESULT = "Nie znaleziono artykułów spełniających kryteria wyszukiwania.";

/** Search box and category buttons that filter the cards live. */
export function BlogList({ articles }: { articles: ArticleSummary[] }) {
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const shown = filterArticles(articles, query, category);
  return (
    <div className={styles.wrapper}>
      <div role="search" className={styles.filters}>
        <label htmlFor="szukaj-artykulow" className="visually-hidden">
          Szukaj artykułów
        </label>
        <input
          id="szukaj-artykulow"
          type="search"
          className={styles.search}
          placeholder="Szukaj artykułów..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <div className={styles.categories} role="group" aria-label="Kategorie">
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
      <p className="visually-hidden" aria-live="polite">
        {shown.length ? `Liczba artykułów: ${shown.length}` : ""}
      </p>
      {shown.length ? (
        <ul className={styles.grid}>
          {shown.map((article, i) => (
            <li key={article.slug}>
              <ArticleCard article={article} index={i} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty} role="status">
          {EMPTY_RESULT}
        </p>
      )}
    </div>
  );
}
