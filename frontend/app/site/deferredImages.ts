/**
 * Photos that are not the page's LCP image are fetched once the page has painted, and only when they come within
 * NEAR_VIEWPORT_PX of the screen. Why: Chrome starts every lazy image within 1250 px of the viewport on a 4G
 * connection, 3000 px when it cannot tell the network (as under Lighthouse), with the first layout; on a phone those
 * photos share the first second's bandwidth with the stylesheet and the one photo the visitor sees first (a
 * treatment list: six of ≈ 40 KB), and the home page would fetch half a megabyte of photos nobody has scrolled to.
 *
 * How: the prerendered page gives such a photo its real addresses, `loading="lazy"` and the DEFERRED attribute, which
 * DEFERRED_IMAGES_CSS makes `display: none` while scripts run. A lazy image that is not rendered is never fetched,
 * and no placeholder is fetched either: its <picture> holds the box (styles/global.scss), so nothing moves when the
 * photo is shown. The inline script below takes the attribute away once the page has painted, from each
 * photo as its picture comes near the screen, and the browser loads it; from hydration on <Picture> does the same by
 * itself (usePhotoNear), so the rule is one, whichever runs.
 *
 * Why no placeholder image (such as a transparent SVG of the photo's shape as a `data:` address): Lighthouse's
 * model of a phone's network counts a `data:` image as a request in flight, and two of them beside the stylesheet
 * divide the connection's window by three — the home page's hero photo would take a round trip more
 * (docs/performance.md).
 */
import { whenPainted } from "./firstPaint";

export const DEFERRED = "data-deferred";

/** How far below (or above) the screen a photo starts to load: Chrome's own distance on a 4G connection. */
export const NEAR_VIEWPORT_PX = 1250;
export const NEAR_MARGIN = `${NEAR_VIEWPORT_PX}px 0px`;

/**
 * While scripts run, a deferred photo is not rendered (so not fetched) until the script or <Picture> shows it.
 * Without scripts (and in a browser that does not know the `scripting` media feature) it is shown at once and the
 * browser's own lazy loading takes it from there.
 */
export const DEFERRED_IMAGES_CSS = `@media (scripting:enabled){img[${DEFERRED}]{display:none}}`;

/**
 * Without JavaScript a slideshow's hidden photos, which come only after hydration, are shown from the copy each has
 * in a <noscript> (NoScriptPicture), laid out as if it were their picture.
 */
export const NO_SCRIPT_IMAGES_CSS = "noscript{display:contents}";

/**
 * Runs inline in <head>; kept as one string: its CSP hash is computed from it (postbuild). Once the page has painted
 * (firstPaint.ts) and the document is parsed, each deferred photo is shown as its picture comes near the
 * screen, all at once where IntersectionObserver is missing.
 */
export const DEFERRED_IMAGES_AFTER_PAINT =
  "(function(){var started=false;" +
  `function show(p){var img=p.querySelector('img[${DEFERRED}]');if(img)img.removeAttribute('${DEFERRED}')}` +
  `function start(){if(started)return;started=true;var m=document.querySelectorAll('picture>img[${DEFERRED}]');` +
  "if(!window.IntersectionObserver){for(var j=0;j<m.length;j++)show(m[j].parentNode);return}" +
  `var io=new IntersectionObserver(function(es){for(var k=0;k<es.length;k++)if(es[k].isIntersecting){io.unobserve(es[k].target);show(es[k].target)}},{rootMargin:'${NEAR_MARGIN}'});` +
  "for(var j=0;j<m.length;j++)io.observe(m[j].parentNode)}" +
  "function ready(){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',start);else start()}" +
  `(${String(whenPainted)})(ready)})();`;
