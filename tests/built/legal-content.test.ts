// @vitest-environment node
/**
 * What a lawyer for a cosmetology salon checks on the built pages before the owner signs them off: every announced
 * reduction with the lowest price of the 30 days before it and its period, wherever it appears (price information
 * act, art. 4 ust. 2), the contact form with its notice and no invitation to send health data (GDPR art. 13 and 9),
 * the map's joint controllership, every storage key the site writes named in the policy, and isotretinoin always with
 * the interval after the end of treatment. The cookie banner's look is checked in tests/e2e/privacy.spec.ts.
 */
import { languageOfPath } from "../../frontend/app/site/languagePaths";
import { pageVersions } from "../../frontend/app/site/routeTable";
import { formatPeriod } from "../../frontend/app/contentModel/dates";
import { formatPrice } from "../../frontend/app/contentModel/pricing";
import type { PageLanguage } from "../../frontend/app/contentModel/languages";
import { pageDictionaries } from "../support/frameWords";
import { fill } from "../../frontend/app/contentModel/blanks";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { site } from "../../frontend/app/salon/config";
import { REDUCTION_WORDING } from "../../frontend/app/contentModel/wordingRules";
import { loadPricing, loadPromotions } from "../../frontend/app/contentModel/load.server";
import { priceAmount } from "../../frontend/app/contentModel/pricing";

const pages = builtPages();
const page = (path: string) => pages.find((p) => p.path === path)!;

/** The text a visitor (or a screen reader) meets: scripts and styles removed, tags turned into spaces. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

/**
 * One lowest price, or one per area when one promotional price covers several ("twarz 1890 zł, szyja 1170 zł"), in
 * the page's words and its way of writing an amount ("PLN 1890" in English).
 */
const lowestPrice = (language: PageLanguage) =>
  new RegExp(`${pageDictionaries[language].offer.lowestPrice}: (?:\\p{L}+ )?(?:\\d+ zł|PLN \\d+)`, "u");
/** The promotion's period, as the page's language writes it (contentModel/dates.ts). */
const period = (language: PageLanguage) =>
  new RegExp(
    fill(pageDictionaries[language].offer.promotionLasts, {
      period: formatPeriod({ from: "2000-01-01", until: "2000-01-01" }, pageDictionaries[language].dates)
        .replace(/1 \p{L}+ 2000/gu, "\\d{1,2} \\p{L}+ \\d{4}")
        .replace(/\./g, "\\."),
    }),
    "u",
  );
/** A page's versions in every language. */
const everyLanguage = (paths: string[]) => paths.flatMap((path) => pageVersions(path).map((version) => version.path));

describe("price reductions (price information act, art. 4 ust. 2)", () => {
  const promotional = loadPricing()
    .categories.flatMap((group) => group.services)
    .flatMap((service) => (service.reduction && "price" in service ? [priceAmount(service.price)!] : []));

  it("every promotional price, wherever it is shown, has the lowest 30-day price and the promotion's period right after it", () => {
    expect(promotional.sort()).toEqual([259, 899, 999]);
    const shown = new Set<string>();
    for (const { path, html } of pages) {
      const text = visibleText(html);
      const language = languageOfPath(path);
      for (const amount of promotional) {
        const written = formatPrice(`${amount} zł`, language);
        for (const m of text.matchAll(new RegExp(`(?<![\\d,])${written}(?!\\d)`, "g"))) {
          shown.add(path);
          const after = text.slice(m.index, m.index + 300);
          expect(after, `${path}: ${written}`).toMatch(lowestPrice(language));
          expect(after, `${path}: ${written}`).toMatch(period(language));
        }
      }
    }
    // The price list, the three treatment pages (their promotion box and price list) and /promocje, in each language.
    expect([...shown].sort()).toEqual(
      everyLanguage(["/cennik", "/laser-frakcyjny", "/mikroiglowa-radiofrekwencja", "/pca-skin", "/promocje"]).sort(),
    );
  });

  it("no structured data offers a promotional price: search results could not show its lowest 30-day price", () => {
    for (const { path, html } of pages) {
      for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
        for (const price of m[1]!.matchAll(/"price":\s*"?(\d+)/g))
          expect(promotional, path).not.toContain(Number(price[1]));
      }
    }
  });

  it("every crossed-out price has the lowest price of the 30 days before the reduction right beside it", () => {
    const struck: string[] = [];
    for (const { path, html } of pages) {
      for (const m of html.matchAll(/<(del|s|strike)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
        if (!/zł|PLN/.test(m[2]!)) continue;
        struck.push(path);
        const end = m.index + m[0].length;
        expect(
          visibleText(html.slice(end, end + 600)),
          `${path}: przekreślona cena ${visibleText(m[2]!).trim()}`,
        ).toMatch(lowestPrice(languageOfPath(path)));
      }
    }
    // The three reductions on /promocje, in each language; the first visit's own price is no reduction.
    expect(struck.sort()).toEqual(
      everyLanguage(["/promocje"])
        .flatMap((path) => [path, path, path])
        .sort(),
    );
  });

  it("every offer of a promotion states, wherever its line is shown, how long it lasts and who it is for", () => {
    const promotions = loadPromotions();
    const offers = loadPricing()
      .categories.flatMap((group) => group.services)
      .flatMap((service) => {
        const card = promotions.cards.find((c) => c.id === (service.reduction?.promotion ?? service.promotion));
        const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        // A price-list row ("name [Promocja] price") or a promotion box's line ("name: price", the name in its own tag).
        return card && "price" in service
          ? [{ line: `${escape(service.name)}(?: Promocja| ?:)? ${escape(service.price)}`, card }]
          : [];
      });
    expect(offers).toHaveLength(promotions.cards.length);
    const pagesShowing = new Map<string, string[]>();
    for (const { path, html } of pages) {
      const text = visibleText(html);
      for (const { line, card } of offers) {
        for (const m of text.matchAll(new RegExp(line, "g"))) {
          pagesShowing.set(card.id, [...(pagesShowing.get(card.id) ?? []), path]);
          const after = text.slice(m.index, m.index + 700);
          expect(after, `${path}: ${m[0]}`).toContain(`trwa ${formatPeriod(card.period, pageDictionaries.pl.dates)}`);
          expect(after, `${path}: ${m[0]}`).toContain(card.terms);
        }
      }
    }
    // Each on the price list and on its treatment page (price list and promotion box); the cards of /promocje are
    // checked in tests/unit/pages-content.test.tsx.
    for (const { card } of offers) expect(pagesShowing.get(card.id)?.length, card.id).toBeGreaterThanOrEqual(3);
  });

  it("no page sets a regular price beside a promotional one unless the lowest 30-day price stands with it", () => {
    const global = new RegExp(REDUCTION_WORDING.source, "giu");
    // The legal texts announce nothing ("loteria promocyjna" is the gambling act's term).
    const legal = ["/polityka-prywatnosci", "/rodo", "/polityka-prywatnosci-socialmedia", "/konkurs"];
    for (const { path, html } of pages.filter((p) => !legal.includes(p.path))) {
      const text = visibleText(html);
      for (const m of text.matchAll(global)) {
        const around = text.slice(Math.max(0, m.index - 400), m.index + 400);
        expect(around, `${path}: „${m[0]}”`).toMatch(lowestPrice(languageOfPath(path)));
      }
    }
  });
});

describe("the contact form's privacy notice (GDPR art. 13 and 9)", () => {
  const html = page("/kontakt").html;
  const formSection = html.slice(
    html.indexOf('aria-labelledby="formularz"'),
    html.indexOf("</section>", html.indexOf('aria-labelledby="formularz"')),
  );
  const beforeForm = formSection.slice(0, formSection.indexOf("<form"));

  it("gives the purpose and its legal basis, the visitor's rights and the complaint to the authority (art. 13 ust. 1 lit. c, ust. 2 lit. b and d)", () => {
    const notice = visibleText(beforeForm);
    expect(notice).toMatch(
      /aby odpowiedzieć na Twoją wiadomość, a jeśli o to prosisz – przedstawić ofertę lub umówić wizytę/,
    );
    expect(notice).toMatch(/art\. 6 ust\. 1 lit\. b RODO/);
    expect(notice).toMatch(/art\. 6 ust\. 1 lit\. f RODO/);
    for (const right of [
      /dostępu/,
      /sprostowania/,
      /usunięcia/,
      /ograniczenia przetwarzania/,
      /przeniesienia/,
      /sprzeciwu/,
    ])
      expect(notice).toMatch(right);
    expect(notice).toMatch(/skargę do Prezesa Urzędu Ochrony Danych Osobowych/);
    // The policy the notice links to says the same purpose.
    expect(visibleText(page("/polityka-prywatnosci").html)).toMatch(
      /aby odpowiedzieć na Twoją wiadomość, a jeśli o to prosisz – przedstawić ofertę lub umówić wizytę/,
    );
  });

  it("says whether giving the data is voluntary and who receives it: the server's and the mail's providers, as processors", () => {
    const { recipients } = (
      JSON.parse(readFileSync(resolve(import.meta.dirname, "../../content/pages/kontakt.json"), "utf8")) as {
        formNotice: { recipients: string };
      }
    ).formNotice;
    expect(visibleText(beforeForm)).toContain(recipients);
    for (const said of [/dobrowoln/i, /odbiorc/i, /serwera/, /poczty/, /art\. 28 RODO/])
      expect(recipients).toMatch(said);
  });

  it("names the controller, links the privacy policy and says how long the message is kept, before the form is sent", () => {
    expect(formSection).toContain("<form");
    const notice = visibleText(beforeForm);
    expect(notice).toContain(`Administratorem danych podanych w formularzu jest ${site.legalName}`);
    expect(beforeForm).toMatch(/<a [^>]*href="\/polityka-prywatnosci"[^>]*>polityce prywatności<\/a>/);
    expect(notice).toMatch(/przechowujemy przez rok/);
  });

  it("asks not to describe one's health in the form", () => {
    expect(visibleText(beforeForm)).toMatch(/Nie opisuj w wiadomości swojego stanu zdrowia/);
  });

  it("the policy it links to describes the form as it is: its name field, the question, and how long a message waits on the server", () => {
    const policy = visibleText(page("/polityka-prywatnosci").html);
    expect(policy).toMatch(/Formularz kontaktowy – imię, adres e-mail/);
    // The confirmation step, as the mailer asks it (mailer/src/Confirmation.php): no promise of "no puzzles".
    expect(policy).toMatch(/zadajemy jedno proste pytanie[^:]*: dopiero po Twojej odpowiedzi wiadomość trafia do nas/);
    expect(policy).not.toMatch(/bez zagadek/);
    // Counted as the mailer counts: a failed one from the mail that gave the salon its text, an unconfirmed one from
    // when it came.
    expect(policy).toMatch(/nie udało się doręczyć[^;]*najwyżej 30 dni od chwili, gdy serwer strony powiadomi nas/);
    expect(policy).toMatch(/nie odpowiedział na pytanie potwierdzające[^;]*najwyżej 14 dni od ich otrzymania/);
  });

  it("no page invites the visitor to write to the salon about her health or a reaction to a treatment", () => {
    for (const { path, html } of pages) {
      const text = visibleText(html);
      for (const invitation of [
        /napisz do nas\s?,? a (wspólnie )?(sprawdzimy|ustalimy)[^.]*(bezpieczn|odpowiedni)/i,
        /zaniepokoi[^.]*napisz/i,
        /niepokoi[^.]*napisz/i,
        /reakcj\p{L}* skóry[^.]*napisz/iu,
      ]) {
        expect(text.match(invitation)?.[0], path).toBeUndefined();
      }
    }
  });
});

describe("safety texts a practitioner insists on", () => {
  it("every sentence or list item that names isotretinoin gives the interval of at least 6 months after the course", () => {
    let mentions = 0;
    for (const { path, html } of pages) {
      for (const m of html.matchAll(/<(li|p|td|dd)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
        const item = visibleText(m[2]!);
        if (!/izotretynoin/i.test(item)) continue;
        mentions++;
        expect(item, path).toMatch(/(mniej niż|co najmniej|najmniej|minimum) 6 miesięcy/);
      }
    }
    expect(mentions).toBeGreaterThanOrEqual(9);
  });

  it("the 675 nm laser, offered on lips and around the eyes, rules out permanent makeup or a tattoo and gold threads in the area", () => {
    const html = page("/laser-frakcyjny").html;
    const contraindications = visibleText(
      html.slice(html.indexOf('id="przeciwwskazania"'), html.indexOf('id="przygotowanie"')),
    );
    expect(contraindications).toMatch(/makijaż permanentny lub tatuaż w obszarze zabiegu/);
    expect(contraindications).toMatch(/złote nici/);
  });

  it("permanent makeup pages say the pigment may stay for years, change colour and need a laser to remove, and that the price excludes the correction", () => {
    for (const path of ["/makijaz-permanentny-ust", "/makijaz-permanentny-brwi"]) {
      const text = visibleText(page(path).html);
      expect(text, path).toMatch(/utrzymywać się w skórze latami, z czasem zmieniać odcień/);
      expect(text, path).toMatch(/usunięcie zwykle wymaga serii zabiegów laserowych/);
      expect(text, path).toMatch(/Cena makijażu nie obejmuje korekty po 4–6 tygodniach/);
      expect(text, path).not.toMatch(/dopigmentowani/i);
    }
    expect(visibleText(page("/cennik").html).match(/Cena makijażu nie obejmuje korekty/g)).toHaveLength(2);
  });

  it("a blog article's contraindications say they are only the main ones and link the full list on the treatment page", () => {
    const articles = pages.filter((p) => p.path.startsWith("/blog/") && /przeciwwskaza/i.test(visibleText(p.html)));
    for (const { path, html } of articles.filter((p) =>
      /<h2[^>]*>[^<]*(przeciwwskazania|nie są wskazane)/i.test(p.html),
    )) {
      expect(visibleText(html), path).toMatch(/to nie jest pełna lista/);
      expect(html, path).toMatch(/href="\/[\w-]+#przeciwwskazania"/);
    }
    expect(articles.length).toBeGreaterThanOrEqual(5);
  });
});

describe("claims a cosmetology salon cannot make", () => {
  it("no page promises to remove cellulite or stretch marks, calms inflammation, offers therapy, or uses exosomes or a competitor's trademark as keywords", () => {
    for (const { path, html } of pages) {
      const keywords = html.match(/<meta name="keywords" content="([^"]*)"/)?.[1] ?? "";
      expect(keywords.match(/egzosom|dermapen|usuwanie|pozbyć/i)?.[0], `${path}: słowa kluczowe`).toBeUndefined();
      const text = visibleText(html);
      for (const claim of [
        /pozbyć się cellulitu/i,
        /usuwani\p{L}* rozstęp/iu,
        /wyciszamy stan zapalny/i,
        /zabieg\p{L}* terapeutyczn/iu,
        /dermapen/i,
      ]) {
        expect(text.match(claim)?.[0], path).toBeUndefined();
      }
    }
  });
});

describe("the privacy policy describes what the site does", () => {
  const policy = visibleText(page("/polityka-prywatnosci").html);

  it("makes the site and Google joint controllers of the map's collection and transmission (CJEU C-40/17, Fashion ID)", () => {
    expect(policy).toMatch(/jesteśmy współadministratorami wraz z Google Ireland Limited/);
    expect(policy).toMatch(/art\. 26 RODO/);
    expect(policy).toMatch(/C-40\/17/);
    expect(policy).not.toMatch(/Google Ireland Limited[^.]*, która przetwarza te dane jako odrębny administrator/);
  });

  it("names every key the site's code writes to localStorage or sessionStorage", () => {
    const app = resolve(import.meta.dirname, "../../frontend/app");
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const file = join(dir, entry);
        if (statSync(file).isDirectory()) return sources(file);
        return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [readFileSync(file, "utf8")] : [];
      });
    const code = sources(app).join("\n");
    const constant = (name: string) => code.match(new RegExp(`const ${name} = ["'\`]([\\w-]+)["'\`]`))?.[1];
    const keys = new Set<string>();
    for (const m of code.matchAll(/(?:localStorage|sessionStorage)\.setItem\(\s*(?:["'`]|'\$\{)?([\w-]+)/g))
      keys.add(/^[A-Z_]+$/.test(m[1]!) ? constant(m[1]!)! : m[1]!);
    for (const m of code.matchAll(/(?:localStorage|sessionStorage)\.([A-Za-z]\w*)\s*=(?!=)/g)) keys.add(m[1]!);
    // The two keys the site writes, so the search cannot come back empty-handed and pass.
    expect([...keys]).toEqual(expect.arrayContaining(["cookieConsent", "reloaded"]));
    for (const key of keys) expect(policy, key).toContain(key);
  });
});
