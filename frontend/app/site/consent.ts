/**
 * The visitor's cookie choice and what it governs. The choice is stored under localStorage `cookieConsent`
 * ('accepted' | 'declined'); Google's consent-mode fields in the analytics data array are denied on every page, as
 * no purpose of the site needs them (CONSENT_PURPOSES). Nothing may load third-party content before that choice.
 */
import { useSyncExternalStore } from "react";

export const CONSENT_KEY = "cookieConsent";
export type ConsentChoice = "accepted" | "declined";
export const CONSENT_FIELDS = ["ad_storage", "analytics_storage", "ad_user_data", "ad_personalization"] as const;

/**
 * What 'Akceptuję' consents to: the purposes the site has and nothing else — consent must be specific (GDPR art. 4
 * pkt 11), so the banner names exactly these. The one purpose is the interactive map on /kontakt (LocationMap). The
 * site runs no statistics and no advertising, so the consent-mode fields stay denied whatever the visitor chooses;
 * a purpose that needs one would be added here, grant its field on 'Akceptuję' and be named in the banner.
 */
export const CONSENT_PURPOSES = ["map"] as const;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** The <html> attribute that holds the visitor's choice for this page view (the banner's stylesheet reads it). */
export const CONSENT_ATTRIBUTE = "data-consent";
/** The attribute of the banner's buttons naming the choice each makes: the inline script below acts on it. */
export const CONSENT_CHOICE_ATTRIBUTE = "data-consent-choice";

/**
 * Runs inline in <head> before any other script, so a tag manager added later sees the denied defaults first. Kept
 * as one string: its CSP hash is computed from it.
 *
 * It also carries the banner until the page has hydrated. The prerendered page holds the banner for every visitor
 * (CookieBanner), so that a first visitor has it in the first paint rather than once the JavaScript has come — on a
 * phone that is seconds later, and on a page whose own text is short the banner's paragraph is its largest paint
 * (LCP). A stored choice is marked on <html> here, before the body is parsed, and the banner's stylesheet hides the
 * prerendered banner for it: a returning visitor never sees it flash. A click on one of its buttons before
 * hydration stores the choice and marks it the same way (a delegated listener: the buttons are not parsed yet).
 */
export const CONSENT_BOOTSTRAP = [
  "window.dataLayer=window.dataLayer||[];",
  "window.gtag=function(){window.dataLayer.push(arguments)};",
  `gtag('consent','default',${JSON.stringify(Object.fromEntries(CONSENT_FIELDS.map((field) => [field, "denied"])))});`,
  "(function(d){var h=d.documentElement,ok=function(v){return v==='accepted'||v==='declined'};",
  `try{var v=localStorage.getItem('${CONSENT_KEY}');if(ok(v))h.setAttribute('${CONSENT_ATTRIBUTE}',v)}catch(e){}`,
  "d.addEventListener('click',function(e){var b=e.target instanceof Element&&e.target.closest",
  `('[${CONSENT_CHOICE_ATTRIBUTE}]'),v=b&&b.getAttribute('${CONSENT_CHOICE_ATTRIBUTE}');if(!ok(v))return;`,
  `h.setAttribute('${CONSENT_ATTRIBUTE}',v);try{localStorage.setItem('${CONSENT_KEY}',v)}catch(e){}})})(document);`,
].join("");

const isChoice = (value: string | null): value is ConsentChoice => value === "accepted" || value === "declined";

/** The stored choice; where storage fails (private modes), the one made on this page view (marked on <html>). */
function readStored(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    if (isChoice(value)) return value;
  } catch {
    // No storage: the page view's own choice below.
  }
  const marked = document.documentElement.getAttribute(CONSENT_ATTRIBUTE);
  return isChoice(marked) ? marked : null;
}

interface Snapshot {
  choice: ConsentChoice | null;
  /** The banner shows when no choice is stored, or when the visitor asked to change it. */
  bannerOpen: boolean;
  /**
   * The prerendered page and its hydration: the choice is not known to the render, so the banner is rendered and
   * its stylesheet hides it where <html> carries a choice (CONSENT_BOOTSTRAP).
   */
  prerendered: boolean;
}

let reopened = false;
let snapshot: Snapshot | null = null;
const listeners = new Set<() => void>();

function current(): Snapshot {
  const choice = readStored();
  const bannerOpen = choice === null || reopened;
  if (!snapshot || snapshot.choice !== choice || snapshot.bannerOpen !== bannerOpen)
    snapshot = { choice, bannerOpen, prerendered: false };
  return snapshot;
}

const serverSnapshot: Snapshot = { choice: null, bannerOpen: true, prerendered: true };

function emit() {
  listeners.forEach((listener) => listener());
}

export function chooseConsent(choice: ConsentChoice) {
  document.documentElement.setAttribute(CONSENT_ATTRIBUTE, choice);
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Private mode without storage: the choice holds for this page view only.
  }
  reopened = false;
  emit();
}

/** Shows the banner again so the visitor can change an earlier decision (footer link 'Ustawienia cookies'). */
export function reopenConsent() {
  reopened = true;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === CONSENT_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The consent state for components; the prerendered HTML renders as 'no choice known, banner rendered'. */
export function useConsent(): Snapshot {
  return useSyncExternalStore(subscribe, current, () => serverSnapshot);
}

/** For tests: forget the in-memory reopen flag and the page view's choice between cases. */
export function resetConsentForTests() {
  reopened = false;
  snapshot = null;
  document.documentElement.removeAttribute(CONSENT_ATTRIBUTE);
}
