/**
 * The site's addresses, pinned here from the spec's route table (section 2) — not read from the route table that
 * drives routing and prerendering (frontend/app/site/routeTable.ts): a route dropped there must fail the tests
 * (tests/build/routes.test.ts), not silently disappear from them.
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";

/** Every concrete route of the spec, in the spec's order; /blog/{slug} is listed below. */
export const specPaths = [
  "/",
  "/zabiegi-na-twarz",
  "/zabiegi-na-cialo",
  "/makijaz-permanentny",
  "/twoje-potrzeby",
  "/cennik",
  "/kontakt",
  "/promocje",
  "/blog",
  "/mezoterapia-mikroiglowa",
  "/geneo",
  "/storz-medical-twarz",
  "/endermologia-LPG",
  "/LPG-Infinity-Endermologia",
  "/storz-medical",
  "/redukcja-blizn-rozstepow",
  "/makijaz-permanentny-ust",
  "/makijaz-permanentny-brwi",
  "/kobido-lodz",
  "/pca-skin",
  "/red-touch-pro",
  "/virtue-rf",
  "/virtue-rf-cialo",
  "/onda-pro-twarz",
  "/onda-pro",
  "/polityka-prywatnosci",
  "/rodo",
  "/polityka-prywatnosci-socialmedia",
  "/konkurs",
] as const;

/** The spec's treatment pages (its "Treatment pages" rows). */
export const specTreatmentPaths = specPaths.slice(specPaths.indexOf("/mezoterapia-mikroiglowa"), specPaths.indexOf("/onda-pro") + 1);

/** The spec's noindex pages. */
export const specNoindexPaths = ["/polityka-prywatnosci", "/rodo", "/polityka-prywatnosci-socialmedia", "/konkurs"] as const;

/**
 * Our own pages beyond the spec's: the contact form's confirmation, where the mailer sends a form the browser posted
 * itself (JavaScript off, or the page's scripts never ran). Not for search engines.
 */
export const ownPaths = ["/kontakt/wyslano"] as const;

/** The two blog slugs the spec knows to have a detail page. */
export const specArticleSlugs = ["jak-skutecznie-pozbyc-sie-cellulitu", "red-touch-pro-rewolucja-w-odmladzaniu-skory"] as const;

/** Our further articles (every list entry has one): content/blog, which must include the spec's two. */
export const articlePaths = readdirSync(resolve(import.meta.dirname, "../../content/blog"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => `/blog/${f.slice(0, -5)}`);

/** Every URL the tests visit: the spec's routes, our own pages, the spec's two articles and the other articles. */
export const allPaths = [...new Set([...specPaths, ...ownPaths, ...specArticleSlugs.map((slug) => `/blog/${slug}`), ...articlePaths])];
