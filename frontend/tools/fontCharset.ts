/** The characters the self-hosted fonts keep (frontend/tools/fonts.ts); also what tests/built/fonts.test.ts checks pages against. */

/**
 * The characters of the Latin files: what Polish and English text on this site is set in, and nothing more, because
 * every byte of these files stands before the first paint. Each file has to fit, with its ≈ 0.8 KB of response
 * headers, into the first round trip of a new connection (TCP's initial window: 10 × 1460 = 14,600 bytes); one byte
 * more and a phone on a mobile network waits a whole round trip longer for it (docs/performance.md). So: Basic Latin,
 * the Polish letters (Ó ó from Latin-1, Ą ą Ć ć Ę ę Ł ł Ń ń Ś ś Ź ź Ż ż), é for English (décolletage, ombré; ê for
 * crêpey in the body only), nbsp, © « ® ° · » ×, dashes, quotes incl. „ ”, bullet, ellipsis, €, minus. The other
 * Latin-1 letters (à, ñ, ß…) and primes are left out: no text here uses them, and the content's characters are
 * checked against this list by tests/built/fonts.test.ts on every built page. Anything else (→, ₂) falls back to the
 * next font of the stack.
 */
const TEXT = [
  "U+00A0",
  "U+00A9",
  "U+00AB",
  "U+00AE",
  "U+00B0",
  "U+00B7",
  "U+00BB",
  "U+00D3",
  "U+00D7",
  "U+00F3",
  "U+0104-0107",
  "U+0118-0119",
  "U+0141-0144",
  "U+015A-015B",
  "U+0179-017C",
  "U+2013-2014",
  "U+2018-201A",
  "U+201C-201E",
  "U+2022",
  "U+2026",
  "U+20AC",
  "U+2212",
];

/** The body font: all of Basic Latin besides. */
export const BODY_UNICODES = ["U+0020-007E", "U+00E9-00EA", ...TEXT].join(",");

/**
 * The headings' font: Basic Latin without the programmer's symbols (< > [ \ ] ^ _ ` { | } ~), which no heading
 * uses; in one they would come from the fallback face.
 */
export const DISPLAY_UNICODES = ["U+0020-003B", "U+003D", "U+003F-005A", "U+0061-007A", "U+00E9", ...TEXT].join(",");

/**
 * The headings' Cyrillic file: the Ukrainian alphabet (А–я without Ё ё, and Є є І і Ї ї Ґ ґ). A file of its own, with
 * this as its unicode-range, so that a browser fetches it only for a page with Ukrainian headings; their digits,
 * spaces and punctuation come from the Latin file.
 */
export const CYRILLIC_UNICODES = ["U+0404", "U+0406-0407", "U+0410-044F", "U+0454", "U+0456-0457", "U+0490-0491"].join(
  ",",
);

/** A range list as pyftsubset reads it, as code point intervals. */
export function parseRanges(ranges: string): [number, number][] {
  return ranges.split(",").map((r) => {
    const [from, to] = r.replace("U+", "").split("-");
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}
