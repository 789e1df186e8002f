// @vitest-environment node
/**
 * The device gate on the real commands, on a copy of content/ (CONTENT_DIR): with a device declared a medical
 * device for professionals, `npm run build` stops at the content check naming every place its name is written –
 * titles, the head's fields, keywords, a family card, a promotion card, the price list, a gallery, the structured
 * data's catalogue, an article and a page's address; the same copy with the device declared not a medical device
 * passes, and the pages name it. Without answers, production refuses the mentions and a local build allows them.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const edit = (dir: string, file: string, change: (doc: any) => void) => {
  const path = join(dir, file);
  const doc = JSON.parse(readFileSync(path, "utf8"));
  change(doc);
  writeFileSync(path, JSON.stringify(doc, null, 2));
};

/** The name as the salon's copy would write it, once in every kind of public field; and the places it is in. */
function contentNamingTheLaser(medicalDevice: string, professionalUse: string) {
  const dir = mkdtempSync(join(tmpdir(), "salon-devices-"));
  copies.push(dir);
  cpSync(join(root, "content"), dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, "content", "images")),
  });
  symlinkSync(join(root, "content", "images"), join(dir, "images"));
  const registry = JSON.parse(readFileSync(join(dir, "devices.json"), "utf8"));
  const name: string = registry.redTouchPro.names[0];
  edit(dir, "devices.json", (d) =>
    Object.assign(d.redTouchPro, {
      medicalDevice,
      professionalUse,
      declaration: "deklaracja zgodności UE z 12.03.2024",
    }),
  );
  edit(dir, "treatments/laser-frakcyjny.json", (d) => {
    d.title = `${name} – laser frakcyjny`;
    d.seo.title = `${name} w Łodzi | {salonShort}`;
    d.seo.keywords.push(`${name} promocja`);
    d.beforeAfter.photos[0].alt = `Szyja po zabiegach ${name}`;
    d.offer.catalogue = `Zabieg ${name}`;
  });
  edit(dir, "families/zabiegi-na-twarz.json", (d) => (d.entries[0].name = name));
  edit(dir, "promotions.json", (d) => (d.cards[1].name = name));
  // The device's price group: an ordinary group of the list that names the device.
  let group = -1;
  edit(dir, "pricing.json", (d) => {
    group = d.categories.findIndex((g: { device?: string }) => g.device === "redTouchPro");
    d.categories[group].category = `${name} – laser frakcyjny`;
  });
  edit(
    dir,
    "blog/odmladzanie-skory-laserem-frakcyjnym.json",
    (d) => (d.body[0].p += ` Zabieg wykonujemy laserem ${name}.`),
  );
  // A page whose address is the device's name.
  cpSync(join(dir, "treatments/kobido-lodz.json"), join(dir, "treatments/red-touch-kobido.json"));
  return {
    dir,
    name,
    places: [
      `content/treatments/laser-frakcyjny.json: pole "title"`,
      `content/treatments/laser-frakcyjny.json: pole "seo.title"`,
      `content/treatments/laser-frakcyjny.json: pole "seo.keywords[5]"`,
      `content/treatments/laser-frakcyjny.json: pole "beforeAfter.photos[0].alt"`,
      `content/treatments/laser-frakcyjny.json: pole "offer.catalogue"`,
      `content/families/zabiegi-na-twarz.json: pole "entries[0].name"`,
      `content/promotions.json: pole "cards[1].name"`,
      `content/pricing.json: pole "categories[${group}].category"`,
      `content/blog/odmladzanie-skory-laserem-frakcyjnym.json: pole "body[0].p"`,
      `content/treatments/red-touch-kobido.json: nazwa pliku (adres /red-touch-kobido)`,
    ],
  };
}

function run(script: string, contentDir: string, env: Record<string, string> = {}) {
  const builtBefore = statSync(join(root, "build/client/index.html"), { throwIfNoEntry: false })?.mtimeMs;
  const result = spawnSync("npm", ["run", script], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  // Stopped (or only checked) before the site was built: the previous build is untouched.
  expect(statSync(join(root, "build/client/index.html"), { throwIfNoEntry: false })?.mtimeMs).toBe(builtBefore);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The device's name the treatment page gets from its loader, read with the copy's content. */
function shownName(contentDir: string, env: Record<string, string> = {}): string {
  const code = `import("./frontend/app/contentModel/load.server.ts").then(({ loadTreatment, shownTreatmentDevice }) => console.log(JSON.stringify(shownTreatmentDevice(loadTreatment("treatments/laser-frakcyjny").device) ?? null)))`;
  const result = spawnSync("npx", ["tsx", "-e", code], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

describe("a device declared a medical device for professionals", () => {
  it("stops the build naming every place its name is written, with the law and the service to write", () => {
    const { dir, name, places } = contentNamingTheLaser("yes", "yes");
    const { status, output } = run("build", dir);
    expect(status, output).not.toBe(0);
    const refused = output.split("\n").filter((line) => line.includes("– nazwa urządzenia:"));
    for (const place of places)
      expect(
        refused.find((line) => line.startsWith(`${place}: „`)),
        place,
      ).toBeDefined();
    // A translation shows the Polish text of a field it lacks (the keyword added here): named as well, in its file.
    expect(refused.filter((line) => !/\.(uk|en)\.json/.test(line))).toHaveLength(places.length);
    for (const line of refused) {
      expect(line).toMatch(/wyrób medyczny do użytku profesjonalnego.*art\. 55 ust\. 2 pkt 3/);
      expect(line).toContain("„zabieg laserowy frakcyjny”");
    }
    expect(refused.join("\n")).toContain(`„${name}”`);
    // Stopped at the content check: the image pipeline and React Router never ran.
    expect(output).not.toMatch(/^> images$/m);
  }, 90_000);
});

describe("the same copy with the device declared otherwise", () => {
  it("not a medical device: the content check passes and the treatment page names the device", () => {
    const { dir, name } = contentNamingTheLaser("no", "yes");
    const { status, output } = run("content:check", dir);
    expect(status, output).toBe(0);
    expect(shownName(dir, { SALON_LAUNCH_GATE: "1" })).toBe(name);
  }, 90_000);

  it("not yet answered: a local build names it, a production build refuses every mention", () => {
    const { dir, places } = contentNamingTheLaser("unknown", "unknown");
    expect(run("content:check", dir).status).toBe(0);
    const production = run("content:check", dir, { SALON_LAUNCH_GATE: "1" });
    expect(production.status, production.output).not.toBe(0);
    expect(production.output.split("\n").filter((line) => line.includes("– nazwa urządzenia:"))).toHaveLength(
      places.length,
    );
    expect(production.output).toMatch(/nie mówi, czy to wyrób medyczny do użytku profesjonalnego/);
    expect(shownName(dir, { SALON_LAUNCH_GATE: "1" })).toBeNull();
    expect(shownName(dir, { SALON_LAUNCH_GATE: "1", SALON_DEMO: "1" })).not.toBeNull();
  }, 120_000);
});
