/**
 * The one place for the salon's facts. Every value marked FICTIONAL stands in for data the salon has not given yet
 * (salon/fictional.ts lists them); content takes them from here through placeholders ({phone}, {email}, … —
 * contentModel/placeholders.ts), so each is replaced here and nowhere else. `npm run launch:check` lists every one listed.
 */
const name = "Aurea Instytut Urody";
const street = "ul. Przykładowa 12";
const postalCode = "90-553";
const city = "Łódź";
const facebook = "https://www.facebook.com/aurea.instytut.urody.przyklad";
/**
 * One line of the opening hours: its days by their schema.org names, its opening and closing time (structured data
 * takes those); the label the pages show ("9:00–20:00") is made from them, so the hours are written once, and the
 * days' names are each language's words (site/openingHours.ts).
 */
function hours(schemaDays: string[], opens: string, closes: string) {
  const shown = (time: string) => time.replace(/^0(?=\d:)/, "");
  return { schemaDays, opens, closes, label: `${shown(opens)}–${shown(closes)}` };
}
/** "ul. Przykładowa 12, 90-553 Łódź" as a search query for the map links. */
const mapQuery = encodeURIComponent(`${street}, ${postalCode} ${city}`).replace(/%20/g, "+");

export const site = {
  /**
   * The translations the site publishes beside Polish (uk: Ukrainian, en: English): take one out to turn it off. Its
   * pages are then neither built nor linked, and its files in content/ are still checked.
   */
  languages: ["uk", "en"],
  /** FICTIONAL brand name. */
  name,
  shortName: "Aurea",
  /** FICTIONAL company name of the limited company that runs the salon. */
  legalName: `${name} sp. z o.o.`,
  /** FICTIONAL registry numbers, shown in the footer and the legal pages. */
  nip: "000-000-00-00",
  krs: "0000000000",
  /**
   * The registry court and the share capital: a limited company states them, with its name, seat, address, KRS and
   * NIP, on its website (Commercial Companies Code art. 206 §1). FICTIONAL: the Łódź court that keeps companies
   * seated in Łódź-Śródmieście, and an amount of our invention.
   */
  registryCourt: "Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi, XX Wydział Gospodarczy Krajowego Rejestru Sądowego",
  shareCapital: "5\u00a0000,00\u00a0zł",
  /** Absolute origin used for canonical URLs, Open Graph and the sitemap. FICTIONAL domain (.example is reserved). */
  origin: "https://www.aurea-salon.example",
  /** FICTIONAL phone number in a reserved-looking range. */
  phone: "+48 42 000 00 00",
  /** FICTIONAL e-mail on a reserved domain. */
  email: "kontakt@aurea-salon.example",
  address: {
    /** FICTIONAL street ("Przykładowa" means "example"); the postal code 90-553 and the city are the salon's. */
    street,
    postalCode,
    city,
    region: "łódzkie",
    country: "PL",
  },
  /** Approximate centre of the 90-553 postal area in Łódź. */
  geo: { latitude: 51.7589, longitude: 19.4447 },
  openingHours: [
    hours(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "09:00", "20:00"),
    hours(["Saturday"], "10:00", "16:00"),
  ],
  /** FICTIONAL profile of the external booking service. */
  bookingUrl: "https://booksy.com/pl-pl/000000_aurea-instytut-urody_lodz",
  social: {
    /** FICTIONAL profiles. */
    facebook,
    instagram: "https://www.instagram.com/aurea.instytut.urody.przyklad",
  },
  reviewsUrl: {
    google: `https://www.google.com/search?q=${encodeURIComponent(`${name} ${city} opinie`).replace(/%20/g, "+")}`,
    facebook: `${facebook}/reviews`,
  },
  mapsUrl: `https://www.google.com/maps/search/?api=1&query=${mapQuery}`,
  /** Loaded only after the visitor asks for it or has accepted cookies (see LocationMap). */
  mapsEmbedUrl: `https://www.google.com/maps?q=${mapQuery}&output=embed`,
} as const;

export type Site = typeof site;

/** The phone number as a tel: link target (digits and the leading plus only). */
export const phoneHref = `tel:${site.phone.replace(/[^+\d]/g, "")}`;
export const emailHref = `mailto:${site.email}`;
export const fullAddress = `${site.address.street}, ${site.address.postalCode} ${site.address.city}`;
