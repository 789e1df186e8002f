/**
 * The words of the page templates (home, family list, treatment, price list, promotions, contact with its form,
 * confirmation) and of their components, in Polish, by area; uk/pages.ts and en/pages.ts give the same keys. They
 * travel with the page's data, not in the scripts: each template's loader picks the areas its page shows
 * (site/words/pageWords.server.ts), so a page carries its own words only. Data holds no functions: a blank is
 * `{name}`, which `fill` (contentModel/blanks.ts) fills.
 */
import { dateWords } from "../../../contentModel/dates";
import { form } from "./form";

export const pages = {
  form,
  consultation: {
    /** A link's label that offers a consultation: free, or at its cost ("{price}": "150 zł"). */
    bookFree: "Umów bezpłatną konsultację",
    book: "Umów konsultację ({price})",
    free: "Konsultacja jest bezpłatna.",
    costs: "Konsultacja kosztuje {price}.",
  },
  home: {
    heading: "{salon} – kosmetologia i makijaż permanentny w Łodzi",
    needs: "Dobierz zabieg do potrzeb",
    seeTreatments: "Zobacz zabiegi",
    allArticles: "Wszystkie artykuły na blogu",
    /** Under the blog teaser of a translated page: the articles are Polish (empty on a Polish page). */
    articlesInPolish: "",
  },
  hero: {
    label: "Najważniejsze informacje",
    carousel: "karuzela",
    contact: "Kontakt",
    /** After "Booksy", for screen readers. */
    booking: "rezerwacja online",
    previous: "Poprzedni slajd",
    next: "Następny slajd",
    slide: "Slajd {number}",
    resume: "Wznów automatyczne przewijanie",
    pause: "Zatrzymaj automatyczne przewijanie",
  },
  /** A slide of the slideshow or of a carousel: its role's name and its position. */
  slide: {
    role: "slajd",
    position: "{number} z {count}",
  },
  carousel: {
    role: "karuzela",
    previous: "Poprzednie zdjęcie",
    next: "Następne zdjęcie",
    photo: "Zdjęcie {number}",
    status: "Zdjęcie {number} z {count}",
  },
  gallery: {
    enlarge: "Powiększ zdjęcie: {alt}",
    close: "Zamknij powiększenie",
  },
  reviews: {
    rating: "Ocena: {stars} na 5 gwiazdek",
    fromGoogle: "opinia z Google",
    more: "Więcej opinii naszych klientek:",
    google: "Opinie w Google",
    facebook: "Opinie na Facebooku",
  },
  priceList: {
    /** Why a line is highlighted: a promotion's reduction, a discount, a series of treatments. */
    promotion: "Promocja",
    discount: "Rabat",
    series: "Seria",
    noPrice: "bez podanej ceny",
    device: "Urządzenie",
  },
  /** Months and periods (contentModel/dates.ts), the page's own language's only. */
  dates: dateWords.pl,
  offer: {
    lowestPrice: "Najniższa cena z 30 dni przed obniżką",
    /** How long it lasts, the period as contentModel/dates.ts writes it ("od 16 listopada 2026 r. do …"). */
    promotionLasts: "Promocja trwa {period}",
    offerLasts: "Oferta trwa {period}",
    /** The promotion box of a treatment page: a reduction, or a first visit's own price. */
    promotion: "Promocja",
    firstVisit: "Na początek",
  },
  article: {
    author: "Autorka: {name}",
    more: "Czytaj więcej",
  },
  family: {
    more: "Więcej o zabiegu",
    list: "{title}: lista zabiegów",
  },
  treatment: {
    onThisPage: "Na tej stronie",
    prices: "Cennik",
    fullPriceList: "Pełny cennik salonu",
    footnote: "przypis {number}",
    footnotes: "Przypisy",
  },
  pricing: {
    categories: "Kategorie cennika",
    goTo: "Przejdź do kategorii",
    /** The legend above the price list, around its highlighted word. */
    legendStart: "Ceny w złotych (zł). Wyróżniamy ",
    legendMark: "promocje",
    legendEnd:
      " (z czasem trwania i najniższą ceną z 30 dni przed ich rozpoczęciem), rabaty i ceny serii zabiegów. Kreska (—) oznacza, że cenę podajemy na konsultacji.",
    ctaTitle: "Nie wiesz, od czego zacząć?",
    ctaText: "Na konsultacji ocenimy skórę i od razu powiemy, ile zabiegów ma sens i ile będzie kosztować cała seria.",
    seePromotions: "Zobacz promocje",
  },
  promotions: {
    regularPrice: "Cena regularna: ",
    promotionalPrice: "Cena promocyjna: ",
    /** The saving on the picture, and what it means, from the lowest price of the 30 days before the reduction. */
    upTo: "do −{most}%",
    saving: "Taniej o {percent}% od najniższej ceny z 30 dni przed obniżką",
    savingRange: "Taniej o {least}–{most}% od najniższej ceny z 30 dni przed obniżką, zależnie od obszaru",
    promotionDetails: "Szczegóły promocji",
    offerDetails: "Szczegóły oferty",
    referralLasts: "Program trwa {period}",
    ctaTitle: "Chcesz skorzystać z promocji?",
    ctaText:
      "Zadzwoń albo napisz – dobierzemy termin, a na konsultacji sprawdzimy, czy zabieg jest dla Ciebie odpowiedni.",
    book: "Umów się na zabieg",
  },
  contact: {
    details: "Dane kontaktowe",
    write: "Napisz do nas",
  },
  confirmation: {
    home: "Strona główna",
    call: "Zadzwoń",
  },
};

export type PageWords = typeof pages;
