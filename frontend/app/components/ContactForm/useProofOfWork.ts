import { useEffect, useState } from "react";
import { begin } from "./challenge";
import { takeEarlyProof } from "./earlyProof";

/** A solved proof this old is solved again: the mailer's challenges live 20 minutes (ProofOfWork::ttlSeconds). */
const FRESH_MS = 600_000;
/**
 * How long a solve may take from its start before a post stops waiting for it and goes without a proof (the mailer
 * then asks its question). On Chromium with its CPU slowed 6× over slow 4G, loading the solver, fetching
 * the challenge and searching all 50 000 numbers (the most a challenge asks) takes a few seconds (`npm run
 * bench:mailer` measures it); this is several times that, so only a solver that is stuck, not one that is slow, is
 * given up. Errors (no challenge, no network, no solution) end the wait at once.
 */
export const PROOF_DEADLINE_MS = 20_000;
/** User Timing marks of the solver's start and of its solved proof (read by the benchmark, visible in DevTools). */
export const PROOF_MARKS = { start: "proof-start", ready: "proof-ready" } as const;

interface Attempt {
  proof: Promise<string | undefined>;
  at: number;
  failed: boolean;
  /** Started because the one before it failed: a post waiting for it does not try a third time. */
  second: boolean;
}

export interface ProofOfWork {
  /** Loads the solver and solves a challenge in the background, unless a fresh one is solved or being solved. */
  start: () => void;
  /**
   * Hands the solution to one post (one proof, one post), waiting for a solve still running until PROOF_DEADLINE_MS
   * after it started. Never fails: without a proof (the solver failed twice, or was stuck) the post goes anyway and
   * the server decides. `onWait` is called when the proof is not there at once (the form then says so).
   */
  take: (onWait: () => void) => Promise<string | undefined>;
}

/** The form's own solve: the challenge and the worker's script requested now, while the solver's chunk is on its way. */
function solveHere(): Promise<string> {
  const begun = begin();
  return import("./proof")
    .then((m) => m.solveChallenge(begun))
    .catch((error: unknown) => {
      // The solver's chunk may not have come: its worker goes too (solveChallenge ends it otherwise).
      begun.worker?.terminate();
      throw error;
    });
}

export function createProofOfWork(): ProofOfWork {
  let pending: Attempt | null = null;
  const solve = (second: boolean): Attempt => {
    // The one the page's HTML started, if it did (its marks are its own); a second try is always the form's.
    const early = second ? undefined : takeEarlyProof();
    if (!early) performance.mark(PROOF_MARKS.start);
    const attempt: Attempt = {
      at: early?.at ?? performance.now(),
      failed: false,
      second,
      proof: Promise.resolve(undefined),
    };
    attempt.proof = (early ? early.proof : solveHere()).then(
      (proof) => {
        if (!early) performance.mark(PROOF_MARKS.ready);
        return proof;
      },
      () => {
        // Tried again by the post (or the next one): a challenge that failed to arrive may arrive now.
        attempt.failed = true;
        return undefined;
      },
    );
    return attempt;
  };
  const start = () => {
    if (pending && !pending.failed && performance.now() - pending.at < FRESH_MS) return;
    pending = solve(!!pending?.failed);
  };
  const take = (onWait: () => void) => {
    start();
    const attempt = pending!;
    pending = null;
    const notYet = setTimeout(onWait, 50);
    let deadline!: ReturnType<typeof setTimeout>;
    const overdue = new Promise<undefined>((resolve) => {
      deadline = setTimeout(resolve, attempt.at + PROOF_DEADLINE_MS - performance.now(), undefined);
    });
    // A first solve that fails while the post waits for it is tried once more, within the same deadline.
    const proof = attempt.second
      ? attempt.proof
      : attempt.proof.then((solved) => (attempt.failed ? solve(true).proof : solved));
    return Promise.race([proof, overdue]).finally(() => {
      clearTimeout(notYet);
      clearTimeout(deadline);
    });
  };
  return { start, take };
}

/** The one started by startProofOfWork, until a form takes it. */
let pageStarted: ProofOfWork | null = null;

/**
 * Starts the proof of work as the contact page's route module loads, before the page hydrates, unless the page's HTML
 * started it already (earlyProof.ts), which it then takes over: either way the challenge request and the worker's
 * search overlap hydration instead of following it. The page's form takes it over.
 */
export function startProofOfWork(): void {
  pageStarted ??= createProofOfWork();
  pageStarted.start();
}

/**
 * The form's proof of work: the one its page started as it loaded (startProofOfWork), or one of its own started as
 * soon as the form has hydrated (its search runs in a worker, off the page's thread), so that it is solved while the
 * visitor is still typing. Kept this small
 * on purpose: it is in the contact page's first-load JavaScript, the solver (proof.ts) is not.
 */
export function useProofOfWork(): ProofOfWork {
  const [proofOfWork] = useState(() => {
    const started = pageStarted ?? createProofOfWork();
    pageStarted = null;
    return started;
  });
  useEffect(() => proofOfWork.start(), [proofOfWork]);
  return proofOfWork;
}
