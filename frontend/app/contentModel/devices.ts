/**
 * The device gate. The Medical Devices Act (7 April 2022, art. 54–61) reaches the advertising of a service performed
 * with a device, and art. 55 ust. 2 pkt 3 forbids advertising to the public a medical device intended for
 * professional use. content/devices.json records, for every device the salon works with, what its EU declaration of
 * conformity says: whether it is a medical device and whether it is for professional use. This module decides from
 * those answers where a device may be named, and finds every public mention of its name or model, so the content
 * check (frontend/build/validateContent.ts) can refuse them naming file and field. Pages name the service ("zabieg laserowy
 * frakcyjny"); the device's name is added by the templates, only where the answers allow it, so the salon's answer
 * changes no page by hand (docs/decisions.md, "Service, not device").
 */
import type { DeviceRegistry } from "./schema";

export type Answer = "yes" | "no" | "unknown";
export type Device = DeviceRegistry[string];

/**
 * Whether the device may be named in public copy: never when it is a medical device for professionals; not while
 * the answers do not decide it in a production build; in a demonstration or local build, not yet decided is
 * allowed (`npm run launch:check` lists it).
 */
export function mayName(device: Pick<Device, "medicalDevice" | "professionalUse">, production: boolean): boolean {
  const decided = decision(device);
  return decided === "unknown" ? !production : decided === "allowed";
}

/** What the answers decide: a medical device for professionals is forbidden; not a medical device, or one for lay users, is allowed. */
export function decision(
  device: Pick<Device, "medicalDevice" | "professionalUse">,
): "allowed" | "forbidden" | "unknown" {
  if (device.medicalDevice === "no") return "allowed";
  if (device.medicalDevice === "yes" && device.professionalUse === "yes") return "forbidden";
  if (device.medicalDevice === "yes" && device.professionalUse === "no") return "allowed";
  return "unknown";
}

/**
 * A name written the ways copy, addresses and image names write it: any case, words apart, joined or with dashes
 * ("Red Touch Pro", "RedTouch", "red-touch-pro"), declined ("Storza", "Exceedem"), never starting inside another
 * word ("Geneo" is not found in "OxyGeneo": that is a name of its own).
 */
export function namePattern(name: string): RegExp {
  const words = name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\d])${words.join("[\\s._-]*")}`, "iu");
}

/** The first mention of any of the device's names in a text ("Red Touch Pro promocja" → "Red Touch Pro"). */
export function mentionIn(text: string, device: Pick<Device, "names">): string | undefined {
  for (const name of device.names) {
    const found = text.match(namePattern(name));
    if (found) return found[0];
  }
  return undefined;
}

/** The production build: the web image's with SALON_LAUNCH_GATE=1, unless SALON_DEMO=1 makes it a demonstration. */
export const productionBuild = (env: Record<string, string | undefined> = process.env) =>
  env.SALON_LAUNCH_GATE === "1" && env.SALON_DEMO !== "1";

/** Why a device may not be named, in Polish, for the content check's message. */
export function whyNot(id: string, device: Device): string {
  return decision(device) === "forbidden"
    ? `to wyrób medyczny do użytku profesjonalnego (content/devices.json, ${id}), a takiego wyrobu nie wolno reklamować publiczności (ustawa o wyrobach medycznych, art. 55 ust. 2 pkt 3)`
    : `content/devices.json (${id}) nie mówi, czy to wyrób medyczny do użytku profesjonalnego, a wersja produkcyjna nie nazywa takiego urządzenia (ustawa o wyrobach medycznych, art. 55 ust. 2 pkt 3)`;
}

/** A field's place in a document, as the content check names it. */
interface Mention {
  /** "content/treatments/laser-frakcyjny.json: pole "seo.title"" or "… : nazwa pliku (adres /…)" */
  where: string;
  text: string;
}

/**
 * Every mention of a device that may not be named, one line each: `<file>: pole "<field>": „Red Touch Pro” – why;
 * write the service`. `places` are the public texts of every document (placeholders filled, notes left out) and the
 * addresses the file names give.
 */
export function deviceMentionProblems(
  places: readonly Mention[],
  registry: DeviceRegistry,
  production: boolean,
): string[] {
  const hidden = Object.entries(registry).filter(([, device]) => !mayName(device, production));
  return places.flatMap(({ where, text }) =>
    hidden.flatMap(([id, device]) => {
      const found = mentionIn(text, device);
      return found
        ? [
            `${where}: „${found}” – nazwa urządzenia: ${whyNot(id, device)}; nazwij zabieg („${device.service}”) – nazwę urządzenia strona doda sama tam, gdzie wolno`,
          ]
        : [];
    }),
  );
}

/** The name the pages show for a device (a treatment's or a price group's `device`), or nothing where it may not be named. */
export function shownDeviceName(
  id: string | undefined,
  registry: DeviceRegistry,
  production: boolean,
): string | undefined {
  const device = id === undefined ? undefined : registry[id];
  return device && mayName(device, production) ? device.names[0] : undefined;
}
