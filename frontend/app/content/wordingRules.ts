/**
 * The words and claims a cosmetology salon's public copy must not contain, each with the law or the safety rule it
 * comes from. The content check (read.server.ts, validate.server.ts) applies them to every document and names the
 * file and the field of each text that breaks one; the built-site tests read the same rules.
 */

/**
 * Words a cosmetology salon must not use about its own work: it does not treat ("leczymy", "leczony obszar"),
 * diagnose or have patients. "Leczenie" stays allowed: it is the client's treatment by a doctor
 * ("w trakcie leczenia", "leczenie przeciwzakrzepowe").
 */
export const MEDICAL_WORDING =
  /(?<!\p{L})(leczymy|leczę|wylecz\p{L}*|leczon\p{L}*|leczni\p{L}*|pacjent\p{L}*|diagnoz\p{L}*)(?!\p{L})/iu;

/**
 * Isotretinoin (an acne medicine) rules a treatment out during the course and for at least 6 months after it ends:
 * a text that names it says so in the same sentence or list item.
 */
export const ISOTRETINOIN = /izotretynoin/i;
export const ISOTRETINOIN_INTERVAL = /(mniej niż|co najmniej|najmniej|minimum) 6 miesięcy/;

/**
 * A regular price set beside a promotional one announces a reduction, which the price information act (art. 6a)
 * allows only with the lowest price of the 30 days before it: the promotion cards show that, so running text names
 * the promotional price alone and links to /promocje.
 */
export const REDUCTION_WORDING =
  /(?<!\p{L})(cen\p{L}* regularn\p{L}*|regularn\p{L}* cen\p{L}*|zamiast \d+ zł|taniej o \d+|przed obniżką)(?!\p{L})/iu;
