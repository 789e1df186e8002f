/**
 * The content check beyond one document's schema: reads every document and checks the references between them
 * (price categories, links, article slugs, offers, promotions), the prices quoted in text and that every named image
 * exists. `npm run content:check` and the build (react-router.config.ts) run it before anything is built.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PricingDocument, PromotionsDocument } from "./schema";
import { routes, routeByPath } from "../site/routeTable";
import { families } from "./families";
import { allPriceGroups, amountsOf, findPrice, priceAmount, priceGroupsById, type PriceRef } from "./pricing";
import { ContentError, contentDir, formatPath, stringsOf } from "./read.server";
import { REDUCTION_WORDING } from "./wordingRules";
import {
  articleSlugs,
  loadArticle,
  loadBlogPage,
  loadContactPage,
  loadContent,
  loadFamilyList,
  loadHome,
  loadLegalPage,
  loadNeeds,
  loadPricing,
  loadPromotions,
  loadSimplePage,
  loadTreatment,
  promotionPriceGroup,
} from "./load.server";

function reductionProblems(shown: string, doc: unknown, except: (path: PropertyKey[]) => boolean): string[] {
  return stringsOf(doc)
    .filter(({ path, text }) => !except(path) && REDUCTION_WORDING.test(text))
    .map(
      ({ path, text }) =>
        `${shown}: pole "${formatPath(path)}": „${text.match(REDUCTION_WORDING)![1]}” – cena regularna obok promocyjnej to ogłoszenie obniżki, które wymaga najniższej ceny z 30 dni; podaj tu samą cenę promocyjną i odeślij do [Promocji](/promocje)`,
    );
}

/** Every "N zł" written in a document's text must be a price of the price list: one source for each price. */
function quotedPriceProblems(shown: string, doc: unknown, amounts: Set<number>, where: string): string[] {
  return stringsOf(doc).flatMap(({ path, text }) =>
    // "5000,00 zł" (the share capital) is no price: prices are whole złoty.
    [...text.matchAll(/(?<![\d,])(\d+) zł/g)]
      .filter((m) => !amounts.has(Number(m[1])))
      .map((m) => `${shown}: pole "${formatPath(path)}": cena ${m[1]} zł nie występuje ${where}`),
  );
}

/** The page's Service offer in structured data names a line with an amount that the page's own price list shows. */
function offerProblems(
  shown: string,
  offer: PriceRef | undefined,
  shownGroups: readonly string[],
  pricing: PricingDocument,
): string[] {
  if (!offer) return [];
  return priceRefProblems(offer, shownGroups, pricing).map((problem) => `${shown}: pole "offer": ${problem}`);
}

/** Why a line of the price list cannot be an offer's price on a page showing these categories (none: it can). */
function priceRefProblems(ref: PriceRef, shownGroups: readonly string[], pricing: PricingDocument): string[] {
  const found = findPrice(pricing, ref);
  if ("error" in found) return [found.error];
  if (priceAmount(found.price) === undefined) return [`cena „${found.price}” nie jest kwotą w złotych`];
  if (!shownGroups.includes(ref.priceGroup))
    return [
      `kategorii '${ref.priceGroup}' nie ma w cenniku tej strony (pricing.groups: ${shownGroups.join(", ")}) – wyszukiwarka pokazałaby cenę, której strona nie pokazuje`,
    ];
  return [];
}

function imageExists(name: string): boolean {
  return ["svg", "jpg", "jpeg", "png", "webp"].some((ext) => existsSync(join(contentDir, "images", `${name}.${ext}`)));
}

/** Collects every `image` field of a document, with its path, for the existence check. */
function imagesOf(value: unknown, path = ""): { path: string; name: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => imagesOf(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "image" && typeof v === "string"
        ? [{ path: `${path ? path + "." : ""}${key}`, name: v }]
        : imagesOf(v, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

/**
 * Reads every document and checks what a schema cannot: references between documents (price categories, links,
 * article slugs) and that every named image exists. Returns all problems at once rather than the first.
 */
export function validateAll(): void {
  const problems: string[] = [];
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };
  const documents: [string, unknown][] = [];
  const keep = <T>(name: string, value: T | undefined) => {
    if (value !== undefined) documents.push([name, value]);
    return value;
  };

  keep("content", attempt(loadContent));
  const pricing = keep("pricing", attempt(loadPricing));
  const home = keep("home", attempt(loadHome));
  const needs = keep("needs", attempt(loadNeeds));
  keep("promotions", attempt(loadPromotions));
  keep("pages/blog", attempt(loadBlogPage));
  keep(
    "pages/cennik",
    attempt(() => loadSimplePage("pages/cennik")),
  );
  keep("pages/kontakt", attempt(loadContactPage));
  const slugs = attempt(articleSlugs) ?? [];
  for (const slug of slugs)
    keep(
      `blog/${slug}`,
      attempt(() => loadArticle(slug)),
    );

  const priceIds = new Set(pricing ? allPriceGroups(pricing).map((c) => c.id) : []);
  if (pricing && priceIds.size !== allPriceGroups(pricing).length)
    problems.push("content/pricing.json: identyfikatory kategorii muszą być unikalne");

  for (const route of routes) {
    if (!route.doc) continue;
    const shown = `content/${route.doc}.json`;
    if (route.kind === "treatment") {
      const treatment = keep(
        route.doc,
        attempt(() => loadTreatment(route.doc!)),
      );
      treatment?.pricing.groups.forEach((id, i) => {
        if (pricing && !priceIds.has(id))
          problems.push(`${shown}: pole "pricing.groups[${i}]": brak kategorii '${id}' w content/pricing.json`);
      });
      const ids = treatment?.sections.map((s) => s.id) ?? [];
      if (new Set(ids).size !== ids.length)
        problems.push(`${shown}: pole "sections": kotwice sekcji muszą być unikalne`);
      if (treatment && pricing) {
        problems.push(...offerProblems(shown, treatment.offer, treatment.pricing.groups, pricing));
        const amounts = amountsOf(priceGroupsById(pricing, treatment.pricing.groups));
        problems.push(...quotedPriceProblems(shown, treatment, amounts, "w cenniku tej strony (pricing.groups)"));
      }
    } else if (route.kind === "family") {
      const list = keep(
        route.doc,
        attempt(() => loadFamilyList(route.doc!)),
      );
      list?.entries.forEach((entry, i) => {
        if (!routeByPath(entry.link)) problems.push(`${shown}: pole "entries[${i}].link": brak trasy '${entry.link}'`);
      });
    } else if (route.kind === "legal") {
      keep(
        route.doc,
        attempt(() => loadLegalPage(route.doc!)),
      );
    } else if (route.kind === "confirmation") {
      keep(
        route.doc,
        attempt(() => loadSimplePage(route.doc!)),
      );
    }
  }
  for (const family of families) {
    const lists = routes.filter((route) => route.lists === family);
    if (lists.length !== 1)
      problems.push(
        `content/families/: rodzinę '${family}' musi listować dokładnie jedna strona (pole "family"), a listuje: ${lists.map((r) => `content/${r.doc}.json`).join(", ") || "żadna"}`,
      );
  }
  needs?.items.forEach((item, i) =>
    item.treatments.forEach((path, j) => {
      if (routeByPath(path)?.kind !== "treatment")
        problems.push(`content/needs.json: pole "items[${i}].treatments[${j}]": '${path}' nie jest stroną zabiegu`);
    }),
  );
  if (pricing) {
    const everyAmount = amountsOf(allPriceGroups(pricing));
    for (const [name, doc] of documents) {
      // The cards of /promocje are where a reduction is shown, with its lowest 30-day price.
      problems.push(
        ...reductionProblems(`content/${name}.json`, doc, (path) => name === "promotions" && path[0] === "cards"),
      );
      if (name === "pricing" || name.startsWith("treatments/")) continue;
      problems.push(...quotedPriceProblems(`content/${name}.json`, doc, everyAmount, "w content/pricing.json"));
    }
    const promotions = documents.find(([name]) => name === "promotions")?.[1] as PromotionsDocument | undefined;
    promotions?.cards.forEach((card, i) => {
      const amounts = amountsOf(priceGroupsById(pricing, [promotionPriceGroup[card.id]]));
      for (const key of ["oldPrice", "newPrice"] as const) {
        if (!amounts.has(card[key]))
          problems.push(
            `content/promotions.json: pole "cards[${i}].${key}": ${card[key]} zł nie występuje w kategorii '${promotionPriceGroup[card.id]}' w content/pricing.json`,
          );
      }
      const lowest = card.reduction?.lowestPrice30Days;
      if (lowest !== undefined && !(lowest > card.newPrice && lowest <= card.oldPrice))
        problems.push(
          `content/promotions.json: pole "cards[${i}].reduction.lowestPrice30Days": ${lowest} zł – najniższa cena z 30 dni przed obniżką musi być wyższa od ceny promocyjnej (${card.newPrice} zł) i nie wyższa od regularnej (${card.oldPrice} zł); inaczej to nie jest obniżka – nie przekreślaj ceny`,
        );
    });
  }
  home?.blogTeaser.slugs.forEach((slug, i) => {
    if (!slugs.includes(slug))
      problems.push(`content/home.json: pole "blogTeaser.slugs[${i}]": brak artykułu content/blog/${slug}.json`);
  });
  for (const [name, doc] of documents) {
    for (const { path, name: image } of imagesOf(doc)) {
      if (!imageExists(image))
        problems.push(`content/${name}.json: pole "${path}": brak obrazu content/images/${image}.(svg|jpg|png|webp)`);
    }
  }
  if (problems.length) throw new ContentError(`Treść strony zawiera błędy:\n${problems.join("\n")}`);
}
