import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import type { ArticleSummary } from "../../frontend/app/contentModel/schema";
import { BlogList, EMPTY_RESULT, articlesCount } from "../../frontend/app/components/BlogList/BlogList";

const articles: ArticleSummary[] = [
  {
    slug: "red-touch",
    title: "Red Touch Pro – rewolucja",
    excerpt: "Laser wolumetryczny.",
    category: "Zabiegi na twarz",
    author: "Anna",
    date: "2025-02-14",
    image: "blog-laser-frakcyjny",
    alt: "",
  },
  {
    slug: "cellulit",
    title: "Cellulit bez tajemnic",
    excerpt: "Endermologia i fala uderzeniowa.",
    category: "Zabiegi na ciało",
    author: "Anna",
    date: "2025-03-25",
    image: "blog-cellulit",
    alt: "Zabieg endermologii na udach",
  },
  {
    slug: "brwi",
    title: "Brwi przed zabiegiem",
    excerpt: "Przygotowanie do makijażu.",
    category: "Makijaż permanentny",
    author: "Karolina",
    date: "2025-01-10",
    image: "blog-makijaz-brwi-przygotowanie",
    alt: "",
  },
];

const titles = () => screen.queryAllByRole("heading", { level: 2 }).map((h) => h.textContent);

/** jsdom lays nothing out: every element reports a 300 × 400 box this far (px) down the page. */
const layOutEveryElementAt = (top: number) =>
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue({
    top,
    bottom: top + 400,
    left: 0,
    right: 300,
    width: 300,
    height: 400,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });

describe("BlogList", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the search box, 'Wszystkie' pressed and the five categories", () => {
    renderAt(<BlogList articles={articles} />);
    expect(screen.getByRole("searchbox", { name: "Szukaj artykułów" })).toHaveAttribute(
      "placeholder",
      "Szukaj artykułów...",
    );
    const group = screen.getByRole("group", { name: "Kategorie artykułów" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Wszystkie", "Makijaż permanentny", "Zabiegi na twarz", "Zabiegi na ciało", "Pielęgnacja", "Porady"]);
    expect(screen.getByRole("button", { name: "Wszystkie" })).toHaveAttribute("aria-pressed", "true");
    expect(titles()).toHaveLength(3);
  });

  it("each card shows image, category, date, title, excerpt, author and 'Czytaj więcej', linking to /blog/{slug}", () => {
    renderAt(<BlogList articles={articles} />);
    const card = screen.getByRole("heading", { name: "Cellulit bez tajemnic" }).closest("article")!;
    expect(within(card).getByRole("img", { name: "Zabieg endermologii na udach" })).toHaveAttribute(
      "src",
      expect.stringContaining("/img/blog-cellulit-"),
    );
    expect(within(card).getByText("Zabiegi na ciało")).toBeInTheDocument();
    expect(within(card).getByText("25 marca 2025")).toHaveAttribute("datetime", "2025-03-25");
    expect(within(card).getByText("Endermologia i fala uderzeniowa.")).toBeInTheDocument();
    expect(within(card).getByText("Autorka: Anna")).toBeInTheDocument();
    expect(within(card).getByText(/Czytaj więcej/)).toBeInTheDocument();
    // One link per card, named by the title.
    expect(within(card).getAllByRole("link")).toHaveLength(1);
    expect(within(card).getByRole("link", { name: "Cellulit bez tajemnic" })).toHaveAttribute("href", "/blog/cellulit");
  });

  it("filters live as the visitor types (title or excerpt, any case)", async () => {
    const user = userEvent.setup();
    renderAt(<BlogList articles={articles} />);
    const search = screen.getByRole("searchbox");
    await user.type(search, "LASER");
    expect(titles()).toEqual(["Red Touch Pro – rewolucja"]);
    expect(screen.getByRole("status")).toHaveTextContent("Znaleziono: 1 artykuł");
    await user.clear(search);
    await user.type(search, "zabieg");
    expect(titles()).toEqual(["Brwi przed zabiegiem"]);
    await user.clear(search);
    expect(titles()).toHaveLength(3);
  });

  it("category buttons filter by exact category, combined with the text; 'Wszystkie' clears the category", async () => {
    const user = userEvent.setup();
    renderAt(<BlogList articles={articles} />);
    await user.click(screen.getByRole("button", { name: "Zabiegi na ciało" }));
    expect(screen.getByRole("button", { name: "Zabiegi na ciało" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Wszystkie" })).toHaveAttribute("aria-pressed", "false");
    expect(titles()).toEqual(["Cellulit bez tajemnic"]);

    await user.type(screen.getByRole("searchbox"), "laser"); // matches an article of another category
    expect(titles()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Wszystkie" }));
    expect(titles()).toEqual(["Red Touch Pro – rewolucja"]);
  });

  it("shows the exact empty text, announced, and a way back to every article", async () => {
    const user = userEvent.setup();
    renderAt(<BlogList articles={articles} />);
    await user.click(screen.getByRole("button", { name: "Pielęgnacja" }));
    expect(titles()).toEqual([]);
    expect(screen.getByRole("status")).toHaveTextContent(
      /^Nie znaleziono artykułów spełniających kryteria wyszukiwania\.$/,
    );
    expect(screen.getByText(EMPTY_RESULT)).toBeVisible();
    expect(EMPTY_RESULT).toBe("Nie znaleziono artykułów spełniających kryteria wyszukiwania.");
    await user.click(screen.getByRole("button", { name: "Pokaż wszystkie artykuły" }));
    expect(titles()).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Wszystkie" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByText(EMPTY_RESULT)).not.toBeInTheDocument();
  });

  it("cards below the fold fade in with 100 ms steps", () => {
    layOutEveryElementAt(5000);
    renderAt(<BlogList articles={articles} />);
    const cards = screen.getAllByRole("article");
    expect(cards.map((c) => c.dataset.reveal)).toEqual(["hidden", "hidden", "hidden"]);
    expect(cards.map((c) => c.style.transitionDelay)).toEqual(["", "100ms", "200ms"]);
  });

  it("nothing is hidden or delayed for visitors who prefer reduced motion", () => {
    layOutEveryElementAt(5000);
    // jsdom has no matchMedia; this visitor's browser answers 'prefers-reduced-motion: reduce'.
    window.matchMedia = (query: string) => ({ matches: query.includes("reduce"), media: query }) as MediaQueryList;
    try {
      renderAt(<BlogList articles={articles} />);
      const cards = screen.getAllByRole("article");
      expect(cards.every((c) => c.dataset.reveal === undefined && c.style.transitionDelay === "")).toBe(true);
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

describe("articlesCount", () => {
  it("uses the Polish plural forms", () => {
    expect([1, 2, 4, 5, 7, 12, 14, 22, 25].map(articlesCount)).toEqual([
      "1 artykuł",
      "2 artykuły",
      "4 artykuły",
      "5 artykułów",
      "7 artykułów",
      "12 artykułów",
      "14 artykułów",
      "22 artykuły",
      "25 artykułów",
    ]);
  });
});
