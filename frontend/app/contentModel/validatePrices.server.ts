/**
 * The content check's rules that need the price list: every price written in text is one of its prices, every
 * structured-data offer names a line the page shows, every announced reduction carries the lowest price of the 30
 * days before it and its period, and every offer of a consultation says what it costs. frontend/build/validateContent.ts runs them
 * on every document; each problem names the file and the field.
 */
import { formatPath, stringsOf } from "./read.server";
import { amountsOf, findPrice, priceAmount, priceGroupsById, CONSULTATION_GROUP, type PriceRef } from "./pricing";
import type { PricingDocument, PromotionsDocument, Service, Treatment } from "./schema";
import { CONSULTATION_OFFER, FIRST_CONSULTATION_FREE, REDUCTION_WORDING } from "./wordingRules";

type Documents = readonly (readonly [name: string, doc: unknown])[];
type Reduction = NonNullable<Service["reduction"]>;

/** Every line of the price list with its field in pricing.json and its amount (a reduction's promotional one). */
export function reductionLines(pricing: PricingDocument) {
  return pricing.categories.flatMap((group, i) =>
    group.services.map((service, j) => ({
      field: `categories[${i}].services[${j}]`,
      group,
      service,
      amount: "price" in service ? priceAmount(service.price) : undefined,
    })),
  );
}

/** Every "N zł" written in a document's text must be a price of the price list: one source for each price. */
export function quotedPriceProblems(shown: string, doc: unknown, amounts: Set<number>, where: string): string[] {
  return stringsOf(doc).flatMap(({ path, text }) =>
    // "5000,00 zł" (the share capital) is no price: prices are whole złoty.
    [...text.matchAll(/(?<![\d,])(\d+) zł/g)]
      .filter((m) => !amounts.has(Number(m[1])))
      .map((m) => `${shown}: pole "${formatPath(path)}": cena ${m[1]} zł nie występuje ${where}`),
  );
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
  const line = pricing.categories
    .find((group) => group.id === ref.priceGroup)
    ?.services.find((service) => service.name === ref.service);
  if (line?.reduction)
    return [
      `'${ref.service}' to cena promocyjna – dane strukturalne nie pokażą najniższej ceny z 30 dni przed obniżką; wskaż cenę regularną`,
    ];
  return [];
}

/** The page's Service offer in structured data names a line with an amount that the page's own price list shows. */
export function offerProblems(
  shown: string,
  offer: PriceRef | undefined,
  shownGroups: readonly string[],
  pricing: PricingDocument,
): string[] {
  if (!offer) return [];
  return priceRefProblems(offer, shownGroups, pricing).map((problem) => `${shown}: pole "offer": ${problem}`);
}

/**
 * The offers of a promotion on the price list: a "Promocja" badge only on a reduction; every offer (a reduction, or a
 * first visit's own price, `promotion`) with its promotion's card, the card's price being the line's; a card with a
 * regular price to strike through only for a reduction; and a reduction's lowest 30-day price for each service its
 * promotional price covers, each naming that service's own line – a fixed price, not an "od" price of several
 * services – between the promotional and the regular price.
 */
function reductionLineProblems(pricing: PricingDocument, promotions: PromotionsDocument | undefined): string[] {
  const problems: string[] = [];
  const lines = reductionLines(pricing);
  for (const { field, group, service, amount } of lines) {
    const where = `content/pricing.json: pole "${field}`;
    if (service.isPromo && !service.reduction)
      problems.push(
        `${where}.isPromo": wyróżnienie „Promocja” ogłasza obniżkę – dopisz "reduction" z najniższą ceną z 30 dni przed obniżką albo podaj cenę pierwszej wizyty bez wyróżnienia`,
      );
    const reduction = service.reduction;
    const id = reduction?.promotion ?? service.promotion;
    if (id === undefined) continue;
    if (reduction && service.promotion)
      problems.push(`${where}.promotion": obniżka wskazuje promocję w "reduction.promotion" – usuń "promotion"`);
    if (reduction && !service.isPromo)
      problems.push(`${where}.isPromo": obniżka jest wyróżniona w cenniku – ustaw "isPromo": true`);
    const card = promotions?.cards.find((c) => c.id === id);
    const key = reduction ? "reduction.promotion" : "promotion";
    if (!card) {
      problems.push(`${where}.${key}": brak oferty '${id}' w content/promotions.json (cards: okres, warunki, karta)`);
      continue;
    }
    if (amount !== card.newPrice)
      problems.push(
        `${where}.price": cena oferty musi być ceną karty '${card.id}' w content/promotions.json (${card.newPrice} zł)`,
      );
    if (!reduction) continue;
    if (card.oldPrice === undefined)
      problems.push(
        `${where}.reduction.promotion": karta '${card.id}' nie podaje ceny regularnej (oldPrice) – obniżka pokazuje ją przekreśloną obok najniższej ceny z 30 dni`,
      );
    const notReduced = `inaczej to nie jest obniżka – nie przekreślaj ceny`;
    reduction.lowestPrices30Days.forEach(({ service: name, price }, k) => {
      const at = `${where}.reduction.lowestPrices30Days[${k}]"`;
      const line = group.services.find((s) => s.name === name);
      const text = line && "price" in line ? line.price.trim() : undefined;
      const regular = text === undefined ? undefined : priceAmount(text);
      if (regular === undefined)
        problems.push(
          `${at}: brak usługi '${name}' z ceną w złotych w kategorii '${group.id}' – wskaż wiersz cennika, którego cenę obniża promocja`,
        );
      else if (text!.startsWith("od "))
        problems.push(
          `${at}: '${name}' kosztuje „${text}”, czyli to cena kilku usług w różnych cenach – obniżka podaje najniższą cenę z 30 dni dla każdej z nich: wpisz każdą osobnym wierszem z jej ceną albo zawęź promocję`,
        );
      else if (!(price > card.newPrice && price <= regular))
        problems.push(
          `${at}: ${price} zł – najniższa cena z 30 dni przed obniżką musi być wyższa od ceny promocyjnej (${card.newPrice} zł) i nie wyższa od ceny '${name}' (${regular} zł); ${notReduced}`,
        );
    });
  }
  promotions?.cards.forEach((card, i) => {
    const groups = priceGroupsById(pricing, [card.priceGroup]);
    if (groups.length === 0) {
      problems.push(
        `content/promotions.json: pole "cards[${i}].priceGroup": brak kategorii '${card.priceGroup}' w content/pricing.json`,
      );
      return;
    }
    const amounts = amountsOf(groups);
    for (const key of ["oldPrice", "newPrice"] as const) {
      const price = card[key];
      if (price !== undefined && !amounts.has(price))
        problems.push(
          `content/promotions.json: pole "cards[${i}].${key}": ${price} zł nie występuje w kategorii '${card.priceGroup}' w content/pricing.json`,
        );
    }
    const elsewhere = lines.find(
      (line) =>
        (line.service.reduction?.promotion ?? line.service.promotion) === card.id && line.group.id !== card.priceGroup,
    );
    if (elsewhere)
      problems.push(
        `content/pricing.json: pole "${elsewhere.field}": oferta '${card.id}' należy do kategorii '${card.priceGroup}' (content/promotions.json, "cards[${i}].priceGroup") – przenieś wiersz albo zmień kategorię karty`,
      );
    const reduced = lines.some((line) => line.service.reduction?.promotion === card.id);
    if (card.oldPrice !== undefined && !reduced)
      problems.push(
        `content/promotions.json: pole "cards[${i}].oldPrice": cena regularna obok ceny oferty to obniżka, a jej wiersz w content/pricing.json nie podaje najniższej ceny z 30 dni – dopisz tam "reduction" albo usuń "oldPrice" (nie porównuj ceny oferty z inną ceną)`,
      );
    if (!lines.some((line) => (line.service.reduction?.promotion ?? line.service.promotion) === card.id))
      problems.push(
        `content/promotions.json: pole "cards[${i}]": oferty '${card.id}' nie ma w content/pricing.json – dopisz jej wierszowi "reduction" (obniżka) albo "promotion" (cena pierwszej wizyty)`,
      );
  });
  return problems;
}

/**
 * Where a document may announce a reduction in words: its price-list line, its promotion card, the promotion box of
 * a treatment page whose prices hold a reduction. Each of them shows the lowest price of the 30 days before it.
 */
function mayAnnounceReduction(name: string, doc: unknown, path: PropertyKey[], pricing: PricingDocument): boolean {
  if (name === "pricing") {
    const service = serviceAt(doc, path);
    return Boolean(service?.reduction);
  }
  if (name === "promotions") {
    const card = (doc as PromotionsDocument).cards[path[1] as number];
    return path[0] === "cards" && card !== undefined && card.oldPrice !== undefined;
  }
  if (name.startsWith("treatments/") && path[0] === "promo") {
    const groups = priceGroupsById(pricing, (doc as Treatment).pricing.groups);
    return groups.some((group) => group.services.some((service) => service.reduction));
  }
  return false;
}

/** The price-list service a path inside pricing.json leads into, if any. */
function serviceAt(doc: unknown, path: PropertyKey[]): Service | undefined {
  const at = path.indexOf("services");
  if (at < 0) return undefined;
  let value: unknown = doc;
  for (const key of path.slice(0, at + 2)) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value as Service | undefined;
}

/** Announcements of a reduction where its lowest 30-day price is not shown, in words or by its promotional amount. */
function reductionWordingProblems(documents: Documents, pricing: PricingDocument): string[] {
  const promotional = new Map<number, Reduction>();
  for (const { service, amount } of reductionLines(pricing))
    if (service.reduction && amount !== undefined) promotional.set(amount, service.reduction);
  // The legal texts announce nothing ("loteria promocyjna" is the gambling act's term).
  return documents.flatMap(([name, doc]) =>
    stringsOf(doc).flatMap(({ path, text }) => {
      if (name.startsWith("legal/") || mayAnnounceReduction(name, doc, path, pricing)) return [];
      const field = `content/${name}.json: pole "${formatPath(path)}"`;
      const problems: string[] = [];
      const words = text.match(REDUCTION_WORDING);
      if (words)
        problems.push(
          `${field}: „${words[0]}” – ogłoszenie obniżki wymaga najniższej ceny z 30 dni przed obniżką (ustawa o informowaniu o cenach, art. 4 ust. 2): pokazują ją wiersz cennika, karta na /promocje i ramka promocji (pole promo) – tu napisz bez słów o obniżce`,
        );
      if (name === "pricing") return problems;
      for (const m of text.matchAll(/(?<![\d,])(\d+) zł/g)) {
        const reduction = promotional.get(Number(m[1]));
        if (reduction)
          problems.push(
            `${field}: ${m[1]} zł to cena promocyjna (promocja '${reduction.promotion}') – w tekście nie ma obok niej najniższej ceny z 30 dni; pokaże ją cennik strony, ramka promocji (pole promo) albo karta na /promocje`,
          );
      }
      return problems;
    }),
  );
}

/**
 * Every offer of a consultation says what it costs, as the price list gives it: "bezpłatna" for 0 zł; and while
 * every consultation is free, no text says only the first one is.
 */
function consultationProblems(documents: Documents, pricing: PricingDocument): string[] {
  const line = pricing.categories.find((group) => group.id === CONSULTATION_GROUP)?.services[0];
  const price = line && "price" in line ? priceAmount(line.price) : undefined;
  const cost = price === 0 ? /bezpłatn/i : price === undefined ? undefined : new RegExp(`(?<!\\d)${price} zł`);
  return documents.flatMap(([name, doc]) =>
    name.startsWith("legal/")
      ? []
      : stringsOf(doc).flatMap(({ path, text }) => {
          const field = `content/${name}.json: pole "${formatPath(path)}"`;
          const first = price === 0 ? text.match(FIRST_CONSULTATION_FREE) : null;
          if (first)
            return [
              `${field}: „${first[0]}” – cennik podaje każdą konsultację za 0 zł, a to zdanie sugeruje, że kolejne są płatne: napisz, że konsultacje są bezpłatne`,
            ];
          const offer = text.replace(/\]\([^)]*\)/g, "]").match(CONSULTATION_OFFER);
          if (!offer || cost?.test(text)) return [];
          return [
            cost
              ? `${field}: „${offer[0]}” – propozycja konsultacji bez ceny: napisz, ile kosztuje (${price === 0 ? "bezpłatna" : `${price} zł`}, content/pricing.json, kategoria '${CONSULTATION_GROUP}')`
              : `${field}: „${offer[0]}” – propozycja konsultacji, a cennik nie podaje jej ceny (content/pricing.json, kategoria '${CONSULTATION_GROUP}')`,
          ];
        }),
  );
}

/** The price list's rules across every document (the treatment pages' own prices are checked by the caller). */
export function priceProblems(documents: Documents, pricing: PricingDocument): string[] {
  const everyAmount = amountsOf(pricing.categories);
  const promotions = documents.find(([name]) => name === "promotions")?.[1] as PromotionsDocument | undefined;
  return [
    ...reductionLineProblems(pricing, promotions),
    ...reductionWordingProblems(documents, pricing),
    ...consultationProblems(documents, pricing),
    ...documents
      .filter(([name]) => name !== "pricing" && !name.startsWith("treatments/"))
      .flatMap(([name, doc]) =>
        quotedPriceProblems(`content/${name}.json`, doc, everyAmount, "w content/pricing.json"),
      ),
  ];
}
