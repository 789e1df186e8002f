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
