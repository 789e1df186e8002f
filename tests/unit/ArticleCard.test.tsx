/** A blog card on a translated page (the home page's teaser): its words translated, the Polish article marked so. */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { ArticleCard } from "../../frontend/app/components/ArticleCard/ArticleCard";
import type { ArticleSummary } from "../../frontend/app/contentModel/schema";

const article: ArticleSummary = {
  slug: "jak-zmniejszyc-widocznosc-cellulitu",
  title: "Jak zmniejszyć widoczność cellulitu?",
  excerpt: "Krótko o cellulicie.",
  image: "blog-cellulit",
  alt: "",
  author: "Anna",
  date: "2025-03-09",
  category: "Zabiegi na ciało",
};

describe("ArticleCard", () => {
  it("stays as it was on a Polish page", () => {
    renderIn("pl", <ArticleCard article={article} />, "/blog");
    const link = screen.getByRole("link", { name: article.title });
    expect(link).toHaveAttribute("href", `/blog/${article.slug}`);
    expect(link).not.toHaveAttribute("hreflang");
    expect(screen.getByText("Autorka: Anna")).toBeInTheDocument();
    expect(screen.getByText("9 marca 2025")).toBeInTheDocument();
  });

  it("says in Ukrainian who wrote it and that the article is Polish", () => {
    renderIn("uk", <ArticleCard article={article} />, "/uk");
    // jsdom drops the space before the visually hidden part of the name: its text is compared instead.
    const link = screen.getByRole("link", { name: /^Jak zmniejszyć/ });
    expect(link).toHaveTextContent(`${article.title} (польською)`);
    expect(link).toHaveAttribute("href", `/blog/${article.slug}`);
    expect(link).toHaveAttribute("hreflang", "pl");
    expect(link.closest("h2")).toHaveAttribute("lang", "pl");
    expect(screen.getByText("Krótko o cellulicie.")).toHaveAttribute("lang", "pl");
    expect(screen.getByText("Авторка: Anna")).toBeInTheDocument();
    expect(screen.getByText("9 березня 2025")).toBeInTheDocument();
    expect(screen.getByText(/Читати далі/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Autorka|Czytaj|marca/);
  });

  it("says it in English", () => {
    renderIn("en", <ArticleCard article={article} />, "/en");
    const link = screen.getByRole("link", { name: /^Jak zmniejszyć/ });
    expect(link).toHaveTextContent(`${article.title} (in Polish)`);
    expect(link).toHaveAttribute("hreflang", "pl");
    expect(screen.getByText("Author: Anna")).toBeInTheDocument();
    expect(screen.getByText("9 March 2025")).toBeInTheDocument();
    expect(screen.getByText(/Read more/)).toBeInTheDocument();
  });
});
