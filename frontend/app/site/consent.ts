/**
 * The visitor's cookie choice and what it governs. The choice is stored under localStorage `cookieConsent`
 * ('accepted' | 'declined'); Google's consent-mode fields in the analytics data array start denied on every page
 * and are granted only for a purpose the visitor accepted (none today: see CONSENT_PURPOSES). Nothing may load
 * third-party content before that choice.
 */
import { useSyncExternalStore } from "react";

export const CONSENT_KEY = "cookieConsent";
export type ConsentChoice = "accepted" | "declined";
export const CONSENT_FIELDS = ["ad_storage", "analytics_storage", "ad_user_data", "ad_personalization"] as const;
type ConsentField = (typeof CONSENT_FIELDS)[number];

/**
 * What 'Akceptuję' consents to: every purpose the site has, each with the consent-mode fields it needs, and
 * nothing else — consent must be specific (GDPR art. 4 pkt 11), so the banner names exactly these. The only one is
 * the interactive map on /kontakt (LocationMap), which needs no consent-mode field: the site runs no statistics and
 * no advertising, so those fields stay denied whatever the visitor chooses. A new purpose is a line here and its
 * words in the banner.
 */
export const CONSENT_PURPOSES = { map: [] } as const satisfies Record<string, readonly ConsentField[]>;
const GRANTED_ON_ACCEPT: readonly ConsentField[] = Object.values(CONSENT_PURPOSES).flat();

type ConsentState = Record<ConsentField, "granted" | "denied">;
const consentState = (choice: ConsentChoice | "default") =>
  Object.fromEntries(CONSENT_FIELDS.map((field) => [field, choice === "accepted" && GRANTED_ON_ACCEPT.includes(field) ? "granted" : "denied"])) as ConsentState;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * Runs inline in <head> before any other script, so a tag manager added later sees the denied defaults first and
 * a returning visitor's stored choice right after. Kept as one string: its CSP hash is computed from it.
 */
export const CONSENT_BOOTSTRAP = [
  "window.dataLayer=window.dataLayer||[];",
  "window.gtag=function(){window.dataLayer.push(arguments)};",
  `gtag('consent','default',${JSON.stringify(consentState("default"))});`,
  ...(GRANTED_ON_ACCEPT.length
    ? [`try{if(localStorage.getItem('${CONSENT_KEY}')==='accepted')gtag('consent','update',${JSON.stringify(consentState("accepted"))})}catch(e){}`]
    : []),
].join("");

function gtag(...args: unknown[]) {
  if (typeof window === "undefined") return;
  if (window.gtag) return window.gtag(...args);
  // Same shape as the bootstrap's gtag: tag managers read Arguments objects from the array.
  (window.dataLayer ??= []).push(args);
}

function readStored(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === "accepted" || value === "declined" ? value : null;
  } catch {
    return null;
  }
}

interface Snapshot {
  choice: ConsentChoice | null;
  /** The banner shows when no choice is stored, or when the visitor asked to change it. */
  bannerOpen: boolean;
}

let reopened = false;
let snapshot: Snapshot | null = null;
const listeners = new Set<() => void>();

function current(): Snapshot {
  const choice = readStored();
  const bannerOpen = choice === null || reopened;
  if (!snapshot || snapshot.choice !== choice || snapshot.bannerOpen !== bannerOpen) snapshot = { choice, bannerOpen };
  return snapshot;
}

const serverSnapshot: Snapshot = { choice: null, bannerOpen: false };

function emit() {
  listeners.forEach((listener) => listener());
}

export function chooseConsent(choice: ConsentChoice) {
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Private mode without storage: the choice holds for this page view only.
  }
  reopened = false;
  // Nothing to update while no purpose of the site needs a consent-mode field.
  if (GRANTED_ON_ACCEPT.length) gtag("consent", "update", consentState(choice));
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

/** The consent state for components; the prerendered HTML always renders as 'no choice yet, banner closed'. */
export function useConsent(): Snapshot {
  return useSyncExternalStore(subscribe, current, () => serverSnapshot);
}

/** For tests: forget the in-memory reopen flag between cases. */
export function resetConsentForTests() {
  reopened = false;
  snapshot = null;
}
