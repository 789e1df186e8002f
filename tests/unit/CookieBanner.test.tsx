import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import {
  CONSENT_ATTRIBUTE,
  CONSENT_BOOTSTRAP,
  CONSENT_CHOICE_ATTRIBUTE,
  CONSENT_KEY,
  CONSENT_PURPOSES,
  reopenConsent,
  resetConsentForTests,
} from "../../frontend/app/site/consent";
import { CookieBanner } from "../../frontend/app/components/CookieBanner/CookieBanner";
import { renderIn } from "./inWords";

/** The consent entries the page pushed to the analytics data array, as plain objects. */
function consentCalls() {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

describe("CookieBanner and consent", () => {
  beforeEach(() => {
    resetConsentForTests();
    window.dataLayer = undefined;
    window.gtag = undefined;
  });

  it("starts with every consent field denied and shows the banner to a new visitor", () => {
    new Function(CONSENT_BOOTSTRAP)();
    renderAt(<CookieBanner />);
    expect(screen.getByRole("button", { name: "Akceptuję" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Odmawiam" })).toBeVisible();
    expect(consentCalls()).toEqual([
      [
        "consent",
        "default",
        { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
      ],
    ]);
  });

  it("'Akceptuję' stores accepted and hides the banner for good, granting no statistics or advertising field it did not ask for", async () => {
    new Function(CONSENT_BOOTSTRAP)();
    const { unmount } = renderAt(<CookieBanner />);
    await userEvent.click(screen.getByRole("button", { name: "Akceptuję" }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe("accepted");
    expect(screen.queryByRole("button", { name: "Akceptuję" })).not.toBeInTheDocument();
    expect(JSON.stringify(consentCalls())).not.toContain("granted");
    unmount();
    renderAt(<CookieBanner />);
    expect(screen.queryByRole("button", { name: "Akceptuję" })).not.toBeInTheDocument();
  });

  it("'Odmawiam' stores declined and keeps consent denied", async () => {
    new Function(CONSENT_BOOTSTRAP)();
    renderAt(<CookieBanner />);
    await userEvent.click(screen.getByRole("button", { name: "Odmawiam" }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe("declined");
    expect(screen.queryByRole("button", { name: "Odmawiam" })).not.toBeInTheDocument();
    const last = consentCalls().at(-1);
    expect(last?.[2]).toEqual({
      ad_storage: "denied",
      analytics_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
  });

  it("a stored acceptance keeps the banner away on the next visit, and still grants no consent-mode field", () => {
    localStorage.setItem(CONSENT_KEY, "accepted");
    new Function(CONSENT_BOOTSTRAP)();
    renderAt(<CookieBanner />);
    expect(screen.queryByRole("button", { name: "Akceptuję" })).not.toBeInTheDocument();
    expect(consentCalls().map((call) => call[1])).toEqual(["default"]);
  });

  it("names exactly the purposes the site has — the map — and no statistics, advertising or profiling it does not run", () => {
    renderAt(<CookieBanner />);
    const banner = screen.getByRole("region", { name: "Pliki cookies" }).textContent;
    // Every purpose a cookie banner could name, by its words; the site's own are CONSENT_PURPOSES.
    const purposes: Record<string, RegExp> = {
      map: /map\p{L}* dojazdu|Google Maps/u,
      statistics: /statysty|anality|pomiar|Google Analytics/i,
      advertising: /reklam|marketing/i,
      personalisation: /personaliz|profilow/i,
      social: /społecznościow|Facebook|Instagram|piksel/i,
    };
    const named = Object.keys(purposes).filter((purpose) => purposes[purpose]!.test(banner));
    expect(named).toEqual([...CONSENT_PURPOSES]);
  });

  it("a stored refusal is restored as denied, with no update pushed", () => {
    localStorage.setItem(CONSENT_KEY, "declined");
    new Function(CONSENT_BOOTSTRAP)();
    renderAt(<CookieBanner />);
    expect(screen.queryByRole("button", { name: "Odmawiam" })).not.toBeInTheDocument();
    expect(consentCalls().map((call) => call[1])).toEqual(["default"]);
  });

  it("can be reopened later to change the decision, and focus moves to it", async () => {
    localStorage.setItem(CONSENT_KEY, "declined");
    new Function(CONSENT_BOOTSTRAP)();
    renderAt(<CookieBanner />);
    act(() => reopenConsent());
    expect(screen.getByRole("heading", { name: "Pliki cookies" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Akceptuję" }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe("accepted");
    expect(screen.queryByRole("button", { name: "Akceptuję" })).not.toBeInTheDocument();
  });

  describe("in the prerendered page, before hydration", () => {
    /** The banner as the build writes it into every page. */
    const prerendered = () =>
      renderToStaticMarkup(
        <MemoryRouter>
          <CookieBanner />
        </MemoryRouter>,
      );

    it("is there for every visitor, marked as prerendered, kept out of search snippets, its buttons naming their choice", () => {
      document.body.innerHTML = prerendered();
      const banner = document.querySelector("section")!;
      expect(banner.hasAttribute("data-prerendered")).toBe(true);
      expect(banner.hasAttribute("data-nosnippet")).toBe(true);
      expect(
        [...banner.querySelectorAll("button")].map((b) => [b.textContent, b.getAttribute(CONSENT_CHOICE_ATTRIBUTE)]),
      ).toEqual([
        ["Odmawiam", "declined"],
        ["Akceptuję", "accepted"],
      ]);
    });

    it("the inline script marks a stored choice on <html>, which the banner's stylesheet hides it for", () => {
      new Function(CONSENT_BOOTSTRAP)();
      expect(document.documentElement.hasAttribute(CONSENT_ATTRIBUTE)).toBe(false);
      localStorage.setItem(CONSENT_KEY, "accepted");
      new Function(CONSENT_BOOTSTRAP)();
      expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe("accepted");
    });

    it.each([
      ["Odmawiam", "declined"],
      ["Akceptuję", "accepted"],
    ])("'%s' works before the JavaScript has come: the choice is stored and marked on <html>", (label, choice) => {
      new Function(CONSENT_BOOTSTRAP)();
      document.body.innerHTML = prerendered();
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === label)!;
      button.click();
      expect(localStorage.getItem(CONSENT_KEY)).toBe(choice);
      expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe(choice);
    });
  });
});

describe("CookieBanner on a translated page", () => {
  beforeEach(() => {
    resetConsentForTests();
    document.body.innerHTML = ""; // the prerendered banners written by the cases above
  });

  it("in Ukrainian: its title, text and buttons; the privacy policy link says it is in Polish", () => {
    renderIn("uk", <CookieBanner />, "/uk");
    const banner = screen.getByRole("region", { name: "Файли cookie" });
    expect(banner).toHaveTextContent("Без згоди ви побачите звичайне зображення карти.");
    expect(screen.getByRole("button", { name: "Відмовляюся" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Погоджуюся" })).toBeVisible();
    const policy = screen.getByRole("link", { name: "політиці конфіденційності (польською)" });
    expect(policy).toHaveAttribute("href", "/polityka-prywatnosci");
    expect(policy).toHaveAttribute("hreflang", "pl");
    expect(banner.textContent).not.toMatch(/Pliki cookies|Odmawiam|Akceptuję|polityce/);
  });

  it("in English, and the choice works the same", async () => {
    renderIn("en", <CookieBanner />, "/en/kontakt");
    expect(screen.getByRole("region", { name: "Cookies" })).toHaveTextContent(
      "You will find the details in our privacy policy (in Polish).",
    );
    await userEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe("declined");
  });

  it("in Polish, the privacy policy link is the page's own language: no note, no hreflang", () => {
    renderAt(<CookieBanner />);
    const policy = screen.getByRole("link", { name: "polityce prywatności" });
    expect(policy).toHaveAttribute("href", "/polityka-prywatnosci");
    expect(policy).not.toHaveAttribute("hreflang");
  });
});
