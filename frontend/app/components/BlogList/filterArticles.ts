import type { ArticleSummary } from "../../contentModel/schema";

export const ALL_CATEGORIES = "Wszystkie";

/**
 * The blog search's rules: case-insensitive substring of the search text in the title or the excerpt, AND the exact
 * category unless none or 'Wszystkie' is chosen.
 */
export function filterArticles<T extends Pick<ArticleSummary, "title" | "excerpt" | "category">>(
  articles: T[],
  query: string,
  category: string | null,
): T[] {
  const needle = query.trim().toLocaleLowerCase("pl");
  return articles.filter((article) => {
    const matchesText =
      !needle ||
      article.title.toLocaleLowerCase("pl").includes(needle) ||
      article.excerpt.toLocaleLowerCase("pl").includes(needle);
    const matchesCategory = !category || category === ALL_CATEGORIES || article.category === category;
    return matchesText && matchesCategory;
  });
}
