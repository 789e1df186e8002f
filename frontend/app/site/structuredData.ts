/** JSON-LD for search engines, built from the site configuration and content: one source for each fact. */
import { fullAddress, site } from "./config";
import type { Crumb } from "./breadcrumbs";
import { findPrice, priceAmount, type PriceRef } from "../content/pricing";
import type { PricingDocument } from "../content/schema";

export const absoluteUrl = (path: string) => new URL(path, site.origin).href.replace(/\/$/, path === "/" ? "/" : "");

const salonId = `${site.origin}/#salon`;

/**
 * The 1200×630 JPEG the image pipeline makes of a share image (og:image, structured data), under a stable name:
 * crawlers keep such an address, so it does not carry the content hash the pages' own images do.
 */
export const shareImage = (name: string) => `/img/${name}-share.jpg`;

/**
 * The six services of the spec's offer catalogue, in PLN: the one source of these prices in structured data. The
 * treatment pages of these six state the same price in their Service offer — except brow makeup, the one pair the
 * spec gives two figures for: 700 here, 600 on its page (`pagePrice: "own"`: the page's offer names its line of
 * pricing.json).
 */
export const offerCatalogue: readonly { name: string; price: number; path: string; pagePrice?: "own" }[] = [
  { name: "Makijaż permanentny brwi", price: 700, path: "/makijaz-permanentny-brwi", pagePrice: "own" },
  { name: "Makijaż permanentny ust", price: 700, path: "/makijaz-permanentny-ust" },
  { name: "Mezoterapia mikroigłowa", price: 400, path: "/mezoterapia-mikroiglowa" },
  { name: "Fala uderzeniowa Storz Medical", price: 300, path: "/storz-medical" },
  { name: "Japoński masaż twarzy Kobido", price: 250, path: "/kobido-lodz" },
  { name: "Endermologia LPG Infinity", price: 300, path: "/LPG-Infinity-Endermologia" },
];

/**
 * The price of a treatment page's Service offer: the catalogue's for the catalogue's treatments (brow makeup
 * aside), otherwise the pricing.json line the page's document names, otherwise none. Throws on a reference that
 * does not lead to an amount (the content check reports it first, with file and field).
 */
export function treatmentOfferPrice(path: string, offer: PriceRef | undefined, pricing: PricingDocument): number | undefined {
  const listed = offerCatalogue.find((entry) => entry.path === path);
  if (listed && listed.pagePrice !== "own") return listed.price;
  if (!offer) return undefined;
  const found = findPrice(pricing, offer);
  const amount = "price" in found ? priceAmount(found.price) : undefined;
  if (amount === undefined) throw new Error(`${path}: oferta ${JSON.stringify(offer)} nie wskazuje ceny w złotych`);
  return amount;
}

export function beautySalon() {
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
    priceRange: site.priceRange,
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
      name: "Zabiegi",
      itemListElement: offerCatalogue.map((offer) => ({
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

export function blogPosting(article: { title: string; description: string; date: string; author: string; image: string; path: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    dateModified: article.date,
    author: { "@type": "Person", name: article.author },
    publisher: { "@id": salonId },
    image: absoluteUrl(shareImage(article.image)),
    mainEntityOfPage: absoluteUrl(article.path),
    inLanguage: "pl-PL",
  };
}

export function service(treatment: { name: string; description: string; path: string; price?: number }) {
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
