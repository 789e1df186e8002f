import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { LanguageSwitcher } from "../../frontend/app/components/LanguageSwitcher/LanguageSwitcher";

/** Each item of the switcher: its accessible name, where it leads (null: not a link) and how it is marked. */
function items(name: string) {
  const nav = screen.getByRole("navigation", { name });
  return within(nav)
    .getAllByRole("listitem")
    .map((item) => {
      const element = item.firstElementChild!;
      return {
        text: element.textContent,
        href: element.getAttribute("href"),
        hrefLang: element.getAttribute("hreflang"),
        current: element.getAttribute("aria-current"),
        title: element.getAttribute("title"),
      };
    });
}

describe("LanguageSwitcher", () => {
  it("on /cennik: Polish is the current one, not a link; the others lead to the same page in their language", () => {
    renderIn("pl", <LanguageSwitcher />, "/cennik");
    expect(items("Wersja językowa")).toEqual([
      { text: "PL Polski", href: null, hrefLang: null, current: "true", title: null },
      { text: "UA Українська", href: "/uk/cennik", hrefLang: "uk", current: null, title: null },
      { text: "EN English", href: "/en/cennik", hrefLang: "en", current: null, title: null },
    ]);
    // Each language's name in its own language, for a screen reader to say it right.
    expect(screen.getByRole("link", { name: "UA Українська" }).querySelector("[lang=uk]")).toHaveTextContent(
      "Українська",
    );
    expect(screen.getByRole("link", { name: "EN English" }).querySelector("[lang=en]")).not.toBeNull();
  });

  it("on /uk/cennik: Ukrainian is the current one, named in the page's words; Polish and English lead to their price lists", () => {
    renderIn("uk", <LanguageSwitcher />, "/uk/cennik");
    expect(items("Мова сайту")).toEqual([
      { text: "PL Polski", href: "/cennik", hrefLang: "pl", current: null, title: null },
      { text: "UA Українська", href: null, hrefLang: null, current: "true", title: null },
      { text: "EN English", href: "/en/cennik", hrefLang: "en", current: null, title: null },
    ]);
  });

  it("on /uk/cennik/ as prerendered (a trailing slash), the same links", () => {
    renderIn("uk", <LanguageSwitcher />, "/uk/cennik/");
    expect(screen.getByRole("link", { name: /^EN/ })).toHaveAttribute("href", "/en/cennik");
  });

  it("on /blog, which is Polish only: the other languages lead to their home pages, and say why", () => {
    renderIn("pl", <LanguageSwitcher />, "/blog");
    expect(items("Wersja językowa").slice(1)).toEqual([
      { text: "UA Українська", href: "/uk", hrefLang: "uk", current: null, title: "Ta strona jest tylko po polsku" },
      { text: "EN English", href: "/en", hrefLang: "en", current: null, title: "Ta strona jest tylko po polsku" },
    ]);
  });

  it("on an article, Polish only too: English leads to the English home page", () => {
    renderIn("pl", <LanguageSwitcher />, "/blog/jak-zmniejszyc-widocznosc-cellulitu");
    expect(screen.getByRole("link", { name: "EN English" })).toHaveAttribute("href", "/en");
  });
});
