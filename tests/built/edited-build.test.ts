// @vitest-environment node
/**
 * Two recipes that are one edit and a rebuild, proven by one build of an edited copy (the pages' step of
 * `npm run build`, into a folder of its own under build/: SITE_BUILD_DIR):
 * - "change a price" (README): on a copy of content/ (CONTENT_DIR) the list's highest price — its amount written
 *   once, so "the old price nowhere" can be checked — is changed in content/pricing.json. The new price is on every
 *   page that shows its price group and on no other, the structured data's price range ends at it, and the old
 *   price is in no file of the build (pages, their loader data, scripts).
 * - one number, one place: the privacy policy and /rodo state how long the server keeps what from the settings the
 *   build is given ({retention.held} and the like, frontend/app/salon/privacySettings.ts), never from a copy of the
 *   number: a copy of docker/defaults.env with other numbers (SALON_DEFAULTS) and one setting in the environment (as
 *   a deployment's .env reaches the web image's build). The record the web image's entrypoint compares its settings
 *   with (build/nginx/privacy-settings.txt) is the real build's, below, and tests/unit/privacy-settings.test.ts.
 * - "add a promotion" (README): a card in content/promotions.json and its id on a line of its price group in
 *   content/pricing.json; after the build it is on /promocje with its price and its own link, its terms stand beside
 *   the line on the price list, and `npm run launch:check` lists its stand-in address.
 * - "add a device" (README): an entry in content/devices.json with its declaration's answers, named by a treatment's
 *   file and its price group; after the build the treatment page and the price list name it.
 * The edits touch different pages and price groups (the privacy texts state no price, the price pages no retention),
 * so one build serves all: a build is the costliest step of the suite.
 */
import { pageVersions } from "../../frontend/app/site/routeTable";
import { isTranslationFile } from "../../frontend/app/contentModel/languages";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonLdOf } from "../support/builtPages";
import type { PricingDocument, PromotionsDocument } from "../../frontend/app/contentModel/schema";
import { priceAmount } from "../../frontend/app/contentModel/pricing";
import { launchItems } from "../../frontend/build/launchCheck";
import { PRIVACY_PLACEHOLDERS } from "../../frontend/app/salon/privacySettings";

const root = resolve(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "salon-edited-build-"));
const content = join(work, "content");
// Inside the checkout, as the bench's builds are: the prerender does not run from a folder elsewhere.
const out = join(root, "build", `edited-${process.pid}`);
const clientDir = join(out, "client");
afterAll(() => [work, out].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** The text a reader reads: scripts (the structured data, the loader data) and tags out, spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

/** The page's URL path from its file in the build ("/cennik" for cennik/index.html). */
const pathOf = (file: string) =>
  "/" +
  relative(clientDir, file)
    .replace(/(^|\/)index\.html$/, "")
    .replace(/\/$/, "");

const privacyPages = (buildDir: string) => ({
  policy: textOf(readFileSync(join(buildDir, "client/polityka-prywatnosci/index.html"), "utf8")),
  rodo: textOf(readFileSync(join(buildDir, "client/rodo/index.html"), "utf8")),
});

/** The price edit: the list's highest price, 50 zł more. */
function editPrice() {
  const pricing = JSON.parse(readFileSync(join(content, "pricing.json"), "utf8")) as PricingDocument;
  const lines = pricing.categories.flatMap((group) =>
    group.services.flatMap((service) =>
      "price" in service ? [{ group, line: service }] : service.options.map((option) => ({ group, line: option })),
    ),
  );
  const amount = (price: string) => priceAmount(price) ?? NaN;
  const highest = lines.reduce((a, b) => (amount(b.line.price) > amount(a.line.price) ? b : a));
  const oldPrice = highest.line.price;
  const oldAmount = amount(oldPrice);
  expect(
    lines.filter(({ line }) => line.price.includes(`${oldAmount} zł`)),
    `${oldPrice} once in the list`,
  ).toHaveLength(1);
  const newAmount = oldAmount + 50;
  const newPrice = oldPrice.replace(String(oldAmount), String(newAmount));
  // The one edit of the recipe.
  const file = readFileSync(join(content, "pricing.json"), "utf8");
  expect(file.split(`"price": "${oldPrice}"`)).toHaveLength(2);
  writeFileSync(join(content, "pricing.json"), file.replace(`"price": "${oldPrice}"`, `"price": "${newPrice}"`));
  return { group: highest.group.id, oldAmount, newAmount, newPrice };
}

/**
 * The promotion: a first visit's price on the first plain line ("N zł", no offer yet) of a price group no promotion
 * and no other edit uses; the card's words are an existing first-visit card's.
 */
function addPromotion(editedGroup: string) {
  const promotions = JSON.parse(readFileSync(join(content, "promotions.json"), "utf8")) as PromotionsDocument;
  const pricing = JSON.parse(readFileSync(join(content, "pricing.json"), "utf8")) as PricingDocument;
  const taken = new Set([editedGroup, ...promotions.cards.map((card) => card.priceGroup)]);
  const plain = (service: PricingDocument["categories"][number]["services"][number]) =>
    "price" in service &&
    (priceAmount(service.price) ?? 0) > 0 &&
    service.price === `${priceAmount(service.price)} zł` &&
    !service.promotion &&
    !service.reduction &&
    !service.isPromo;
  const group = pricing.categories.find((g) => !taken.has(g.id) && g.services.some(plain))!;
  expect(group, "a price group for the new promotion").toBeDefined();
  const line = group.services.find(plain) as { name: string; price: string; promotion?: string };
  const model = promotions.cards.find((card) => card.oldPrice === undefined)!;
  const card = {
    ...model,
    id: "nowa-oferta",
    name: "Nowa oferta na pierwszą wizytę",
    url: "https://nowa-oferta.example/",
    priceGroup: group.id,
    newPrice: priceAmount(line.price)!,
    terms: "Dla osób, które jeszcze u nas nie były – jedna wizyta na osobę.",
  };
  line.promotion = card.id;
  promotions.cards.push(card);
  writeFileSync(join(content, "promotions.json"), JSON.stringify(promotions, null, 2));
  writeFileSync(join(content, "pricing.json"), JSON.stringify(pricing, null, 2));
  return { card, index: promotions.cards.length - 1, line };
}

/** The device: one whose declaration allows naming it, on the first treatment without one and its first price group. */
function addDevice(editedGroups: string[]) {
  const name = "Aparat Próbny X1";
  const devices = JSON.parse(readFileSync(join(content, "devices.json"), "utf8"));
  devices.aparatProbny = {
    names: [name],
    service: "zabieg próbny",
    medicalDevice: "no",
    professionalUse: "no",
    declaration: "deklaracja zgodności UE z 1.02.2026",
  };
  writeFileSync(join(content, "devices.json"), JSON.stringify(devices, null, 2));
  const pricing = JSON.parse(readFileSync(join(content, "pricing.json"), "utf8")) as PricingDocument;
  const file = readdirSync(join(content, "treatments")).find((entry) => {
    if (isTranslationFile(entry)) return false;
    const doc = JSON.parse(readFileSync(join(content, "treatments", entry), "utf8"));
    const group = pricing.categories.find((g) => g.id === doc.pricing.groups[0]);
    return !doc.device && group && !group.device && !editedGroups.includes(group.id);
  })!;
  expect(file, "a treatment without a device").toBeDefined();
  const treatment = JSON.parse(readFileSync(join(content, "treatments", file), "utf8"));
  treatment.device = "aparatProbny";
  writeFileSync(join(content, "treatments", file), JSON.stringify(treatment, null, 2));
  const group = pricing.categories.find((g) => g.id === treatment.pricing.groups[0])!;
  group.device = "aparatProbny";
  writeFileSync(join(content, "pricing.json"), JSON.stringify(pricing, null, 2));
  return { name, page: file.replace(/\.json$/, ""), group: group.category };
}

/** The settings edit: docker/defaults.env's copy with other numbers. */
const changedSettings: Record<string, string> = {
  OUTBOX_RETRY_HOURS: "72",
  OUTBOX_FAILED_DAYS: "21",
  OUTBOX_HELD_DAYS: "1",
  BACKUP_RETENTION_DAYS: "22",
};
function editSettings(): string {
  let file = readFileSync(join(root, "docker/defaults.env"), "utf8");
  for (const [name, value] of Object.entries(changedSettings)) {
    expect(file).toMatch(new RegExp(`^${name}=`, "m"));
    file = file.replace(new RegExp(`^${name}=.*$`, "m"), `${name}=${value}`);
  }
  const defaults = join(work, "defaults.env");
  writeFileSync(defaults, file);
  return defaults;
}

let price: ReturnType<typeof editPrice>;
let promotion: ReturnType<typeof addPromotion>;
let device: ReturnType<typeof addDevice>;

beforeAll(() => {
  cpSync(join(root, "content"), content, {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, "content", "images")),
  });
  symlinkSync(join(root, "content", "images"), join(content, "images"));
  price = editPrice();
  promotion = addPromotion(price.group);
  device = addDevice([price.group, promotion.card.priceGroup]);
  const defaults = editSettings();

  // Not Vitest's variables: with them the build leaves React Router's plugin out (vite.config.ts).
  const outside = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
  // Every setting the texts state left empty in the environment (the file's), but the logs' days: given, as a
  // deployment's .env gives them.
  const settings = Object.fromEntries(Object.values(PRIVACY_PLACEHOLDERS).map(({ setting }) => [setting, ""]));
  const env = { ...outside, ...settings, LOG_RETENTION_DAYS: "9", SALON_DEFAULTS: defaults, CONTENT_DIR: content };
  const check = spawnSync("npm", ["run", "content:check"], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
  expect(check.status, `${check.stdout}${check.stderr}`.slice(-3000)).toBe(0);
  const builtBefore = statSync(join(root, "build/client/index.html")).mtimeMs;
  // The step of `npm run build` that writes the pages and their data (the others check, encode images, compress;
  // postbuild.ts's record of the settings is checked on the real build below).
  const build = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...env, SITE_BUILD_DIR: out },
    encoding: "utf8",
    timeout: 900_000,
  });
  expect(build.status, `${build.stdout}${build.stderr}`.slice(-3000)).toBe(0);
  expect(statSync(join(root, "build/client/index.html")).mtimeMs, "the real build is left alone").toBe(builtBefore);
}, 900_000);

describe("a price changed in content/pricing.json", () => {
  it("is, after one build, on every page that shows it and in the structured data; the old price nowhere", () => {
    // The pages that show the group: the price list and every treatment page listing it (its file's pricing.groups).
    const showing = [
      "/cennik",
      ...readdirSync(join(content, "treatments"))
        .filter((name) => {
          const doc = JSON.parse(readFileSync(join(content, "treatments", name), "utf8"));
          return (doc.pricing?.groups ?? []).includes(price.group);
        })
        .map((name) => `/${name.replace(/\.json$/, "")}`),
    ].sort();
    expect(showing.length, "a treatment page shows the group").toBeGreaterThan(1);

    const files = filesUnder(clientDir).filter((f) => /\.(html|data|js|json|txt|xml)$/.test(f));
    const pages = files.filter((f) => f.endsWith(".html") && !f.endsWith("__spa-fallback.html"));
    expect(pages.length).toBeGreaterThan(30);

    const shownOn = pages
      .filter((f) => new RegExp(`(?<![\\d,])${price.newPrice}`).test(textOf(readFileSync(f, "utf8"))))
      .map(pathOf)
      .sort();
    // Its translations too: in Ukrainian written alike ("3050 zł"), in English "PLN 3050" (contentModel/pricing.ts).
    const versionsIn = (language: string) =>
      showing.flatMap((path) =>
        pageVersions(path)
          .filter((v) => v.language === language)
          .map((v) => v.path),
      );
    expect(shownOn, `the pages showing ${price.newPrice}`).toEqual([...showing, ...versionsIn("uk")].sort());
    const inEnglish = `PLN ${price.newAmount}`;
    expect(
      pages
        .filter((f) => textOf(readFileSync(f, "utf8")).includes(inEnglish))
        .map(pathOf)
        .sort(),
      `the pages showing ${inEnglish}`,
    ).toEqual(versionsIn("en").sort());

    for (const page of pages) {
      const salon = jsonLdOf(readFileSync(page, "utf8")).find((item) => item["@type"] === "BeautySalon");
      if (salon) expect(salon.priceRange, pathOf(page)).toMatch(new RegExp(`^\\d+–${price.newAmount} zł$`));
    }
    expect(pages.filter((page) => readFileSync(page, "utf8").includes('"BeautySalon"')).length).toBeGreaterThan(30);

    const old = new RegExp(`(?<![\\d,])${price.oldAmount} zł`);
    const stale = files.filter((f) => old.test(readFileSync(f, "utf8"))).map((f) => relative(clientDir, f));
    expect(stale, `${price.oldAmount} zł still in`).toEqual([]);
  });
});

describe("a promotion added to content/promotions.json", () => {
  it("is, after one build, on /promocje with its price and its own page, its terms beside its line on /cennik", () => {
    const { card, line } = promotion;
    const html = readFileSync(join(clientDir, "promocje/index.html"), "utf8");
    expect(textOf(html)).toContain(card.name);
    expect(textOf(html)).toContain(`${card.newPrice} zł`);
    expect(html).toContain(`href="${card.url}"`);
    const priceList = textOf(readFileSync(join(clientDir, "cennik/index.html"), "utf8"));
    expect(priceList.split(card.terms).length - 1, "the terms beside one line").toBe(1);
    const at = priceList.indexOf(card.terms);
    expect(priceList.slice(Math.max(0, at - 300), at), "the line just before its terms").toContain(line.name);
  });

  it("has its stand-in address listed by the launch check, with the file and the field", () => {
    // Named from the copy's root, as the check names the real content from the project's.
    const items = launchItems({ root: work, contentDir: content });
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: "fictional",
        file: "content/promotions.json",
        field: `cards[${promotion.index}].url`,
      }),
    );
  });
});

describe("a device added to content/devices.json", () => {
  it("is, after one build, named on its treatment's page and beside its price group on /cennik", () => {
    const page = textOf(readFileSync(join(clientDir, device.page, "index.html"), "utf8"));
    expect(page).toContain(`Urządzenie: ${device.name}`);
    const priceList = textOf(readFileSync(join(clientDir, "cennik/index.html"), "utf8"));
    expect(priceList.split(`Urządzenie: ${device.name}`).length - 1, "once, beside its group").toBe(1);
    const at = priceList.indexOf(`Urządzenie: ${device.name}`);
    expect(priceList.slice(Math.max(0, at - 200), at), "under its group's heading").toContain(device.group);
  });
});

describe("the privacy texts state the build's settings", () => {
  it("changed in docker/defaults.env (and one in the environment), one build states them on /polityka-prywatnosci and /rodo", () => {
    const { policy, rodo } = privacyPages(out);
    expect(policy).toContain("na serwerze strony do wyjaśnienia przyczyny, najwyżej 21 dni od chwili");
    expect(policy).toContain(
      "pytanie potwierdzające (zwykle wysłane przez automaty) – na serwerze strony najwyżej 1 dzień od ich otrzymania",
    );
    expect(policy).toContain("a gdy poczta nie działa, najwyżej 72 godziny (potem");
    expect(policy).toContain("dzienniki techniczne serwera (z adresem IP) – najwyżej 9 dni, po czym");
    expect(policy).toMatch(/kopie zapasowe serwera strony[^;]* – najwyżej 22 dni od wykonania kopii/);
    expect(rodo).toContain("do wyjaśnienia przyczyny – najwyżej 21 dni od chwili");
    expect(rodo).toContain(
      "pytanie potwierdzające – przechowywane na serwerze strony najwyżej 1 dzień od ich otrzymania",
    );
    expect(rodo).toMatch(/kopie zapasowe serwera strony[^;]* – najwyżej 22 dni od wykonania kopii/);
    for (const text of [policy, rodo]) expect(text).not.toMatch(/\{retention\.|najwyżej (30|14) dni/);
  });

  it("the build of the repository's settings states docker/defaults.env's numbers, and records them", () => {
    const values = Object.fromEntries(
      readFileSync(join(root, "docker/defaults.env"), "utf8")
        .split("\n")
        .flatMap((line) => (/^[A-Z_]+=\d+$/.test(line) ? [line.split("=") as [string, string]] : [])),
    );
    const { policy, rodo } = privacyPages(join(root, "build"));
    expect(policy).toContain(`wyjaśnienia przyczyny, najwyżej ${values.OUTBOX_FAILED_DAYS} dni od chwili`);
    expect(rodo).toContain(
      `przechowywane na serwerze strony najwyżej ${values.OUTBOX_HELD_DAYS} dni od ich otrzymania`,
    );
    expect(policy).toContain(`a gdy poczta nie działa, najwyżej ${values.OUTBOX_RETRY_HOURS} godzin (potem`);
    expect(policy).toContain(`(z adresem IP) – najwyżej ${values.LOG_RETENTION_DAYS} dni, po czym`);
    expect(rodo).toMatch(
      new RegExp(`kopie zapasowe [^;]* – najwyżej ${values.BACKUP_RETENTION_DAYS} dni od wykonania`),
    );
    expect(readFileSync(join(root, "build/nginx/privacy-settings.txt"), "utf8")).toContain(
      `OUTBOX_RETRY_HOURS=${values.OUTBOX_RETRY_HOURS}\n`,
    );
  });
});
