/**
 * The cookie banner and the map's consent placeholder (LocationMap) in Polish; uk/ and en/cookies.ts alike. The
 * banner names exactly the purposes of site/consent.ts (CONSENT_PURPOSES): the map, nothing else.
 */
export const cookies = {
  title: "Pliki cookies",
  text: "Za Twoją zgodą na stronie kontaktowej wczytamy mapę dojazdu z Google Maps, a Google zapisze wtedy swoje pliki cookies. Bez zgody zobaczysz zwykły obraz mapy.",
  /** "Szczegóły znajdziesz w [polityce prywatności]." around the link. */
  detailsBefore: "Szczegóły znajdziesz w ",
  privacyPolicy: "polityce prywatności",
  detailsAfter: ".",
  decline: "Odmawiam",
  accept: "Akceptuję",
  mapTitle: (address: string) => `Mapa dojazdu: ${address}`,
  mapImage: (address: string) => `Mapa okolicy salonu – ${address}`,
  showMap: "Pokaż mapę interaktywną",
  /** Under the button that loads the map: what the click gives Google, said where the consent is given. */
  showMapNote: "Google otrzyma Twój adres IP i zapisze pliki cookies",
  openMap: "Otwórz w Mapach Google",
  mapNote: "Mapa interaktywna Google wczytuje się dopiero na Twoje życzenie albo po akceptacji plików cookies.",
};
