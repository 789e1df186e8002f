import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import { site } from "../../frontend/app/salon/config";
import { CONSENT_KEY, resetConsentForTests } from "../../frontend/app/site/consent";
import { CookieBanner } from "../../frontend/app/components/CookieBanner/CookieBanner";
import { Footer } from "../../frontend/app/components/Footer/Footer";
import { renderIn } from "./inWords";

const FooterStub = createRoutesStub([{ path: "*", Component: Footer }]);

describe("Footer", () => {
  afterEach(() => {
    vi.useRealTimers();
    resetConsentForTests();
  });

  it("shows quick contact, the opening hours and the four links", () => {
    renderAt(<Footer />);
    const footer = screen.getByRole("contentinfo");
    expect(footer).toHaveTextContent(site.phone);
    expect(footer).toHaveTextContent(site.email);
    expect(footer).toHaveTextContent("90-553 Łódź");
    expect(footer).toHaveTextContent("Poniedziałek – piątek9:00–20:00");
    expect(footer).toHaveTextContent("Sobota10:00–16:00");
    for (const [name, href] of [
      ["Polityka prywatności", "/polityka-prywatnosci"],
      ["RODO", "/rodo"],
      ["Blog", "/blog"],
      ["Kontakt", "/kontakt"],
    ]) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });

  it("states the company's particulars a limited company must show on its website: name, address, registry court, KRS, NIP, share capital", () => {
    renderAt(<Footer />);
    const footer = screen.getByRole("contentinfo");
    for (const value of [
      site.legalName,
      site.address.street,
      site.registryCourt,
      `KRS ${site.krs}`,
      `NIP ${site.nip}`,
      `kapitał zakładowy ${site.shareCapital}`,
    ]) {
      // toHaveTextContent reads the text with its whitespace collapsed: so is the expected value.
      expect(footer).toHaveTextContent(value.replace(/\s+/g, " "));
    }
    // An amount in Polish: thousands apart, kept on one line with its currency ("5 000,00 zł", non-breaking spaces).
    expect(site.shareCapital).toMatch(/^\d{1,3}(?:\u00a0\d{3})*,\d{2}\u00a0zł$/);
    expect(footer.textContent).toContain(site.shareCapital);
  });

  it("prerenders the build year and shows the visitor's current year after hydration", () => {
    expect(renderToString(<FooterStub initialEntries={["/"]} />)).toContain(`© <span>${__BUILD_YEAR__}</span>`);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${__BUILD_YEAR__ + 1}-01-01T10:00:00`));
    renderAt(<Footer />);
    expect(screen.getByRole("contentinfo")).toHaveTextContent(`© ${__BUILD_YEAR__ + 1}`);
  });

  it("'Ustawienia cookies' brings the banner back to change an earlier decision", async () => {
    localStorage.setItem(CONSENT_KEY, "accepted");
    renderAt(
      <>
        <Footer />
        <CookieBanner />
      </>,
    );
    expect(screen.queryByRole("button", { name: "Odmawiam" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Ustawienia cookies" }));
    await act(async () => {});
    await userEvent.click(screen.getByRole("button", { name: "Odmawiam" }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe("declined");
  });
});

describe("Footer on a translated page", () => {
  it("in Ukrainian: its headings, hours, links and particulars; the Polish-only pages say so", () => {
    renderIn("uk", <Footer />, "/uk/kontakt");
    const footer = screen.getByRole("contentinfo");
    for (const heading of ["Контакти", "Години роботи", "Інформація"])
      expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
    expect(footer).toHaveTextContent("Понеділок – п’ятниця9:00–20:00");
    expect(footer).toHaveTextContent("Субота10:00–16:00");
    expect(footer).toHaveTextContent("Неділявихідний");
    const privacy = screen.getByRole("link", { name: "Політика конфіденційності (польською)" });
    expect(privacy).toHaveAttribute("href", "/polityka-prywatnosci");
    expect(privacy).toHaveAttribute("hreflang", "pl");
    expect(screen.getByRole("link", { name: "Контакти" })).toHaveAttribute("href", "/uk/kontakt");
    expect(screen.getByRole("link", { name: "Контакти" })).not.toHaveAttribute("hreflang");
    expect(screen.getByRole("button", { name: "Налаштування cookie" })).toBeInTheDocument();
    expect(footer).toHaveTextContent(`реєстровий суд: ${site.registryCourt.replace(/\s+/g, " ")}`);
    // The court's name as registered, in Polish: marked so that a screen reader says it in Polish.
    expect(screen.getByText(site.registryCourt)).toHaveAttribute("lang", "pl");
    expect(footer).toHaveTextContent("статутний капітал 5 000,00 zł");
    expect(footer).toHaveTextContent("Усі права захищено.");
    expect(footer.textContent).not.toMatch(
      /Godziny otwarcia|Informacje|Niedziela|nieczynne|sąd rejestrowy|kapitał|Wszelkie prawa|Ustawienia cookies/,
    );
  });

  it("in English: the share capital as English writes amounts, and every label in English", () => {
    renderIn("en", <Footer />, "/en");
    const footer = screen.getByRole("contentinfo");
    expect(footer).toHaveTextContent("Monday – Friday9:00–20:00");
    expect(footer).toHaveTextContent("Sundayclosed");
    expect(footer).toHaveTextContent("registry court:");
    expect(footer).toHaveTextContent("share capital PLN 5,000.00");
    expect(footer).toHaveTextContent("All rights reserved.");
    expect(screen.getByRole("link", { name: "Blog (in Polish)" })).toHaveAttribute("hreflang", "pl");
    expect(screen.getByRole("button", { name: "Cookie settings" })).toBeInTheDocument();
    expect(footer.textContent).not.toMatch(/Kosmetologia|Godziny otwarcia|nieczynne|kapitał|Wszelkie prawa/);
  });

  it("in Polish, the court's name carries no language of its own: it is the page's", () => {
    renderAt(<Footer />);
    expect(screen.getByText(site.registryCourt)).not.toHaveAttribute("lang");
  });
});
