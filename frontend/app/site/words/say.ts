/**
 * The page words' blanks filled in (pages.ts): they travel as data, so a word that names a number, a name or a price
 * is a text with `{blanks}`, not a function.
 */
import type { ConsultationCost } from "../../contentModel/pricing";
import type { PageWords } from "./pl/pages";
import { fill } from "../../contentModel/blanks";

/** A consultation offered: the link's label and the sentence saying what it costs ("0 zł" is free). */
export const consultationWords = (words: PageWords["consultation"], cost: ConsultationCost) => ({
  label: cost.free ? words.bookFree : fill(words.book, { price: cost.price }),
  sentence: cost.free ? words.free : fill(words.costs, { price: cost.price }),
});
