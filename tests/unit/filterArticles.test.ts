import { describe, expect, it } from "vitest";
import type { ArticleSummary } from "../../frontend/app/contentModel/schema";
import { ALL_CATEGORIES, filterArticles } from "../../frontend/app/components/BlogList/filterArticles";

const articles: Pick<ArticleSummary, "slug" | "title" | "excerpt" | "category" | "author">[] = [
  {
    slug: "a",
    title: "Red Touch Pro – rewolucja",
    excerpt: "Laser wolumetryczny odbudowuje kolagen.",
    category: "Zabiegi na twarz",
    author: "Anna",
  },
  {
    slug: "b",
    title: "Cellulit bez tajemnic",
    excerpt: "Endermologia LPG i FALA uderzeniowa.",
    category: "Zabiegi na ciało",
    author: "Anna",
  },
  {
    slug: "c",
    title: "Brwi przed zabiegiem",
    excerpt: "Jak przygotować się do makijażu permanentnego.",
    category: "Makijaż permanentny",
    author: "Karolina",
  },
  {
    slug: "d",
    title: "Skóra latem",
    excerpt: "Filtr SPF i nawilżenie w ŁODZI i nad morzem.",
    category: "Porady",
    author: "Anna",
  },
];
const slugs = (query: string, category: string | null) => filterArticles(articles, query, category).map((a) => a.slug);

describe("filterArticles (the blog search)", () => {
  it("no text and 'Wszystkie' (or no category) shows everything, in the given order", () => {
    expect(slugs("", ALL_CATEGORIES)).toEqual(["a", "b", "c", "d"]);
    expect(slugs("", null)).toEqual(["a", "b", "c", "d"]);
    expect(ALL_CATEGORIES).toBe("Wszystkie");
  });

  it("matches a case-insensitive substring of the title", () => {
    expect(slugs("red touch", ALL_CATEGORIES)).toEqual(["a"]);
    expect(slugs("RED TOUCH", ALL_CATEGORIES)).toEqual(["a"]);
    expect(slugs("ouch pr", ALL_CATEGORIES)).toEqual(["a"]); // inside words, not only whole words
  });

  it("matches a case-insensitive substring of the excerpt", () => {
    expect(slugs("fala", ALL_CATEGORIES)).toEqual(["b"]); // 'FALA' in the excerpt
    expect(slugs("KOLAGEN", ALL_CATEGORIES)).toEqual(["a"]);
  });

  it("lower-cases Polish letters too", () => {
    expect(slugs("łodzi", ALL_CATEGORIES)).toEqual(["d"]); // 'ŁODZI' in the excerpt
    expect(slugs("MAKIJAŻU", ALL_CATEGORIES)).toEqual(["c"]);
  });

  it("looks only at title and excerpt, not at the category or the author", () => {
    expect(slugs("Karolina", ALL_CATEGORIES)).toEqual([]);
    expect(slugs("Porady", ALL_CATEGORIES)).toEqual([]);
  });

  it("ignores spaces typed around the text", () => {
    expect(slugs("  cellulit ", ALL_CATEGORIES)).toEqual(["b"]);
  });

  it("filters by the exact category", () => {
    expect(slugs("", "Zabiegi na ciało")).toEqual(["b"]);
    expect(slugs("", "Makijaż permanentny")).toEqual(["c"]);
    expect(slugs("", "Pielęgnacja")).toEqual([]);
    // Exact: another case or a part of the name is a different category.
    expect(slugs("", "zabiegi na ciało")).toEqual([]);
    expect(slugs("", "Zabiegi")).toEqual([]);
  });

  it("requires both conditions at once", () => {
    expect(slugs("laser", "Zabiegi na twarz")).toEqual(["a"]);
    expect(slugs("laser", "Zabiegi na ciało")).toEqual([]);
    expect(slugs("a", "Porady")).toEqual(["d"]);
  });

  it("returns nothing when nothing matches", () => {
    expect(slugs("xyz", ALL_CATEGORIES)).toEqual([]);
  });
});
