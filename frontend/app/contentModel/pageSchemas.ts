/**
 * The documents of the pages of their own kind with a fixed shape: the legal texts and the contest regulation
 * (content/legal/), the short pages (the price list's intro, the confirmation), the contact page with the form's notice.
 */
import { z } from "zod";
import { blocks, pageCopy, pageHead, routeFields, saying, standIn, text } from "./schemaParts.ts";

// ---------------------------------------------------------------- legal/*.json (legal texts, contest regulation)
export const legalPageSchema = z
  .strictObject({
    ...routeFields,
    ...pageHead,
    title: text,
    lead: text.optional(),
    /** ISO date of the document's first version ("Pierwsza wersja"), when the text has changed since. */
    published: z.iso.date().optional(),
    /**
     * ISO date of the last change to the text, from which this version applies ("Obowiązuje od", or "Ostatnia
     * zmiana" for a document with no first version to name): the day someone changed it, never the build's date — a
     * date that moves with every build tells a reader nothing. tests/unit/legal-dates.test.ts holds it to the day
     * the text last changed in git.
     */
    changed: z.iso.date(),
    sections: z.array(z.strictObject({ title: text, blocks, standIn })).min(1),
  })
  .refine((page) => !page.published || page.changed > page.published, {
    message: "data ostatniej zmiany musi być późniejsza niż data pierwszej wersji",
    path: ["changed"],
  });
export type LegalPage = z.infer<typeof legalPageSchema>;

// ---------------------------------------------------------------- pages/kontakt.json etc. (simple page copy)
export const simplePageSchema = z.strictObject(pageCopy);

/** The policy the form's notice links to: the one that describes the form (GDPR art. 13, at the point of collection). */
export const FORM_POLICY_PATH = "/polityka-prywatnosci";

// ---------------------------------------------------------------- pages/kontakt.json

export const contactPageSchema = simplePageSchema.extend({
  /**
   * Shown with the contact form, before it is sent (GDPR art. 13): who collects the data, why and on what legal basis
   * (ust. 1 lit. c), how long it is kept, who receives it (ust. 1 lit. e: the server's and the mail's providers, our
   * processors) and whether giving it is voluntary (ust. 2 lit. e), the visitor's rights (ust. 2 lit. b) and the
   * complaint to the supervisory authority (ust. 2 lit. d), with the privacy policy a link away; and that health does
   * not belong in the form.
   */
  // Each rule also takes the words of a translation (uk, en): the notice must say the same in every language.
  formNotice: z.strictObject({
    controller: saying([
      [
        /Administrator|адміністратор|controller/i,
        "powiedz, kto jest administratorem danych („Administratorem … jest {legalName}”)",
      ],
    ]),
    purpose: saying([
      [
        /art\. 6 ust\. 1 lit\. [a-f] RODO|6\(1\)\([a-f]\)/,
        "podaj podstawę prawną przetwarzania (art. 6 ust. 1 lit. … RODO; art. 13 ust. 1 lit. c RODO)",
      ],
      [/przechowujemy|we keep|зберігаємо/i, "powiedz, jak długo przechowujemy wiadomość („przechowujemy przez …”)"],
    ]),
    recipients: saying([
      [
        /dobrowoln|voluntar|добровільн/i,
        "powiedz, czy podanie danych jest dobrowolne i co się stanie, gdy ich zabraknie (art. 13 ust. 2 lit. e RODO)",
      ],
      [
        /odbiorc|recipient|одержувач/i,
        "wymień odbiorców danych, także dostawców serwera i poczty (art. 13 ust. 1 lit. e RODO)",
      ],
      [
        /art\. 28 RODO|Article 28|(?:ст\.|статт\p{L}*) 28/u,
        "powiedz, że dostawcy przetwarzają dane w naszym imieniu (podmioty przetwarzające, art. 28 RODO)",
      ],
    ]),
    rights: saying([
      [
        /dostęp|access|доступ/i,
        "wymień prawa osoby, której dane dotyczą: dostęp, sprostowanie, usunięcie, ograniczenie, przenoszenie, sprzeciw (art. 13 ust. 2 lit. b RODO)",
      ],
      [/sprzeciw|object|заперечен/i, "wymień prawo sprzeciwu (art. 21 RODO; art. 13 ust. 2 lit. b RODO)"],
      [
        /Prezesa Urzędu Ochrony Danych Osobowych|Personal Data Protection Office|захисту персональних даних/,
        "podaj prawo skargi do Prezesa Urzędu Ochrony Danych Osobowych (art. 13 ust. 2 lit. d RODO)",
      ],
      [
        new RegExp(`\\]\\(${FORM_POLICY_PATH}\\)`),
        `podaj link do polityki prywatności: [polityce prywatności](${FORM_POLICY_PATH})`,
      ],
    ]),
    healthData: text.refine(
      (t) => /zdrow|health|здоров/i.test(t),
      "poproś, by w formularzu nie pisać o zdrowiu (art. 9 RODO: formularz nie ma do tego podstawy)",
    ),
  }),
});
export type ContactPage = z.infer<typeof contactPageSchema>;
