// @vitest-environment node
/**
 * A bad edit of any kind of content document stops `npm run build` with the file and the field at fault, before
 * anything is built. One case per document kind, and one per rule the schemas cannot express (placeholders,
 * fictional data written out, the wording rules, prices, reductions, consultations, the structured-data offer,
 * dates). Each case runs the build's content check (validateAll, what `npm run content:check` runs first in
 * `npm run build`) on a copy of content/ (CONTENT_DIR) in this process; the real command runs for a few of them,
 * which proves the build stops on what the check reports.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const copies: string[] = [];

/** content/ copied (images linked), with one document changed by `edit`. */
function contentWith(file: string, edit: (doc: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "salon-content-"));
  copies.push(dir);
  cpSync(join(root, "content"), dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, "content", "images")),
  });
  symlinkSync(join(root, "content", "images"), join(dir, "images"));
  const path = join(dir, file);
  const doc = JSON.parse(readFileSync(path, "utf8"));
  edit(doc);
  writeFileSync(path, JSON.stringify(doc, null, 2));
  return dir;
}

/**
 * `npm run build` on that copy: its exit status and everything it printed. The environment keeps Vitest's VITEST
 * variable, which turns React Router's plugin off (vite.config.ts): should the check let an edit through, the build
 * fails at once instead of rebuilding build/ from the broken copy.
 */
function build(contentDir: string): { status: number | null; output: string } {
  const builtBefore = statSync(join(root, "build/client/index.html"), { throwIfNoEntry: false })?.mtimeMs;
  const run = spawnSync("npm", ["run", "build"], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir },
    encoding: "utf8",
    timeout: 60_000,
  });
  // Stopped before the site was built: the previous build is untouched.
  expect(statSync(join(root, "build/client/index.html"), { throwIfNoEntry: false })?.mtimeMs).toBe(builtBefore);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * The build's content check on that copy, in this process: every module that reads content/ loaded afresh with
 * CONTENT_DIR set, as the command's own process loads them, and the route table's list of page files as
 * `npm run page-files` (the command's first step) writes it from the copy.
 */
async function check(contentDir: string): Promise<{ passed: boolean; output: string }> {
  vi.resetModules();
  vi.stubEnv("CONTENT_DIR", contentDir);
  try {
    const { pageFilesJson } = await import("../../frontend/build/pageFilesManifest");
    const pageFiles: unknown = JSON.parse(pageFilesJson(contentDir));
    vi.doMock("../../frontend/app/generated/page-files.json", () => ({ default: pageFiles }));
    const { validateAll } = await import("../../frontend/build/validateContent");
    validateAll();
    return { passed: true, output: "" };
  } catch (error) {
    return { passed: false, output: (error as Error).message };
  } finally {
    vi.unstubAllEnvs();
    vi.doUnmock("../../frontend/app/generated/page-files.json");
  }
}

// Generous: a hundred copies to remove, on a busy machine.
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })), 120_000);

const cases: { kind: string; file: string; edit: (doc: any) => void; field: string; says: RegExp }[] = [
  {
    kind: "content document",
    file: "content.json",
    edit: (d) => (d.welcome.title = " "),
    field: "welcome.title",
    says: /nie może być puste/,
  },
  {
    kind: "pricing document",
    file: "pricing.json",
    edit: (d) => (d.categories[1].services[0].options[0].price = ""),
    field: "categories[1].services[0].options[0].price",
    says: /nie może być puste/,
  },
  {
    kind: "home page",
    file: "home.json",
    edit: (d) => (d.reviews.items[1].rating = 4),
    field: "reviews.items[1].rating",
    says: /5/,
  },
  {
    kind: "needs page",
    file: "needs.json",
    edit: (d) => (d.items[3].treatments[0] = "/tego-zabiegu-nie-ma"),
    field: "items[3].treatments[0]",
    says: /nie jest stroną zabiegu/,
  },
  {
    kind: "promotions",
    file: "promotions.json",
    edit: (d) => (d.cards[1].url = "http://promocja-laser.example/"),
    field: "cards[1].url",
    says: /./,
  },
  { kind: "blog list page", file: "pages/blog.json", edit: (d) => delete d.intro, field: "intro", says: /./ },
  { kind: "simple page", file: "pages/kontakt.json", edit: (d) => (d.intro = []), field: "intro", says: /./ },
  {
    kind: "legal text",
    file: "legal/rodo.json",
    edit: (d) => (d.sections[0].title = ""),
    field: "sections[0].title",
    says: /nie może być puste/,
  },
  {
    kind: "family list",
    file: "families/zabiegi-na-cialo.json",
    edit: (d) => (d.entries[2].link = "/mikroiglowa-radiofrekwencja-cialoo"),
    field: "entries[2].link",
    says: /brak trasy/,
  },
  {
    kind: "treatment page",
    file: "treatments/natlenienie-skory-3-w-1.json",
    edit: (d) => (d.sections[0].id = "Jak Działa"),
    field: "sections[0].id",
    says: /kotwica/,
  },
  {
    kind: "blog article",
    file: "blog/jak-zmniejszyc-widocznosc-cellulitu.json",
    edit: (d) => (d.date = "2025-13-01"),
    field: "date",
    says: /./,
  },
  // Rules beyond the schemas.
  {
    kind: "a treatment without its family",
    file: "treatments/natlenienie-skory-3-w-1.json",
    edit: (d) => delete d.family,
    field: "family",
    says: /podaj rodzinę zabiegów/,
  },
  {
    kind: "a page without its menu label",
    file: "legal/konkurs.json",
    edit: (d) => (d.label = ""),
    field: "label",
    says: /nie może być puste/,
  },
  {
    kind: "fictional data written out",
    file: "legal/rodo.json",
    edit: (d) => (d.sections[1].blocks[0].p += " Telefon: +48 42 000 00 00."),
    field: "sections[1].blocks[0].p",
    says: /fikcyjna dana.*\{phone\}/,
  },
  {
    kind: "medical wording",
    file: "pricing.json",
    edit: (d) => (d.categories[10].description = "Leczymy blizny i rozstępy."),
    field: "categories[10].description",
    says: /„Leczymy” – słownictwo medyczne/,
  },
  {
    kind: "a 'leczony obszar'",
    file: "treatments/modelowanie-termiczne-sylwetki.json",
    edit: (d) => d.sections[8].blocks[0].ul.push("Nie masuj leczonego obszaru."),
    field: "sections[8].blocks[0].ul[4]",
    says: /„leczonego”/,
  },
  {
    kind: "a price the price list does not have (the legal texts may write amounts out)",
    file: "legal/konkurs.json",
    edit: (d) => (d.sections[3].blocks[0].ol[1] += " Wartość voucheru: 175 zł."),
    field: "sections[3].blocks[0].ol[1]",
    says: /cena 175 zł nie występuje/,
  },
  {
    kind: "a promotion that disagrees with the price list",
    file: "promotions.json",
    edit: (d) => (d.cards[0].newPrice = 249),
    field: "cards[0].newPrice",
    says: /249 zł nie występuje w kategorii 'pca-skin'/,
  },
  {
    kind: "a reduction whose lowest 30-day price is the promotional one",
    file: "pricing.json",
    edit: (d) => (d.categories[6].services[0].reduction.lowestPrices30Days[0].price = 259),
    field: "categories[6].services[0].reduction.lowestPrices30Days[0]",
    says: /to nie jest obniżka/,
  },
  {
    kind: "one area's lowest 30-day price above that area's regular price",
    file: "pricing.json",
    edit: (d) => (d.categories[14].services[0].reduction.lowestPrices30Days[1].price = 1890),
    field: "categories[14].services[0].reduction.lowestPrices30Days[1]",
    says: /nie wyższa od ceny 'Szyja' \(1170 zł\)/,
  },
  {
    kind: "a lowest 30-day price of an 'od' price of several services",
    file: "pricing.json",
    edit: (d) => (d.categories[6].services[0].reduction.lowestPrices30Days[0].service = "Pozostałe peelingi PCA Skin"),
    field: "categories[6].services[0].reduction.lowestPrices30Days[0]",
    says: /kosztuje „od 300 zł”, czyli to cena kilku usług w różnych cenach/,
  },
  {
    kind: "a promotion of a price group the list does not have",
    file: "promotions.json",
    edit: (d) => (d.cards[1].priceGroup = "laser-frakcyjnyy"),
    field: "cards[1].priceGroup",
    says: /brak kategorii 'laser-frakcyjnyy'/,
  },
  {
    kind: "a promotion's line in another price group",
    file: "promotions.json",
    edit: (d) => (d.cards[2].priceGroup = "pca-skin"),
    field: "categories[9].services[0]",
    says: /oferta 'endermologia' należy do kategorii 'pca-skin'/,
  },
  {
    kind: "two promotions with one id",
    file: "promotions.json",
    edit: (d) => (d.cards[3].id = d.cards[0].id),
    field: "cards[3].id",
    says: /już jest na liście/,
  },
  {
    kind: "a first visit's price compared with a regular one",
    file: "promotions.json",
    edit: (d) => (d.cards[2].oldPrice = 240),
    field: "cards[2].oldPrice",
    says: /cena regularna obok ceny oferty to obniżka/,
  },
  {
    kind: "an offer without its period",
    file: "promotions.json",
    edit: (d) => delete d.cards[2].period,
    field: "cards[2].period",
    says: /./,
  },
  {
    kind: "an offer without who it is for",
    file: "promotions.json",
    edit: (d) => (d.cards[0].terms = ""),
    field: "cards[0].terms",
    says: /nie może być puste/,
  },
  {
    kind: "a price written out in prose",
    file: "treatments/makijaz-permanentny-brwi.json",
    edit: (d) => (d.sections[8].blocks[2].p += " Korekta kosztuje 200 zł."),
    field: "sections[8].blocks[2].p",
    says: /„200 zł” – cena wpisana w tekst: ceny są tylko w content\/pricing\.json; wstaw ją znacznikiem \{price:/,
  },
  {
    kind: "a price placeholder naming a line the price list lacks",
    file: "treatments/kobido-lodz.json",
    edit: (d) => (d.lead += " Masaż kosztuje {price:kobido/Kobido DOWN}."),
    field: "lead",
    says: /znacznik \{price:kobido\/Kobido DOWN\}: brak usługi 'Kobido DOWN' w kategorii 'kobido'/,
  },
  {
    kind: "a 'Promocja' badge without the lowest 30-day price",
    file: "pricing.json",
    edit: (d) => delete d.categories[7].services[0].reduction,
    field: "categories[7].services[0].isPromo",
    says: /„Promocja” ogłasza obniżkę/,
  },
  {
    kind: "a regular price beside a promotional one in running text",
    file: "treatments/mikroiglowa-radiofrekwencja.json",
    edit: (d) =>
      (d.lead +=
        " Pierwszy zabieg za {price:mikroiglowa-radiofrekwencja/Twarz + szyja + dekolt – pierwszy zabieg} zamiast {price:mikroiglowa-radiofrekwencja/Twarz + szyja + dekolt}."),
    field: "lead",
    says: /„zamiast 1500 zł” – ogłoszenie obniżki wymaga najniższej ceny z 30 dni/,
  },
  {
    kind: "a reduction announced in a family list",
    file: "families/zabiegi-na-twarz.json",
    edit: (d) =>
      (d.entries[1].benefits[3] =
        "Pierwszy zabieg w promocji za {price:mikroiglowa-radiofrekwencja/Twarz + szyja + dekolt – pierwszy zabieg}"),
    field: "entries[1].benefits[3]",
    says: /ogłoszenie obniżki wymaga najniższej ceny z 30 dni|cena promocyjna/,
  },
  {
    kind: "a promotional price written out without its lowest 30-day price",
    file: "treatments/laser-frakcyjny.json",
    edit: (d) =>
      (d.lead += " Pierwszy zabieg: {price:laser-frakcyjny/Pierwszy zabieg – twarz, szyja lub dekolt (jeden obszar)}."),
    field: "lead",
    says: /899 zł to cena promocyjna/,
  },
  {
    kind: "a structured-data offer at a promotional price",
    file: "treatments/pca-skin.json",
    edit: (d) => (d.offer = { priceGroup: "pca-skin", service: "Pierwszy zabieg peelingiem Oxygenating Trio" }),
    field: "offer",
    says: /dane strukturalne nie pokażą najniższej ceny/,
  },
  {
    kind: "an offer of a consultation that does not say what it costs",
    file: "treatments/natlenienie-skory-3-w-1.json",
    edit: (d) => (d.sections[4].blocks[2].note = "W razie wątpliwości zapraszamy na konsultację."),
    field: "sections[4].blocks[2].note",
    says: /propozycja konsultacji bez ceny.*bezpłatna/,
  },
  {
    kind: "a consultation offered in other words without its cost",
    file: "blog/fala-uderzeniowa-modelowanie-sylwetki.json",
    edit: (d) => (d.body[30].p = "Jeśli masz wątpliwości, porozmawiajmy o tym na konsultacji."),
    field: "body[30].p",
    says: /„porozmawiajmy o tym na konsultacji” – propozycja konsultacji bez ceny/,
  },
  {
    kind: "a plan promised from a consultation without its cost",
    file: "content.json",
    edit: (d) => (d.hero.slides[1].text = "Plan zabiegów ułożony po konsultacji."),
    field: "hero.slides[1].text",
    says: /„Plan zabiegów ułożony po konsultacji” – propozycja konsultacji bez ceny/,
  },
  {
    kind: "only the first consultation free, while every one is",
    file: "content.json",
    edit: (d) => (d.hero.slides[0].text = "Pierwsza konsultacja jest bezpłatna."),
    field: "hero.slides[0].text",
    says: /kolejne są płatne/,
  },
  {
    kind: "a device's wavelength",
    file: "treatments/laser-frakcyjny.json",
    edit: (d) => (d.lead += " Laser o długości fali 675 nm."),
    field: "lead",
    says: /„675 nm” – parametr lub zaleta techniczna urządzenia.*art\. 55 ust\. 2 pkt 3/,
  },
  {
    kind: "a device's patents and modes",
    file: "families/zabiegi-na-cialo.json",
    edit: (d) => (d.entries[1].description += " Urządzenie chronione siedmioma patentami."),
    field: "entries[1].description",
    says: /„patentami” – parametr lub zaleta techniczna urządzenia/,
  },
  {
    kind: "a device's kind of energy",
    file: "treatments/modelowanie-termiczne-sylwetki.json",
    edit: (d) => (d.lead += " Głowica kieruje energię mikrofal w głąb skóry."),
    field: "lead",
    says: /„mikrofal” – parametr lub zaleta techniczna urządzenia/,
  },
  {
    kind: "a device part's feature",
    file: "treatments/modelowanie-termiczne-twarzy.json",
    edit: (d) => (d.sections[6].blocks[0].ol[2] += " Chłodzenie głowicy chroni skórę."),
    field: "sections[6].blocks[0].ol[2]",
    says: /„Chłodzenie głowicy” – parametr lub zaleta techniczna urządzenia/,
  },
  {
    kind: "a device's selling point in a title",
    file: "treatments/laser-frakcyjny.json",
    edit: (d) => (d.title = "Laser wolumetryczny do odmładzania skóry"),
    field: "title",
    says: /„wolumetryczny” – parametr lub zaleta techniczna urządzenia/,
  },
  {
    kind: "a non-ablative device's selling point",
    file: "treatments/endermologia-twarzy.json",
    edit: (d) => (d.lead += " Bez naruszania naskórka."),
    field: "lead",
    says: /„Bez naruszania naskórka” – parametr lub zaleta techniczna urządzenia/,
  },
  {
    kind: "what a device's head uses",
    file: "treatments/natlenienie-skory-3-w-1.json",
    edit: (d) => (d.sections[4].blocks[1].ul[4] += " (głowica wykorzystuje fale radiowe)"),
    field: "sections[4].blocks[1].ul[4]",
    says: /„głowica wykorzystuje” – parametr lub zaleta techniczna urządzenia/,
  },
  {
    kind: "an efficacy promise in a family card",
    file: "families/zabiegi-na-cialo.json",
    edit: (d) => (d.entries[3].description += " U większości osób można liczyć na gładszą skórę."),
    field: "entries[3].description",
    says: /„U większości osób” – obietnica skuteczności/,
  },
  {
    kind: "a duration promised in an article",
    file: "blog/odmladzanie-skory-laserem-frakcyjnym.json",
    edit: (d) => (d.body[12].p += " Efekty mogą utrzymywać się do 2 lat."),
    field: "body[12].p",
    says: /– obietnica, jak długo utrzyma się efekt/,
  },
  {
    kind: "puffiness as a keyword's target",
    file: "treatments/endermologia-twarzy.json",
    edit: (d) => d.seo.keywords.push("endermologia na opuchnięcia twarzy"),
    field: "seo.keywords[5]",
    says: /„opuchnięcia” – obietnica terapii/,
  },
  {
    kind: "acne as a price group's target",
    file: "pricing.json",
    edit: (d) => (d.categories[6].description = "Peeling na trądzik."),
    field: "categories[6].description",
    says: /„trądzik” – obietnica terapii/,
  },
  {
    kind: "a lymph claim",
    file: "treatments/kobido-lodz.json",
    edit: (d) => (d.lead += " Masaż wspiera odpływ limfy."),
    field: "lead",
    says: /„limfy” – obietnica terapii/,
  },
  {
    kind: "a circulation claim",
    file: "families/zabiegi-na-twarz.json",
    edit: (d) => (d.entries[4].description += " Poprawia krążenie."),
    field: "entries[4].description",
    says: /„Poprawia krążenie” – obietnica terapii/,
  },
  {
    kind: "a blood-supply claim",
    file: "treatments/fala-uderzeniowa-twarz.json",
    edit: (d) => (d.lead += " Zabieg poprawia ukrwienie skóry."),
    field: "lead",
    says: /„poprawia ukrwienie” – obietnica terapii/,
  },
  {
    kind: "skin said to be better supplied with blood",
    file: "needs.json",
    edit: (d) => (d.items[7].effects[1] = "Lepiej ukrwiona, bardziej napięta skóra"),
    field: "items[7].effects[1]",
    says: /„Lepiej ukrwiona” – obietnica terapii/,
  },
  {
    kind: "drainage, the lymph by another name",
    file: "treatments/kobido-lodz.json",
    edit: (d) => (d.sections[6].blocks[0].ol[3] += " Kończymy ruchami drenującymi."),
    field: "sections[6].blocks[0].ol[3]",
    says: /„drenującymi” – obietnica terapii/,
  },
  {
    kind: "relief for heavy legs",
    file: "treatments/endermologia-ciala.json",
    edit: (d) => (d.stats.items[3].label = "uczucia ciężkich nóg"),
    field: "stats.items[3].label",
    says: /„ciężkich nóg” – obietnica terapii/,
  },
  {
    kind: "a therapeutic claim",
    file: "needs.json",
    edit: (d) => (d.items[7].description += " Usuwamy zastoje limfy."),
    field: "items[7].description",
    says: /„zastoje limfy” – obietnica terapii/,
  },
  {
    kind: "an anaesthetic cream",
    file: "treatments/makijaz-permanentny-ust.json",
    edit: (d) => d.sections[6].blocks[0].ol.push("Nakładamy krem znieczulający."),
    field: "sections[6].blocks[0].ol[5]",
    says: /krem znieczulający to produkt leczniczy/,
  },
  {
    kind: "exosomes without their origin",
    file: "treatments/mezoterapia-mikroiglowa.json",
    edit: (d) => (d.sections[1].blocks[0].p += " Polecamy wariant z egzosomami."),
    field: "sections[1].blocks[0].p",
    says: /egzosomy bez pochodzenia/,
  },
  {
    kind: "'okolica zabiegowa' for 'obszar zabiegowy'",
    file: "treatments/fala-uderzeniowa-cialo.json",
    edit: (d) => (d.sections[4].blocks[1].ul[5] = "żylaki w okolicy zabiegowej"),
    field: "sections[4].blocks[1].ul[5]",
    says: /„okolicy zabiegowej” – jedno określenie dla jednej rzeczy – pisz „obszar zabiegowy”/,
  },
  {
    kind: "'bezinwazyjny' for 'nieinwazyjny'",
    file: "treatments/fala-uderzeniowa-cialo.json",
    edit: (d) => (d.lead += " To metoda bezinwazyjna."),
    field: "lead",
    says: /„bezinwazyjna” – jedno określenie dla jednej rzeczy – pisz „nieinwazyjny”/,
  },
  {
    kind: "a second term for one thing",
    file: "blog/jak-przygotowac-skore-do-lata.json",
    edit: (d) => (d.body[0].p += " Zapytaj kosmetologa."),
    field: "body[0].p",
    says: /„kosmetologa” – jedno określenie dla jednej rzeczy – pisz „kosmetolożka”/,
  },
  {
    kind: "an article that speaks of a later month without its update date",
    file: "blog/jak-zmniejszyc-widocznosc-cellulitu.json",
    edit: (d) => {
      delete d.updated;
      d.body[13].p += " Od stycznia 2026 r. wykonujemy ten zabieg także w soboty.";
    },
    field: "body[13].p",
    says: /„stycznia 2026” – późniejsze niż data artykułu/,
  },
  {
    kind: "a form notice without the link to the privacy policy",
    file: "pages/kontakt.json",
    edit: (d) =>
      (d.formNotice.rights = d.formNotice.rights.replace(/\[polityce prywatności\]\([^)]*\)/, "polityce prywatności")),
    field: "formNotice.rights",
    says: /link do polityki prywatności/,
  },
  {
    kind: "a form notice without the legal basis",
    file: "pages/kontakt.json",
    edit: (d) => (d.formNotice.purpose = "Odpowiemy na Twoją wiadomość; przechowujemy ją przez rok."),
    field: "formNotice.purpose",
    says: /podstawę prawną przetwarzania.*art\. 13 ust\. 1 lit\. c/,
  },
  {
    kind: "a form notice without the right to complain",
    file: "pages/kontakt.json",
    edit: (d) => (d.formNotice.rights = d.formNotice.rights.replace(/Możesz też wnieść skargę[^.]*\./, "")),
    field: "formNotice.rights",
    says: /Prezesa Urzędu Ochrony Danych Osobowych \(art\. 13 ust\. 2 lit\. d/,
  },
  {
    kind: "a form notice without its recipients",
    file: "pages/kontakt.json",
    edit: (d) => (d.formNotice.recipients = "Podanie danych jest dobrowolne."),
    field: "formNotice.recipients",
    says: /wymień odbiorców danych.*art\. 13 ust\. 1 lit\. e/,
  },
  {
    kind: "a form notice that does not say whether giving data is voluntary",
    file: "pages/kontakt.json",
    edit: (d) => (d.formNotice.recipients = d.formNotice.recipients.replace(/Podanie danych[^.]*\. /, "")),
    field: "formNotice.recipients",
    says: /czy podanie danych jest dobrowolne/,
  },
  {
    kind: "a before/after gallery without its consent note",
    file: "treatments/laser-frakcyjny.json",
    edit: (d) => (d.beforeAfter.note = "Zdjęcia przed zabiegami i po nich."),
    field: "beforeAfter.note",
    says: /klientki salonu|za zgodą/,
  },
  {
    kind: "a gallery that promises its effect",
    file: "treatments/makijaz-permanentny-ust.json",
    edit: (d) => (d.gallery.note = d.gallery.note.replace(/Efekt[^.]*\./, "")),
    field: "gallery.note",
    says: /efekty są indywidualne/,
  },
  {
    kind: "a form notice without the no-health-data line",
    file: "pages/kontakt.json",
    edit: (d) => (d.formNotice.healthData = "Odpowiadamy w ciągu jednego dnia roboczego."),
    field: "formNotice.healthData",
    says: /nie pisać o zdrowiu/,
  },
  {
    kind: "isotretinoin without its interval",
    file: "treatments/natlenienie-skory-3-w-1.json",
    edit: (d) => (d.sections[4].blocks[1].ul[7] = "jesteś w trakcie kuracji izotretynoiną lub niedawno ją zakończyłaś"),
    field: "sections[4].blocks[1].ul[7]",
    says: /izotretynoina bez odstępu/,
  },
  {
    kind: "a last-update date that is the build's",
    file: "legal/polityka-prywatnosci-socialmedia.json",
    edit: (d) => (d.changed = "build"),
    field: "changed",
    says: /./,
  },
  {
    kind: "an offer its page's price list does not show",
    file: "treatments/natlenienie-skory-3-w-1.json",
    edit: (d) => (d.offer = { priceGroup: "kobido", service: "Kobido UP" }),
    field: "offer",
    says: /kategorii 'kobido' nie ma w cenniku tej strony/,
  },
  {
    kind: "an offer that leads nowhere",
    file: "treatments/natlenienie-skory-3-w-1.json",
    edit: (d) => (d.offer.option = "Plecy"),
    field: "offer",
    says: /brak wariantu 'Plecy'/,
  },
];

/** What a failed check must say: the file, and a line naming the field with the rule's words. */
function expectNamed(output: string, file: string, field: string, says: RegExp) {
  // The Polish file's line: its translations, behind it now, are named too (translations.server.ts).
  const line = output.split("\n").find((l) => l.includes(`pole "${field}"`) && !/\.(uk|en)\.json/.test(l));
  expect(line, output).toBeDefined();
  expect(output).toContain(`content/${file}`);
  expect(line).toMatch(says);
}

/** Through the real command: a schema's rule and a rule beyond the schemas. */
const throughTheBuild = new Set(["content document", "medical wording"]);

describe("npm run build stops on a bad content edit, naming the file and the field", () => {
  for (const { kind, file, edit, field, says } of cases) {
    it(`${kind}: content/${file} › ${field}`, async () => {
      const dir = contentWith(file, edit);
      const { passed, output } = await check(dir);
      expect(passed, "the check passed the edit").toBe(false);
      expectNamed(output, file, field, says);
      if (!throughTheBuild.has(kind)) return;
      const run = build(dir);
      expect(run.status, run.output).not.toBe(0);
      expectNamed(run.output, file, field, says);
      // Stopped at the content check: the image pipeline and React Router never ran.
      expect(run.output).not.toMatch(/^> images$/m);
    }, 60_000);
  }

  it("a price list edit that leaves a line of the offer catalogue without its price stops the build, naming the treatment's offer", async () => {
    const { passed, output } = await check(
      contentWith("pricing.json", (d) => (d.categories[5].services[0].name = "Kobido Up")),
    );
    expect(passed).toBe(false);
    expect(output).toMatch(/content\/treatments\/kobido-lodz\.json: pole "offer": brak usługi 'Kobido UP'/);
  });

  it("a list of page files older than content/ (a page added, `npm run page-files` not run) stops the build, naming the list", async () => {
    const dir = contentWith("treatments/kobido-lodz.json", () => {});
    cpSync(join(dir, "treatments/kobido-lodz.json"), join(dir, "treatments/kobido-drugie.json"));
    vi.resetModules();
    vi.stubEnv("CONTENT_DIR", dir);
    try {
      const { validateAll } = await import("../../frontend/build/validateContent");
      expect(() => validateAll()).toThrow(
        /frontend\/app\/generated\/page-files\.json: lista stron nie odpowiada plikom w content\//,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("the unchanged content passes the same check (so the failures above are the edits' doing)", async () => {
    const dir = contentWith("home.json", () => {});
    expect(await check(dir)).toEqual({ passed: true, output: "" });
    const run = spawnSync("npm", ["run", "content:check"], {
      cwd: root,
      env: { ...process.env, CONTENT_DIR: dir },
      encoding: "utf8",
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  }, 60_000);
});
