import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { NeedsAccordion } from "./NeedsAccordion";

const items = [
  { title: "Zmarszczki", description: "Opis zmarszczek.", treatments: ["/red-touch-pro", "/virtue-rf"], effects: ["Gładsza skóra", "Mniej zmarszczek"] },
  { title: "Cellulit", description: "Opis cellulitu.", treatments: ["/LPG-Infinity-Endermologia"], effects: ["Gładsze uda"] },
  { title: "Brwi", description: "Opis brwi.", treatments: ["/makijaz-permanentny-brwi"], effects: ["Pełniejszy łuk"] },
];

const header = (name: string) => screen.getByRole("button", { name });
const expanded = () =>
  screen
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-expanded") === "true")
    .map((b) => b.textContent?.replace(/^\d+/, ""));

describe("NeedsAccordion", () => {
  it("starts with every entry closed, each header a real button exposing its state", () => {
    renderAt(<NeedsAccordion items={items} />);
    for (const { title } of items) {
      const button = header(title);
      expect(button.tagName).toBe("BUTTON");
      expect(button).toHaveAttribute("aria-expanded", "false");
      const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
      expect(panel).not.toBeVisible();
    }
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });

  it("clicking a title opens it with its treatments (chips) and effects (bullets)", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    await user.click(header("Zmarszczki"));
    expect(header("Zmarszczki")).toHaveAttribute("aria-expanded", "true");
    const panel = screen.getByRole("region", { name: "Zmarszczki" });
    expect(panel).toBeVisible();
    expect(panel.id).toBe(header("Zmarszczki").getAttribute("aria-controls"));
    expect(within(panel).getByText("Dedykowane zabiegi:")).toBeVisible();
    expect(within(panel).getByText("Efekty:")).toBeVisible();
    expect(within(panel).getByRole("link", { name: "Red Touch Pro" })).toHaveAttribute("href", "/red-touch-pro");
    expect(within(panel).getByRole("link", { name: "Virtue RF – twarz" })).toHaveAttribute("href", "/virtue-rf");
    expect(within(panel).getByText("Gładsza skóra")).toBeVisible();
    expect(within(panel).getByText("Mniej zmarszczek")).toBeVisible();
  });

  it("opening one closes the other: at most one entry open", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    await user.click(header("Zmarszczki"));
    await user.click(header("Cellulit"));
    expect(expanded()).toEqual(["Cellulit"]);
    expect(header("Zmarszczki")).toHaveAttribute("aria-expanded", "false");
    expect(screen.getAllByRole("region")).toHaveLength(1);
    await user.click(header("Brwi"));
    expect(expanded()).toEqual(["Brwi"]);
  });

  it("clicking the open entry closes it, leaving none open", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    await user.click(header("Cellulit"));
    await user.click(header("Cellulit"));
    expect(expanded()).toEqual([]);
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });

  it("works from the keyboard: Enter and Space toggle, arrows, Home and End move between titles", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    await user.tab();
    expect(header("Zmarszczki")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(expanded()).toEqual(["Zmarszczki"]);
    await user.keyboard(" ");
    expect(expanded()).toEqual([]);

    await user.keyboard("{ArrowDown}");
    expect(header("Cellulit")).toHaveFocus();
    await user.keyboard(" ");
    expect(expanded()).toEqual(["Cellulit"]);
    await user.keyboard("{End}");
    expect(header("Brwi")).toHaveFocus();
    await user.keyboard("{ArrowDown}"); // wraps to the first
    expect(header("Zmarszczki")).toHaveFocus();
    await user.keyboard("{ArrowUp}"); // and back to the last
    expect(header("Brwi")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(header("Zmarszczki")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(expanded()).toEqual(["Zmarszczki"]);

    // Tab from an open title goes into its panel (the first chip), not past it.
    await user.tab();
    expect(screen.getByRole("link", { name: "Red Touch Pro" })).toHaveFocus();
  });

  it("keeps closed panels' text in the page (hidden), so it is prerendered for search engines", () => {
    renderAt(<NeedsAccordion items={items} />);
    expect(screen.getByText("Gładsze uda")).toBeInTheDocument();
    expect(screen.getByText("Gładsze uda")).not.toBeVisible();
  });
});
