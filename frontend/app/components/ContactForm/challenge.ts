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
    typeof Worker === "function" ? new Worker(new URL("./proofWorker.ts", import.meta.url), { type: "module" }) : null;
  const challenge = fetch(CHALLENGE_ENDPOINT, { headers: { Accept: "application/json" }, cache: "no-store" }).then(
    async (response) => {
      if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
      return (await response.json()) as Challenge;
    },
  );
  // Its failure is the solver's to handle (fetchAndSolve rejects with it); not an unhandled rejection meanwhile.
  challenge.catch(() => undefined);
  return { challenge, worker };
}
