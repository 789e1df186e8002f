import { render, screen, within } from "@testing-library/react";
import { pages } from "../../frontend/app/site/words/pl/pages";
import { describe, expect, it } from "vitest";
import { isHighlightedOption, isHighlightedService } from "../../frontend/app/contentModel/pricing";
import type { PriceGroup as Group } from "../../frontend/app/contentModel/schema";
import { PriceGroup, highlightReason } from "../../frontend/app/components/PriceList/PriceGroup";

describe("price-list highlighting rules (isPromo, '3 zabiegi w serii', prices containing 'rabatu')", () => {
  it("highlights a service marked isPromo, and only when it is true", () => {
    expect(isHighlightedService({ name: "Pierwszy zabieg", price: "259 zł", isPromo: true })).toBe(true);
    expect(isHighlightedService({ name: "Pierwszy zabieg", price: "259 zł", isPromo: false })).toBe(false);
    expect(isHighlightedService({ name: "Pierwszy zabieg", price: "259 zł" })).toBe(false);
    expect(isHighlightedService({ name: "Pakiet", options: [{ name: "Twarz", price: "800 zł" }], isPromo: true })).toBe(
      true,
    );
  });

  it("highlights a service whose price contains 'rabatu'", () => {
    expect(isHighlightedService({ name: "Pakiet 4 zabiegów", price: "15% rabatu" })).toBe(true);
    expect(isHighlightedService({ name: "Seria", price: "20% rabatu od ceny regularnej" })).toBe(true);
    // Other words for a discount are not the rule's word.
    expect(isHighlightedService({ name: "Pakiet", price: "rabat 15%" })).toBe(false);
    expect(isHighlightedService({ name: "Pakiet", price: "taniej o 15%" })).toBe(false);
    // A service's name containing the word does not count; only the price does.
    expect(isHighlightedService({ name: "Bez rabatu", price: "300 zł" })).toBe(false);
  });

  it("highlights an option named exactly '3 zabiegi w serii' or priced with 'rabatu'", () => {
    expect(isHighlightedOption({ name: "3 zabiegi w serii", price: "20% rabatu od ceny regularnej" })).toBe(true);
    expect(isHighlightedOption({ name: "3 zabiegi w serii", price: "2500 zł" })).toBe(true);
    expect(isHighlightedOption({ name: "Pakiet 4 zabiegów", price: "15% rabatu" })).toBe(true);
    expect(isHighlightedOption({ name: "3 zabiegi", price: "2500 zł" })).toBe(false);
    expect(isHighlightedOption({ name: "4 zabiegi w serii", price: "2500 zł" })).toBe(false);
    expect(isHighlightedOption({ name: "Twarz", price: "500 zł" })).toBe(false);
  });

  it("says why a row is highlighted", () => {
    expect(highlightReason({ name: "x", price: "259 zł", isPromo: true }, pages.priceList)).toBe("Promocja");
    expect(highlightReason({ name: "x", price: "15% rabatu" }, pages.priceList)).toBe("Rabat");
    expect(highlightReason({ name: "3 zabiegi w serii", price: "2500 zł" }, pages.priceList)).toBe("Seria");
  });
});

const group: Group = {
  id: "kategoria-testowa",
  category: "Kategoria testowa",
  description: "Opis kategorii.",
  services: [
    { name: "Pierwszy zabieg – promocja", price: "259 zł", isPromo: true },
    { name: "Zwykły zabieg", price: "od 300 zł" },
    { name: "Zabieg nie w promocji", price: "400 zł", isPromo: false },
    { name: "Pakiet 4 zabiegów", price: "15% rabatu" },
    { name: "Pakiet z rabatem", price: "rabat 10%" },
    {
      name: "Seria zabiegów",
      options: [
        { name: "1 zabieg", price: "1890 zł" },
        { name: "3 zabiegi w serii", price: "20% rabatu od ceny regularnej" },
        { name: "3 zabiegi", price: "5000 zł" },
      ],
    },
    {
      name: "Pojedynczy zabieg",
      options: [
        { name: "1 obszar", price: "—" },
        { name: "Pakiet", price: "10% rabatu" },
      ],
    },
  ],
};

describe("PriceGroup", () => {
  it("marks exactly the rows the rules pick, each with a word saying why", () => {
    const { container } = render(<PriceGroup group={group} />);
    const marked = [...container.querySelectorAll("[data-highlighted]")].map(
      (row) => row.querySelector("span")!.textContent,
    );
    expect(marked).toEqual([
      "Pierwszy zabieg – promocja Promocja",
      "Pakiet 4 zabiegów Rabat",
      "3 zabiegi w serii Rabat",
      "Pakiet Rabat",
    ]);
    expect(screen.getAllByText("Promocja")).toHaveLength(1);
    expect(screen.getAllByText("Rabat")).toHaveLength(3);
    for (const name of [
      "Zwykły zabieg",
      "Zabieg nie w promocji",
      "Pakiet z rabatem",
      "1 zabieg",
      "3 zabiegi",
      "1 obszar",
    ]) {
      expect(screen.getByText(name).closest("li")).not.toHaveAttribute("data-highlighted");
    }
  });

  it("shows the category with its description, one price or named options, and an anchor", () => {
    const { container } = render(<PriceGroup group={group} />);
    const article = container.querySelector("article")!;
    expect(article).toHaveAttribute("id", "kategoria-testowa");
    expect(within(article).getByRole("heading", { level: 2, name: "Kategoria testowa" })).toBeInTheDocument();
    expect(within(article).getByText("Opis kategorii.")).toBeInTheDocument();
    expect(within(article).getByText("od 300 zł")).toBeInTheDocument();
    const series = within(article).getByText("Seria zabiegów").closest("li")!;
    expect(
      within(series)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1 zabieg1890 zł", "3 zabiegi w serii Rabat20% rabatu od ceny regularnej", "3 zabiegi5000 zł"]);
  });

  it("shows a dash price as a dash, read out as 'price coming soon'", () => {
    render(<PriceGroup group={group} />);
    const row = screen.getByText("1 obszar").closest("li")!;
    expect(row).toHaveTextContent("—");
    expect(within(row).getByText("bez podanej ceny")).toHaveClass("visually-hidden");
  });

  it("can be embedded without an anchor and under an h3 (treatment pages)", () => {
    const { container } = render(<PriceGroup group={group} headingLevel={3} anchor={false} />);
    expect(container.querySelector("article")).not.toHaveAttribute("id");
    expect(screen.getByRole("heading", { level: 3, name: "Kategoria testowa" })).toBeInTheDocument();
  });
});

const offer = {
  period: { from: "2026-11-16", until: "2027-03-31" },
  terms: "Dla osób, które nie miały jeszcze u nas tego zabiegu – jeden zabieg na osobę.",
};

describe("PriceGroup and an offer of a promotion", () => {
  it("shows under a reduced price its lowest price of the 30 days before it, the period and who the offer is for", () => {
    render(
      <PriceGroup
        group={{
          id: "pca-skin",
          category: "Peelingi",
          services: [
            {
              name: "Pierwszy zabieg peelingiem Oxygenating Trio",
              price: "259 zł",
              isPromo: true,
              reduction: { promotion: "pca", lowestPrices30Days: [{ service: "Oxygenating Trio", price: 300 }] },
              offer,
            },
            { name: "Oxygenating Trio", price: "300 zł" },
          ],
        }}
      />,
    );
    const row = screen.getByText("Pierwszy zabieg peelingiem Oxygenating Trio").closest("li")!;
    expect(row).toHaveTextContent("Najniższa cena z 30 dni przed obniżką: 300 zł");
    expect(row).toHaveTextContent("Promocja trwa od 16 listopada 2026 r. do 31 marca 2027 r.");
    expect(row).toHaveTextContent(offer.terms);
    expect(screen.getByText("Oxygenating Trio").closest("li")).not.toHaveTextContent(/Najniższa cena|trwa/);
  });

  it("gives one promotional price for several areas each area's own lowest price", () => {
    render(
      <PriceGroup
        group={{
          id: "laser-frakcyjny",
          category: "Laser frakcyjny",
          services: [
            {
              name: "Pierwszy zabieg – twarz, szyja lub dekolt",
              price: "899 zł",
              isPromo: true,
              reduction: {
                promotion: "laser",
                lowestPrices30Days: [
                  { service: "Twarz", price: 1890 },
                  { service: "Szyja", price: 1170 },
                ],
              },
              offer,
            },
          ],
        }}
      />,
    );
    expect(screen.getByText("Pierwszy zabieg – twarz, szyja lub dekolt").closest("li")).toHaveTextContent(
      "Najniższa cena z 30 dni przed obniżką: twarz 1890 zł, szyja 1170 zł",
    );
  });

  it("shows a first visit's own price with its period and terms, and no reduction words", () => {
    render(
      <PriceGroup
        group={{
          id: "endermologia-ciala",
          category: "Endermologia ciała",
          services: [{ name: "Pierwszy zabieg 30 min", price: "100 zł", promotion: "endermologia", offer }],
        }}
      />,
    );
    const row = screen.getByText("Pierwszy zabieg 30 min").closest("li")!;
    expect(row).toHaveTextContent("Oferta trwa od 16 listopada 2026 r. do 31 marca 2027 r.");
    expect(row).toHaveTextContent(offer.terms);
    expect(row).not.toHaveTextContent(/obniżk|Promocja|Najniższa cena/);
    expect(row).not.toHaveAttribute("data-highlighted");
  });
});
