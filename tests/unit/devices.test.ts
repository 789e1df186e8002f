/**
 * The device gate decides from the declaration of conformity's answers where a device may be named, and finds its
 * name or model in every kind of public field: a medical device for professionals is never named, one whose answers
 * are missing is not named in production, anything else may be.
 */
import { describe, expect, it } from "vitest";
import {
  decision,
  deviceMentionProblems,
  mayName,
  mentionIn,
  namePattern,
  productionBuild,
} from "../../frontend/app/contentModel/devices";
import type { DeviceRegistry } from "../../frontend/app/contentModel/schema";

const laser = { names: ["Red Touch Pro", "Red Touch"], service: "zabieg laserowy frakcyjny" };
const registry = (medicalDevice: string, professionalUse: string) =>
  ({
    redTouchPro: { ...laser, medicalDevice, professionalUse, declaration: "deklaracja zgodności UE" },
  }) as DeviceRegistry;

describe("what the answers decide", () => {
  const cases: [medical: string, professional: string, outcome: ReturnType<typeof decision>][] = [
    ["yes", "yes", "forbidden"],
    ["yes", "no", "allowed"],
    ["yes", "unknown", "unknown"],
    ["no", "yes", "allowed"],
    ["no", "no", "allowed"],
    ["no", "unknown", "allowed"],
    ["unknown", "yes", "unknown"],
    ["unknown", "no", "unknown"],
    ["unknown", "unknown", "unknown"],
  ];
  it.each(cases)("medical device %s, professional use %s: %s", (medicalDevice, professionalUse, outcome) => {
    const device = registry(medicalDevice, professionalUse).redTouchPro!;
    expect(decision(device)).toBe(outcome);
    // Forbidden is never named; unknown only outside production; allowed everywhere.
    expect(mayName(device, true)).toBe(outcome === "allowed");
    expect(mayName(device, false)).toBe(outcome !== "forbidden");
  });

  it("production is the gated build that is not a demonstration", () => {
    expect(productionBuild({ SALON_LAUNCH_GATE: "1" })).toBe(true);
    expect(productionBuild({ SALON_LAUNCH_GATE: "1", SALON_DEMO: "1" })).toBe(false);
    expect(productionBuild({})).toBe(false);
  });
});

describe("a device's name in any spelling", () => {
  it.each([
    // The issue's own findings: an SEO keyword, a title, a card, a gallery caption.
    "Red Touch Pro promocja",
    "Red Touch Pro – laser wolumetryczny do odmładzania skóry",
    "Pierwszy zabieg Red Touch Pro na jeden obszar",
    "Skóra policzka przed serią zabiegów Red Touch Pro i po niej",
    // Addresses and image names: slugs, files, fragments.
    "/red-touch-pro",
    "red-touch-pro-przed-po-1",
    "/blog/red-touch-pro-rewolucja-w-odmladzaniu-skory",
    "/cennik#red-touch-pro",
    // The model without its suffix, joined, any case.
    "laser Red Touch",
    "RedTouch",
    "REDTOUCHPRO",
  ])("finds it in „%s”", (text) => {
    expect(mentionIn(text, laser)).toMatch(/^red[\s._-]*touch/i);
  });

  it("finds declined names and names of several words however they are joined", () => {
    expect(mentionIn("zabieg urządzeniem Storza", { names: ["Storz Medical", "Storz"] })).toBe("Storz");
    expect(mentionIn("mezoterapia Exceedem", { names: ["Exceed"] })).toBe("Exceed");
    expect(mentionIn("ONDA-PRO na ciało", { names: ["ONDA PRO", "ONDA"] })).toBe("ONDA-PRO");
    expect(mentionIn("/endermologia-LPG", { names: ["LPG Infinity", "LPG"] })).toBe("LPG");
    expect(mentionIn("lpginfinity", { names: ["LPG Infinity"] })).toBe("lpginfinity");
  });

  it("does not find it inside another word, nor where only the service is named", () => {
    expect(mentionIn("OxyGeneo", { names: ["Geneo"] })).toBeUndefined();
    expect(mentionIn("Zabieg laserowy frakcyjny – odmładzanie skóry", laser)).toBeUndefined();
    expect(mentionIn("zabieg z użyciem fal radiowych", { names: ["Virtue RF", "Virtue"] })).toBeUndefined();
    expect(namePattern("Red Touch Pro").test("predtouch")).toBe(false);
  });
});

describe("the refusal of every mention a device's answers forbid", () => {
  // One field of each kind the pages publish a name from.
  const places = [
    { where: `content/treatments/x.json: pole "title"`, text: "Red Touch Pro – odmładzanie skóry" },
    { where: `content/treatments/x.json: pole "seo.title"`, text: "Red Touch Pro w Łodzi | Aurea" },
    { where: `content/treatments/x.json: pole "seo.description"`, text: "Zabieg laserem Red Touch Pro w Łodzi." },
    { where: `content/promotions.json: pole "seo.keywords[1]"`, text: "Red Touch Pro promocja" },
    { where: `content/promotions.json: pole "cards[1].name"`, text: "Red Touch Pro" },
    { where: `content/families/zabiegi-na-twarz.json: pole "entries[0].name"`, text: "Red Touch Pro" },
    { where: `content/treatments/x.json: pole "beforeAfter.photos[0].image"`, text: "red-touch-pro-przed-po-1" },
    { where: `content/treatments/x.json: pole "beforeAfter.photos[0].alt"`, text: "Szyja po zabiegach Red Touch Pro" },
    { where: `content/treatments/x.json: pole "offer.catalogue"`, text: "Laser Red Touch Pro" },
    { where: `content/blog/x.json: pole "body[3].p"`, text: "Red Touch to laser frakcyjny." },
    { where: `content/treatments/red-touch-pro.json: nazwa pliku (adres /red-touch-pro)`, text: "/red-touch-pro" },
  ];
  const clean = { where: `content/treatments/x.json: pole "lead"`, text: "Zabieg laserowy frakcyjny pobudza skórę." };

  it("names every place of a medical device for professionals, in every build, with the law and the service to write", () => {
    for (const production of [false, true]) {
      const problems = deviceMentionProblems([...places, clean], registry("yes", "yes"), production);
      expect(problems.map((p) => p.slice(0, p.indexOf(": „")))).toEqual(places.map((p) => p.where));
      for (const problem of problems) {
        expect(problem).toMatch(/„red[ -]?touch([ -]pro)?”/i);
        expect(problem).toMatch(/wyrób medyczny do użytku profesjonalnego.*art\. 55 ust\. 2 pkt 3/);
        expect(problem).toContain("„zabieg laserowy frakcyjny”");
      }
    }
  });

  it("names them for a device without answers only in production", () => {
    expect(deviceMentionProblems(places, registry("unknown", "unknown"), false)).toEqual([]);
    const problems = deviceMentionProblems(places, registry("unknown", "unknown"), true);
    expect(problems).toHaveLength(places.length);
    expect(problems[0]).toMatch(/nie mówi, czy to wyrób medyczny do użytku profesjonalnego/);
  });

  it("lets a device that is not a medical device, or one for lay users, be named", () => {
    for (const [medical, professional] of [
      ["no", "yes"],
      ["yes", "no"],
    ])
      expect(deviceMentionProblems(places, registry(medical!, professional!), true)).toEqual([]);
  });
});
