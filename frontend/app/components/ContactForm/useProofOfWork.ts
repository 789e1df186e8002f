import { useRef } from "react";

/** A solved proof this old is solved again: the mailer's challenges live 20 minutes (ProofOfWork::ttlSeconds). */
const FRESH_MS = 600_000;
/** How long a post waits for a proof still being solved before it goes without one (the mailer then holds it). */
export const PROOF_WAIT_MS = 5_000;

/**
 * The form's proof of work: start() (on the form's first focus) loads the solver and solves a challenge in the
 * background; take() hands the solution to one post, waiting at most PROOF_WAIT_MS, and never fails: without a
 * proof (the solver failed, or was too slow) the post goes anyway and the server decides. One proof, one post.
 * Kept this small on purpose: it is in the contact page's first-load JavaScript, the solver is not.
 */
export function useProofOfWork() {
  const pending = useRef<{ proof: Promise<string | undefined>; at: number }>(null);
  const start = () => {
    if (!pending.current || performance.now() - pending.current.at > FRESH_MS) {
      pending.current = {
        proof: import("./proof").then((m) => m.fetchAndSolve()).catch(() => undefined),
        at: performance.now(),
      };
    }
  };
  /** @param onWait called when the proof is not there at once (the form then says it is getting ready) */
  const take = (onWait: () => void): Promise<string | undefined> => {
    start();
    const { proof } = pending.current!;
    pending.current = null;
    const notYet = setTimeout(onWait, 50);
    return Promise.race([proof, new Promise<undefined>((resolve) => setTimeout(resolve, PROOF_WAIT_MS))]).finally(() =>
      clearTimeout(notYet),
    );
  };
  return { start, take };
}
