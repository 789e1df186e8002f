/**
 * The page templates' own words on translated pages: each template rendered with its loader's data for a Ukrainian
 * or English address, inside that language's words, shows its fixed texts in that language, none of the Polish ones,
 * and links to the pages in the same language (the Polish-only ones marked as such).
 */
import { screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import type { PageLanguage } from "../../frontend/app/contentModel/languages";
import { site } from "../../frontend/app/salon/config";
import { renderIn } from "./inWords";
import Home, { loader as homeLoader } from "../../frontend/app/routes/home";
import FamilyPage, { loader as familyLoader } from "../../frontend/app/routes/family";
import Treatment, { loader as treatmentLoader } from "../../frontend/app/routes/treatment";
import Pricing, { loader as pricingLoader } from "../../frontend/app/routes/pricing";
import Promotions, { loader as promotionsLoader } from "../../frontend/app/routes/promotions";
import Contact, { loader as contactLoader } from "../../frontend/app/routes/contact";
import Confirmation, { loader as confirmationLoader } from "../../frontend/app/routes/confirmation";

// The contact page's form is the form's own tests' (and would start its proof of work as the module loads).
vi.mock("../../frontend/app/components/ContactForm/ContactForm", () => ({ ContactForm: () => null }));
vi.mock("../../frontend/app/components/ContactForm/EarlyProofScript", () => ({ EarlyProofScript: () => null }));
vi.mock("../../frontend/app/components/ContactForm/useProofOfWork", () => ({ startProofOfWork: () => {} }));
vi.mock("../../frontend/app/components/ContactForm/submitContact", () => ({ preloadPost: () => {} }));

// Whole pages render in jsdom here, each from its loader's content.
vi.setConfig({ testTimeout: 30_000 });

type AnyComponent = (props: any) => ReactElement;
type AnyLoader = (args: any) => unknown;
/** The page at `path` as the router would render it: its loader's data, inside the words of its language. */
function renderPage(language: PageLanguage, Component: AnyComponent, loader: AnyLoader, path: string) {
  const url = new URL(`http://x${path}`);
  const loaderData = loader({ request: new Request(url), url, params: {}, context: {} });
  return renderIn(language, <Component loaderData={loaderData} params={{}} matches={[]} />, path);
}

const text = () => document.body.textContent ?? "";
const link = (name: string | RegExp) => screen.getByRole("link", { name });
/** The first of several links of the same kind (one per card). */
const firstLink = (name: RegExp) => screen.getAllByRole("link", { name })[0];

describe("home page", () => {
  it("in Ukrainian: its heading, its links to the Ukrainian pages and the Polish-only ones, the blog in Polish", () => {
    renderPage("uk", Home, homeLoader, "/uk");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      `${site.name} — косметологія і перманентний макіяж у Лодзі`,
    );
    const needs = link(/^Підібрати процедуру під свої потреби/);
    expect(needs).toHaveTextContent("Підібрати процедуру під свої потреби (польською)");
    expect(needs).toHaveAttribute("href", "/twoje-potrzeby");
    expect(needs).toHaveAttribute("hreflang", "pl");
    expect(link("Записатися на безкоштовну консультацію")).toHaveAttribute("href", "/uk/kontakt");
    expect(firstLink(/^Переглянути процедури/)).toHaveAttribute("href", "/uk/zabiegi-na-twarz");
    expect(link(/^Усі статті блогу/)).toHaveAttribute("hreflang", "pl");
    expect(screen.getByText("Статті нашого блогу написані польською мовою.")).toBeInTheDocument();
    expect(text()).not.toMatch(/Dobierz zabieg|Zobacz zabiegi|Wszystkie artykuły|Umów|Autorka|Czytaj więcej/);
  });

  it("in English", () => {
    renderPage("en", Home, homeLoader, "/en");
    expect(link("Book a free consultation")).toHaveAttribute("href", "/en/kontakt");
    expect(firstLink(/^See the treatments/)).toHaveAttribute("href", "/en/zabiegi-na-twarz");
    expect(screen.getByText("Our blog articles are written in Polish.")).toBeInTheDocument();
    expect(text()).not.toMatch(/Dobierz zabieg|Zobacz zabiegi|Wszystkie artykuły|opinia z Google/);
  });
});

describe("family list page in English", () => {
  it("names the list and leads to each treatment's English page", () => {
    renderPage("en", FamilyPage, familyLoader, "/en/zabiegi-na-twarz");
    expect(screen.getByRole("list", { name: /: list of treatments$/ })).toBeInTheDocument();
    expect(firstLink(/^More about the treatment/)).toHaveAttribute("href", "/en/laser-frakcyjny");
    expect(text()).not.toMatch(/Więcej o zabiegu/);
  });
});

describe("treatment page in Ukrainian", () => {
  it("titles its contents and prices in Ukrainian and leads to the Ukrainian price list", () => {
    renderPage("uk", Treatment, treatmentLoader, "/uk/laser-frakcyjny");
    const toc = screen.getByRole("navigation", { name: "На цій сторінці" });
    expect(within(toc).getByRole("link", { name: "Ціни" })).toHaveAttribute("href", "#cennik");
    expect(screen.getByRole("heading", { level: 2, name: "Ціни" })).toBeInTheDocument();
    expect(link("Усі ціни салону")).toHaveAttribute("href", "/uk/cennik#laser-frakcyjny");
    expect(text()).not.toMatch(/Na tej stronie|Cennik|Pełny cennik|Urządzenie|Przypisy|Promocja trwa/);
  });
});

describe("price list page in English", () => {
  it("names its categories, its legend and its invitation in English", () => {
    renderPage("en", Pricing, pricingLoader, "/en/cennik");
    expect(screen.getByRole("navigation", { name: "Price list categories" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Go to a category" })).toBeInTheDocument();
    expect(text()).toContain("Prices in Polish złoty (PLN). We highlight special offers (with how long");
    expect(screen.getByRole("heading", { name: "Not sure where to start?" })).toBeInTheDocument();
    expect(link("See the special offers")).toBeInTheDocument();
    expect(text()).toContain("The consultation is free.");
    expect(text()).not.toMatch(/Kategorie cennika|Ceny w złotych|Nie wiesz|Zobacz promocje|Konsultacja|trwa/);
  });
});

describe("promotions page in Ukrainian", () => {
  it("says how long the programme lasts, the offers' details and the invitation in Ukrainian", () => {
    renderPage("uk", Promotions, promotionsLoader, "/uk/promocje");
    expect(text()).toMatch(/Програма діє з \d+ \S+ \d{4} р\. до \d+ \S+ \d{4} р\./);
    expect(screen.getAllByRole("link", { name: /^Деталі (акції|пропозиції)/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole("heading", { name: "Хочете скористатися акцією?" })).toBeInTheDocument();
    expect(link("Записатися на процедуру")).toHaveAttribute("href", "/uk/kontakt");
    expect(text()).not.toMatch(/Program trwa|Szczegóły|Cena regularna|Taniej o|Umów|Chcesz/);
  });
});

describe("contact page in English", () => {
  it("heads its sections in English", () => {
    renderPage("en", Contact, contactLoader, "/en/kontakt");
    expect(screen.getByRole("heading", { level: 2, name: "Contact details" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Write to us" })).toBeInTheDocument();
    expect(text()).not.toMatch(/Dane kontaktowe|Napisz do nas/);
  });
});

describe("confirmation page in Ukrainian", () => {
  it("offers the ways on in Ukrainian", () => {
    renderPage("uk", Confirmation, confirmationLoader, "/uk/kontakt/wyslano");
    expect(link("На головну")).toBeInTheDocument();
    expect(link(`Зателефонувати: ${site.phone}`)).toBeInTheDocument();
    expect(text()).not.toMatch(/Strona główna|Zadzwoń/);
  });
});
