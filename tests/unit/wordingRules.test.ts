/**
 * The wording rules catch a professional device's selling points, promises of efficacy and of how long an effect
 * lasts, and complaints named as a treatment's target – in the words the copy used and in their other inflections –
 * while what a cosmetologist may say passes ("może pomóc", "skóra skłonna do niedoskonałości", "twarz wygląda na
 * wypoczętą", a side effect, a contraindication).
 */
import { describe, expect, it } from "vitest";
import {
  DEVICE_CLAIMS,
  DURATION_CLAIMS,
  EFFICACY_CLAIMS,
  FIGURE_CLAIMS,
  THERAPEUTIC_CLAIMS,
  wordingProblems,
} from "../../frontend/app/contentModel/wordingRules";

const caught = (pattern: RegExp, texts: string[]) =>
  texts.filter((text) => !pattern.test(text)).map((text) => `not caught: ${text}`);
const passed = (pattern: RegExp, texts: string[]) =>
  texts.filter((text) => pattern.test(text)).map((text) => `caught: ${text} (${text.match(pattern)![0]})`);

describe("a device's selling points", () => {
  it("are caught as the copy wrote them and declined", () => {
    expect(
      caught(DEVICE_CLAIMS, [
        "Red Touch Pro – laser wolumetryczny do odmładzania skóry",
        "zabieg laserem wolumetrycznym",
        "lasera wolumetrycznego",
        "działa wolumetrycznie",
        "pobudza skórę do odbudowy kolagenu, nie naruszając naskórka",
        "bez naruszania naskórka i bez okresu rekonwalescencji",
        "Zabieg nie narusza ciągłości skóry",
        "nie naruszała powierzchni skóry",
        "a skóra pozostaje nienaruszona",
        "(głowica wykorzystuje fale radiowe)",
        "głowicy wykorzystującej fale radiowe",
        "aplikator emituje impulsy",
        "urządzenie generuje ciepło",
      ]),
    ).toEqual([]);
  });

  it("leave the service and what the client feels alone", () => {
    expect(
      passed(DEVICE_CLAIMS, [
        "zabieg z użyciem fal radiowych",
        "zabieg laserowy frakcyjny",
        "mikroigłowa radiofrekwencja",
        "w trakcie czujesz wyraźne ciepło, a zabieg nie wymaga igieł ani nacięć",
        "kosmetolożka prowadzi głowicę po skórze",
        "skóra wytwarza nowy kolagen",
        "siedzący tryb życia",
      ]),
    ).toEqual([]);
  });
});

describe("promises of efficacy", () => {
  it("are caught: most people, guarantees, at once, for good, removal of fat, a double chin or cellulite", () => {
    expect(
      caught(EFFICACY_CLAIMS, [
        "U większości osób można liczyć na:",
        "U większości osób zabieg może przynieść:",
        "u większości klientek",
        "U większości badanych osób",
        "Gwarantujemy efekt",
        "z gwarancją rezultatu",
        "natychmiastowy efekt liftingu",
        "efekty są natychmiastowe",
        "trwały efekt",
        "trwałe efekty",
        "Redukcja tkanki tłuszczowej",
        "redukcja miejscowej tkanki tłuszczowej",
        "ciepło pomaga zmniejszyć miejscową tkankę tłuszczową",
        "zmniejszenie drugiego podbródka",
        "Redukcja drugiego podbródka",
        "zabieg usuwa cellulit",
        "pozbyć się cellulitu",
        "jak skutecznie pozbyć się cellulitu",
      ]),
    ).toEqual([]);
  });

  it("leave honest disclaimers, visibility and judgement of the result alone", () => {
    expect(
      passed(EFFICACY_CLAIMS, [
        "tego, jak zareaguje Twoja skóra, nie da się zagwarantować z góry",
        "Profilaktyka może zmniejszyć ryzyko nawrotu opryszczki, ale nie daje gwarancji.",
        "Mikroigłowa radiofrekwencja nie usuwa tkanki tłuszczowej ani nie zastąpi chirurgii plastycznej",
        "nie istnieje jeden zabieg, który usunie cellulit raz na zawsze",
        "Jak zmniejszyć widoczność cellulitu?",
        "może pomóc wymodelować miejsca z miejscową tkanką tłuszczową",
        "Trwałość efektów jest indywidualna",
        "większość osób od razu wraca do codziennych zajęć",
      ]),
    ).toEqual([]);
  });
});

describe("promises of how long an effect lasts", () => {
  it("are caught", () => {
    expect(
      caught(DURATION_CLAIMS, [
        "Efekty mogą utrzymywać się do 2 lat.",
        "a efekty mogą utrzymywać się **do 2 lat**",
        "**Trwałość efektów:** do 2 lat",
        "efekt utrzymuje się nawet do 18 miesięcy",
        "rezultaty widoczne przez 12 miesięcy",
        "efekt na lata",
        "utrzymuje się do 24 miesięcy",
      ]),
    ).toEqual([]);
  });

  it("leave schedules and when the effect is judged alone", () => {
    expect(
      passed(DURATION_CLAIMS, [
        "Pełny efekt ocenisz po 3–6 miesiącach.",
        "Efekt podtrzymujemy zabiegiem co 2–3 miesiące.",
        "Efekt końcowy ocenia się po 2–3 miesiącach od zakończenia serii.",
        "Odświeżenie zwykle co 1,5–2 lata",
        "Korekta do roku",
        "Pigment może utrzymywać się w skórze latami",
      ]),
    ).toEqual([]);
  });
});

describe("complaints named as the target", () => {
  it("are caught: puffiness, acne, what medicines do", () => {
    expect(
      caught(THERAPEUTIC_CLAIMS, [
        "endermologia na opuchnięcia twarzy",
        "fala uderzeniowa na opuchnięcia twarzy",
        "zmniejsza opuchnięcia",
        "skłonność do porannych opuchnięć",
        "Odświeżenie i mniejszą opuchliznę widać zwykle już po pierwszym zabiegu",
        "Mniej opuchnięta twarz i świeższy koloryt",
        "twarz wygląda na mniej opuchniętą",
        "peeling na trądzik",
        "Peelingi chemiczne: na przebarwienia, trądzik, skórę wrażliwą",
        "Oczyszczenie i ukojenie skóry trądzikowej",
        "przy przebarwieniach czy trądziku",
        "Trądzik i blizny potrądzikowe",
        "działa przeciwzapalnie",
        "serum przeciwzapalne",
        "efekt antybakteryjny",
      ]),
    ).toEqual([]);
  });

  it("leave side effects, contraindications and the skin's look alone", () => {
    expect(
      passed(THERAPEUTIC_CLAIMS, [
        "Bezpośrednio po zabiegu usta mogą być lekko obrzęknięte",
        "usta mogą być lekko opuchnięte",
        "aktywny stan zapalny skóry, trądzik ropny lub opryszczka",
        "masz trądzik różowaty w fazie zaostrzenia",
        "trądzik w fazie zapalnej",
        "blizny potrądzikowe",
        "skóra skłonna do niedoskonałości",
        "twarz wygląda na wypoczętą",
      ]),
    ).toEqual([]);
  });
});

describe("numbers that claim an effect, written out", () => {
  it("are caught: signed changes, shares of people, measures, sessions that bring an effect", () => {
    expect(
      caught(FIGURE_CLAIMS, [
        "W badaniu odnotowano −5,8 cm w obwodzie talii",
        "−5,8 cm",
        "+92% jędrności skóry",
        "-50% uczucia zmęczenia nóg",
        "mniej widoczny cellulit u 93% osób badanych",
        "93% badanych kobiet",
        "aż 80% klientek",
        "o 30% mniej cellulitu",
        "skóra jędrniejsza o 20%",
        "talia węższa o 5,8 cm",
        "zmniejsza obwód talii o 3 cm",
        "już po 3 zabiegach",
        "5 zabiegów wystarczy",
      ]),
    ).toEqual([]);
  });

  it("leave prices, discounts, sizes, filters and schedules alone", () => {
    expect(
      passed(FIGURE_CLAIMS, [
        "Pakiet 4 zabiegów kosztuje o 15% mniej niż cztery zabiegi pojedyncze",
        "20% rabatu od ceny pojedynczych zabiegów",
        "Ty i Twoja znajoma otrzymujecie po 20% rabatu",
        "Jeden obszar to 15 cm × 15 cm",
        "krem z filtrem SPF 50+",
        "3–5 zabiegów co 4–6 tygodni",
        "po 3–6 miesiącach",
        "{figure.endermologiaTalia} w obwodzie talii",
      ]),
    ).toEqual([]);
  });
});

it("each rule says in Polish what is wrong and what to write, and the legal texts are held to none of them", () => {
  const said = (text: string) => wordingProblems(text, true).join("\n");
  expect(said("laser wolumetryczny")).toMatch(/„wolumetryczny” – parametr lub zaleta techniczna urządzenia/);
  expect(said("U większości osób można liczyć na efekt")).toMatch(
    /„U większości osób” – obietnica skuteczności.*art\. 5/,
  );
  expect(said("Efekty mogą utrzymywać się do 2 lat")).toMatch(/– obietnica, jak długo utrzyma się efekt/);
  expect(said("peeling na trądzik")).toMatch(/„trądzik” – obietnica terapii/);
  expect(said("−5,8 cm w obwodzie talii")).toMatch(/„−5,8 cm” – liczba opisująca efekt bez źródła.*\{figure\.<id>\}/);
  for (const text of ["laser wolumetryczny", "U większości osób", "do 2 lat efektu", "peeling na trądzik"])
    expect(wordingProblems(text, false), text).toEqual([]);
});
