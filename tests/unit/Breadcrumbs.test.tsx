import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { breadcrumbTrail } from "../../frontend/app/site/breadcrumbs";
import { Breadcrumbs } from "../../frontend/app/components/Breadcrumbs/Breadcrumbs";
import { dictionaries } from "../support/frameWords";

describe("Breadcrumbs", () => {
  it.each([
    ["pl", "/cennik", "Ścieżka nawigacji", "Strona główna"],
    ["uk", "/uk/cennik", "Навігаційний ланцюжок", "Головна"],
    ["en", "/en/cennik", "Breadcrumb", "Home"],
  ] as const)("in %s, names the trail in the page's words", (language, path, name, home) => {
    renderIn(language, <Breadcrumbs trail={breadcrumbTrail(path, dictionaries[language].routes)} />, path);
    const nav = screen.getByRole("navigation", { name });
    expect(screen.getByRole("link", { name: home })).toHaveAttribute("href", language === "pl" ? "/" : `/${language}`);
    expect(nav.querySelector("[aria-current=page]")).not.toBeNull();
  });
});
