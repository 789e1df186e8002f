/**
 * The building blocks every content schema shares: a non-empty text, the launch notes (`standIn`, `medicalReview`),
 * images, blocks of running text, the fields the route table reads from a page's own file, the head's `seo`.
 */
import { z } from "zod";

export const text = z.string().trim().min(1, "nie może być puste");
/** A text that must say each of these things (the law's required information): each rule's message says how. */
export const saying = (rules: [RegExp, string][]) =>
  rules.reduce((schema, [pattern, message]) => schema.refine((t) => pattern.test(t), message), text);
/**
 * A note marking what in this part of a document is our invention standing in for the salon's own data (review
 * texts, names, credentials, contraindication lists, captions under artwork…) and what to do with it. The page
 * does not show it; `npm run launch:check` lists every one with its file and field until it is removed.
 */
export const standIn = text.optional();
/**
 * Medical texts (indications, contraindications, preparation, aftercare; the blog's advice) confirmed by a
 * practitioner: who and when. Until it is there, `npm run launch:check` lists those texts.
 */
export const medicalReview = z.strictObject({ by: text, date: z.iso.date() }).optional();
/** An image is named by its file name in content/images without the extension; the image pipeline emits its sizes. */
export const imageName = z.string().regex(/^[a-z0-9-]+$/, "nazwa obrazu: małe litery, cyfry i myślniki");
export const imageSchema = z.strictObject({
  image: imageName,
  alt: z.string(),
  /** True while the file is our own artwork standing in for a real photo; replace the file, keep the name. */
  artwork: z.boolean().optional(),
});

/**
 * A block of running text. Strings may hold **bold** and [links](/path) — the only inline markup we render.
 */
export const blockSchema = z.union([
  z.strictObject({ p: text }),
  z.strictObject({ h2: text }),
  z.strictObject({ h3: text }),
  z.strictObject({ ul: z.array(text).min(1) }),
  z.strictObject({ ol: z.array(text).min(1) }),
  z.strictObject({ note: text }),
]);
export type Block = z.infer<typeof blockSchema>;

export const blocks = z.array(blockSchema).min(1);

/**
 * What the route table takes from a page's own file (content/treatments/, content/families/, content/legal/): the
 * page's path is its file name, these say how menus, breadcrumbs and search engines treat it.
 */
export const routeFields = {
  /** Short name used in menus, breadcrumbs and chips. */
  label: text,
  /** True for pages search engines must not index (the legal texts and the contest regulation): left out of the sitemap. */
  noindex: z.boolean().optional(),
};

export const seoSchema = z.strictObject({
  title: text,
  description: text.max(170, "opis dla wyszukiwarek: najwyżej 170 znaków"),
  keywords: z.array(text).min(1),
});

/** What a page's document starts with: its note of stand-in texts and what search engines are told about it. */
export const pageHead = { standIn, seo: seoSchema };

/** The copy at the top of a page of its own: its head, its title and the paragraphs under it. */
export const pageCopy = { ...pageHead, title: text, intro: z.array(text).min(1) };

/** A price group's id in pricing.json: its anchor on /cennik and how a page names the prices it shows. */
export const priceGroupId = z
  .string()
  .regex(/^[a-z0-9-]+$/, "identyfikator kategorii cennika: małe litery, cyfry i myślniki");

/** A device's key in content/devices.json, as a treatment or a price group names it ("redTouchPro"). */
export const deviceId = z.string().regex(/^[a-z][A-Za-z0-9]*$/, "identyfikator urządzenia z content/devices.json");

/** A figure's or a study's key in content/figures.json ("endermologiaTalia"), as `{figure.<id>}` and stats name it. */
export const figureId = z.string().regex(/^[a-z][A-Za-z0-9]*$/, "identyfikator liczby z content/figures.json");
