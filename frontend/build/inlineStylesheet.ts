/**
 * The stylesheet inside the page: rewrites a prerendered page so that its one stylesheet travels in the HTML.
 *
 * Why: a linked stylesheet is one more request before the first paint. On a phone's network it is asked for only
 * once the head has arrived, a round trip later shares the line with the LCP photo, and then its whole style
 * recalculation runs on the phone's CPU after both have come, so the photo is painted later than on a bare page
 * (docs/performance.md). Inline, the text is styled and painted while the photo is still on its way.
 *
 * The `<link>` stays where React Router put it, `disabled`: React 19 matches a `<link>` in the head by its href when
 * it hydrates, and one missing is added back — then fetched and applied over the page, a second style recalculation
 * of the whole page during hydration, the longest task a slow phone would feel. A disabled stylesheet is neither
 * fetched nor applied, and hydration leaves the element as it is.
 */
const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

/**
 * The page with its stylesheet's text inline, in the link's place; throws, naming the page, when it does not link
 * exactly one stylesheet or its text would end the `<style>` element early.
 */
export function inlineStylesheet(prerendered: string, page: string, read: (href: string) => string): string {
  const links = [...prerendered.matchAll(STYLESHEET)];
  if (links.length !== 1) throw new Error(`${page}: oczekiwano jednego arkusza stylów, jest ${links.length}`);
  const link = links[0]![0];
  const href = links[0]![1]!;
  const css = read(href);
  if (/<\/style/i.test(css)) throw new Error(`${page}: ${href} zawiera „</style”, nie może trafić do strony`);
  return prerendered.replace(link, () => `<style>${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`);
}
