/** The treatment template's document (content/treatments/*.json): one file per treatment page. */
import { z } from "zod";
import { families } from "./families.ts";
import {
  blocks,
  deviceId,
  figureId,
  imageSchema,
  medicalReview,
  priceGroupId,
  routeFields,
  saying,
  seoSchema,
  standIn,
  text,
} from "./schemaParts.ts";

/** The treatment template adds the sections with these anchors itself (its prices and the booking box). */
const templateAnchors = new Set(["cennik", "rezerwacja"]);

const anchor = z
  .string()
  .regex(/^[a-z0-9-]+$/, "kotwica: małe litery, cyfry i myślniki")
  .refine((id) => !templateAnchors.has(id), "kotwice 'cennik' i 'rezerwacja' dodaje szablon");

const photoSchema = imageSchema;

/**
 * Said under every gallery of clients' photos: that they are the salon's clients, shown with their consent (GDPR
 * art. 9 ust. 2 lit. a – skin can reveal health –, copyright act art. 81), and that effects are individual (unfair
 * market practices act, art. 5: a photo is no promise); in a translation, in its words.
 */
const consentNote = saying([
  [/klient|client|клієнт/i, "powiedz, że zdjęcia przedstawiają klientki salonu"],
  [
    /zgod|consent|згод/i,
    "powiedz, że publikujemy je za zgodą osób na zdjęciach (art. 9 ust. 2 lit. a RODO, art. 81 prawa autorskiego)",
  ],
  [/indywidual|individual|індивідуал/i, "powiedz, że efekty są indywidualne"],
]);

export const treatmentSchema = z.strictObject({
  ...routeFields,
  family: z.enum(families),
  standIn,
  medicalReview,
  /** The device the treatment is performed with (content/devices.json): the page names it only where that is allowed. */
  device: deviceId.optional(),
  name: text,
  title: text,
  lead: text,
  seo: seoSchema,
  hero: imageSchema,
  /** Short facts shown under the lead (duration, series, effect). */
  highlights: z.array(z.strictObject({ label: text, value: text })).optional(),
  /** A notice shown prominently, e.g. when a device becomes available. */
  notice: text.optional(),
  promo: z.strictObject({ title: text, text: text }).optional(),
  /**
   * Numbers from a study, each a figure of content/figures.json (its value and study are there, once): the template
   * shows each with a footnote naming its study, or marking it as a stand-in while the study is incomplete.
   */
  stats: z
    .strictObject({
      title: text,
      items: z.array(z.strictObject({ figure: figureId, label: text })).min(1),
      /** Under the footnotes: what the numbers are, and are not ("opisują badaną grupę…"). */
      note: text,
      standIn,
    })
    .optional(),
  sections: z.array(z.strictObject({ id: anchor, title: text, blocks, standIn })).min(1),
  /** Named items with benefits, e.g. the PCA Skin peels. */
  variants: z
    .strictObject({
      id: anchor,
      title: text,
      intro: text.optional(),
      items: z.array(z.strictObject({ name: text, description: text, benefits: z.array(text).min(1) })).min(1),
    })
    .optional(),
  beforeAfter: z
    .strictObject({
      title: text,
      /** 'full' has arrows, dots and a counter; 'dots' has dots only (the thermal body modelling's). */
      controls: z.enum(["full", "dots"]),
      photos: z.array(photoSchema).min(2),
      note: consentNote,
      standIn,
    })
    .optional(),
  gallery: z.strictObject({ title: text, images: z.array(photoSchema).min(1), note: consentNote, standIn }).optional(),
  pricing: z.strictObject({
    /** Ids of the price groups in pricing.json this page shows (its `categories`). */
    groups: z.array(priceGroupId).min(1),
    notes: z.array(text).optional(),
  }),
  booking: z.strictObject({
    title: text,
    text: text,
    actions: z
      .array(
        z.strictObject({
          kind: z.enum(["online", "contact", "pricing", "phone"]),
          label: text,
        }),
      )
      .min(1),
  }),
  /**
   * The price of the page's Service in structured data, as a line of pricing.json (its price group's id, service
   * name and option name), so that every price has one source; the line must be one the page's own price list shows.
   */
  offer: z
    .strictObject({
      priceGroup: priceGroupId,
      service: text,
      option: text.optional(),
      /** The Service's name in the salon's offer catalogue (BeautySalon.hasOfferCatalog), when it is one of its entries. */
      catalogue: text.optional(),
    })
    .optional(),
});
export type Treatment = z.infer<typeof treatmentSchema>;
