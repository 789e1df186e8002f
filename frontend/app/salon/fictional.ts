/**
 * What stands in for real data in config.ts, by its path there: `npm run launch:check` lists each one (and exits
 * non-zero) until its real value is in and its line is removed from here.
 */
export const fictional: readonly { path: string; what: string }[] = [
  { path: "site.name", what: "nazwa salonu (marka)" },
  { path: "site.shortName", what: "krótka nazwa salonu (tytuły stron)" },
  { path: "site.legalName", what: "nazwa spółki prowadzącej salon" },
  { path: "site.nip", what: "NIP spółki" },
  { path: "site.krs", what: "numer KRS spółki" },
  { path: "site.registryCourt", what: "sąd rejestrowy spółki (art. 206 § 1 KSH)" },
  { path: "site.shareCapital", what: "kapitał zakładowy spółki (art. 206 § 1 KSH)" },
  { path: "site.origin", what: "domena strony (adresy kanoniczne, mapa strony)" },
  { path: "site.phone", what: "numer telefonu salonu" },
  { path: "site.email", what: "adres e-mail salonu" },
  { path: "site.address.street", what: "ulica i numer salonu" },
  { path: "site.bookingUrl", what: "profil w serwisie rezerwacji online" },
  { path: "site.social.facebook", what: "profil na Facebooku" },
  { path: "site.social.instagram", what: "profil na Instagramie" },
];
