import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { site } from "../../frontend/app/salon/config";
import { ContactDetails } from "../../frontend/app/components/ContactDetails/ContactDetails";

/** The terms of the details' list and the lines of the opening hours, as shown. */
function shown() {
  return {
    terms: [...document.querySelectorAll("dt")].map((dt) => dt.textContent?.trim()),
    hours: [...document.querySelectorAll("dd ul li")].map((li) => li.textContent),
  };
}

describe("ContactDetails", () => {
  it("in Polish: the labels and the opening hours, the day it is closed included", () => {
    renderIn("pl", <ContactDetails />, "/kontakt");
    expect(shown()).toEqual({
      terms: ["Telefon", "E-mail", "Adres", "Godziny otwarcia"],
      hours: ["Poniedziałek – piątek: 9:00–20:00", "Sobota: 10:00–16:00", "Niedziela: nieczynne"],
    });
    expect(screen.getByRole("link", { name: /^Zarezerwuj online w Booksy/ })).toHaveAttribute("href", site.bookingUrl);
  });

  it("in Ukrainian", () => {
    const { container } = renderIn("uk", <ContactDetails />, "/uk/kontakt");
    expect(shown()).toEqual({
      terms: ["Телефон", "E-mail", "Адреса", "Години роботи"],
      hours: ["Понеділок – п’ятниця: 9:00–20:00", "Субота: 10:00–16:00", "Неділя: вихідний"],
    });
    expect(container).toHaveTextContent("Бажаєте записатися самостійно?");
    expect(
      screen.getByRole("link", { name: /^Записатися онлайн у Booksy ?\(відкривається в новій вкладці\)$/ }),
    ).toHaveAttribute("href", site.bookingUrl);
    expect(container.textContent).not.toMatch(/Telefon|Adres|Godziny|Niedziela|Wolisz|Zarezerwuj/);
  });

  it("in English", () => {
    const { container } = renderIn("en", <ContactDetails />, "/en/kontakt");
    expect(shown()).toEqual({
      terms: ["Phone", "Email", "Address", "Opening hours"],
      hours: ["Monday – Friday: 9:00–20:00", "Saturday: 10:00–16:00", "Sunday: closed"],
    });
    expect(screen.getByRole("link", { name: /^Book online with Booksy/ })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/Telefon|Godziny|nieczynne|Zarezerwuj/);
  });
});
