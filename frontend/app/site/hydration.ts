/**
 * The page is painted before its JavaScript arrives (frontend/build/paintFirst.ts), so a visitor can reach a form
 * before React has taken over. Submitted then, the browser would send the form itself — to the page's own address,
 * with the message in the URL — and the message would be lost. This guard, inline in <head>, holds such a submit
 * and makes it again once the page has hydrated, so React's handler sends it as usual — exactly once.
 */

/** Set on <html> when React has hydrated the page; also what the end-to-end tests wait for. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
export const HYDRATED_EVENT = "salon:hydrated";

/**
 * Set by a form's own (React) submit handler on the submit event it has sent: React hydrates a form the visitor
 * submits while the page is hydrating and hands it that very event, so the guard, which holds it too, must not
 * make it again (the message would arrive twice).
 */
export const SUBMIT_HANDLED = "salonSubmitHandled";

/**
 * Runs inline before the page's content is parsed. Kept as one string: its CSP hash is computed from it. It holds
 * the submit event; after hydration it submits again unless a handler already sent that event. A form that
 * hydration replaced (a re-render) is found again by its id and given the values that were held.
 */
export const EARLY_SUBMIT_GUARD =
  "(function(){var held=null;" +
  "function hold(event){event.preventDefault();held=event}" +
  "document.addEventListener('submit',hold,true);" +
  `document.addEventListener('${HYDRATED_EVENT}',function(){document.removeEventListener('submit',hold,true);` +
  `var event=held;held=null;if(!event||event.${SUBMIT_HANDLED})return;var form=event.target;` +
  "if(!form.isConnected){var now=form.id&&document.getElementById(form.id);if(!now)return;" +
  "for(var i=0;i<form.elements.length;i++){var el=form.elements[i];if(el.name&&now.elements[el.name])now.elements[el.name].value=el.value}form=now}" +
  "form.requestSubmit()},{once:true})})();";

/** Called once from the root component's first effect, i.e. after the whole page has hydrated. */
export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}
