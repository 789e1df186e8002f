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

/**
 * Runs inline in <head> before any other script, so a tag manager added later sees the denied defaults first. Kept
 * as one string: its CSP hash is computed from it.
 */
export const CONSENT_BOOTSTRAP = [
  "window.dataLayer=window.dataLayer||[];",
  "window.gtag=function(){window.dataLayer.push(arguments)};",
  `gtag('consent','default',${JSON.stringify(Object.fromEntries(CONSENT_FIELDS.map((field) => [field, "denied"])))});`,
].join("");

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
