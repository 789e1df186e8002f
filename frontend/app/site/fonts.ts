/**
 * The web fonts are not part of the page a visitor enters the site by.
 *
 * Why: on a phone's network everything fetched before the page's largest paint shares the line with its LCP photo.
 * Over HTTP/2 (production) the page, its stylesheet and the photo travel one after another on one connection, and
 * the two fonts would add half a round trip and more to the home page's photo, far past the LCP budget against a
 * bare page (docs/performance.md). So the entry page is set in the fonts'
 * metric-matched local fallbacks (styles/fonts.scss: the same line breaks and heights, near enough), the font files
 * are fetched once the page has hydrated and its first screen is painted, and the next page — a client-side
 * navigation, or a full load from one of the site's own pages, a reload, back or forward — is set in them from its
 * first frame: they are in memory or in the cache by then, and `font-display: optional` leaves out a face that is
 * not, instead of moving the text when it comes.
 *
 * After a client-side navigation only the page's content (<main>) changes faces, in the frame that first shows it:
 * it is new there, so nothing moves. The header, the footer and the cookie banner stay on the screen across pages
 * and keep the faces they were first painted in until the next full load: where the fallback is not metric-matched
 * (a system without the local faces named in styles/fonts.scss) a face switched under them moves their text, and
 * the fixed banner's height, well after the visitor's click on a slow phone.
 *
 * Without JavaScript the class is never set and the page asks for the fonts itself.
 */
export const FONTS_LATER_CLASS = "fonts-later";

/** Added beside FONTS_LATER_CLASS once a page after the entry page is shown: its content is in the web fonts. */
export const FONTS_IN_CONTENT_CLASS = "fonts-in-content";

/**
 * Runs inline in <head>, before the first paint; kept as one string: its CSP hash is computed from it (postbuild).
 * A page reached from one of the site's own pages (its referrer is this origin), reloaded, or come back to has had
 * the fonts fetched already; any other is an entry page. Where the navigation timing API is missing, the referrer
 * alone decides.
 */
export const FONTS_ON_ENTRY =
  "(function(){var d=document,n=window.performance&&performance.getEntriesByType?performance.getEntriesByType('navigation')[0]:null,t=n&&n.type;" +
  "if(t==='reload'||t==='back_forward')return;" +
  "try{if(d.referrer&&new URL(d.referrer).origin===location.origin)return}catch(e){}" +
  `d.documentElement.classList.add('${FONTS_LATER_CLASS}')})()`;

/**
 * The families to fetch (the body font is one variable file for every weight). Each is asked for the page's text, so
 * that a Ukrainian page gets the headings' Cyrillic file too and the others do not (unicode-range, styles/fonts.scss).
 */
const FACES = ['600 1em "Cormorant Garamond"', '400 1em "Jost"'];

let fontsLoaded = false;

/**
 * Resolves once the screen the visitor entered on has been painted whole: the page and its photos loaded, the photos
 * on the screen decoded, and frames painted after that. Hydration alone is not that point: on a slow phone's CPU the
 * LCP photo can arrive before the scripts have run and still be decoded and painted after them.
 */
async function afterFirstScreen(): Promise<void> {
  if (document.readyState !== "complete")
    await new Promise((resolve) => addEventListener("load", resolve, { once: true }));
  const onScreen = [...document.images].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight && box.width > 0;
  });
  await Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
  for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
  await new Promise((resolve) => setTimeout(resolve));
}

/**
 * Called once the page has hydrated: on an entry page, fetches the font files its text needs without using them (no
 * text is set in them yet, so nothing moves) once its first screen has been painted.
 */
export function fetchFontsAfterEntry(): void {
  if (!document.documentElement.classList.contains(FONTS_LATER_CLASS) || !document.fonts) return;
  afterFirstScreen()
    .then(() => {
      const text = document.querySelector("main")?.textContent || " ";
      return Promise.all(FACES.map((face) => document.fonts.load(face, text)));
    })
    .then(
      (loaded) => {
        fontsLoaded = loaded.every((faces) => faces.length > 0);
      },
      () => {},
    );
}

/**
 * Called in the frame that shows the next page of a client-side navigation, before it is painted: from there on the
 * pages' content is set in the web fonts, once they are in.
 */
export function showContentInWebFonts(): void {
  if (fontsLoaded) document.documentElement.classList.add(FONTS_IN_CONTENT_CLASS);
}
