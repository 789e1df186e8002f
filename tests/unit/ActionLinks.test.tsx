import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { site } from "../../frontend/app/salon/config";
import { ActionLinks, type ActionKind } from "../../frontend/app/components/ActionLinks/ActionLinks";

const actions: { kind: ActionKind; label: string }[] = [
  { kind: "online", label: "Book" },
  { kind: "contact", label: "Write" },
  { kind: "pricing", label: "Prices" },
  { kind: "home", label: "Home" },
  { kind: "phone", label: "Call" },
];

describe("ActionLinks", () => {
  it("in Polish, lead to the Polish pages", () => {
    renderIn("pl", <ActionLinks actions={actions} />, "/cennik");
    expect(screen.getByRole("link", { name: "Write" })).toHaveAttribute("href", "/kontakt");
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  });

  it("in Ukrainian, lead to the Ukrainian pages; the booking link says it opens a new tab in Ukrainian", () => {
    renderIn("uk", <ActionLinks actions={actions} />, "/uk/cennik");
    expect(screen.getByRole("link", { name: "Write" })).toHaveAttribute("href", "/uk/kontakt");
    expect(screen.getByRole("link", { name: "Prices" })).toHaveAttribute("href", "/uk/cennik");
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/uk");
    expect(screen.getByRole("link", { name: /^Book ?\(відкривається в новій вкладці\)$/ })).toHaveAttribute(
      "href",
      site.bookingUrl,
    );
    expect(screen.getByRole("link", { name: `Call: ${site.phone}` })).toBeInTheDocument();
  });

  it("in English", () => {
    renderIn("en", <ActionLinks actions={actions} />, "/en");
    expect(screen.getByRole("link", { name: "Write" })).toHaveAttribute("href", "/en/kontakt");
    expect(screen.getByRole("link", { name: /^Book ?\(opens in a new tab\)$/ })).toBeInTheDocument();
  });
});
