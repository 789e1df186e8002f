/**
 * Types and validation of everything in content/. The build validates every document with these schemas and stops
 * with the file and the field at fault, so a bad edit never reaches a visitor's page. Here: the home page's
 * documents, the price list, the family lists, the needs page, the promotions and the blog; the treatment pages in
 * treatmentSchema.ts, the legal texts and the short pages in pageSchemas.ts, the shared pieces in schemaParts.ts.
 */
import { z } from "zod";
import { blogCategories } from "./blogCategories.ts";
import { families } from "./families.ts";
import {
  blocks,
  imageName,
  medicalReview,
  pageCopy,
  deviceId,
  figureId,
  pageHead,
  priceGroupId,
  routeFields,
  standIn,
  text,
} from "./schemaParts.ts";

export { blockSchema, imageSchema, routeFields, type Block } from "./schemaParts.ts";
export { treatmentSchema, type Treatment } from "./treatmentSchema.ts";
export {
  contactPageSchema,
  FORM_POLICY_PATH,
  legalPageSchema,
  simplePageSchema,
  type ContactPage,
  type LegalPage,
} from "./pageSchemas.ts";

// ---------------------------------------------------------------- content.json (the home page's hero, welcome, services, team)
export const contentDocumentSchema = z.strictObject({
  hero: z.strictObject({
    slides: z
      .array(
        z.strictObject({
          image: imageName,
          alt: z.string(),
          title: text,
          text: text,
        }),
      )
      .min(1),
  }),
  welcome: z.strictObject({ title: text, description: z.array(text).min(1), image: imageName, alt: z.string() }),
  services: z.strictObject({
    title: text,
    items: z
      .array(
        z.strictObject({
          id: z.enum(families),
          category: text,
          description: text,
          image: imageName,
          alt: z.string(),
        }),
      )
      .length(3),
  }),
  team: z.strictObject({
    title: text,
    members: z
      .array(
        z.strictObject({
          name: text,
          role: text,
          description: z.array(text).min(1),
          image: imageName,
          alt: z.string(),
          standIn,
        }),
      )
      .length(2),
  }),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

// ---------------------------------------------------------------- pricing.json (every price; its shape is the salon's: categories[] and two device groups)
const priceText = text;
const amount = z.number().int().positive();
/**
 * A line that is a reduction ("Pierwszy zabieg peelingiem Oxygenating Trio"): the promotion it belongs to (its
 * period, who it is for and how often, in promotions.json) and, for each service its promotional price covers, that
 * service's line of the same price group and its lowest price of the 30 days before the reduction, which the price
 * information act (art. 4 ust. 2) wants beside the reduced price wherever it is announced: the price list, the
 * treatment pages and /promocje show them. The salon's price history decides them: `standIn` until it confirms.
 */
const reductionSchema = z.strictObject({
  promotion: text,
  lowestPrices30Days: z.array(z.strictObject({ service: text, price: amount })).min(1),
  standIn,
});
export type Reduction = z.infer<typeof reductionSchema>;
const serviceFields = {
  name: text,
  /** Highlighted with the word "Promocja": only a reduction, so only with `reduction`. */
  isPromo: z.boolean().optional(),
  reduction: reductionSchema.optional(),
  /** An offer of a promotion that is no reduction (a first visit's own price): its period and terms show beside it. */
  promotion: text.optional(),
  note: text.optional(),
};
export const serviceSchema = z.union([
  z.strictObject({ ...serviceFields, price: priceText }),
  z.strictObject({ ...serviceFields, options: z.array(z.strictObject({ name: text, price: priceText })).min(1) }),
]);
export type Service = z.infer<typeof serviceSchema>;

/**
 * A price group: one heading of the price list with its services. pricing.json keeps the names the salon's format
 * gives them (the list is `categories`, a group's heading `category`); the code calls them price groups, so that
 * "category" means only a blog article's category.
 */
export const priceGroupSchema = z.strictObject({
  /** Anchor on /cennik and the key treatment pages use to show their prices. */
  id: priceGroupId,
  /** The device the group's treatments are performed with (content/devices.json); the price list names it where allowed. */
  device: deviceId.optional(),
  /** The group's heading. */
  category: text,
  description: text.optional(),
  services: z.array(serviceSchema).min(1),
  standIn,
});
export type PriceGroup = z.infer<typeof priceGroupSchema>;

export const pricingDocumentSchema = z.strictObject({
  /** Every price group in the order of /cennik; a device's group is one like the others, naming it in `device`. */
  categories: z.array(priceGroupSchema).min(1),
});
export type PricingDocument = z.infer<typeof pricingDocumentSchema>;

// ---------------------------------------------------------------- devices.json (the device gate's answers, contentModel/devices.ts)
/** What the declaration of conformity says: yes, no, or not yet looked up. */
const answer = z.enum(["yes", "no", "unknown"], "wpisz „yes”, „no” albo „unknown”");
export const deviceRegistrySchema = z.record(
  deviceId,
  z
    .strictObject({
      /** Every name and model a text might use, the one the pages show first ("Red Touch Pro", "Red Touch"). */
      names: z.array(text).min(1),
      /** How the pages speak of the treatment instead ("zabieg laserowy frakcyjny"): the refusal suggests it. */
      service: text,
      /** Whether the device is a medical device, as its EU declaration of conformity says. */
      medicalDevice: answer,
      /** Whether it is intended for professional use only, as its declaration and instructions for use say. */
      professionalUse: answer,
      /** Where the answers come from ("deklaracja zgodności UE z 12.03.2024"). */
      declaration: text.optional(),
    })
    .refine((device) => device.medicalDevice === "unknown" || device.declaration !== undefined, {
      message: "podaj w „declaration”, skąd pochodzi odpowiedź (deklaracja zgodności UE, jej data)",
      path: ["declaration"],
    }),
);
export type DeviceRegistry = z.infer<typeof deviceRegistrySchema>;

// ---------------------------------------------------------------- figures.json (numbers that claim an effect, each with its study)
/**
 * A study a figure comes from. Every field the pages show beside the figure is needed before production shows it
 * (unfair market practices act, art. 5: a number of an effect the salon cannot source misleads); until then a local
 * or demonstration build marks the figure as a stand-in and `npm run launch:check` lists it.
 */
const studySchema = z.strictObject({
  author: text.optional(),
  title: text.optional(),
  year: z.number().int().min(1900).max(2100).optional(),
  /** Who was studied, with their number ("32 kobiety w wieku 25–55 lat"). */
  sample: text.optional(),
  standIn,
});
export const figuresDocumentSchema = z.strictObject({
  studies: z.record(figureId, studySchema),
  figures: z.record(
    figureId,
    z.strictObject({
      /** As the page shows it: "−5,8 cm", "93%". */
      value: text,
      /** Its study, a key of `studies`. */
      study: figureId,
      /** When it was measured ("po serii 10 zabiegów"); production needs it too. */
      after: text.optional(),
      standIn,
    }),
  ),
});
export type FiguresDocument = z.infer<typeof figuresDocumentSchema>;

// ---------------------------------------------------------------- home.json (built-in entities of the home page)
export const homeDocumentSchema = z.strictObject({
  ...pageHead,
  reviews: z.strictObject({
    title: text,
    /**
     * Where the reviews come from and whether and how the salon checks that their authors were its clients: the
     * unfair practices act (art. 4 ust. 4, art. 7 pkt 23b) wants this beside reviews a trader shows.
     */
    source: text,
    standIn,
    items: z
      .array(
        z.strictObject({
          author: text,
          rating: z.literal(5),
          text: text,
          date: text,
          source: z.literal("google"),
          standIn,
        }),
      )
      .length(3),
  }),
  blogTeaser: z.strictObject({ title: text, slugs: z.array(text).length(2) }),
  seoText: z.strictObject({ title: text, blocks }),
});
export type HomeDocument = z.infer<typeof homeDocumentSchema>;

// ---------------------------------------------------------------- families/*.json (the list page of a treatment family)
export const familyListSchema = z.strictObject({
  ...routeFields,
  family: z.enum(families),
  ...pageCopy,
  entries: z
    .array(
      z.strictObject({
        name: text,
        description: text,
        image: imageName,
        alt: z.string(),
        benefits: z.array(text).min(1),
        link: z.string().startsWith("/"),
        standIn,
      }),
    )
    .min(1),
});
export type FamilyList = z.infer<typeof familyListSchema>;

// ---------------------------------------------------------------- needs.json
export const needsDocumentSchema = z.strictObject({
  ...pageCopy,
  items: z
    .array(
      z.strictObject({
        title: text,
        description: text,
        /** Paths of treatment routes, shown as chips. */
        treatments: z.array(z.string().startsWith("/")).min(1),
        effects: z.array(text).min(1),
        standIn,
      }),
    )
    .length(15),
});
export type NeedsDocument = z.infer<typeof needsDocumentSchema>;

// ---------------------------------------------------------------- promotions.json
/** A promotion's period, both days included: every page that shows the offer states it. */
export const periodSchema = z
  .strictObject({ from: z.iso.date(), until: z.iso.date() })
  .refine((period) => period.from <= period.until, { message: "koniec okresu nie może być przed jego początkiem" });
export type Period = z.infer<typeof periodSchema>;

export const promotionsDocumentSchema = z.strictObject({
  ...pageHead,
  title: text,
  intro: text,
  referral: z.strictObject({ title: text, period: periodSchema, paragraphs: z.array(text).min(1), standIn }),
  /**
   * One entry per promotion: a new promotion is a new card (and the price-list line it offers names its id). The
   * id is how pricing.json names it; `priceGroup` is the price group its prices come from.
   */
  cards: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/, "identyfikator promocji: małe litery, cyfry i myślniki"),
        standIn,
        name: text,
        period: periodSchema,
        /** Who the offer is for and how often it can be used ("Dla osób, które…, jeden zabieg na osobę."). */
        terms: text,
        description: text,
        /** The promotion's own page (an address on .example stands in: `npm run launch:check` lists it). */
        url: z.url({ protocol: /^https$/ }),
        priceGroup: priceGroupId,
        /**
         * The regular price struck through beside the promotional one: a reduction only, whose price-list line
         * carries the lowest price of the 30 days before it (validatePrices.server.ts). An offer that is no
         * reduction (a first visit's price of a shorter treatment) shows its own price and nothing to compare it with.
         */
        oldPrice: z.number().positive().optional(),
        newPrice: z.number().positive(),
        /** What the prices are for ("Zabieg na twarz", "Pierwszy zabieg, 30 min"); shown above them. */
        priceScope: text.optional(),
        image: imageName,
        alt: z.string(),
      }),
    )
    .min(1)
    .superRefine((cards, ctx) =>
      cards.forEach((card, i) => {
        if (cards.findIndex((other) => other.id === card.id) !== i)
          ctx.addIssue({ code: "custom", path: [i, "id"], message: `identyfikator '${card.id}' już jest na liście` });
      }),
    ),
});
export type PromotionsDocument = z.infer<typeof promotionsDocumentSchema>;

// ---------------------------------------------------------------- blog/*.json

export const articleSchema = z
  .strictObject({
    standIn,
    medicalReview,
    title: text,
    excerpt: text,
    /** Meta description. */
    description: text.max(170, "opis dla wyszukiwarek: najwyżej 170 znaków"),
    keywords: z.array(text).min(1),
    image: imageName,
    alt: z.string(),
    author: text,
    /** ISO date of publication; the page shows it as a Polish date. */
    date: z.iso.date(),
    /**
     * ISO date of the last change to the text, shown as "Zaktualizowano": an article that speaks of later events or
     * links to a later article says when it was brought up to date (frontend/build/validateContent.ts checks).
     */
    updated: z.iso.date().optional(),
    category: z.enum(blogCategories),
    body: blocks,
    cta: z.strictObject({ title: text, text: text }),
  })
  .refine((article) => !article.updated || article.updated > article.date, {
    message: "data aktualizacji musi być późniejsza niż data publikacji",
    path: ["updated"],
  });
export type Article = z.infer<typeof articleSchema>;
/** What an article's card shows (the list, the home page's teaser): the body stays on the article's page. */
export type ArticleSummary = Pick<Article, "title" | "excerpt" | "image" | "alt" | "author" | "date" | "category"> & {
  slug: string;
};

// ---------------------------------------------------------------- blog.json (list page copy)
export const blogPageSchema = z.strictObject({ ...pageHead, title: text, intro: text });
