import type { Period, PriceGroup, PricingDocument, PromotionsDocument, Service } from "./schema";
import type { PageLanguage } from "./languages";

/** What every page that shows an offer of a promotion states beside it: how long it lasts and who it is for. */
export interface OfferTerms {
  period: Period;
  /** Who the offer is for and how often it can be used (promotions.json, `terms`). */
  terms: string;
}

/** Why the price list highlights a line: a promotion, a discount, a series (the rules below, on the Polish text). */
export type Highlight = "promotion" | "discount" | "series";

/**
 * A line of the price list as the pages show it: an offer of a promotion with its terms (`offer`); in a translation,
 * with the highlight its Polish line has (`highlight`; the rules below read Polish words).
 */
export type ShownService = Service & { offer?: OfferTerms; highlight?: Highlight };

/** Why the Polish line (a service or an option) is highlighted, if it is. */
export function highlightOf(row: { name: string; price?: string; isPromo?: boolean }, option: boolean) {
  if (row.isPromo) return "promotion";
  if (row.price !== undefined && isHighlightedPrice(row.price)) return "discount";
  return option && row.name === "3 zabiegi w serii" ? "series" : undefined;
}

/** A translated group's lines with their Polish lines' highlights, line by line (a translation keeps the order). */
export function withPolishHighlights(group: ShownPriceGroup, polish: PriceGroup | undefined): ShownPriceGroup {
  return {
    ...group,
    services: group.services.map((service, i) => {
      const original = polish?.services[i];
      if (!original) return service;
      const highlight = highlightOf(original, false);
      if ("options" in service && "options" in original)
        return {
          ...service,
          ...(highlight ? { highlight } : {}),
          options: service.options.map((option, k) => {
            const optionHighlight = original.options[k] && highlightOf(original.options[k], true);
            return optionHighlight ? { ...option, highlight: optionHighlight } : option;
          }),
        };
      return highlight ? { ...service, highlight } : service;
    }),
  };
}

/**
 * A price group as the pages show it: its device named (`deviceName`) only where content/devices.json allows it, and
 * every offer of a promotion among its lines with its terms.
 */
export type ShownPriceGroup = Omit<PriceGroup, "device" | "services"> & {
  deviceName?: string;
  services: ShownService[];
};

/** Each line of the groups that offers a promotion (its `reduction` or its `promotion`) with that promotion's terms. */
export function withOfferTerms<G extends { services: Service[] }>(
  group: G,
  promotions: PromotionsDocument,
): G & { services: ShownService[] } {
  return {
    ...group,
    services: group.services.map((service) => {
      const id = service.reduction?.promotion ?? service.promotion;
      const card = promotions.cards.find((c) => c.id === id);
      return card ? { ...service, offer: { period: card.period, terms: card.terms } } : service;
    }),
  };
}

export function priceGroupsById(pricing: PricingDocument, ids: readonly string[]): PriceGroup[] {
  const all = pricing.categories;
  return ids.flatMap((id) => all.filter((category) => category.id === id));
}

/** The price list highlights: isPromo, options named '3 zabiegi w serii', prices containing 'rabatu'. */
export const isHighlightedService = (service: Service) =>
  service.isPromo === true || ("price" in service && isHighlightedPrice(service.price));

export const isHighlightedOption = (option: { name: string; price: string }) =>
  option.name === "3 zabiegi w serii" || isHighlightedPrice(option.price);

export const isHighlightedPrice = (price: string) => price.includes("rabatu");

/** A line of the price list named from a content document: price group id, service name, option name. */
export interface PriceRef {
  priceGroup: string;
  service: string;
  option?: string;
}

/** An amount as the price list writes it: "600 zł", "od 150 zł" (a starting price). */
const AMOUNT = /^(od )?(\d+) zł$/;

/** "600 zł" → 600, "od 150 zł" → 150; anything else (a dash, a discount) has no number. */
export function priceAmount(price: string): number | undefined {
  const m = price.trim().match(AMOUNT);
  return m ? Number(m[2]) : undefined;
}

/**
 * An amount of the price list as a page in `language` writes it: "od 150 zł" stays in Polish, is "від 150 zł" in
 * Ukrainian and "from PLN 150" in English (the currency as each language's visitors read it); any other text (a
 * discount, a dash) is the translation's words and stays as it is.
 */
export function formatPrice(price: string, language: PageLanguage): string {
  const m = price.trim().match(AMOUNT);
  if (!m || language === "pl") return price;
  if (language === "uk") return `${m[1] ? "від " : ""}${m[2]} zł`;
  return `${m[1] ? "from " : ""}PLN ${m[2]}`;
}

/** The price text of a referenced line, or a Polish reason why there is none. */
export function findPrice(pricing: PricingDocument, ref: PriceRef): { price: string } | { error: string } {
  const category = pricing.categories.find((c) => c.id === ref.priceGroup);
  if (!category) return { error: `brak kategorii '${ref.priceGroup}' w content/pricing.json` };
  const service = category.services.find((s) => s.name === ref.service);
  if (!service) return { error: `brak usługi '${ref.service}' w kategorii '${ref.priceGroup}'` };
  if ("price" in service)
    return ref.option ? { error: `usługa '${ref.service}' nie ma wariantów` } : { price: service.price };
  if (!ref.option) return { error: `usługa '${ref.service}' ma warianty: podaj "option"` };
  const option = service.options.find((o) => o.name === ref.option);
  return option ? { price: option.price } : { error: `brak wariantu '${ref.option}' usługi '${ref.service}'` };
}

/** Every amount in zł that the given price groups list (for checking prices quoted in running text). */
export function amountsOf(groups: readonly PriceGroup[]): Set<number> {
  const prices = groups.flatMap((c) =>
    c.services.flatMap((s) => ("price" in s ? [s.price] : s.options.map((o) => o.price))),
  );
  return new Set(prices.flatMap((p) => [...p.matchAll(/(\d+) zł/g)].map((m) => Number(m[1]))));
}

/**
 * The price range the structured data publishes ("100–3000 zł"): from the lowest to the highest amount of the whole
 * price list, free lines (0 zł) left out. Computed, so that a price changed in content/pricing.json changes it too.
 */
export function priceRangeOf(pricing: PricingDocument): string {
  const amounts = [...amountsOf(pricing.categories)].filter((amount) => amount > 0);
  return `${Math.min(...amounts)}–${Math.max(...amounts)} zł`;
}

/** How the price list writes an amount of these price groups ("od 300 zł" for 300), for showing it elsewhere. */
export function priceTextOf(groups: readonly PriceGroup[], amount: number): string {
  const prices = groups.flatMap((c) =>
    c.services.flatMap((s) => ("price" in s ? [s.price] : s.options.map((o) => o.price))),
  );
  return prices.find((price) => priceAmount(price) === amount) ?? `${amount} zł`;
}

/** The price group of a consultation before a treatment: what every offer of a consultation says it costs. */
export const CONSULTATION_GROUP = "konsultacja";

export interface ConsultationCost {
  free: boolean;
  /** As the price list writes it: "0 zł", "100 zł". */
  price: string;
}

/** What a consultation costs, from its line of the price list (the content check makes sure there is one). */
export function consultationCost(pricing: PricingDocument): ConsultationCost {
  const line = pricing.categories.find((group) => group.id === CONSULTATION_GROUP)?.services[0];
  const price = line && "price" in line ? line.price : "";
  return { free: priceAmount(price) === 0, price };
}
