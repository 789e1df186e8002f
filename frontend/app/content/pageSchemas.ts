/**
 * The documents of the pages of their own kind with a fixed shape: the legal texts and the contest regulation
 * (content/legal/), the short pages (the price list's intro, the confirmation), the contact page with the form's notice.
 */
import { z } from "zod";
import { blocks, routeFields, seoSchema, standIn, text } from "./schemaParts.ts";

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
