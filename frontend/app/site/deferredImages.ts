/**
 * Photos that are not the page's LCP image are fetched once the page has painted, and only when they come within
 * NEAR_VIEWPORT_PX of the screen. Why: Chrome starts every lazy image within 1250 px of the viewport on a 4G
 * connection, 3000 px when it cannot tell the network (as under Lighthouse), with the first layout; on a phone those
 * photos share the first second's bandwidth with the stylesheet, the fonts and the one photo the visitor sees first
 * (a treatment list: six of ≈ 40 KB), and the home page would fetch half a megabyte of photos nobody has scrolled
 * to. So the prerendered page gives such an image a placeholder of its own shape (a transparent SVG: the box is as
 * big as the photo will be, nothing moves when it arrives) and its real addresses in data- attributes (a <source>
 * keeps the placeholder as its srcset, which HTML requires). This inline script puts them in place after the first
 * contentful paint, each as it comes near; from hydration on <Picture> does the same by itself (usePhotoNear), so
 * the rule is one, whichever runs.
 */
export const DEFERRED_SRC = "data-src";
export const DEFERRED_SRCSET = "data-srcset";
export const DEFERRED_SIZES = "data-sizes";

/** How far below (or above) the screen a photo starts to load: Chrome's own distance on a 4G connection. */
export const NEAR_VIEWPORT_PX = 1250;
export const NEAR_MARGIN = `${NEAR_VIEWPORT_PX}px 0px`;

/**
 * A transparent image of the photo's shape: an <img> with it lays out exactly as with the photo. Encoded whole: a
 * srcset splits its candidates at spaces.
 */
export const placeholder = (width: number, height: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"/>`)}`;

/**
 * Runs inline in <head>; kept as one string: its CSP hash is computed from it (postbuild). After the first
 * contentful paint once the document is parsed (after the first frame where the paint timing API is missing; a
 * hidden tab paints nothing, so a timer starts it there), each deferred photo is put in place as it comes near the
 * screen, all at once where IntersectionObserver is missing. <source> first: the <img> then picks AVIF or WebP.
 */
export const DEFERRED_IMAGES_AFTER_PAINT =
  "(function(){var started=false;" +
  "function show(img){var p=img.parentNode,s=p?p.querySelectorAll('source'):[];" +
  `for(var i=0;i<s.length;i++)if(s[i].hasAttribute('${DEFERRED_SRCSET}')){s[i].setAttribute('sizes',s[i].getAttribute('${DEFERRED_SIZES}'));s[i].setAttribute('srcset',s[i].getAttribute('${DEFERRED_SRCSET}'))}` +
  `img.setAttribute('src',img.getAttribute('${DEFERRED_SRC}'))}` +
  `function start(){if(started)return;started=true;var m=document.querySelectorAll('img[${DEFERRED_SRC}]');` +
  "if(!window.IntersectionObserver){for(var j=0;j<m.length;j++)show(m[j]);return}" +
  `var io=new IntersectionObserver(function(es){for(var k=0;k<es.length;k++)if(es[k].isIntersecting){io.unobserve(es[k].target);show(es[k].target)}},{rootMargin:'${NEAR_MARGIN}'});` +
  "for(var j=0;j<m.length;j++)io.observe(m[j])}" +
  "function ready(){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',start);else start()}" +
  "try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)ready()}).observe({type:'paint',buffered:true})}" +
  "catch(e){requestAnimationFrame(function(){setTimeout(ready,0)})}setTimeout(ready,3000)})();";

/**
 * Without JavaScript the placeholders would stay: their pictures are hidden then, and the copy each has in a
 * <noscript> beside it (Picture.tsx, NoScriptPicture) is shown in its place, laid out as if it were the picture.
 */
export const NO_SCRIPT_IMAGES_CSS = `picture:has(>img[${DEFERRED_SRC}]){display:none}noscript{display:contents}`;
