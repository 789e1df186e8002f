import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { CONSENT_KEY, chooseConsent, resetConsentForTests } from "../../frontend/app/site/consent";
import { LocationMap } from "../../frontend/app/components/LocationMap/LocationMap";
import { renderIn } from "./inWords";

const frame = () => document.querySelector("iframe");

describe("LocationMap", () => {
  beforeEach(() => resetConsentForTests());

  it("shows our own map image and no third-party frame before any choice", () => {
    renderAt(<LocationMap />);
    expect(screen.getByRole("img", { name: /Mapa okolicy salonu/ })).toHaveAttribute(
      "src",
      expect.stringMatching(/^\/img\/mapa-salonu-/),
    );
    expect(frame()).toBeNull();
    expect(screen.getByRole("link", { name: /Otwórz w Mapach Google/ })).toHaveAttribute("target", "_blank");
  });

  it("loads the map service's frame when the visitor asks for it, its button saying what that gives Google", async () => {
    renderAt(<LocationMap />);
    const button = screen.getByRole("button", { name: /^Pokaż mapę interaktywną/ });
    expect(button).toHaveTextContent("Google otrzyma Twój adres IP i zapisze pliki cookies");
    await userEvent.click(button);
    expect(frame()).toHaveAttribute("src", expect.stringContaining("https://www.google.com/maps"));
    expect(frame()).toHaveAttribute("title", expect.stringContaining("90-553 Łódź"));
  });

  it("loads it at once for a visitor who accepted cookies, and as soon as one accepts", () => {
    renderAt(<LocationMap />);
    expect(frame()).toBeNull();
    act(() => chooseConsent("accepted"));
    expect(frame()).not.toBeNull();
  });

  it("keeps the static image for a visitor who declined", () => {
    localStorage.setItem(CONSENT_KEY, "declined");
    renderAt(<LocationMap />);
    expect(frame()).toBeNull();
    expect(screen.getByRole("button", { name: /^Pokaż mapę interaktywną/ })).toBeVisible();
  });
});

describe("LocationMap on a translated page", () => {
  beforeEach(() => resetConsentForTests());

  it("in Ukrainian: the image, the button that loads the map and what it gives Google, the link and the note", async () => {
    renderIn("uk", <LocationMap />, "/uk/kontakt");
    expect(screen.getByRole("img", { name: /^Карта околиць салону – / })).toBeInTheDocument();
    const button = screen.getByRole("button", { name: /^Показати інтерактивну карту/ });
    expect(button).toHaveTextContent("Google отримає вашу IP-адресу та збереже файли cookie");
    expect(
      screen.getByRole("link", { name: /^Відкрити в Google Maps ?\(відкривається в новій вкладці\)$/ }),
    ).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("figure")).toHaveTextContent(
      "Інтерактивна карта Google завантажується лише на ваше бажання",
    );
    expect(screen.getByRole("figure").textContent).not.toMatch(/Pokaż|Otwórz|Mapa|Twoje/);
    await userEvent.click(button);
    expect(frame()).toHaveAttribute("title", expect.stringMatching(/^Карта проїзду: .*90-553 Łódź$/));
  });

  it("in English", () => {
    renderIn("en", <LocationMap />, "/en/kontakt");
    expect(screen.getByRole("button", { name: /^Show the interactive map/ })).toHaveTextContent(
      "Google will receive your IP address and store cookies",
    );
    expect(screen.getByRole("link", { name: /^Open in Google Maps/ })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /^Map of the area around the salon – / })).toBeInTheDocument();
  });
});
