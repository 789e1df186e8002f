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

export function begin(): Begun {
  const worker =
    "Worker" in globalThis ? new Worker(new URL("./proofWorker.ts", import.meta.url), { type: "module" }) : null;
  // No Accept header: the endpoint answers JSON to every GET, and an error is only its status.
  const challenge: Promise<Challenge> = fetch(CHALLENGE_ENDPOINT, { cache: "no-store" }).then((response) =>
    response.ok ? (response.json() as Promise<Challenge>) : Promise.reject(new Error(`HTTP ${response.status}`)),
  );
  // Its failure is the solver's to handle (solveChallenge rejects with it); not an unhandled rejection meanwhile.
  challenge.catch(() => undefined);
  return { challenge, worker };
}
