/**
 * Types and validation of everything in content/. The build validates every document with these schemas and stops
 * with the file and the field at fault, so a bad edit never reaches a visitor's page.
 */
import { z } from "zod";
import { blogCategories } from "./blogCategories.ts";
import { families } from "./families.ts";

const text = z.string().trim().min(1, "nie może być puste");
/**
 * A note marking what in this part of a document is our invention standing in for the salon's own data (review
 * texts, names, credentials, contraindication lists, captions under artwork…) and what to do with it. The page
 * does not show it; `npm run launch:check` lists every one with its file and field until it is removed.
 */
const standIn = text.optional();
/**
 * Medical texts (indications, contraindications, preparation, aftercare; the blog's advice) confirmed by a
 * practitioner: who and when. Until it is there, `npm run launch:check` lists those texts.
 */
const medicalReview = z.strictObject({ by: text, date: z.iso.date() }).optional();
/** An image is named by its file name in content/images without the extension; the image pipeline emits its sizes. */
const imageName = z.string().regex(/^[a-z0-9-]+$/, "nazwa obrazu: małe litery, cyfry i myślniki");
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

const blocks = z.array(blockSchema).min(1);

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

const seoSchema = z.strictObject({
  title: text,
  description: text.max(170, "opis dla wyszukiwarek: najwyżej 170 znaków"),
  keywords: z.array(text).min(1),
});

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
export const serviceSchema = z.union([
  z.strictObject({ name: text, price: priceText, isPromo: z.boolean().optional(), note: text.optional() }),
  z.strictObject({
    name: text,
    options: z.array(z.strictObject({ name: text, price: priceText })).min(1),
    isPromo: z.boolean().optional(),
    note: text.optional(),
  }),
]);
export type Service = z.infer<typeof serviceSchema>;

/**
 * A price group: one heading of the price list with its services. pricing.json keeps the names the salon's format
 * gives them (the list is `categories`, a group's heading `category`); the code calls them price groups, so that
 * "category" means only a blog article's category.
 */
const priceGroupId = z.string().regex(/^[a-z0-9-]+$/, "identyfikator kategorii cennika: małe litery, cyfry i myślniki");
export const priceGroupSchema = z.strictObject({
  /** Anchor on /cennik and the key treatment pages use to show their prices. */
  id: priceGroupId,
  /** The group's heading. */
  category: text,
  description: text.optional(),
  services: z.array(serviceSchema).min(1),
});
export type PriceGroup = z.infer<typeof priceGroupSchema>;

export const pricingDocumentSchema = z.strictObject({
  categories: z.array(priceGroupSchema).min(1),
  redTouchPro: priceGroupSchema.extend({ description: text }),
  ondaPro: priceGroupSchema.extend({ description: text }),
});
export type PricingDocument = z.infer<typeof pricingDocumentSchema>;

// ---------------------------------------------------------------- home.json (built-in entities of the home page)
export const homeDocumentSchema = z.strictObject({
  standIn,
  seo: seoSchema,
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
  standIn,
  seo: seoSchema,
  title: text,
  intro: z.array(text).min(1),
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

// ---------------------------------------------------------------- treatments/*.json (one treatment template)
/** The treatment template adds the sections with these anchors itself (its prices and the booking box). */
const templateAnchors = new Set(["cennik", "rezerwacja"]);

const anchor = z
  .string()
  .regex(/^[a-z0-9-]+$/, "kotwica: małe litery, cyfry i myślniki")
  .refine((id) => !templateAnchors.has(id), "kotwice 'cennik' i 'rezerwacja' dodaje szablon");

const photoSchema = imageSchema;

export const treatmentSchema = z.strictObject({
  ...routeFields,
  family: z.enum(families),
  standIn,
  medicalReview,
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
  stats: z
    .strictObject({
      title: text,
      items: z.array(z.strictObject({ value: text, label: text, footnote: z.number().int().min(1).optional() })).min(1),
      footnotes: z.array(text).min(1),
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
      /** 'full' has arrows, dots and a counter; 'dots' has dots only (ONDA PRO body). */
      controls: z.enum(["full", "dots"]),
      photos: z.array(photoSchema).min(2),
      standIn,
    })
    .optional(),
  gallery: z.strictObject({ title: text, images: z.array(photoSchema).min(1), standIn }).optional(),
  pricing: z.strictObject({
    /** Ids of the price groups in pricing.json this page shows (its `categories`, or 'red-touch-pro' / 'onda-pro'). */
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

// ---------------------------------------------------------------- needs.json
export const needsDocumentSchema = z.strictObject({
  standIn,
  seo: seoSchema,
  title: text,
  intro: z.array(text).min(1),
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
export const promotionsDocumentSchema = z.strictObject({
  standIn,
  seo: seoSchema,
  title: text,
  intro: text,
  referral: z.strictObject({ title: text, paragraphs: z.array(text).min(1), standIn }),
  cards: z
    .array(
      z
        .strictObject({
          id: z.enum(["pca", "redtouch", "lpg", "virtue"]),
          name: text,
          description: text,
          url: z.url(),
          oldPrice: z.number().positive(),
          newPrice: z.number().positive(),
          /** What the two prices are for when the promotion covers more than that ("Zabieg na twarz"); shown above them. */
          priceScope: text.optional(),
          /**
           * A reduction: the regular price struck out and the saving in per cent. The price information act (art. 6a,
           * the Omnibus rule) wants the lowest price of the 30 days before the reduction beside it, and the saving is
           * counted from that price. The salon's price history decides it: `standIn` until the salon confirms it.
           */
          reduction: z.strictObject({ lowestPrice30Days: z.number().positive(), standIn }).optional(),
          /**
           * Not a reduction: a first-visit price of a different service than the regular one (LPG Infinity: 30 minutes
           * against a 35-minute treatment). Both prices are shown with their names and nothing is struck out.
           */
          compare: z.strictObject({ newLabel: text, oldLabel: text }).optional(),
          image: imageName,
          alt: z.string(),
        })
        .refine((card) => Boolean(card.reduction) !== Boolean(card.compare), {
          message:
            "karta to albo obniżka („reduction” z najniższą ceną z 30 dni), albo zestawienie dwóch różnych usług („compare”)",
          path: ["reduction"],
        }),
    )
    .length(4),
});
export type PromotionsDocument = z.infer<typeof promotionsDocumentSchema>;

// ---------------------------------------------------------------- blog/*.json

export const articleSchema = z.strictObject({
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
  /** ISO date; the page shows it as a Polish date. */
  date: z.iso.date(),
  category: z.enum(blogCategories),
  body: blocks,
  cta: z.strictObject({ title: text, text: text }),
});
export type Article = z.infer<typeof articleSchema>;

// ---------------------------------------------------------------- blog.json (list page copy)
export const blogPageSchema = z.strictObject({ standIn, seo: seoSchema, title: text, intro: text });

// ---------------------------------------------------------------- legal/*.json (legal texts, contest regulation)
export const legalPageSchema = z
  .strictObject({
    ...routeFields,
    standIn,
    seo: seoSchema,
    title: text,
    lead: text.optional(),
    /** ISO date from which this version of the document applies ("Obowiązuje od"). */
    updated: z.iso.date().optional(),
    /**
     * ISO date of the last change to the text, when it came later ("Ostatnia zmiana"): the day someone changed it,
     * never the build's date — a date that moves with every build tells a reader nothing.
     */
    changed: z.iso.date().optional(),
    sections: z.array(z.strictObject({ title: text, blocks, standIn })).min(1),
  })
  .refine((page) => !page.changed || !page.updated || page.changed >= page.updated, {
    message: "data ostatniej zmiany nie może być wcześniejsza niż data, od której dokument obowiązuje",
    path: ["changed"],
  });
export type LegalPage = z.infer<typeof legalPageSchema>;

// ---------------------------------------------------------------- pages/kontakt.json etc. (simple page copy)
export const simplePageSchema = z.strictObject({ standIn, seo: seoSchema, title: text, intro: z.array(text).min(1) });

/** The policy the form's notice links to: the one that describes the form (GDPR art. 13, at the point of collection). */
export const FORM_POLICY_PATH = "/polityka-prywatnosci";

// ---------------------------------------------------------------- pages/kontakt.json
export const contactPageSchema = simplePageSchema.extend({
  /** Shown with the contact form, before it is sent: who collects the data, why, for how long, and no health data. */
  formNotice: z.strictObject({
    controller: text
      .refine(
        (t) => /Administrator/.test(t),
        "powiedz, kto jest administratorem danych („Administratorem … jest {legalName}”)",
      )
      .refine(
        (t) => t.includes(`](${FORM_POLICY_PATH})`),
        `podaj link do polityki prywatności: [polityce prywatności](${FORM_POLICY_PATH})`,
      ),
    healthData: text.refine(
      (t) => /zdrow/i.test(t),
      "poproś, by w formularzu nie pisać o zdrowiu (art. 9 RODO: formularz nie ma do tego podstawy)",
    ),
  }),
});
export type ContactPage = z.infer<typeof contactPageSchema>;
