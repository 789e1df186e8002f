import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { site } from "../../frontend/app/salon/config";
import { Header } from "../../frontend/app/components/Header/Header";
import { WordsContext } from "../../frontend/app/hooks/useWords";
import { en } from "../../frontend/app/site/words/en";
import { renderIn } from "./inWords";

describe("Header", () => {
  it("names the logo link by what it shows: its visible text 'Aurea Instytut Urody', then where it leads", () => {
    renderAt(<Header />);
    const logo = screen
      .getAllByRole("link")
      .find((a) => a.getAttribute("href") === "/" && a.textContent?.includes(site.shortName))!;
    // What a sighted visitor reads: the text outside visually hidden spans, whitespace collapsed.
    const visible = [...logo.childNodes]
      .filter((node) => !(node instanceof HTMLElement && node.classList.contains("visually-hidden")))
      .map((node) => node.textContent)
      .join("")
      .replace(/\s+/g, " ")
      .trim();
    expect(visible).toBe(site.name);
    expect(logo).toHaveAccessibleName(`${site.name} – strona główna`);
  });

  it("has the phone link and the social links in the top bar", () => {
    renderAt(<Header />);
    expect(screen.getByRole("link", { name: site.phone })).toHaveAttribute("href", "tel:+48420000000");
    expect(screen.getByRole("link", { name: /Facebook/ })).toHaveAttribute("href", site.social.facebook);
    expect(screen.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
  });

  it("shows the opening hours of the site configuration in the top bar, in their short form", () => {
    const saturday = site.openingHours[1];
    const label = saturday.label;
    // A changed configuration shows in the header too: the hours are not written into it a second time.
    Object.assign(saturday, { label: "10:00–15:00" });
    try {
      const { container } = renderAt(<Header />);
      expect(container.querySelector("header")).toHaveTextContent("pon.–pt. 9:00–20:00, sob. 10:00–15:00");
    } finally {
      Object.assign(saturday, { label });
    }
  });

  it("lists the menu in its fixed order, with the treatments under 'Zabiegi'", async () => {
    renderAt(<Header />);
    const nav = screen.getByRole("navigation", { name: "Menu główne" });
    const top = [...nav.querySelectorAll(":scope > ul > li > a, :scope > ul > li > button")].map((el) =>
      el.textContent?.trim(),
    );
    expect(top).toEqual(["Strona główna", "Zabiegi", "Promocje", "Twoje potrzeby", "Cennik", "Kontakt"]);
    const button = screen.getByRole("button", { name: "Zabiegi" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Zabiegi na twarz" })).toHaveAttribute("href", "/zabiegi-na-twarz");
    expect(screen.getByRole("link", { name: "Zabiegi na ciało" })).toHaveAttribute("href", "/zabiegi-na-cialo");
    expect(screen.getByRole("link", { name: "Makijaż permanentny" })).toHaveAttribute("href", "/makijaz-permanentny");
  });

  it("opens the dropdown with the arrow key and closes it with Escape, returning focus", async () => {
    const user = userEvent.setup();
    renderAt(<Header />);
    const button = screen.getByRole("button", { name: "Zabiegi" });
    button.focus();
    await user.keyboard("{ArrowDown}");
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("marks the current page and the 'Zabiegi' group on a treatment page", () => {
    renderAt(<Header />, "/cennik");
    expect(screen.getByRole("link", { name: "Cennik" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Kontakt" })).not.toHaveAttribute("aria-current");
  });

  it("toggles the mobile menu and closes it when the visitor navigates", async () => {
    const user = userEvent.setup();
    renderAt(<Header />, "/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Zamknij" })).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("link", { name: "Promocje" }));
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  describe("before hydration, and without JavaScript", () => {
    afterEach(() => window.history.replaceState(null, "", "/"));
    const prerendered = () =>
      new DOMParser().parseFromString(
        renderToString(
          <MemoryRouter>
            <Header />
          </MemoryRouter>,
        ),
        "text/html",
      );

    it("the menu toggle is a pair of links: 'Menu' to the menu itself (opened as the :target), 'Zamknij' away from it", () => {
      const doc = prerendered();
      const bar = doc.getElementById("menu-glowne")!.parentElement!;
      const links = [...bar.querySelectorAll(":scope > a[href^='#']")].map((a) => [
        a.textContent,
        a.getAttribute("href"),
      ]);
      expect(links).toEqual([
        ["Menu", "#menu-glowne"],
        ["Zamknij", "#"],
      ]);
      expect(bar.querySelector(":scope > button")).toBeNull();
      // Every page of the menu is a link in the HTML, the treatments' submenu included.
      expect(doc.querySelector('#menu-glowne a[href="/zabiegi-na-cialo"]')).not.toBeNull();
    });

    it("a menu opened that way stays open when the button takes over", () => {
      window.history.replaceState(null, "", "/#menu-glowne");
      renderAt(<Header />);
      expect(screen.getByRole("button", { name: "Zamknij" })).toHaveAttribute("aria-expanded", "true");
      expect(screen.getByRole("navigation", { name: "Menu główne" })).toHaveAttribute("data-open", "true");
    });
  });
});

describe("Header on a translated page", () => {
  /**
   * Polish words of the header that a translated page must not show. (Below, " ?" in a link's name: jsdom drops the
   * space before a visually hidden "(opens in a new tab)", which a browser keeps.)
   */
  const POLISH = /Zabiegi|Cennik|Kontakt|Promocje|Strona główna|Zarezerwuj|Zamknij|pon\.|sob\./;

  it("in Ukrainian: the menu, the top bar, the booking link and the logo, leading to the Ukrainian pages", async () => {
    renderIn("uk", <Header />, "/uk/cennik");
    const nav = screen.getByRole("navigation", { name: "Головне меню" });
    const top = [...nav.querySelectorAll(":scope > ul > li > a, :scope > ul > li > button")].map((el) =>
      el.textContent?.trim(),
    );
    expect(top).toEqual(["Головна", "Процедури", "Акції", "Ціни", "Контакти"]);
    expect(screen.getByRole("link", { name: "Ціни" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Контакти" })).toHaveAttribute("href", "/uk/kontakt");
    await userEvent.click(screen.getByRole("button", { name: "Процедури" }));
    expect(screen.getByRole("link", { name: "Процедури для обличчя" })).toHaveAttribute("href", "/uk/zabiegi-na-twarz");
    const header = screen.getByRole("banner");
    expect(header).toHaveTextContent("пн–пт 9:00–20:00, сб 10:00–16:00");
    expect(screen.getByRole("list", { name: "Соціальні мережі" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Facebook (відкривається в новій вкладці)" })).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: /^Записатися онлайн ?\(відкривається в новій вкладці\)$/ }),
    ).toHaveAttribute("href", site.bookingUrl);
    expect(screen.getByRole("link", { name: `${site.name} – головна сторінка` })).toHaveAttribute("href", "/uk");
    expect(screen.getByRole("button", { name: "Меню" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("navigation", { name: "Мова сайту" })).toBeInTheDocument();
    expect(header.textContent).not.toMatch(POLISH);
  });

  it("in English: the treatments group is marked on a treatment page, the toggle says 'Close' when open", async () => {
    const user = userEvent.setup();
    renderIn("en", <Header />, "/en/zabiegi-na-twarz");
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    expect(nav).toHaveTextContent("Special offers");
    expect(screen.getByRole("banner")).toHaveTextContent("Mon–Fri 9:00–20:00, Sat 10:00–16:00");
    expect(screen.getByRole("link", { name: /^Book online ?\(opens in a new tab\)$/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("button", { name: "Close" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("banner").textContent).not.toMatch(POLISH);
  });

  it("in English before hydration: the menu's links say 'Menu' and 'Close'", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/en"]}>
        <WordsContext value={{ language: "en", words: en }}>
          <Header />
        </WordsContext>
      </MemoryRouter>,
    );
    const bar = new DOMParser().parseFromString(html, "text/html").getElementById("menu-glowne")!.parentElement!;
    expect([...bar.querySelectorAll(":scope > a[href^='#']")].map((a) => a.textContent)).toEqual(["Menu", "Close"]);
  });
});
