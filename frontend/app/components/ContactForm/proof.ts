/**
 * The form's proof of work, loaded by the contact page as its route module loads (a dynamic import: no other page
 * pays for it, and the page paints and hydrates without waiting for it).
 * It speaks ALTCHA's protocol (v1): the mailer hands out a signed challenge (mailer/src/ProofOfWork.php); the page
 * finds the number n with SHA-256(salt + n) = challenge and sends the solution, base64 JSON, in X-Contact-Proof.
 * The search runs in a worker (proofWorker.ts; challenge.ts starts it with the challenge's request), so that it
 * overlaps the page's hydration; where no worker can run, on the page's thread in slices. No puzzle, no cookie, no third party; the visitor notices nothing. docs/abuse.md says
 * why.
 */

import type { Begun } from "./challenge";
import { searching } from "./search";
import { encodeProof, inWorker } from "./workerSolve";

/** How long the search runs on the page's thread before it lets the page handle input and paint (a frame is ~16 ms). */
const SLICE_MS = 8;

/** Lets the page have its turn: a message is not clamped to 4 ms as nested timers are. */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The search on the page's thread, in slices of SLICE_MS: the number n ≤ max, or undefined when there is none. */
export async function solve(challenge: string, salt: string, max: number): Promise<number | undefined> {
  const run = searching(challenge, salt, max);
  let sliceStart = performance.now();
  for (let step = run.next(); ; step = run.next()) {
    if (step.done) return step.value;
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
  }
}

/**
 * Solves the challenge the mailer handed out (challenge.ts's begin() asked for it): the value of the X-Contact-Proof
 * header. Only a type comes from challenge.ts: a module both this chunk and the page's own imported would be bundled
 * with the code every page loads (vite.config.ts, the "app" group).
 */
export async function solveChallenge(begun: Begun): Promise<string> {
  const { worker } = begun;
  try {
    const c = await begun.challenge;
    const number = await (worker ? inWorker(worker, c) : Promise.reject(new Error("no worker"))).catch(() =>
      solve(c.challenge, c.salt, c.maxnumber),
    );
    if (number === undefined) throw new Error("challenge: no solution");
    return encodeProof(c, number);
  } finally {
    worker?.terminate();
  }
}
