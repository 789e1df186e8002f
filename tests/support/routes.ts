/**
 * The site's addresses. The salon's required pages are pinned here as fixed facts — not read from the route table
 * that drives routing and prerendering (frontend/app/site/routeTable.ts): a route dropped there must fail the tests
 * (tests/built/routes.test.ts), not silently disappear from them. Pages added as content (a treatment, a legal text,
 * an article: one file in content/ each) are read from content/ here, so every test that loops over the site visits
 * them too, with no test to edit.
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { isTranslationFile } from "../../frontend/app/contentModel/languages";

const contentDir = resolve(import.meta.dirname, "../../content");
const jsonFiles = (folder: string) =>
  readdirSync(resolve(contentDir, folder))
    .filter((f) => f.endsWith(".json") && !isTranslationFile(f))
    .map((f) => f.slice(0, -".json".length));

/** Every concrete route the salon requires, in its route list's order; /blog/{slug} is listed below. */
export const requiredPaths = [
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
  "/natlenienie-skory-3-w-1",
  "/fala-uderzeniowa-twarz",
  "/endermologia-twarzy",
  "/endermologia-ciala",
  "/fala-uderzeniowa-cialo",
  "/redukcja-blizn-rozstepow",
  "/makijaz-permanentny-ust",
  "/makijaz-permanentny-brwi",
  "/kobido-lodz",
  "/pca-skin",
  "/laser-frakcyjny",
  "/mikroiglowa-radiofrekwencja",
  "/mikroiglowa-radiofrekwencja-cialo",
  "/modelowanie-termiczne-twarzy",
  "/modelowanie-termiczne-sylwetki",
  "/polityka-prywatnosci",
  "/rodo",
  "/polityka-prywatnosci-socialmedia",
  "/konkurs",
] as const;

/** The treatment pages the salon requires (16 of them). */
export const requiredTreatmentPaths = requiredPaths.slice(
  requiredPaths.indexOf("/mezoterapia-mikroiglowa"),
  requiredPaths.indexOf("/modelowanie-termiczne-sylwetki") + 1,
);

/** The pages search engines must not index: the legal texts and the contest regulation. */
export const requiredNoindexPaths = [
  "/polityka-prywatnosci",
  "/rodo",
  "/polityka-prywatnosci-socialmedia",
  "/konkurs",
] as const;

/**
 * Our own pages beyond the required ones: the contact form's confirmation, where the mailer sends a form the browser posted
 * itself (JavaScript off, or the page's scripts never ran). Not for search engines.
 */
export const ownPaths = ["/kontakt/wyslano"] as const;

/** The two blog slugs that must have an article page. */
export const requiredArticleSlugs = [
  "jak-zmniejszyc-widocznosc-cellulitu",
  "odmladzanie-skory-laserem-frakcyjnym",
] as const;

/** Every article (every blog list entry has one): content/blog/, which must include the two above. */
export const articlePaths = jsonFiles("blog").map((slug) => `/blog/${slug}`);

/** The pages of the kinds that have many, one file each: the path is the file's name. */
export const contentPageFiles = ["treatments", "families", "legal"].flatMap((folder) =>
  jsonFiles(folder).map((name) => ({
    path: `/${name}`,
    folder,
    noindex:
      (JSON.parse(readFileSync(resolve(contentDir, folder, `${name}.json`), "utf8")) as { noindex?: boolean })
        .noindex === true,
  })),
);

/** Every URL the tests visit: the required routes, our own pages, the pages of content/ and every article. */
export const allPaths = [
  ...new Set([
    ...requiredPaths,
    ...ownPaths,
    ...contentPageFiles.map((page) => page.path),
    ...requiredArticleSlugs.map((slug) => `/blog/${slug}`),
    ...articlePaths,
  ]),
];

/** One page of each template (and the form's confirmation): where a loop over every page would repeat itself. */
export const onePagePerKind = [
  "/",
  "/zabiegi-na-twarz",
  "/twoje-potrzeby",
  "/cennik",
  "/kontakt",
  "/promocje",
  "/blog",
  articlePaths[0]!,
  requiredTreatmentPaths[0]!,
  "/rodo",
  ...ownPaths,
];
