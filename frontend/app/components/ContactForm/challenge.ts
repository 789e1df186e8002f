/**
 * The proof of work's two requests, started together as the solve starts: the challenge and the worker's script. Small
 * enough for the contact page's own chunk, so that they do not wait for the solver's chunk (proof.ts) to arrive
 * first: on a phone's network each request in a row costs a round trip.
 */
import type { Challenge } from "./search";

export const CHALLENGE_ENDPOINT = "/contact-challenge";

export interface Begun {
  challenge: Promise<Challenge>;
  /** null where no worker can run: the solver then searches on the page's thread. */
  worker: Worker | null;
}

/**
 * The challenge, asked at once (no Accept header: the endpoint answers JSON to every GET, and an error is only its
 * status). Its failure is for whoever awaits it: not an unhandled rejection meanwhile. It stands alone (its
 * parameter and the browser's globals only): the contact page's inline script carries it too (EarlyProofScript.tsx).
 */
export function fetchChallenge(endpoint: string): Promise<Challenge> {
  const challenge = fetch(endpoint, { cache: "no-store" }).then((response) =>
    response.ok ? (response.json() as Promise<Challenge>) : Promise.reject(new Error(`HTTP ${response.status}`)),
  );
  challenge.catch(() => undefined);
  return challenge;
}

export function begin(): Begun {
  const worker =
    "Worker" in globalThis ? new Worker(new URL("./proofWorker.ts", import.meta.url), { type: "module" }) : null;
  return { challenge: fetchChallenge(CHALLENGE_ENDPOINT), worker };
}
