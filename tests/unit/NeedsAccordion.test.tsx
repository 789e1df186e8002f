import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { NeedsAccordion } from "../../frontend/app/components/NeedsAccordion/NeedsAccordion";

const items = [
  {
    title: "Zmarszczki",
    description: "Opis zmarszczek.",
    treatments: ["/laser-frakcyjny", "/mikroiglowa-radiofrekwencja"],
    effects: ["Gładsza skóra", "Mniej zmarszczek"],
  },
  {
    title: "Cellulit",
    description: "Opis cellulitu.",
    treatments: ["/endermologia-ciala"],
    effects: ["Gładsze uda"],
  },
  { title: "Brwi", description: "Opis brwi.", treatments: ["/makijaz-permanentny-brwi"], effects: ["Pełniejszy łuk"] },
];

/** The title's <summary>: what a visitor clicks, tabs to and presses Enter or Space on. */
const header = (name: string) => screen.getByRole("heading", { name }).closest("summary")!;
const entry = (name: string) => header(name).parentElement as HTMLDetailsElement;
const expanded = () => items.map((i) => i.title).filter((title) => entry(title).open);

describe("NeedsAccordion", () => {
  it("is native <details> in the prerendered HTML: every entry opens without JavaScript, its title a heading", () => {
    const doc = new DOMParser().parseFromString(
      renderToString(
        <MemoryRouter>
          <NeedsAccordion items={items} />
        </MemoryRouter>,
      ),
      "text/html",
    );
    const details = [...doc.querySelectorAll("details")];
    expect(details).toHaveLength(3);
    // One name: the browser itself keeps one entry open.
    expect(new Set(details.map((d) => d.getAttribute("name"))).size).toBe(1);
    for (const [i, d] of details.entries()) {
      expect(d.hasAttribute("open")).toBe(false);
      expect(d.firstElementChild!.tagName).toBe("SUMMARY");
      expect(d.querySelector("summary h2")!.textContent).toBe(items[i]!.title);
      // The treatments are links inside the entry's HTML: reachable without any script once it is open.
      expect(d.querySelector(`a[href="${items[i]!.treatments[0]}"]`)).not.toBeNull();
    }
  });

  it("starts with every entry closed, their panels hidden", () => {
    renderAt(<NeedsAccordion items={items} />);
    for (const { title } of items) expect(entry(title).open).toBe(false);
    expect(screen.getByText("Gładsze uda")).not.toBeVisible();
  });

  it("clicking a title opens it with its treatments (chips) and effects (bullets)", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    await user.click(header("Zmarszczki"));
    expect(expanded()).toEqual(["Zmarszczki"]);
    const panel = within(entry("Zmarszczki"));
    expect(panel.getByText("Polecane zabiegi:")).toBeVisible();
    expect(panel.getByText("Efekty:")).toBeVisible();
    expect(panel.getByRole("link", { name: "Laser frakcyjny" })).toHaveAttribute("href", "/laser-frakcyjny");
    expect(panel.getByRole("link", { name: "Mikroigłowa radiofrekwencja – twarz" })).toHaveAttribute(
      "href",
      "/mikroiglowa-radiofrekwencja",
    );
    expect(panel.getByText("Gładsza skóra")).toBeVisible();
    expect(panel.getByText("Mniej zmarszczek")).toBeVisible();
  });

  it("opening one closes the other: at most one entry open", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    await user.click(header("Zmarszczki"));
    await user.click(header("Cellulit"));
    expect(expanded()).toEqual(["Cellulit"]);
    expect(screen.getByText("Gładsza skóra")).not.toBeVisible();
    await user.click(header("Brwi"));
    expect(expanded()).toEqual(["Brwi"]);
  });

  it("clicking the open entry closes it, leaving none open", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    await user.click(header("Cellulit"));
    await user.click(header("Cellulit"));
    expect(expanded()).toEqual([]);
  });

  it("arrows, Home and End move between the titles, wrapping round", async () => {
    const user = userEvent.setup();
    renderAt(<NeedsAccordion items={items} />);
    // jsdom does not tab to a <summary> as browsers do: focus it as a Tab would.
    header("Zmarszczki").focus();
    expect(header("Zmarszczki")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(header("Cellulit")).toHaveFocus();
    await user.keyboard("{End}");
    expect(header("Brwi")).toHaveFocus();
    await user.keyboard("{ArrowDown}"); // wraps to the first
    expect(header("Zmarszczki")).toHaveFocus();
    await user.keyboard("{ArrowUp}"); // and back to the last
    expect(header("Brwi")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(header("Zmarszczki")).toHaveFocus();
  });

  it("keeps closed panels' text in the page (hidden), so it is prerendered for search engines", () => {
    renderAt(<NeedsAccordion items={items} />);
    expect(screen.getByText("Gładsze uda")).toBeInTheDocument();
    expect(screen.getByText("Gładsze uda")).not.toBeVisible();
  });
});
