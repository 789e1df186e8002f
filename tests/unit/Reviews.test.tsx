/**
 * The reviews' own words (ratings, where a review comes from, the links to more) on a translated home page. A link's
 * name in jsdom lacks the space before its visually hidden part, so the links' whole text is compared.
 */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { Reviews } from "../../frontend/app/components/Reviews/Reviews";

const reviews = [
  { author: "Anna K.", rating: 5 as const, text: "Чудово.", date: "12 березня 2025 р.", source: "google" as const },
];

describe("Reviews", () => {
  it("speaks Polish on a Polish page", () => {
    renderIn("pl", <Reviews reviews={reviews} source="Źródło." />);
    expect(screen.getByRole("img", { name: "Ocena: 5 na 5 gwiazdek" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Opinie w Google/ })).toHaveTextContent(
      "Opinie w Google (otwiera się w nowej karcie)",
    );
  });

  it("speaks Ukrainian on a Ukrainian page", () => {
    renderIn("uk", <Reviews reviews={reviews} source="Джерело." />, "/uk");
    expect(screen.getByRole("img", { name: "Оцінка: 5 з 5 зірок" })).toBeInTheDocument();
    expect(screen.getByText("12 березня 2025 р. · відгук із Google")).toBeInTheDocument();
    expect(screen.getByText("Більше відгуків наших клієнток:")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Відгуки в Google/ })).toHaveTextContent(
      "Відгуки в Google (відкривається в новій вкладці)",
    );
    expect(screen.getByRole("link", { name: /^Відгуки у Facebook/ })).toHaveTextContent(
      "Відгуки у Facebook (відкривається в новій вкладці)",
    );
    expect(document.body.textContent).not.toMatch(/opinia|Opinie|otwiera/);
  });

  it("speaks English on an English page", () => {
    renderIn("en", <Reviews reviews={reviews} source="Source." />, "/en");
    expect(screen.getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Reviews on Google/ })).toHaveTextContent(
      "Reviews on Google (opens in a new tab)",
    );
    expect(screen.getByText("More reviews from our clients:")).toBeInTheDocument();
  });
});
