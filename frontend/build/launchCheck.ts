/**
 * What must be replaced or confirmed before the site goes live, with the file and the field of each item:
 *   - every fictional value of frontend/app/salon/config.ts (the list in salon/fictional.ts) and every address on .example in
 *     content (a promotion's page),
 *   - every text marked as our stand-in in content (a `standIn` note),
 *   - every image that is still the project's artwork (an SVG in content/images, or one marked `artwork`),
 *   - every medical text not yet confirmed by a practitioner (treatment pages and blog articles without
 *     `medicalReview`),
 *   - every device whose declaration of conformity the salon has not yet looked up: whether it is a medical device
 *     and whether it is for professional use (content/devices.json; contentModel/devices.ts decides from the answers),
 *   - every number that claims an effect (content/figures.json) whose source the salon has not completed,
 *   - every promotion whose period (content/promotions.json) has not started or has ended on the day of the
 *     check: the pages would announce it as current,
 *   - every translated field made from an earlier Polish text, and every translation no native speaker has read
 *     (content/<doc>.<lang>.json; contentModel/translations.server.ts).
 * Reads the documents as they are on disk (before placeholders are filled in). `npm run launch:check` runs this file:
 * it prints the list and exits 1 while anything is left; run it before deploying. Node only: no page imports this.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fictional as configFictional } from "../app/salon/fictional";
import { dayOf, periodProblem, periodsOf } from "../app/contentModel/periods";
import { configValue } from "../app/contentModel/placeholders";
import type { DeviceRegistry, FiguresDocument, Treatment } from "../app/contentModel/schema";
import { decision } from "../app/contentModel/devices";
import { missingSource } from "../app/contentModel/figures";
import { CODE_IMAGES, PHOTO_EXTENSIONS } from "./contentImages";
import { staleFields, staleNote, translationFiles, translationSchema } from "../app/contentModel/translations.server";

export type LaunchKind =
  "fictional" | "standIn" | "artwork" | "medical" | "device" | "figure" | "period" | "translation" | "nativeCheck";

export interface LaunchItem {
  kind: LaunchKind;
  /** Path from the project root, e.g. content/home.json. */
  file: string;
  field: string;
  note: string;
}

export const KIND_TITLES: Record<LaunchKind, string> = {
  fictional:
    "Dane fikcyjne (zastąp prawdziwymi; dla frontend/app/salon/config.ts usuń też wiersz z frontend/app/salon/fictional.ts)",
  standIn: "Teksty zastępcze (zastąp albo potwierdź, potem usuń notatkę `standIn`)",
  artwork: "Grafiki zastępcze (zapisz prawdziwe zdjęcie pod tą samą nazwą: .jpg, .png albo .webp, i usuń plik .svg)",
  medical:
    "Teksty medyczne bez potwierdzenia praktyka (po sprawdzeniu dopisz w dokumencie `medicalReview`: kto i kiedy)",
  device:
    "Urządzenia bez odpowiedzi z deklaracji zgodności (wpisz w content/devices.json „yes” albo „no” i źródło w „declaration”)",
  figure:
    "Liczby opisujące efekt bez pełnego źródła (uzupełnij w content/figures.json autora, tytuł, rok, badane osoby i „after” albo usuń liczbę ze strony)",
  period:
    "Promocje poza swoim okresem (zmień okres w content/promotions.json albo usuń promocję z content/promotions.json i content/pricing.json)",
  translation:
    "Tłumaczenia nieaktualne wobec tekstu polskiego (przetłumacz pole na nowo i wpisz nowy odcisk „from”; wersja produkcyjna ich nie przyjmie)",
  nativeCheck:
    "Tłumaczenia, których nie przeczytała osoba władająca tym językiem jako ojczystym (po przeczytaniu dopisz w pliku `nativeCheck`: kto i kiedy)",
};

/** Sections of a treatment page (by the anchors every treatment uses for them) that give medical advice or eligibility rules. */
const MEDICAL_SECTIONS = new Set(["wskazania", "przeciwwskazania", "przygotowanie", "pielegnacja"]);

interface Options {
  /** The content folder (default: content/ of the project). */
  contentDir?: string;
  /** The project root, for file names in the report. */
  root?: string;
  /** The fictional config values (default: salon/fictional.ts). */
  fictional?: readonly { path: string; what: string }[];
  /** The device gate's answers (default: content/devices.json of the content folder). */
  devices?: DeviceRegistry;
  /** The promotions' periods by their field in promotions.json (default: content/promotions.json's). */
  periods?: Readonly<Record<string, { from: string; until: string }>>;
  /** The moment of the check (default: now). */
  now?: Date;
}

export { periodProblem };

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return entry === "images" ? [] : jsonFiles(path);
      return entry.endsWith(".json") ? [path] : [];
    });
}

function fieldOf(path: (string | number)[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${key}` : key),
    "",
  );
}

/** Every object of a JSON value with its path. */
function objectsOf(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; object: Record<string, unknown> }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectsOf(v, [...path, i]));
  if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    return [{ path, object }, ...Object.entries(object).flatMap(([k, v]) => objectsOf(v, [...path, k]))];
  }
  return [];
}

export function launchItems(options: Options = {}): LaunchItem[] {
  const root = options.root ?? process.cwd();
  const contentDir = options.contentDir ?? join(root, "content");
  const shown = (file: string) => relative(root, file).split("\\").join("/");
  const items: LaunchItem[] = [];

  for (const { path, what } of options.fictional ?? configFictional) {
    const value = configValue(path);
    items.push({
      kind: "fictional",
      file: "frontend/app/salon/config.ts",
      field: path,
      note: `${what}: ${JSON.stringify(value)}`,
    });
  }

  const imagesDir = join(contentDir, "images");
  const isArtwork = (name: string) =>
    existsSync(join(imagesDir, `${name}.svg`)) &&
    !PHOTO_EXTENSIONS.some((ext) => existsSync(join(imagesDir, `${name}.${ext}`)));
  const seenImages = new Set<string>();
  /** The pages that name each device in their `device` field. */
  const usedBy = new Map<string, string[]>();
  /** The files that show each figure (a treatment's statistics, a `{figure.<id>}` in any text). */
  const figureUsedBy = new Map<string, Set<string>>();
  const usesFigure = (id: string, file: string) => figureUsedBy.set(id, (figureUsedBy.get(id) ?? new Set()).add(file));

  for (const file of jsonFiles(contentDir)) {
    const doc = JSON.parse(readFileSync(file, "utf8")) as unknown;
    const name = shown(file);
    for (const m of JSON.stringify(doc).matchAll(/\{figure\.([A-Za-z0-9]+)\}/g)) usesFigure(m[1]!, name);
    for (const { path, object } of objectsOf(doc)) {
      // An address on .example (reserved for examples, RFC 2606) in content stands in for one the salon has not given.
      for (const [key, value] of Object.entries(object))
        if (typeof value === "string" && /^https?:\/\/([^/]+\.)?[^/.]+\.example(\/|$)/.test(value))
          items.push({
            kind: "fictional",
            file: name,
            field: fieldOf([...path, key]),
            note: `adres zmyślony: ${value}`,
          });
      if (typeof object.standIn === "string")
        items.push({ kind: "standIn", file: name, field: fieldOf(path) || "(cały dokument)", note: object.standIn });
      if (typeof object.image === "string") {
        const image = object.image;
        const field = fieldOf([...path, "image"]);
        if (isArtwork(image)) {
          items.push({
            kind: "artwork",
            file: name,
            field,
            note: `${image}: content/images/${image}.svg${seenImages.has(image) ? " (ten sam obraz co wyżej)" : ""}`,
          });
        } else if (object.artwork === true) {
          items.push({
            kind: "artwork",
            file: name,
            field: fieldOf([...path, "artwork"]),
            note: `${image}: zdjęcie już jest, usuń znacznik "artwork": true`,
          });
        }
        seenImages.add(image);
      }
    }
    const relativeName = relative(contentDir, file).split("\\").join("/");
    if (relativeName.startsWith("treatments/")) {
      const treatment = doc as Partial<Treatment>;
      for (const item of treatment.stats?.items ?? []) usesFigure(item.figure, name);
      if (treatment.device)
        usedBy.set(treatment.device, [...(usedBy.get(treatment.device) ?? []), `/${relativeName.slice(11, -5)}`]);
      if (!treatment.medicalReview) {
        treatment.sections?.forEach((section, i) => {
          if (MEDICAL_SECTIONS.has(section.id))
            items.push({ kind: "medical", file: name, field: `sections[${i}]`, note: `„${section.title}”` });
        });
      }
    } else if (relativeName.startsWith("blog/")) {
      if (!(doc as { medicalReview?: unknown }).medicalReview)
        items.push({ kind: "medical", file: name, field: "body", note: "porady o zabiegach i pielęgnacji w artykule" });
    }
  }

  for (const { name, file, field } of CODE_IMAGES) {
    if (isArtwork(name)) items.push({ kind: "artwork", file, field, note: `${name}: content/images/${name}.svg` });
  }

  const devicesFile = join(contentDir, "devices.json");
  const registry =
    options.devices ??
    (existsSync(devicesFile) ? (JSON.parse(readFileSync(devicesFile, "utf8")) as DeviceRegistry) : {});
  for (const [id, device] of Object.entries(registry)) {
    if (decision(device) !== "unknown") continue;
    const field = device.medicalDevice === "unknown" ? "medicalDevice" : "professionalUse";
    const pages = usedBy.get(id) ?? [];
    items.push({
      kind: "device",
      file: shown(devicesFile),
      field: `${id}.${field}`,
      note: `${device.names[0]}${pages.length ? ` (${pages.join(", ")})` : ""}: ${field === "medicalDevice" ? "czy to wyrób medyczny" : "czy jest przeznaczony wyłącznie do użytku profesjonalnego"} – według deklaracji zgodności UE i instrukcji używania; do tego czasu wersja produkcyjna nie nazwie urządzenia`,
    });
  }
  const figuresFile = join(contentDir, "figures.json");
  if (existsSync(figuresFile)) {
    const register = JSON.parse(readFileSync(figuresFile, "utf8")) as FiguresDocument;
    for (const [id, figure] of Object.entries(register.figures)) {
      const missing = missingSource(figure, register.studies[figure.study]);
      const files = [...(figureUsedBy.get(id) ?? [])];
      if (missing.length && files.length)
        items.push({
          kind: "figure",
          file: shown(figuresFile),
          field: `figures.${id}`,
          note: `„${figure.value}” (${files.join(", ")}): brak: ${missing.join(", ")}`,
        });
    }
  }
  const day = dayOf(options.now ?? new Date());
  const promotionsFile = join(contentDir, "promotions.json");
  const periods =
    options.periods ??
    Object.fromEntries(
      existsSync(promotionsFile)
        ? periodsOf(JSON.parse(readFileSync(promotionsFile, "utf8"))).map(({ field, period }) => [field, period])
        : [],
    );
  for (const [field, period] of Object.entries(periods)) {
    const problem = periodProblem(period, day);
    if (problem) items.push({ kind: "period", file: shown(promotionsFile), field, note: problem });
  }

  // Translations: a field made from an earlier Polish text, a file no native speaker has read yet. A file that
  // cannot be read is the content check's to report.
  for (const { doc, language } of translationFiles(contentDir)) {
    const file = join(contentDir, `${doc}.${language}.json`);
    const polishFile = join(contentDir, `${doc}.json`);
    const json = (path: string): unknown => {
      try {
        return JSON.parse(readFileSync(path, "utf8"));
      } catch {
        return undefined;
      }
    };
    const parsed = translationSchema.safeParse(json(file));
    const polish = existsSync(polishFile) ? json(polishFile) : undefined;
    if (!parsed.success || polish === undefined) continue;
    for (const { field, text, missing } of staleFields(polish, parsed.data))
      items.push({ kind: "translation", file: shown(file), field, note: staleNote(text, missing) });
    if (!parsed.data.nativeCheck)
      items.push({
        kind: "nativeCheck",
        file: shown(file),
        field: "nativeCheck",
        note: `tłumaczenie (${language}) czeka na przeczytanie przez rodzimego użytkownika języka`,
      });
  }
  return items;
}

/** The report as printed by `npm run launch:check`. */
export function formatReport(items: LaunchItem[]): string {
  const lines: string[] = [];
  for (const kind of Object.keys(KIND_TITLES) as LaunchKind[]) {
    const ofKind = items.filter((item) => item.kind === kind);
    lines.push(`\n${KIND_TITLES[kind]}: ${ofKind.length}`);
    for (const item of ofKind) lines.push(`  ${item.file}: pole "${item.field}": ${item.note}`);
  }
  const counts = (Object.keys(KIND_TITLES) as LaunchKind[]).map(
    (kind) => `${items.filter((i) => i.kind === kind).length} ${kind}`,
  );
  lines.push(
    items.length
      ? `\nDo zastąpienia lub potwierdzenia przed publikacją: ${items.length} (${counts.join(", ")}).`
      : "\nNic do zastąpienia: treść gotowa do publikacji.",
  );
  return lines.join("\n").trimStart();
}

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  const items = launchItems({ contentDir: resolve(process.env.CONTENT_DIR ?? "content") });
  console.log(formatReport(items));
  process.exit(items.length ? 1 : 0);
}
