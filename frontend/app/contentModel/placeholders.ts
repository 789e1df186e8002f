/**
 * Placeholders in content: `{phone}`, `{email}`, `{legalName}`, … stand for the salon's data in salon/config.ts,
 * `{retention.held}` and the like for the settings the privacy texts state (privacySettings.ts). They are replaced
 * when a document is read at build time (contentModel/read.server.ts), so that data is written in one place only. An
 * unknown placeholder stops the build with the file and the field. Build-time only: the browser never sees a
 * placeholder, and no page ships this module.
 */
import { fullAddress, site } from "../salon/config";
import { fictional } from "../salon/fictional";
import { privacyPlaceholders } from "../salon/privacySettings";

export const placeholders: Readonly<Record<string, string>> = {
  salon: site.name,
  salonShort: site.shortName,
  legalName: site.legalName,
  street: site.address.street,
  postalCode: site.address.postalCode,
  city: site.address.city,
  /** "ul. Przykładowa 12, 90-553 Łódź" */
  address: fullAddress,
  nip: site.nip,
  krs: site.krs,
  registryCourt: site.registryCourt,
  shareCapital: site.shareCapital,
  phone: site.phone,
  email: site.email,
  /** "www.aurea-salon.example" */
  domain: new URL(site.origin).host,
  origin: site.origin,
  booking: site.bookingUrl,
  facebook: site.social.facebook,
  instagram: site.social.instagram,
  /** "{retention.held}": how long the server keeps what, from the build's settings (privacySettings.ts). */
  ...privacyPlaceholders(),
};

/** `{name}` or `{retention.held}`: letters, digits and dots inside braces. */
export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9.]*)\}/g;

/** The placeholders a text uses, in order. */
export const placeholdersIn = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/** The text with every known placeholder replaced; unknown ones are left as they are (the caller reports them). */
export const fillPlaceholders = (text: string): string =>
  text.replace(PLACEHOLDER, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(placeholders, key) ? placeholders[key]! : whole,
  );

/** A config value by its path in config.ts ("site.address.street"). */
export function configValue(path: string): unknown {
  const [root, ...rest] = path.split(".");
  const roots: Record<string, unknown> = { site };
  const start = root === undefined ? undefined : roots[root];
  return rest.reduce<unknown>(
    (value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined),
    start,
  );
}

/**
 * The fictional values that content must not write out but take from a placeholder instead, each with the
 * placeholder to use: "+48 42 000 00 00" → {phone}. Derived from the `fictional` list (fictional.ts), so a value that is
 * real (its line removed from the list) may be written out again.
 */
export function fictionalValues(): { value: string; placeholder: string }[] {
  const byValue = new Map(Object.entries(placeholders).map(([key, value]) => [value, key]));
  const found: { value: string; placeholder: string }[] = [];
  for (const { path } of fictional) {
    const value = configValue(path);
    if (typeof value !== "string") continue;
    const key = byValue.get(value);
    if (key) found.push({ value, placeholder: key });
  }
  // The domain alone (in e-mail addresses and sub-site URLs) is fictional while the origin is.
  if (fictional.some((f) => f.path === "site.origin")) {
    const host = new URL(site.origin).host.replace(/^www\./, "");
    found.push({ value: host, placeholder: "domain" });
  }
  // Longest first, so "Aurea Instytut Urody sp. z o.o." is named before "Aurea".
  return found.sort((a, b) => b.value.length - a.value.length);
}
