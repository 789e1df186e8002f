/**
 * A number of an effect stands beside its source – author, title, year, who was studied, when it was measured – or,
 * while any of that is missing, is marked as an example; a treatment's statistics get one footnote per study.
 */
import { describe, expect, it } from "vitest";
import { figureText, missingSource, statsWithSources } from "../../frontend/app/contentModel/figures";
import type { FiguresDocument } from "../../frontend/app/contentModel/schema";

const study = { author: "A. Kowalska i in.", title: "Endermologia a obwód talii", year: 2024, sample: "32 kobiety" };
const doc: FiguresDocument = {
  studies: { full: study, yearOnly: { year: 2024 } },
  figures: {
    talia: { value: "−5,8 cm", study: "full", after: "po 10 zabiegach" },
    nogi: { value: "−50%", study: "full" },
    cellulit: { value: "93%", study: "yearOnly", after: "po 10 zabiegach" },
  },
};

describe("a figure's source", () => {
  it("is complete with the study's author, title, year and people, and when the figure was measured", () => {
    expect(missingSource(doc.figures.talia!, study)).toEqual([]);
    expect(missingSource(doc.figures.nogi!, study)).toEqual(["po ilu zabiegach zmierzono"]);
    expect(missingSource(doc.figures.cellulit!, doc.studies.yearOnly)).toEqual(["autor", "tytuł", "badane osoby"]);
    expect(missingSource(doc.figures.talia!, undefined)).toHaveLength(4);
  });

  it("stands beside the figure in running text, or the figure is marked as an example", () => {
    expect(figureText(doc.figures.talia!, study)).toBe(
      "−5,8 cm (po 10 zabiegach; źródło: A. Kowalska i in., „Endermologia a obwód talii”, 2024; 32 kobiety)",
    );
    expect(figureText(doc.figures.nogi!, study)).toBe("−50% (dane przykładowe, bez źródła)");
  });
});

describe("a treatment's statistics", () => {
  it("number each study once and cite it, or say its numbers are examples", () => {
    const shown = statsWithSources(
      [
        { figure: "talia", label: "w obwodzie talii" },
        { figure: "cellulit", label: "osób z mniej widocznym cellulitem" },
      ],
      doc,
    );
    expect(shown.items).toEqual([
      { value: "−5,8 cm", label: "w obwodzie talii, po 10 zabiegach", footnote: 1 },
      { value: "93%", label: "osób z mniej widocznym cellulitem, po 10 zabiegach", footnote: 2 },
    ]);
    expect(shown.footnotes).toEqual([
      "Źródło: A. Kowalska i in., „Endermologia a obwód talii”, 2024; 32 kobiety.",
      "Badanie z 2024 roku – dane przykładowe: salon nie podał jeszcze pełnego źródła (autor, tytuł, badane osoby, liczba zabiegów).",
    ]);
  });

  it("mark a study's footnote as examples while one of its figures lacks when it was measured", () => {
    const shown = statsWithSources(
      [
        { figure: "talia", label: "w obwodzie talii" },
        { figure: "nogi", label: "uczucia zmęczenia nóg" },
      ],
      doc,
    );
    expect(shown.items.map((i) => i.footnote)).toEqual([1, 1]);
    expect(shown.footnotes).toEqual([expect.stringMatching(/^Badanie z 2024 roku – dane przykładowe/)]);
  });
});
