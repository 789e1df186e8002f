import { useCallback, useRef } from "react";

/** A solved proof this old is solved again: the mailer's challenges live 20 minutes (ProofOfWork::ttlSeconds). */
const FRESH_MS = 10 * 60_000;
/** How long a post waits for a proof still being solved before it goes without one (the mailer then holds it). */
export const PROOF_WAIT_MS = 5_000;

/**
 * The form's proof of work: start() (on the form's first focus) loads the solver and solves a challenge in the
 * background; take() hands the solution to one post, waiting at most PROOF_WAIT_MS, and never fails: without a
 * proof (the solver failed, or was too slow) the post goes anyway and the server decides. One proof, one post.
 */
export function useProofOfWork() {
  const pending = useRef<{ proof: Promise<string | undefined>; at: number } | null>(null);

  const start = useCallback(() => {
    if (pending.current && performance.now() - pending.current.at < FRESH_MS) return;
    const proof = import("./proof").then(({ fetchAndSolve }) => fetchAndSolve()).catch(() => undefined);
    pending.current = { proof, at: performance.now() };
  }, []);

  /** @param onWait called when the proof is not ready at once (the form then says it is getting ready) */
  const take = useCallback(
    async (onWait: () => void): Promise<string | undefined> => {
      start();
      const { proof } = pending.current!;
      pending.current = null;
      const ready = await Promise.race([proof, Promise.resolve("not-yet" as const)]);
      if (ready !== "not-yet") return ready;
      onWait();
      let cancel = () => {};
      const timeout = new Promise<undefined>((resolve) => {
        const timer = setTimeout(resolve, PROOF_WAIT_MS);
        cancel = () => clearTimeout(timer);
      });
      const result = await Promise.race([proof, timeout]);
      cancel();
      return result;
    },
    [start],
  );

  return { start, take };
}
