import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { DemoNotice } from "../../frontend/app/components/DemoNotice/DemoNotice";

describe("DemoNotice", () => {
  it("says in the page's language that the salon's data are examples", () => {
    renderIn("pl", <DemoNotice />);
    expect(screen.getByRole("note")).toHaveTextContent(
      "Strona demonstracyjna. Nazwa, dane firmy, adres, telefon, opinie, zespół i zdjęcia są przykładowe – to nie są dane prawdziwego salonu.",
    );
  });

  it.each([
    ["uk", "Демонстраційний сайт.", "це приклади, а не дані справжнього салону"],
    ["en", "Demonstration site.", "are examples – not the details of a real salon"],
  ] as const)("in %s", (language, title, text) => {
    renderIn(language, <DemoNotice />);
    const note = screen.getByRole("note");
    expect(note.querySelector("strong")).toHaveTextContent(title);
    expect(note).toHaveTextContent(text);
    expect(note.textContent).not.toMatch(/demonstracyjna|przykładowe/);
  });
});
