/**
 * The pages a browser test visits when what it checks comes from the templates and the components, not from each
 * page's own words (layout, what covers what, colours, focus, what a script does): one page of each template, and
 * the treatment pages whose content brings a component of its own — a carousel with arrows (and a promotion box),
 * one with dots only, a gallery, a study's figures with their footnotes, the list of peels. tests/built/page-sample
 * .test.ts proves that these pages hold every component of the built site (every class of its markup): a page that
 * brings another fails there until it is added here, so no component is left out of those tests.
 */
import { onePagePerKind } from "./routes";

export const componentSample = [
  ...new Set([
    ...onePagePerKind,
    "/laser-frakcyjny",
    "/modelowanie-termiczne-sylwetki",
    "/makijaz-permanentny-ust",
    "/endermologia-ciala",
    "/pca-skin",
  ]),
];
