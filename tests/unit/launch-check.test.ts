// @vitest-environment node
/**
 * `npm run launch:check` lists what must be replaced or confirmed before launch — fictional data, stand-in texts,
 * artwork images, medical texts nobody has confirmed, devices whose intended user nobody has confirmed, promotions
 * outside their period — with file and field, and fails while anything is left.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launchItems, type LaunchItem } from "../../frontend/build/launchCheck";
import { isTranslationFile } from "../../frontend/app/contentModel/languages";
import type { DeviceRegistry, PromotionsDocument } from "../../frontend/app/contentModel/schema";

const root = resolve(import.meta.dirname, "../..");
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const has = (items: LaunchItem[], kind: LaunchItem["kind"], file: string, field: string) =>
  items.some((i) => i.kind === kind && i.file === file && i.field === field);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory()
      ? entry === "images"
        ? []
        : jsonFiles(path)
      : entry.endsWith(".json")
        ? [path]
        : [];
  });
}

/** Every note removed, every object of a kind given a confirmation, every .example address real: the content as a salon would sign it. */
function signed(value: unknown, isReviewable: boolean): unknown {
  if (typeof value === "string") return value.replace(/^(https?:\/\/[^/]+)\.example(?=\/|$)/, "$1.pl");
  if (Array.isArray(value)) return value.map((v) => signed(v, false));
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([k]) => k !== "standIn" && k !== "artwork");
    const result = Object.fromEntries(entries.map(([k, v]) => [k, signed(v, false)]));
    return isReviewable ? { ...result, medicalReview: { by: "lek. med. Jan Kowalski", date: "2026-01-15" } } : result;
  }
  return value;
}

/** A copy of content/ with every note resolved, every artwork replaced by a "photo". */
function signedContent(): string {
  const dir = mkdtempSync(join(tmpdir(), "salon-launch-"));
  copies.push(dir);
  cpSync(join(root, "content"), dir, { recursive: true });
  for (const file of jsonFiles(dir)) {
    const json = JSON.parse(readFileSync(file, "utf8"));
    // A translation is read by a native speaker; the medical review is its Polish page's.
    if (isTranslationFile(file)) {
      writeFileSync(file, JSON.stringify({ nativeCheck: { by: "Ołena Kowalczuk", date: "2026-11-20" }, ...json }));
      continue;
    }
    const reviewable = /[/\\](treatments|blog)[/\\]/.test(file);
    writeFileSync(file, JSON.stringify(signed(json, reviewable), null, 2));
  }
  // Every study cited in full, every figure with when it was measured.
  const figures = JSON.parse(readFileSync(join(dir, "figures.json"), "utf8"));
  for (const study of Object.values<Record<string, unknown>>(figures.studies))
    Object.assign(study, {
      author: "A. Kowalska i in.",
      title: "Badanie endermologii",
      sample: "32 kobiety w wieku 25–55 lat",
    });
  for (const figure of Object.values<Record<string, unknown>>(figures.figures)) figure.after = "po serii 10 zabiegów";
  writeFileSync(join(dir, "figures.json"), JSON.stringify(figures));
  for (const image of readdirSync(join(dir, "images")).filter((f) => f.endsWith(".svg"))) {
    renameSync(join(dir, "images", image), join(dir, "images", image.replace(/\.svg$/, ".jpg")));
  }
  return dir;
}

describe("launch check on the current content", () => {
  const items = launchItems({ root });

  it("lists every fictional value of the site configuration", () => {
    for (const field of [
      "site.phone",
      "site.email",
      "site.address.street",
      "site.nip",
      "site.krs",
      "site.registryCourt",
      "site.shareCapital",
      "site.origin",
      "site.social.instagram",
    ]) {
      expect(has(items, "fictional", "frontend/app/salon/config.ts", field), field).toBe(true);
    }
    expect(items.find((i) => i.field === "site.phone")!.note).toContain("+48 42 000 00 00");
  });

  it("lists every promotion's page on .example, in the promotion's own entry", () => {
    const cards = (JSON.parse(readFileSync(join(root, "content/promotions.json"), "utf8")) as PromotionsDocument).cards;
    cards.forEach((card, i) => {
      const standsIn = new URL(card.url).hostname.endsWith(".example");
      expect(has(items, "fictional", "content/promotions.json", `cards[${i}].url`), card.id).toBe(standsIn);
    });
  });

  it("lists the stand-in texts where the schema knows them: reviews, team, contraindications, techniques, captions, the reply promise", () => {
    for (const [file, field] of [
      ["content/home.json", "reviews.items[0]"],
      ["content/home.json", "reviews.items[2]"],
      ["content/content.json", "team.members[0]"],
      ["content/treatments/natlenienie-skory-3-w-1.json", "sections[4]"],
      ["content/treatments/makijaz-permanentny-brwi.json", "sections[1]"],
      ["content/treatments/laser-frakcyjny.json", "beforeAfter"],
      ["content/treatments/makijaz-permanentny-ust.json", "gallery"],
      ["content/pages/kontakt.json", "(cały dokument)"],
      // The salon's own practice and figures the law wants on the page: how reviews are checked, the lowest 30-day
      // prices beside the reductions, the consultation's price, the referral programme's conditions.
      ["content/home.json", "reviews"],
      ["content/pricing.json", "categories[6].services[0].reduction"],
      ["content/pricing.json", "categories[14].services[0].reduction"],
      ["content/pricing.json", "categories[0]"],
      ["content/promotions.json", "referral"],
      // Each offer's period and terms (who, how often) are our proposal; so are the suit's price and the peel the
      // PCA reduction is narrowed to.
      ["content/promotions.json", "cards[0]"],
      ["content/promotions.json", "cards[2]"],
      ["content/pricing.json", "categories[9]"],
    ]) {
      expect(has(items, "standIn", file!, field!), `${file} ${field}`).toBe(true);
    }
  });

  it("lists every artwork image, the share image and the map included", () => {
    const artwork = items.filter((i) => i.kind === "artwork");
    const svgs = readdirSync(join(root, "content/images"))
      .filter((f) => f.endsWith(".svg"))
      .map((f) => f.slice(0, -4));
    for (const name of svgs)
      expect(
        artwork.some((i) => i.note.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    expect(has(items, "artwork", "content/treatments/natlenienie-skory-3-w-1.json", "hero.image")).toBe(true);
  });

  it("lists the medical sections of every treatment page and every article while no practitioner has confirmed them", () => {
    expect(has(items, "medical", "content/treatments/natlenienie-skory-3-w-1.json", "sections[4]")).toBe(true); // Przeciwwskazania
    expect(has(items, "medical", "content/treatments/natlenienie-skory-3-w-1.json", "sections[8]")).toBe(true); // Pielęgnacja po zabiegu
    expect(has(items, "medical", "content/treatments/natlenienie-skory-3-w-1.json", "sections[6]")).toBe(false); // Przebieg zabiegu
    expect(has(items, "medical", "content/blog/jak-zmniejszyc-widocznosc-cellulitu.json", "body")).toBe(true);
  });

  it("lists every device without an answer from its declaration of conformity, with the pages that use it", () => {
    const registry = JSON.parse(readFileSync(join(root, "content/devices.json"), "utf8")) as DeviceRegistry;
    const devices = items.filter((i) => i.kind === "device");
    expect(devices.map((i) => i.field).sort()).toEqual(
      Object.keys(registry)
        .map((id) => `${id}.medicalDevice`)
        .sort(),
    );
    for (const [id, device] of Object.entries(registry)) {
      const item = devices.find((i) => i.field === `${id}.medicalDevice`)!;
      expect(item.file).toBe("content/devices.json");
      expect(item.note).toMatch(new RegExp(`^${device.names[0]} \\(/`));
      expect(item.note).toMatch(/czy to wyrób medyczny – według deklaracji zgodności UE/);
    }
  });

  it("asks a medical device's professional use until that is answered too, and nothing once the answers decide", () => {
    const answered = (medicalDevice: string, professionalUse: string) =>
      launchItems({
        root,
        contentDir: signedContent(),
        ...confirmed,
        devices: {
          laser: {
            names: ["Laser X"],
            service: "zabieg laserowy",
            medicalDevice,
            professionalUse,
            declaration: "deklaracja zgodności UE z 12.03.2024",
          },
        } as DeviceRegistry,
      }).filter((i) => i.kind === "device");
    expect(answered("yes", "unknown").map((i) => i.field)).toEqual(["laser.professionalUse"]);
    expect(answered("unknown", "no").map((i) => i.field)).toEqual(["laser.medicalDevice"]);
    for (const [medical, professional] of [
      ["yes", "yes"],
      ["yes", "no"],
      ["no", "unknown"],
      ["no", "yes"],
    ])
      expect(answered(medical!, professional!), `${medical} ${professional}`).toEqual([]);
  });

  it("lists every number that claims an effect whose source is not complete, with the pages that show it", () => {
    const register = JSON.parse(readFileSync(join(root, "content/figures.json"), "utf8")) as {
      figures: Record<string, { value: string }>;
    };
    const figures = items.filter((i) => i.kind === "figure");
    expect(figures.map((i) => i.field).sort()).toEqual(
      Object.keys(register.figures)
        .map((id) => `figures.${id}`)
        .sort(),
    );
    for (const item of figures) {
      expect(item.file).toBe("content/figures.json");
      expect(item.note).toContain(
        `„${register.figures[item.field.slice(8)]!.value}” (content/treatments/endermologia-ciala.json)`,
      );
      expect(item.note).toMatch(/brak: autor, tytuł, badane osoby, po ilu zabiegach zmierzono/);
    }
  });

  it("does not list the fictional promotion periods as out of date: they hold the day of the check", () => {
    expect(items.filter((i) => i.kind === "period")).toEqual([]);
  });

  it("npm run launch:check prints them with file and field and exits non-zero", () => {
    const run = spawnSync("npm", ["run", "launch:check"], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`frontend/app/salon/config.ts: pole "site.phone"`);
    expect(run.stdout).toContain(`content/home.json: pole "reviews.items[0]"`);
    expect(run.stdout).toMatch(
      /Do zastąpienia lub potwierdzenia przed publikacją: \d+ \(\d+ fictional, \d+ standIn, \d+ artwork, \d+ medical, \d+ device, \d+ figure, \d+ period, \d+ translation, \d+ nativeCheck\)/,
    );
  }, 60_000);
});

/**
 * The salon's configuration once confirmed: real data, every device's answers (here: medical devices for
 * professional use, which the pages then never name), periods that hold today.
 */
const confirmed = {
  fictional: [],
  devices: Object.fromEntries(
    Object.entries(JSON.parse(readFileSync(join(root, "content/devices.json"), "utf8")) as DeviceRegistry).map(
      ([id, device]) => [
        id,
        {
          ...device,
          medicalDevice: "yes",
          professionalUse: "yes",
          declaration: "deklaracja zgodności UE z 12.03.2024",
        },
      ],
    ),
  ) as DeviceRegistry,
  periods: {},
};

describe("launch check on content a salon has signed", () => {
  it("finds nothing once every note is resolved, every photo is real and the data is real", () => {
    expect(launchItems({ root, contentDir: signedContent(), ...confirmed })).toEqual([]);
  });

  it("finds exactly what is left: one stand-in, one unconfirmed treatment, one artwork image", () => {
    const dir = signedContent();
    const home = join(dir, "home.json");
    const doc = JSON.parse(readFileSync(home, "utf8"));
    doc.reviews.items[1].standIn = "Opinia wymyślona.";
    writeFileSync(home, JSON.stringify(doc));
    const kobido = join(dir, "treatments/kobido-lodz.json");
    const treatment = JSON.parse(readFileSync(kobido, "utf8"));
    delete treatment.medicalReview;
    writeFileSync(kobido, JSON.stringify(treatment));
    renameSync(join(dir, "images/natlenienie-skory-hero.jpg"), join(dir, "images/natlenienie-skory-hero.svg"));

    const items = launchItems({ root: dir, contentDir: dir, ...confirmed });
    expect(items.map((i) => `${i.kind} ${i.file} ${i.field}`).sort()).toEqual(
      [
        "artwork treatments/natlenienie-skory-3-w-1.json hero.image",
        "medical treatments/kobido-lodz.json sections[3]",
        "medical treatments/kobido-lodz.json sections[4]",
        "medical treatments/kobido-lodz.json sections[5]",
        "medical treatments/kobido-lodz.json sections[8]",
        "standIn home.json reviews.items[1]",
      ].sort(),
    );
  });
});

describe("launch check on the promotions' periods", () => {
  const periods = {
    "cards[0].period": { from: "2026-11-01", until: "2027-01-31" },
    "cards[1].period": { from: "2026-11-01", until: "2026-11-27" },
    "cards[2].period": { from: "2026-11-27", until: "2026-12-31" },
    "cards[3].period": { from: "2026-12-01", until: "2027-01-31" },
    "referral.period": { from: "2026-10-01", until: "2026-11-26" },
  };
  const check = (now: Date) =>
    launchItems({ root, contentDir: signedContent(), ...confirmed, periods, now }).filter((i) => i.kind === "period");

  it("reads each offer's period and the referral programme's from content/promotions.json", () => {
    const doc = JSON.parse(readFileSync(join(root, "content/promotions.json"), "utf8"));
    const after = new Date(`${doc.referral.period.until}T12:00:00`);
    after.setDate(after.getDate() + 400);
    const items = launchItems({ root, now: after }).filter((i) => i.kind === "period");
    expect(items.map((i) => i.field).sort()).toEqual(
      [...doc.cards.map((_: unknown, i: number) => `cards[${i}].period`), "referral.period"].sort(),
    );
    expect(items.every((i) => i.file === "content/promotions.json" && /już się skończył/.test(i.note))).toBe(true);
  });

  it("lists a promotion whose period has not started or has ended on the day of the check, both days included", () => {
    const items = check(new Date(2026, 10, 27, 23, 30));
    expect(items.map((i) => i.field).sort()).toEqual(["cards[3].period", "referral.period"]);
    expect(items.find((i) => i.field === "cards[3].period")!.note).toMatch(
      /jeszcze się nie zaczął \(dziś 2026-11-27\)/,
    );
    expect(items.find((i) => i.field === "referral.period")!.note).toMatch(/już się skończył \(dziś 2026-11-27\)/);
  });

  it("a day later, the one that ended yesterday is listed too", () => {
    expect(
      check(new Date(2026, 10, 28, 0, 5))
        .map((i) => i.field)
        .sort(),
    ).toEqual(["cards[1].period", "cards[3].period", "referral.period"]);
  });
});
