/** JSON-LD for search engines, built from the site configuration and content: one source for each fact. */
import { fullAddress, site } from "../salon/config";
import type { Crumb } from "./breadcrumbs";
import type { PageLanguage } from "../contentModel/languages";
import { findPrice, priceAmount, priceRangeOf, type PriceRef } from "../contentModel/pricing";
import type { PricingDocument } from "../contentModel/schema";
import type { CatalogueEntry } from "../contentModel/load.server";

export const absoluteUrl = (path: string) => new URL(path, site.origin).href.replace(/\/$/, path === "/" ? "/" : "");

const salonId = `${site.origin}/#salon`;

/**
 * The 1200×630 JPEG the image pipeline makes of a share image (og:image, structured data), under a stable name:
 * crawlers keep such an address, so it does not carry the content hash the pages' own images do.
 */
export const shareImage = (name: string) => `/img/${name}-share.jpg`;

/** The amount in zł of a line of the price list; throws on one that has none (the content check names it first). */
export function offerAmount(ref: PriceRef, pricing: PricingDocument, where: string): number {
  const found = findPrice(pricing, ref);
  const amount = "price" in found ? priceAmount(found.price) : undefined;
  if (amount === undefined) throw new Error(`${where}: oferta ${JSON.stringify(ref)} nie wskazuje ceny w złotych`);
  return amount;
}

/** The price of a treatment page's Service offer: the line the page's document names, or none. */
export function treatmentOfferPrice(
  path: string,
  offer: PriceRef | undefined,
  pricing: PricingDocument,
): number | undefined {
  return offer ? offerAmount(offer, pricing, path) : undefined;
}

/**
 * What the salon's entity needs of content/ beyond the site configuration: its price range and its offer catalogue,
 * priced. Worked out by the loader (at build time): a few hundred bytes of the page's loader data, where the price
 * list itself would be tens of kilobytes.
 */
export interface SalonOffers {
  priceRange: string;
  catalogue: { name: string; path: string; price: number }[];
}

export const salonOffers = (pricing: PricingDocument, catalogue: readonly CatalogueEntry[]): SalonOffers => ({
  priceRange: priceRangeOf(pricing),
  catalogue: catalogue.map(({ name, path, offer }) => ({
    name,
    path,
    price: offerAmount(offer, pricing, `katalog ofert „${name}”`),
  })),
});

const CATALOGUE_NAME: Record<PageLanguage, string> = { pl: "Zabiegi", uk: "Процедури", en: "Treatments" };

export function beautySalon(offers: SalonOffers, language: PageLanguage = "pl") {
  return {
    "@context": "https://schema.org",
    "@type": "BeautySalon",
    "@id": salonId,
    name: site.name,
    url: absoluteUrl("/"),
    image: absoluteUrl(shareImage("og-aurea")),
    logo: absoluteUrl(shareImage("og-aurea")),
    telephone: site.phone,
    email: site.email,
    priceRange: offers.priceRange,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      addressCountry: site.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: site.openingHours.map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: entry.schemaDays,
      opens: entry.opens,
      closes: entry.closes,
    })),
    sameAs: [site.social.facebook, site.social.instagram],
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: CATALOGUE_NAME[language],
      itemListElement: offers.catalogue.map((offer) => ({
        "@type": "Offer",
        price: offer.price,
        priceCurrency: "PLN",
        itemOffered: { "@type": "Service", name: offer.name, url: absoluteUrl(offer.path) },
      })),
    },
  };
}

export function breadcrumbList(trail: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export interface PostingInput {
  title: string;
  description: string;
  date: string;
  updated?: string;
  author: string;
  image: string;
  path: string;
}

export function blogPosting(article: PostingInput) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    dateModified: article.updated ?? article.date,
    author: { "@type": "Person", name: article.author },
    publisher: { "@id": salonId },
    image: absoluteUrl(shareImage(article.image)),
    mainEntityOfPage: absoluteUrl(article.path),
    inLanguage: "pl-PL",
  };
}

export interface ServiceInput {
  name: string;
  description: string;
  path: string;
  price?: number;
}

export function service(treatment: ServiceInput) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: treatment.name,
    description: treatment.description,
    url: absoluteUrl(treatment.path),
    areaServed: { "@type": "City", name: site.address.city },
    provider: { "@id": salonId, "@type": "BeautySalon", name: site.name, address: fullAddress },
    ...(treatment.price
      ? { offers: { "@type": "Offer", price: treatment.price, priceCurrency: "PLN", url: absoluteUrl(treatment.path) } }
      : {}),
  };
}

/** What a page's loader gives its `meta` to describe the page: the page's own entity, if any, and the salon's offers. */
export interface GraphInput {
  path: string;
  /** The page's language: the graph's words (the catalogue's name, the offers' names) are in it. */
  language: PageLanguage;
  /** Pages that are an address of their own (not the home page) have a breadcrumb trail. */
  breadcrumbs?: Crumb[];
  salon: SalonOffers;
  service?: ServiceInput;
  posting?: PostingInput;
}

/** The page's JSON-LD items: the salon, the breadcrumb trail, then the page's own entity. */
export const pageGraph = (input: GraphInput): object[] => [
  beautySalon(input.salon, input.language),
  ...(input.breadcrumbs ? [breadcrumbList(input.breadcrumbs)] : []),
  ...(input.service ? [service(input.service)] : []),
  ...(input.posting ? [blogPosting(input.posting)] : []),
];
