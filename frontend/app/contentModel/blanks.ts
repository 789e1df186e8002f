/**
 * A text's `{blanks}` filled in: the words that travel as data (site/words/<lang>/pages.ts, the date words) hold no
 * functions, so a word that names a number, a name, a price or a date is a text with blanks.
 */

/** fill("Autorka: {name}", { name: "Anna" }) → "Autorka: Anna"; a blank without a value stays as written. */
export const fill = (text: string, values: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{(\w+)\}/g, (blank, key: string) => (key in values ? String(values[key]) : blank));
