import type { PriceCategory, PricingDocument, Service } from "./schema";

/** Every category of the price list, the two device groups included (they share one shape). */
export function allPriceCategories(pricing: PricingDocument): PriceCategory[] {
  return [...pricing.categories, pricing.redTouchPro, pricing.ondaPro];
}

export function priceCategoriesById(pricing: PricingDocument, ids: readonly string[]): PriceCategory[] {
  const all = allPriceCategories(pricing);
  return ids.flatMap((id) => all.filter((category) => category.id === id));
}

/** Highlighting rules from the spec: isPromo, options named '3 zabiegi w serii', prices containing 'rabatu'. */
export const isHighlightedService = (service: Service) =>
  service.isPromo === true || ("price" in service && isHighlightedPrice(service.price));

export const isHighlightedOption = (option: { name: string; price: string }) =>
  option.name === "3 zabiegi w serii" || isHighlightedPrice(option.price);

export const isHighlightedPrice = (price: string) => price.includes("rabatu");

/** A line of the price list named from a content document: category id, service name, option name. */
export interface PriceRef {
  category: string;
  service: string;
  option?: string;
}

/** "600 zł" → 600, "od 150 zł" → 150; anything else (a dash, a discount) has no number. */
export function priceAmount(price: string): number | undefined {
  const m = price.trim().match(/^(?:od )?(\d+) zł$/);
  return m ? Number(m[1]) : undefined;
}

/** The price text of a referenced line, or a Polish reason why there is none. */
export function findPrice(pricing: PricingDocument, ref: PriceRef): { price: string } | { error: string } {
  const category = allPriceCategories(pricing).find((c) => c.id === ref.category);
  if (!category) return { error: `brak kategorii '${ref.category}' w content/pricing.json` };
  const service = category.services.find((s) => s.name === ref.service);
  if (!service) return { error: `brak usługi '${ref.service}' w kategorii '${ref.category}'` };
  if ("price" in service) return ref.option ? { error: `usługa '${ref.service}' nie ma wariantów` } : { price: service.price };
  if (!ref.option) return { error: `usługa '${ref.service}' ma warianty: podaj "option"` };
  const option = service.options.find((o) => o.name === ref.option);
  return option ? { price: option.price } : { error: `brak wariantu '${ref.option}' usługi '${ref.service}'` };
}

/** Every amount in zł that the given categories list (for checking prices quoted in running text). */
export function amountsOf(categories: readonly PriceCategory[]): Set<number> {
  const prices = categories.flatMap((c) => c.services.flatMap((s) => ("price" in s ? [s.price] : s.options.map((o) => o.price))));
  return new Set(prices.flatMap((p) => [...p.matchAll(/(\d+) zł/g)].map((m) => Number(m[1]))));
}

/** How the price list writes an amount of these categories ("od 300 zł" for 300), for showing it elsewhere. */
export function priceTextOf(categories: readonly PriceCategory[], amount: number): string {
  const prices = categories.flatMap((c) => c.services.flatMap((s) => ("price" in s ? [s.price] : s.options.map((o) => o.price))));
  return prices.find((price) => priceAmount(price) === amount) ?? `${amount} zł`;
}
