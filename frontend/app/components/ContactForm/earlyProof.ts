/**
 * The proof of work the contact page's HTML starts as it is parsed (EarlyProofScript.tsx writes the script,
 * workerSolve.ts's startEarly runs it), for the form to take over once the page's module loads: one challenge, one
 * search, however early the visitor sends.
 */

/** Where the page's script leaves it: a property of window. */
export const EARLY_PROOF_KEY = "salonEarlyProof";

export interface EarlyProof {
  /** The X-Contact-Proof header's value; rejects when the challenge or the search failed. */
  proof: Promise<string>;
  /** performance.now() at its start: its age and its deadline count from there. */
  at: number;
}

/** The proof the page's HTML started, once: whoever takes it owns it. */
export function takeEarlyProof(): EarlyProof | undefined {
  const holder = globalThis as unknown as Record<string, EarlyProof | undefined>;
  const early = holder[EARLY_PROOF_KEY];
  delete holder[EARLY_PROOF_KEY];
  return early;
}
