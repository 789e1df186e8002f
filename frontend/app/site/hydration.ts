/**
 * The page is painted before its JavaScript arrives (frontend/build/paintFirst.ts), so a visitor can reach a form
 * before React has taken over. Submitted then, the browser would send the form itself — to the page's own address,
 * with the message in the URL — and the message would be lost. This guard, inline in <head>, holds such a submit
 * and makes it again once the page has hydrated, so React's handler sends it as usual.
 */

/** Set on <html> when React has hydrated the page; also what the end-to-end tests wait for. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
export const HYDRATED_EVENT = "salon:hydrated";

/** Runs inline before the page's content is parsed. Kept as one string: its CSP hash is computed from it. */
export const EARLY_SUBMIT_GUARD =
  "(function(){var held=null;" +
  "function hold(event){event.preventDefault();held=event.target}" +
  "document.addEventListener('submit',hold,true);" +
  `document.addEventListener('${HYDRATED_EVENT}',function(){document.removeEventListener('submit',hold,true);` +
  "if(held&&held.isConnected)held.requestSubmit();held=null},{once:true})})();";

/** Called once from the root component's first effect, i.e. after the whole page has hydrated. */
export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}
