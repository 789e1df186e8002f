/**
 * What a template's loader gives its page of the template words (pages.ts): the areas it names, in the page's
 * language. The words travel in the page's data, so the scripts carry none of them, and a page only its own.
 */
import type { PageLanguage } from "../../contentModel/languages";
import { loadPricing } from "../../contentModel/load.server";
import { consultationCost, formatPrice } from "../../contentModel/pricing";
import { consultationWords } from "./say";
import { pages as en } from "./en/pages";
import { pages as pl, type PageWords } from "./pl/pages";
import { pages as uk } from "./uk/pages";

const dictionaries: Record<PageLanguage, PageWords> = { pl, uk, en };

export function pageWords<A extends keyof PageWords>(language: PageLanguage, ...areas: A[]): Pick<PageWords, A> {
  const words = dictionaries[language];
  return Object.fromEntries(areas.map((area) => [area, words[area]])) as Pick<PageWords, A>;
}

/** The consultation a page offers, in its language: a link's label and a sentence saying what it costs. */
export function consultationIn(language: PageLanguage) {
  const cost = consultationCost(loadPricing());
  return consultationWords(dictionaries[language].consultation, { ...cost, price: formatPrice(cost.price, language) });
}
