/**
 * The salon's fixed facts (prices, labels, texts, dates) on the pages where they belong. Every expectation here
 * is written out in this file, never read from content/: the real route components are rendered with their loaders'
 * data, so a content edit that drops or changes one of these facts fails here.
 */
import { screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import { site } from "../../frontend/app/salon/config";
import { formatDate, formatPeriod } from "../../frontend/app/contentModel/dates";
import { pages as polishWords } from "../../frontend/app/site/words/pl/pages";
import { routeByPath } from "../../frontend/app/site/routeTable";
import Home, { loader as homeLoader } from "../../frontend/app/routes/home";
import FamilyPage, { loader as familyLoader } from "../../frontend/app/routes/family";
import Needs, { loader as needsLoader } from "../../frontend/app/routes/needs";
import Pricing, { loader as pricingLoader } from "../../frontend/app/routes/pricing";
import Promotions, { loader as promotionsLoader } from "../../frontend/app/routes/promotions";
import Blog, { loader as blogLoader } from "../../frontend/app/routes/blog";
import Article, { loader as articleLoader } from "../../frontend/app/routes/article";
import LegalPage, { loader as legalLoader } from "../../frontend/app/routes/legal";
import { DURATION_CLAIMS } from "../../frontend/app/contentModel/wordingRules";
import type { PricingDocument, PromotionsDocument } from "../../frontend/app/contentModel/schema";

// Loaders take the route's args; the components take the loader's data. Both are called as the router would.
type AnyComponent = (props: any) => ReactElement;
function renderRoute(Component: AnyComponent, loaderData: unknown, path: string, params: Record<string, string> = {}) {
  return renderAt(<Component loaderData={loaderData} params={params} matches={[]} />, path);
}
const argsFor = (path: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://x${path}`), url: new URL(`http://x${path}`), params, context: {} }) as any;

// Whole pages render in jsdom here; under a parallel run the price list can take a few seconds.
vi.setConfig({ testTimeout: 30_000 });

const main = () => document.body;
const text = (element: Element) => element.textContent?.replace(/\s+/g, " ") ?? "";

// ------------------------------------------------------------------------------------------------ /cennik
interface PriceLine {
  group: string | null;
  label: string;
  price: string;
  highlighted: boolean;
}

/** Every priced line of one price category: its option group (if any), label, price and highlight. */
function priceLines(section: HTMLElement): PriceLine[] {
  return [...section.querySelectorAll<HTMLElement>(".row")].map((row) => {
    const labelEl = row.querySelector(".label")!;
    const badge = labelEl.querySelector(".badge")?.textContent ?? "";
    const label = text(labelEl).replace(badge, "").trim();
    const priceEl = row.querySelector(".price")!;
    const price = priceEl.querySelector("[aria-hidden]")?.textContent ?? priceEl.textContent ?? "";
    const optionsList = row.closest("ul")!;
    const group = optionsList.classList.contains("options")
      ? text(optionsList.parentElement!.querySelector(".serviceName")!)
      : null;
    return { group, label, price: price.trim(), highlighted: row.closest("[data-highlighted]") !== null };
  });
}

/** The price list, read as written: the only place a price is, so a changed price needs no edit here. */
const pricingDocument = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "../../content/pricing.json"), "utf8"),
) as PricingDocument;

/** Every priced line of a price group as content/pricing.json gives it: its option group (if any), label and price. */
type ListedLine = Omit<PriceLine, "highlighted">;
const linesOf = (group: PricingDocument["categories"][number]): ListedLine[] =>
  group.services.flatMap((service): ListedLine[] =>
    "price" in service
      ? [{ group: null, label: service.name, price: service.price }]
      : service.options.map((option) => ({ group: service.name, label: option.name, price: option.price })),
  );

/**
 * The lines the price list must highlight, and some it must not (a first visit's own price, a package with no price
 * given, which announces no discount): "<group id> › <option group, if any> › <label>".
 */
const highlights: Record<string, boolean> = {
  "pca-skin › Pierwszy zabieg peelingiem Oxygenating Trio": true,
  "mikroiglowa-radiofrekwencja › Twarz + szyja + dekolt – pierwszy zabieg": true,
  "laser-frakcyjny › Pierwszy zabieg – twarz, szyja lub dekolt (jeden obszar)": true,
  "laser-frakcyjny › Seria zabiegów › 3 zabiegi w serii": true,
  "endermologia-ciala › Pierwszy zabieg 30 min": false,
  "modelowanie-termiczne › Pakiet 4 zabiegów": false,
};

describe("/cennik", () => {
  const render = () => renderRoute(Pricing, pricingLoader(argsFor("/cennik")), "/cennik");

  it("shows every price of content/pricing.json in its category, each under the right option", () => {
    render();
    const sections = screen.getAllByRole("article");
    const groups = pricingDocument.categories;
    expect(sections).toHaveLength(groups.length);
    const checkedHighlights: string[] = [];
    for (const group of groups) {
      const matching = sections.filter((s) => text(within(s).getByRole("heading", { level: 2 })) === group.category);
      expect(matching, `one price category named ${group.category}`).toHaveLength(1);
      expect(matching[0]!.id, group.category).toBe(group.id);
      const found = priceLines(matching[0]!);
      const lines = linesOf(group);
      expect(found, `${group.id}: its lines, in order`).toEqual(lines.map((line) => expect.objectContaining(line)));
      for (const line of found) {
        const key = [group.id, line.group, line.label].filter(Boolean).join(" › ");
        if (!(key in highlights)) continue;
        expect(line.highlighted, `${key} highlighted`).toBe(highlights[key]);
        checkedHighlights.push(key);
      }
    }
    expect(checkedHighlights.sort()).toEqual(Object.keys(highlights).sort());
  });

  it("highlights exactly the rows of the highlighting rules: promotions, '3 zabiegi w serii' and 'rabatu' prices", () => {
    render();
    const all = screen.getAllByRole("article").flatMap(priceLines);
    const highlighted = all.filter((l) => l.highlighted).map((l) => `${l.label} ${l.price}`);
    expect(highlighted).toHaveLength(4); // the three reductions (PCA, radiofrequency, laser) and the laser's series
    for (const line of all) {
      const byRule = line.price.includes("rabatu") || line.label === "3 zabiegi w serii";
      if (byRule) expect(line.highlighted, line.label).toBe(true);
    }
  });

  it("shows the two groups of their own (the laser, thermal modelling) in the same shape, with their descriptions", () => {
    render();
    const rtp = document.getElementById("laser-frakcyjny")!;
    const onda = document.getElementById("modelowanie-termiczne")!;
    for (const group of [rtp, onda]) {
      expect(group.tagName).toBe("ARTICLE");
      expect(group.querySelector("h2 + p")).not.toBeNull(); // the description under the name
    }
    expect(text(rtp)).toMatch(/20%/); // a series of 3 gets a 20% discount
    expect(text(onda)).toMatch(/15 cm × 15 cm|15 cm x 15 cm/); // one area means 15 cm x 15 cm
  });

  it("gives every category an anchor, listed in the page's own table of contents", () => {
    render();
    const toc = screen.getByRole("navigation", { name: "Kategorie cennika" });
    const links = within(toc).getAllByRole("link");
    const sections = screen.getAllByRole("article");
    expect(links).toHaveLength(sections.length);
    for (const link of links) {
      const id = link.getAttribute("href")!.slice(1);
      expect(document.getElementById(id)?.tagName, id).toBe("ARTICLE");
    }
    expect(document.getElementById("laser-frakcyjny")).not.toBeNull();
    expect(document.getElementById("modelowanie-termiczne")).not.toBeNull();
  });
});

// ------------------------------------------------------------------------------------------------ /promocje
describe("/promocje", () => {
  // The offers as content/promotions.json and content/pricing.json give them: what each card must show is read from
  // there, so a price or a period is written once.
  const read = (file: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, "../../content", file), "utf8"));
  const promotionsDoc = read("promotions.json") as PromotionsDocument;
  const pricingDoc = read("pricing.json") as PricingDocument;
  const lines = pricingDoc.categories.flatMap((group) => group.services);
  const reductionOf = (id: string) => lines.find((line) => line.reduction?.promotion === id)?.reduction;
  const cardNamed = (name: string) =>
    screen.getAllByRole("article").find((c) => text(within(c).getByRole("heading", { level: 2 })) === name)!;

  it("shows a card for each promotion with its prices, each opening its own page in a new tab", () => {
    renderRoute(Promotions, promotionsLoader(argsFor("/promocje")), "/promocje");
    expect(screen.getAllByRole("article")).toHaveLength(promotionsDoc.cards.length);
    for (const offer of promotionsDoc.cards) {
      const card = cardNamed(offer.name);
      expect(card, offer.name).toBeDefined();
      expect(text(card)).toContain(`${offer.newPrice} zł`);
      if (offer.oldPrice) expect(text(card)).toContain(`${offer.oldPrice} zł`);
      const external = within(card).getByRole("link", { name: /Szczegóły (promocji|oferty)/ });
      expect(external).toHaveAttribute("href", offer.url);
      expect(external).toHaveAttribute("target", "_blank");
      expect(external).toHaveAttribute("rel", expect.stringContaining("noopener"));
      expect(external).toHaveAccessibleName(/nowej karcie/);
    }
  });

  it("a reduction strikes the regular price through, with each service's lowest price of the 30 days before it beside it", () => {
    renderRoute(Promotions, promotionsLoader(argsFor("/promocje")), "/promocje");
    const reductions = promotionsDoc.cards.filter((offer) => offer.oldPrice !== undefined);
    expect(reductions.length).toBeGreaterThanOrEqual(3);
    for (const offer of reductions) {
      const card = cardNamed(offer.name);
      expect(text(card.querySelector("del")!), offer.name).toContain(`${offer.oldPrice} zł`);
      expect(text(card.querySelector("ins")!), offer.name).toContain(`${offer.newPrice} zł`);
      const lowest = reductionOf(offer.id)!.lowestPrices30Days;
      expect(lowest.length, offer.name).toBeGreaterThan(0);
      for (const { service, price } of lowest)
        expect(text(card), `${offer.name}: ${service}`).toMatch(
          new RegExp(
            `Najniższa cena z 30 dni przed obniżką: [^.]*${lowest.length > 1 ? `${service.toLocaleLowerCase("pl")} ` : ""}${price} zł`,
            "u",
          ),
        );
      if (offer.priceScope) expect(text(card)).toContain(offer.priceScope);
    }
    // One promotional price for face, neck or décolleté: each area's own lowest price, the savings as a range.
    const laser = reductionOf("laser")!.lowestPrices30Days;
    expect(laser.length).toBeGreaterThan(1);
    const newPrice = promotionsDoc.cards.find((c) => c.id === "laser")!.newPrice;
    const savings = laser.map(({ price }) => Math.round((1 - newPrice / price) * 100));
    const card = text(cardNamed(promotionsDoc.cards.find((c) => c.id === "laser")!.name));
    expect(card).toContain(`do −${Math.max(...savings)}%`);
    expect(card).toContain(
      `Taniej o ${Math.min(...savings)}–${Math.max(...savings)}% od najniższej ceny z 30 dni przed obniżką, zależnie od obszaru`,
    );
  });

  it("every offer states how long it lasts and who it is for, the first visit's price and the referral programme included", () => {
    renderRoute(Promotions, promotionsLoader(argsFor("/promocje")), "/promocje");
    for (const offer of promotionsDoc.cards) {
      const card = text(cardNamed(offer.name));
      const word = offer.oldPrice === undefined ? "Oferta" : "Promocja";
      expect(card, offer.name).toContain(`${word} trwa ${formatPeriod(offer.period, polishWords.dates)}`);
      expect(card, offer.name).toContain(offer.terms);
      expect(offer.terms).toMatch(/(?:jeden|jedna|raz)\b.*na osobę/);
    }
    expect(text(screen.getByRole("region", { name: /poleć/i }))).toContain(
      `Program trwa ${formatPeriod(promotionsDoc.referral.period, polishWords.dates)}`,
    );
  });

  it("a first visit's own price is compared with nothing: no price struck through, no other price, no saving", () => {
    renderRoute(Promotions, promotionsLoader(argsFor("/promocje")), "/promocje");
    const firstVisit = promotionsDoc.cards.filter((offer) => offer.oldPrice === undefined);
    expect(firstVisit.length).toBeGreaterThan(0);
    for (const offer of firstVisit) {
      const card = cardNamed(offer.name);
      expect(card.querySelector("del")).toBeNull();
      expect(text(card)).not.toMatch(/−\d+%|Taniej|Najniższa cena|Promocja trwa/);
      expect(text(card).match(/\d+ zł/g)).toEqual([`${offer.newPrice} zł`]);
    }
  });

  it("has the referral box: 20% for the referrer and the friend, also on promotional treatments", () => {
    renderRoute(Promotions, promotionsLoader(argsFor("/promocje")), "/promocje");
    const referral = screen.getByRole("region", { name: /poleć/i });
    const body = text(referral);
    expect(body).toMatch(/20%/);
    expect(body).toMatch(/Ty i Twoja znajoma|obie|oboje|dla Ciebie i dla niej/i);
    expect(body).toMatch(/promocj/i);
    // The conditions a consumer needs before relying on it: on what, for how long, whether discounts add up.
    expect(body).toMatch(/jeden wybrany zabieg/);
    expect(body).toMatch(/w ciągu 6 miesięcy/);
    expect(body).toMatch(/nie sumują/);
    // A percentage off says from which price: the lowest of the 30 days before the visit.
    expect(body).toMatch(/najniższej ceny zabiegu z 30 dni przed wizytą/);
  });

  it("'Umów się na zabieg' leads to /kontakt", () => {
    renderRoute(Promotions, promotionsLoader(argsFor("/promocje")), "/promocje");
    expect(screen.getByRole("link", { name: "Umów się na zabieg" })).toHaveAttribute("href", "/kontakt");
  });
});

// ------------------------------------------------------------------------------------------------ documents
function renderDocument(path: string) {
  return renderRoute(LegalPage, legalLoader(argsFor(path)), path);
}
/** A numbered section of a document page by its heading. */
function documentSection(title: RegExp): HTMLElement {
  const heading = screen.getAllByRole("heading", { level: 2 }).find((h) => title.test(text(h)));
  expect(heading, String(title)).toBeDefined();
  return heading!.closest("section")!;
}

describe("/konkurs", () => {
  it("states the end (1 June 2025 12:00), the results date (2 June 2025) and the prize", () => {
    renderDocument("/konkurs");
    const body = text(main());
    expect(body).toMatch(/1 czerwca 2025 r?\.? ?(o godz\. )?12:00/);
    expect(body).toMatch(/2 czerwca 2025/);
    // The brief's "therapeutic treatments" as cosmetology treatments: a salon offers no therapy (docs/decisions.md).
    expect(body).toMatch(/dwa zabiegi kosmetologiczne dla dwóch osób/);
  });

  it("says at the top that the contest ended on 1 June 2025", () => {
    renderDocument("/konkurs");
    expect(text(screen.getByRole("heading", { level: 1 }).closest("header") ?? main())).toMatch(
      /Konkurs zakończył się 1 czerwca 2025 r\. o godz\. 12:00/,
    );
  });

  it("lists the rules in section 5: follow, comment, most likes wins, ties and fraud decided by the organiser, prize not for cash nor transferable", () => {
    renderDocument("/konkurs");
    const rules = text(documentSection(/^5\. /));
    expect(rules).toMatch(/obserwować profil/);
    expect(rules).toMatch(/komentarz.*dlaczego zasługuje/i);
    expect(rules).toMatch(/największą liczbę polubień|najwięcej polubień/);
    expect(rules).toMatch(/tę samą, najwyższą liczbę polubień.*decydował Organizator|remis.*Organizator/);
    expect(rules).toMatch(/zakupione polubienia/);
    expect(rules).toMatch(/fałszywych kont/);
    expect(rules).toMatch(/nie podlegała wymianie na ekwiwalent pieniężny/);
    expect(rules).toMatch(/nie mogła zostać przeniesiona/);
  });

  it("gives the dates in section 9: the end on 1 June 2025 at 12:00 and the results by 2 June 2025", () => {
    renderDocument("/konkurs");
    const dates = text(documentSection(/^9\. /));
    expect(dates).toMatch(/1 czerwca 2025 r?\.?,? ?(o godz\. |godz\. )?12:00/);
    expect(dates).toMatch(/do 2 czerwca 2025/);
    // Only there: the other sections refer to section 9 instead of repeating the dates.
    for (const heading of screen
      .getAllByRole("heading", { level: 2 })
      .filter((h) => h.closest("section") && !/^9\. /.test(text(h)))) {
      expect(text(heading.closest("section")!), text(heading)).not.toMatch(/czerwca 2025/);
    }
  });

  it("is published as information about the ended contest, not as a binding regulation, and says where the binding one is", () => {
    renderDocument("/konkurs");
    const top = text(screen.getByRole("heading", { level: 1 }).closest("header") ?? main());
    expect(top).toMatch(/wyłącznie informacyjnie/);
    expect(top).toMatch(/Wiążący był regulamin opublikowany w czasie konkursu/);
  });

  it("gives the start date, the prize's value and its tax: 10% flat (PIT art. 30 ust. 1 pkt 2), not the 2,000 zł exemption", () => {
    renderDocument("/konkurs");
    expect(text(documentSection(/^9\. /))).toMatch(/rozpoczął się \d{1,2} maja 2025 r\./);
    const prize = text(documentSection(/^4\. /));
    expect(prize).toMatch(/łączna wartość nagrody – 500 zł/);
    expect(prize).toMatch(/zryczałtowanym podatkiem dochodowym w wysokości 10% \(art\. 30 ust\. 1 pkt 2/);
    expect(prize).toMatch(/zwolnienie z art\. 21 ust\. 1 pkt 68 tej ustawy nie miało tu zastosowania/);
    // The additional cash prize that pays the tax: 10% of 500 + 55,56 zł.
    expect(prize).toMatch(/dodatkową nagrodę pieniężną w wysokości 55,56 zł/);
    // The tax, and what it is 10% of, cannot be read as one figure.
    expect(prize).toMatch(
      /Podatek wynosił 55,56 zł, czyli 10% łącznej wartości obu nagród \(500 zł \+ 55,56 zł = 555,56 zł\)/,
    );
  });

  it("speaks of the ended contest in the past tense: nothing reads as a rule still binding on the reader", () => {
    renderDocument("/konkurs");
    const body = text(main());
    for (const binding of [
      /rozpoczyna się|trwa do/,
      /zostaną ogłoszone|ogłasza w terminie/,
      /oznacza akceptację|niniejszego regulaminu/,
      /Prosimy przeczytać|przed przystąpieniem/,
      /może zgłosić|może unieważnić|może zmienić|może przyznać/,
      /można zgłaszać|należy w czasie/,
    ])
      expect(body.match(binding)?.[0], String(binding)).toBeUndefined();
    expect(body).toMatch(/Konkurs rozpoczął się/);
    expect(body).toMatch(/przez czas trwania Konkursu/);
  });

  it("tells the winner's companion, whose data come from the winner, what GDPR art. 14 requires", () => {
    renderDocument("/konkurs");
    const data = text(documentSection(/^7\. /));
    expect(data).toMatch(/Osoba towarzysząca \(art\. 14 RODO\)/);
    expect(data).toMatch(/otrzymywał od Zwycięzcy, który, wskazując ją, potwierdzał/);
    expect(data).toMatch(/art\. 6 ust\. 1 lit\. f RODO/);
    expect(data).toMatch(/Odbiorcami danych/);
    expect(data).toMatch(/prawo sprzeciwu i prawo wniesienia skargi do Prezesa Urzędu Ochrony Danych Osobowych/);
  });

  it("numbers its sections", () => {
    renderDocument("/konkurs");
    const headings = screen.getAllByRole("heading", { level: 2 }).filter((h) => h.closest("section"));
    headings.forEach((h, i) => expect(text(h)).toMatch(new RegExp(`^${i + 1}\\. `)));
  });
});

describe("/polityka-prywatnosci", () => {
  it("is dated 9 March 2025 and names only what the site stores: no example of cookies it never sets", () => {
    renderDocument("/polityka-prywatnosci");
    expect(screen.getByText("9 marca 2025", { selector: "time" })).toHaveAttribute("datetime", "2025-03-09");
    // The version before the reader applies from its last change, not from the first version's date.
    expect(screen.getByText(/Obowiązuje od/).querySelector("time")).not.toHaveAttribute("datetime", "2025-03-09");
    const cookies = text(documentSection(/^\d*\.? ?Pliki cookies/i));
    // The brief's examples (an analytics cookie of 2 years, tracking-source cookies of 6 months) are cookies the site
    // does not set: a policy lists what happens, so they are gone (docs/decisions.md, "Privacy").
    expect(cookies).not.toMatch(/_ga|Google Analytics|2 lata|UTM|6 miesięcy/);
    expect(cookies).toMatch(/cookieConsent/);
    expect(cookies).toMatch(/nie wczytuje skryptów analitycznych ani reklamowych/);
  });
});

describe("/rodo", () => {
  it("gives the retention periods of section 9", () => {
    renderDocument("/rodo");
    const retention = text(documentSection(/okres przechowywania/i));
    expect(retention).toMatch(/dokumentacja zabiegów.*5 lat od ostatniej wizyty/i);
    expect(retention).toMatch(/rozlicze.*6 lat/i);
    expect(retention).toMatch(/korespondencja.*1 rok/i);
    expect(retention).toMatch(/konkurs.*czas trwania konkursu oraz 3 lata/i);
    expect(retention).toMatch(/marketing.*sprzeciw/i);
    expect(retention).toMatch(/wypisani|rezygnacj|wycofani/i);
  });

  it("has sections 10–13 as the regulation states them", () => {
    renderDocument("/rodo");
    expect(text(documentSection(/^10\. /))).toMatch(/skarg/i);
    expect(text(documentSection(/^10\. /))).toMatch(/Prezes(a)? Urzędu Ochrony Danych Osobowych|organ(u)? nadzorcz/i);
    const voluntary = text(documentSection(/^11\. /));
    expect(voluntary).toMatch(/dobrowoln/i);
    expect(voluntary).toMatch(/niezbędn|konieczn/i);
    const changes = text(documentSection(/^12\. /));
    expect(changes).toMatch(/zmian/i);
    expect(changes).toMatch(/stron(ie|a) internetow/i);
    expect(changes).toMatch(/e-mail/i);
    const contact = text(documentSection(/^13\. /));
    expect(contact).toMatch(/e-mail/i);
    expect(contact).toMatch(/telefon/i);
    expect(contact).toMatch(/listown|poczt|pisemnie/i);
  });

  it("bases photos before and after a treatment, and their publication, on explicit consent, not on art. 6", () => {
    renderDocument("/rodo");
    const bases = text(documentSection(/podstaw/i));
    expect(bases).toMatch(
      /art\. 9 ust\. 2 lit\. a RODO i art\. 81 ust\. 1 ustawy o prawie autorskim[^;]*zdjęcia wykonane przed zabiegiem i po nim[^;]*publikację/,
    );
    expect(bases).not.toMatch(/art\. 6 ust\. 1 lit\. a RODO[^;]*zdjęć/);
  });

  it("states there is no automated decision-making or profiling", () => {
    renderDocument("/rodo");
    expect(text(main())).toMatch(/nie podejmujemy decyzji w sposób zautomatyzowany, w tym nie stosujemy profilowania/i);
  });
});

describe("/polityka-prywatnosci-socialmedia", () => {
  it("has every heading the policy must have", () => {
    renderDocument("/polityka-prywatnosci-socialmedia");
    const headings = screen.getAllByRole("heading", { level: 2 }).map(text).join("\n");
    for (const topic of [
      /administrator/i,
      /cele.*podstawy prawne/i,
      /zakres.*danych/i,
      /formularzy reklamowych/i,
      /zgoda marketingowa.*wycofanie/i,
      /odbiorcy/i,
      /poza (EOG|Europejski)/i,
      /okres przechowywania/i,
      /prawa/i,
      /polityki prywatności platform/i,
      /zmiany/i,
      /kontakt/i,
    ])
      expect(headings).toMatch(topic);
  });

  it("shows a last-update date that is the date of a change, not the date of the build", () => {
    renderDocument("/polityka-prywatnosci-socialmedia");
    const updated = screen.getByText(/Ostatnia zmiana/);
    const time = updated.querySelector("time")!;
    expect(time.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(time.textContent).toBe(formatDate(time.getAttribute("datetime")!, polishWords.dates));
    // The document's own date: changing the build date must not change it.
    const doc = JSON.parse(
      readFileSync(resolve(import.meta.dirname, "../../content/legal/polityka-prywatnosci-socialmedia.json"), "utf8"),
    );
    expect(time.getAttribute("datetime")).toBe(doc.changed);
  });
});

// ------------------------------------------------------------------------------------------------ home
describe("/ (home)", () => {
  const render = () => renderRoute(Home, homeLoader(argsFor("/")), "/");

  it("shows three fixed 5-star Google reviews dated March 2025, with links to more on Google and Facebook", () => {
    render();
    const reviews = screen.getByRole("region", { name: "Co mówią nasze klientki" });
    const items = within(reviews).getAllByRole("figure");
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(within(item).getByRole("img", { name: "Ocena: 5 na 5 gwiazdek" }).querySelectorAll("svg")).toHaveLength(5);
      expect(text(item)).toMatch(/\d{1,2} marca 2025/);
      expect(text(item)).toMatch(/Google/);
    }
    expect(within(reviews).getByRole("link", { name: /Opinie w Google/ })).toHaveAttribute(
      "href",
      site.reviewsUrl.google,
    );
    expect(within(reviews).getByRole("link", { name: /Opinie na Facebooku/ })).toHaveAttribute(
      "href",
      site.reviewsUrl.facebook,
    );
  });

  it("teases two blog articles, each linking to /blog/{slug} of an existing article", () => {
    render();
    const teaser = screen.getByRole("region", { name: "Z naszego bloga" });
    const cards = within(teaser).getAllByRole("article");
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const slug = within(card)
        .getByRole("link")
        .getAttribute("href")!
        .replace(/^\/blog\//, "");
      const { article } = articleLoader(argsFor(`/blog/${slug}`, { slug }));
      expect(article, slug).not.toBeNull();
    }
  });

  it("has the hero with 'Kontakt' and 'Booksy', the three service cards, the team of two and the SEO text", () => {
    render();
    expect(screen.getByRole("link", { name: "Kontakt" })).toHaveAttribute("href", "/kontakt");
    expect(screen.getByRole("link", { name: /^Booksy/ })).toHaveAttribute("target", "_blank");
    const services = screen.getByRole("region", { name: "Nasze zabiegi" });
    expect(
      within(services)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/zabiegi-na-twarz", "/zabiegi-na-cialo", "/makijaz-permanentny"]);
    const team = screen.getByRole("region", { name: /zespół/i });
    expect(within(team).getAllByRole("heading", { level: 3 })).toHaveLength(2);
    const seo = screen.getByRole("region", { name: /Łodzi/ });
    expect(text(seo)).toMatch(/Łodzi/);
  });

  it("promises nothing about the permanent-makeup touch-up that the price list contradicts (it is paid)", () => {
    render();
    const card = within(screen.getByRole("region", { name: "Nasze zabiegi" }))
      .getByRole("link", { name: /Makijaż permanentny/i })
      .closest("li")!;
    expect(text(card)).not.toMatch(/w cenie/i);
    expect(text(card)).toMatch(/bezpłatn/);
  });
});

// ------------------------------------------------------------------------------------------------ lists
describe("treatment family lists (one template, their link targets)", () => {
  const lists: [string, string[]][] = [
    [
      "/zabiegi-na-twarz",
      [
        "/laser-frakcyjny",
        "/mikroiglowa-radiofrekwencja",
        "/pca-skin",
        "/modelowanie-termiczne-twarzy",
        "/kobido-lodz",
        "/mezoterapia-mikroiglowa",
        "/natlenienie-skory-3-w-1",
        "/fala-uderzeniowa-twarz",
        "/endermologia-twarzy",
      ],
    ],
    [
      "/zabiegi-na-cialo",
      [
        "/modelowanie-termiczne-sylwetki",
        "/endermologia-ciala",
        "/mikroiglowa-radiofrekwencja-cialo",
        "/fala-uderzeniowa-cialo",
        "/redukcja-blizn-rozstepow",
      ],
    ],
    ["/makijaz-permanentny", ["/makijaz-permanentny-ust", "/makijaz-permanentny-brwi"]],
  ];
  for (const [path, targets] of lists) {
    it(`${path} links to its ${targets.length} required treatment pages in order, and only to treatment pages; each entry with name, description, image and benefits`, () => {
      renderRoute(FamilyPage, familyLoader(argsFor(path)), path);
      const entries = screen.getAllByRole("article");
      const links = entries.map((e) =>
        within(e)
          .getByRole("link", { name: /Więcej o zabiegu/ })
          .getAttribute("href")!,
      );
      // A treatment added to content is listed by an entry in the family's file: any number of further entries.
      expect(links.filter((href) => targets.includes(href))).toEqual(targets);
      for (const href of links) expect(routeByPath(href)?.kind, href).toBe("treatment");
      for (const entry of entries) {
        expect(within(entry).getByRole("heading", { level: 2 })).not.toBeEmptyDOMElement();
        expect(entry.querySelector("img")).not.toBeNull();
        expect(within(entry).getAllByRole("listitem").length).toBeGreaterThan(0);
      }
    });
  }

  it("presents the body list's scar and stretch-mark entry, linking to its own page", () => {
    renderRoute(FamilyPage, familyLoader(argsFor("/zabiegi-na-cialo")), "/zabiegi-na-cialo");
    const entry = screen.getAllByRole("article").find(
      (e) =>
        within(e)
          .getByRole("link", { name: /Więcej o zabiegu/ })
          .getAttribute("href") === "/redukcja-blizn-rozstepow",
    )!;
    expect(text(within(entry).getByRole("heading", { level: 2 }))).toMatch(/blizn.*rozstęp/i);
  });
});

describe("/twoje-potrzeby", () => {
  it("has 15 concern entries, all closed, each a <details> whose <summary> holds the title's heading", () => {
    const { container } = renderRoute(Needs, needsLoader(), "/twoje-potrzeby");
    const entries = [...container.querySelectorAll("details")];
    expect(entries).toHaveLength(15);
    expect(entries.every((d) => !d.open)).toBe(true);
    expect(entries.every((d) => d.querySelector(":scope > summary h2"))).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------------ blog
describe("/blog", () => {
  it("offers the six categories and shows every article", () => {
    const data = blogLoader();
    renderRoute(Blog, data, "/blog");
    const group = screen.getByRole("group", { name: "Kategorie artykułów" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Wszystkie", "Makijaż permanentny", "Zabiegi na twarz", "Zabiegi na ciało", "Pielęgnacja", "Porady"]);
    expect(screen.getByRole("searchbox")).toHaveAttribute("placeholder", "Szukaj artykułów...");
    expect(screen.getAllByRole("article")).toHaveLength(data.articles.length);
    // The six required list entries and the cellulite article.
    expect(data.articles.length).toBeGreaterThanOrEqual(7);
  });
});

describe("/blog/odmladzanie-skory-laserem-frakcyjnym", () => {
  const slug = "odmladzanie-skory-laserem-frakcyjnym";
  const render = () =>
    renderRoute(Article, articleLoader(argsFor(`/blog/${slug}`, { slug })), `/blog/${slug}`, { slug });

  it("states its facts: 30–60 minute session, 3–5 sessions 4–6 weeks apart – and no promise of how long the effect lasts", () => {
    render();
    const body = text(main());
    expect(body).toMatch(/30[–-]60 minut/);
    expect(body).toMatch(/3[–-]5 zabiegów/);
    expect(body).toMatch(/4[–-]6 tygodni/);
    // The brief's "effects up to 2 years" is a duration no salon can promise (wordingRules.ts, DURATION_CLAIMS).
    expect(body).not.toMatch(/do 2 lat/);
    expect(body.match(DURATION_CLAIMS)?.[0]).toBeUndefined();
  });

  it("has the back link, author, date, category, share links, the call to action and a phone link", () => {
    render();
    for (const back of screen.getAllByRole("link", { name: "Wróć do bloga" }))
      expect(back).toHaveAttribute("href", "/blog");
    expect(screen.getByText(/Autorka: (Anna|Karolina)/)).toBeInTheDocument();
    expect(screen.getByText("Zabiegi na twarz")).toBeInTheDocument();
    expect(document.querySelector("time")).toHaveAttribute("datetime", expect.stringMatching(/^2025-/));
    const share = screen.getByRole("region", { name: "Udostępnij artykuł" });
    const facebook = within(share).getByRole("link", { name: /Facebook/ });
    expect(facebook).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${site.origin}/blog/${slug}`)}`,
    );
    expect(within(share).getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", site.social.instagram);
    const cta = screen.getByRole("complementary");
    // An offer of a consultation says what it costs (pricing.json: free).
    expect(within(cta).getByRole("link", { name: "Umów bezpłatną konsultację" })).toHaveAttribute("href", "/kontakt");
    expect(within(cta).getByRole("link", { name: /Zadzwoń/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^tel:\+48/),
    );
  });

  it("an unknown slug shows 'Nie znaleziono artykułu' with a back link", () => {
    const unknown = "tego-artykulu-nie-ma";
    renderRoute(Article, articleLoader(argsFor(`/blog/${unknown}`, { slug: unknown })), `/blog/${unknown}`, {
      slug: unknown,
    });
    expect(screen.getByRole("heading", { level: 1, name: "Nie znaleziono artykułu" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Wróć do bloga" })).toHaveAttribute("href", "/blog");
  });
});
