/**
 * The one place for the salon's facts. Every value marked FICTIONAL stands in for data we do not have yet
 * (the spec shows them as {phone}, {email}, {name}); replace them here before launch and nowhere else.
 */
export const site = {
  /** FICTIONAL brand name. */
  name: "Aurea Instytut Urody",
  shortName: "Aurea",
  /** FICTIONAL company name of the limited company that runs the salon. */
  legalName: "Aurea Instytut Urody sp. z o.o.",
  /** FICTIONAL registry numbers, shown in the legal pages. */
  nip: "000-000-00-00",
  krs: "0000000000",
  /** Absolute origin used for canonical URLs, Open Graph and the sitemap. FICTIONAL domain (.example is reserved). */
  origin: "https://www.aurea-salon.example",
  /** FICTIONAL phone number in a reserved-looking range. */
  phone: "+48 42 000 00 00",
  /** FICTIONAL e-mail on a reserved domain. */
  email: "kontakt@aurea-salon.example",
  address: {
    /** FICTIONAL street ("Przykładowa" means "example"); the postal code and city come from the spec. */
    street: "ul. Przykładowa 12",
    postalCode: "90-553",
    city: "Łódź",
    region: "łódzkie",
    country: "PL",
  },
  /** Approximate centre of the 90-553 postal area in Łódź. */
  geo: { latitude: 51.7589, longitude: 19.4447 },
  openingHours: [
    { days: "Poniedziałek – piątek", short: "Pn–Pt", schemaDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "20:00", label: "9:00–20:00" },
    { days: "Sobota", short: "Sob", schemaDays: ["Saturday"], opens: "10:00", closes: "16:00", label: "10:00–16:00" },
  ],
  closedNote: "Niedziela: nieczynne",
  /** FICTIONAL profile of the external booking service. */
  bookingUrl: "https://booksy.com/pl-pl/000000_aurea-instytut-urody_lodz",
  social: {
    /** FICTIONAL profiles. */
    facebook: "https://www.facebook.com/aurea.instytut.urody.przyklad",
    instagram: "https://www.instagram.com/aurea.instytut.urody.przyklad",
  },
  reviewsUrl: {
    google: "https://www.google.com/search?q=Aurea+Instytut+Urody+%C5%81%C3%B3d%C5%BA+opinie",
    facebook: "https://www.facebook.com/aurea.instytut.urody.przyklad/reviews",
  },
  mapsUrl: "https://www.google.com/maps/search/?api=1&query=ul.+Przyk%C5%82adowa+12%2C+90-553+%C5%81%C3%B3d%C5%BA",
  /** Loaded only after the visitor asks for it or has accepted cookies (see LocationMap). */
  mapsEmbedUrl: "https://www.google.com/maps?q=ul.+Przyk%C5%82adowa+12%2C+90-553+%C5%81%C3%B3d%C5%BA&output=embed",
  priceRange: "150–3000 zł",
} as const;

export type Site = typeof site;

/** The phone number as a tel: link target (digits and the leading plus only). */
export const phoneHref = `tel:${site.phone.replace(/[^+\d]/g, "")}`;
export const emailHref = `mailto:${site.email}`;
export const fullAddress = `${site.address.street}, ${site.address.postalCode} ${site.address.city}`;
