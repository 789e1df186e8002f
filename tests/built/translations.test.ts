// @vitest-environment node
/**
 * Translations cannot go stale unseen, nor say what the Polish may not (contentModel/translations.server.ts): on a
 * copy of content/ (CONTENT_DIR) that holds the price list page's introduction in English and Ukrainian,
 * - a translation that gives every field passes, and the page's document in its language has its words with the
 *   Polish facts filled in;
 * - a Polish field changed after it was translated makes the translation stale: the content check names it and
 *   lets a demonstration build go on, the production build refuses it, `npm run launch:check` lists it;
 * - a missing field, other placeholders than the Polish text's, a price written out, and a medical, therapeutic or
 *   efficacy claim in either language are refused, naming file and field;
 * - a file no native speaker has read is listed by the launch check until its `nativeCheck` says who did.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { site } from "../../frontend/app/salon/config";
import { simplePageSchema } from "../../frontend/app/contentModel/schema";
import type { Language } from "../../frontend/app/contentModel/languages";

const root = resolve(import.meta.dirname, "../..");
const DOC = "pages/cennik";
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The words of each field of content/pages/cennik.json, by field, in each language. */
const WORDS: Record<Language, Record<string, string>> = {
  en: {
    "seo.title": "Prices of beauty treatments in Łódź | {salonShort}",
    "seo.description":
      "The price list of {salon} in Łódź: facial and body treatments, fractional laser, radiofrequency microneedling, endermology and permanent make-up.",
    "seo.keywords[0]": "beauty salon prices Łódź",
    "seo.keywords[1]": "facial treatment prices Łódź",
    "seo.keywords[2]": "fractional laser price",
    "seo.keywords[3]": "eyebrow permanent make-up price",
    "seo.keywords[4]": "endermology price",
    "seo.keywords[5]": "microneedling mesotherapy price",
    title: "Price list",
    "intro[0]":
      "Below are the current prices of the treatments we offer at {salon}. All prices are in Polish złoty (PLN). Where the cost depends on the area, the product or the kind of treatment, we give the price of each option or a starting price, and agree on the exact amount at a free consultation – as we do for thermal body contouring, whose prices the list does not give.",
    "intro[1]":
      "Promotions and series discounts are highlighted in the list; with each promotion we give the lowest price of the 30 days before it began and how long it lasts. For many treatments a series of visits costs less than single sessions – the current offers are also on the [Promotions](/promocje) page.",
    "intro[2]":
      "Not sure which treatment to choose, or how many visits you will need? Come for a free consultation: we will look at your skin, suggest a plan and tell you straight away what the whole series will cost.",
  },
  uk: {
    "seo.title": "Ціни на косметологічні процедури в Лодзі | {salonShort}",
    "seo.description":
      "Ціни салону {salon} у Лодзі: процедури для обличчя й тіла, фракційний лазер, мікроголковий RF-ліфтинг, ендермологія та перманентний макіяж.",
    "seo.keywords[0]": "ціни косметологія Лодзь",
    "seo.keywords[1]": "ціни на процедури для обличчя Лодзь",
    "seo.keywords[2]": "фракційний лазер ціна",
    "seo.keywords[3]": "перманентний макіяж брів ціна",
    "seo.keywords[4]": "ендермологія ціна",
    "seo.keywords[5]": "мікроголкова мезотерапія ціна",
    title: "Ціни",
    "intro[0]":
      "Нижче ви знайдете актуальні ціни на процедури в салоні {salon}. Усі ціни вказані в злотих (zł). Якщо вартість залежить від зони, препарату чи виду процедури, ми вказуємо ціни варіантів або ціну «від», а точну суму узгоджуємо на безкоштовній консультації – так само, як і для термічного моделювання, ціни якого в прайсі не вказані.",
    "intro[1]":
      "Акції та знижки на курс процедур виділені в прайсі; біля кожної акції ми вказуємо найнижчу ціну за 30 днів до її початку і термін її дії. Для багатьох процедур курс із кількох візитів обходиться дешевше, ніж окремі процедури, – актуальні пропозиції зібрані й на сторінці [Акції](/promocje).",
    "intro[2]":
      "Не знаєте, яку процедуру обрати чи скільки візитів знадобиться? Запрошуємо на безкоштовну консультацію: ми оцінимо стан шкіри, запропонуємо план і одразу скажемо, скільки коштуватиме весь курс.",
  },
};

/** content/ copied (images linked), with the price list page translated into both languages; then `edit`. */
async function contentWith(edit: (files: { polish: any; en: any; uk: any }) => void = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), "salon-translations-"));
  copies.push(dir);
  cpSync(join(root, "content"), dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, "content/images")),
  });
  symlinkSync(join(root, "content/images"), join(dir, "images"));
  const { fingerprint, translatableFields } = await import("../../frontend/app/contentModel/translations.server");
  const polish = JSON.parse(readFileSync(join(dir, `${DOC}.json`), "utf8"));
  const translation = (language: Language) => ({
    fields: Object.fromEntries(
      translatableFields(polish).map(({ field, text }) => [
        field,
        { from: fingerprint(text), text: WORDS[language][field] },
      ]),
    ),
  });
  const files = { polish, en: translation("en"), uk: translation("uk") };
  edit(files);
  writeFileSync(join(dir, `${DOC}.json`), JSON.stringify(files.polish, null, 2));
  for (const language of ["en", "uk"] as const)
    writeFileSync(join(dir, `${DOC}.${language}.json`), JSON.stringify(files[language], null, 2));
  return dir;
}

/** The page's document in a language, read as the build reads it, from that copy. */
async function read(dir: string, language: Language, env: Record<string, string> = {}) {
  vi.resetModules();
  vi.stubEnv("CONTENT_DIR", dir);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    const { readTranslatedDocument } = await import("../../frontend/app/contentModel/translations.server");
    return { document: readTranslatedDocument(DOC, language, simplePageSchema), error: "" };
  } catch (error) {
    return { document: undefined, error: (error as Error).message };
  } finally {
    vi.unstubAllEnvs();
  }
}

const run = (script: string, dir: string, env: Record<string, string> = {}) => {
  const done = spawnSync("npm", ["run", "--silent", script], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: dir, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
};

describe("a translation of a page", () => {
  it("that gives every field passes; the page in its language has its words and the Polish facts", async () => {
    const dir = await contentWith();
    for (const language of ["en", "uk"] as const) {
      const { document, error } = await read(dir, language);
      expect(error).toBe("");
      expect(document!.title).toBe(WORDS[language].title);
      expect(document!.seo.title).toBe(WORDS[language]["seo.title"]!.replace("{salonShort}", site.shortName));
      expect(document!.intro[0]).toContain(site.name);
    }
    const check = run("content:check", dir);
    expect(check.status, check.output).toBe(0);
    expect(check.output).not.toContain(`${DOC}.`);
    // The production build stops on the repository's stand-ins (figures without a source), never on these files.
    expect(run("content:check", dir, { SALON_LAUNCH_GATE: "1" }).output).not.toContain(`${DOC}.`);
  }, 60_000);

  it("is stale once its Polish field changes: named by the content check, refused by the production build, listed by the launch check", async () => {
    const dir = await contentWith(({ polish }) => (polish.title = "Cennik zabiegów"));
    for (const language of ["en", "uk"] as const) {
      const line = `content/${DOC}.${language}.json: pole "title": przetłumaczone z wcześniejszej wersji tekstu polskiego`;
      // A demonstration or a developer's build goes on, and says so.
      const check = run("content:check", dir);
      expect(check.status, check.output).toBe(0);
      expect(check.output).toContain(line);
      expect((await read(dir, language)).error).toBe("");
      // The production build refuses it.
      expect(run("content:check", dir, { SALON_LAUNCH_GATE: "1" }).output).toContain(line);
      expect((await read(dir, language, { SALON_LAUNCH_GATE: "1" })).error).toContain(line);
      const launch = run("launch:check", dir);
      expect(launch.output).toMatch(new RegExp(`pages/cennik\\.${language}\\.json: pole "title": przetłumaczone`));
    }
  }, 120_000);

  it("without a field (one the Polish text gained) is named, and refused by the production build, naming file and field", async () => {
    const dir = await contentWith(({ en }) => delete en.fields["intro[1]"]);
    const line = /content\/pages\/cennik\.en\.json: pole "intro\[1\]": brak tłumaczenia/;
    expect((await read(dir, "en")).error).toBe("");
    expect(run("content:check", dir).output).toMatch(line);
    expect((await read(dir, "en", { SALON_LAUNCH_GATE: "1" })).error).toMatch(line);
  });

  it("with other placeholders than the Polish text, or a price written out, is refused", async () => {
    const dir = await contentWith(({ en, uk }) => {
      en.fields["intro[0]"].text = en.fields["intro[0]"].text.replace("{salon}", "our salon");
      uk.fields["intro[2]"].text += " Консультація коштує 0 zł.";
    });
    expect((await read(dir, "en")).error).toMatch(
      /cennik\.en\.json: pole "intro\[0\]": znaczniki muszą być te same co po polsku \(\{salon\}\), a są: żadne/,
    );
    expect((await read(dir, "uk")).error).toMatch(/cennik\.uk\.json: pole "intro\[2\]": „0 zł” – cena wpisana w tekst/);
  });

  it("that makes a medical, therapeutic or efficacy claim, in English or Ukrainian, is refused, naming file and field", async () => {
    const claims: [Language, string, RegExp][] = [
      ["en", "Our therapy heals acne for good.", /„therapy” – obietnica terapii/],
      ["en", "Results are guaranteed after one visit.", /„guaranteed” – obietnica skuteczności/],
      ["en", "We treat patients with skin problems.", /„patients” – gabinet kosmetologii nie leczy/],
      ["uk", "Ми лікуємо акне за один візит.", /„лікуємо” – gabinet kosmetologii nie leczy/],
      ["uk", "Процедура покращує кровообіг і лімфодренаж.", /„кровообіг” – obietnica terapii/],
      ["uk", "Гарантуємо миттєвий ефект.", /„Гарантуємо” – obietnica skuteczności/],
    ];
    for (const [language, claim, why] of claims) {
      const dir = await contentWith((files) => (files[language].fields["intro[2]"].text = claim));
      const { error } = await read(dir, language);
      expect(error, claim).toContain(`content/${DOC}.${language}.json: pole "intro[2]": `);
      expect(error, claim).toMatch(why);
    }
  }, 60_000);

  it("is listed by the launch check until a native speaker has read it", async () => {
    const dir = await contentWith(({ uk }) => (uk.nativeCheck = { by: "Olena K.", date: "2026-11-30" }));
    const { output } = run("launch:check", dir);
    expect(output).toContain(`${DOC}.en.json: pole "nativeCheck"`);
    expect(output).not.toContain(`${DOC}.uk.json: pole "nativeCheck"`);
  }, 60_000);
});
