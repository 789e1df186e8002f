/**
 * The price list's words on a translated page: the highlight's reason, a price not given, the device; an offer's
 * lowest 30-day price and period (OfferNote); the promotion box's heading (PromoBox). The prices themselves come
 * from the loader in the page's language.
 */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { PriceGroup } from "../../frontend/app/components/PriceList/PriceGroup";
import { OfferNote } from "../../frontend/app/components/OfferNote/OfferNote";
import { PromoBox } from "../../frontend/app/components/PromoBox/PromoBox";
import type { ShownPriceGroup } from "../../frontend/app/contentModel/pricing";

const offer = { period: { from: "2026-11-16", until: "2027-01-31" }, terms: "Terms." };
const reduction = {
  promotion: "laser",
  lowestPrices30Days: [
    { service: "Face", price: 1890 },
    { service: "Neck", price: 1170 },
  ],
};
const group: ShownPriceGroup = {
  id: "laser-frakcyjny",
  category: "Fractional laser",
  deviceName: "Red Touch PRO",
  services: [
    { name: "First treatment", price: "PLN 899", isPromo: true, reduction, offer },
    { name: "Consultation", price: "—" },
  ],
};

describe("PriceGroup, OfferNote and PromoBox in English", () => {
  it("say why a line is highlighted, what a dash means and which device, in English", () => {
    renderIn("en", <PriceGroup group={group} />, "/en/cennik");
    expect(screen.getByText("Special offer")).toBeInTheDocument();
    expect(screen.getByText("no price given")).toBeInTheDocument();
    expect(screen.getByText("Device: Red Touch PRO")).toBeInTheDocument();
    expect(
      screen.getByText("Lowest price in the 30 days before the reduction: face PLN 1890, neck PLN 1170"),
    ).toBeInTheDocument();
    expect(screen.getByText("Special offer runs from 16 November 2026 to 31 January 2027")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Promocja|Urządzenie|Najniższa|trwa|zł/);
  });

  it("heads the promotion box in English", () => {
    renderIn("en", <PromoBox promo={{ title: "First treatment", text: "Text." }} groups={[group]} />, "/en/laser");
    expect(screen.getByText("Special offer", { selector: "p" })).toBeInTheDocument();
    expect(screen.queryByText("Promocja")).toBeNull();
  });
});

describe("OfferNote in Ukrainian", () => {
  it("writes the lowest price, the period and the offer's kind in Ukrainian", () => {
    renderIn(
      "uk",
      <OfferNote
        offer={offer}
        reduction={{ ...reduction, lowestPrices30Days: [{ service: "Обличчя", price: 300 }] }}
      />,
    );
    expect(screen.getByText("Найнижча ціна за 30 днів до знижки: 300 zł")).toBeInTheDocument();
    expect(screen.getByText("Акція діє з 16 листопада 2026 р. до 31 січня 2027 р.")).toBeInTheDocument();
  });

  it("says an offer that is no reduction lasts, in Ukrainian and without a lowest price", () => {
    renderIn("uk", <OfferNote offer={offer} />);
    expect(screen.getByText("Пропозиція діє з 16 листопада 2026 р. до 31 січня 2027 р.")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Najniższa|Найнижча|Oferta/);
  });

  it("stays Polish on a Polish page", () => {
    renderIn("pl", <OfferNote offer={offer} reduction={reduction} />);
    expect(screen.getByText("Najniższa cena z 30 dni przed obniżką: face 1890 zł, neck 1170 zł")).toBeInTheDocument();
    expect(screen.getByText("Promocja trwa od 16 listopada 2026 r. do 31 stycznia 2027 r.")).toBeInTheDocument();
  });
});
