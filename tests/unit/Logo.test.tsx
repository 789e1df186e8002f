import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { site } from "../../frontend/app/salon/config";
import { Logo } from "../../frontend/app/components/Logo/Logo";

describe("Logo", () => {
  it.each([
    ["pl", "/", "strona główna"],
    ["uk", "/uk", "головна сторінка"],
    ["en", "/en", "home page"],
  ] as const)("in %s leads to that language's home page and says so", (language, home, said) => {
    renderIn(language, <Logo />, `${home === "/" ? "" : home}/kontakt`);
    expect(screen.getByRole("link", { name: `${site.name} – ${said}` })).toHaveAttribute("href", home);
  });
});
