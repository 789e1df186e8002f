/**
 * The proof of work's search in its worker, and the header it makes: used by the solver (proof.ts) and written, as
 * they are, into the contact page's own HTML (EarlyProofScript.tsx), so that on a slow phone the challenge and the
 * search start while the page is parsed instead of seconds later, when its modules have arrived. Each function
 * therefore stands alone: it uses only its parameters and the browser's globals, nothing imported or of this module.
 */
import type { Challenge } from "./search";
import type { fetchChallenge } from "./challenge";
import type { EarlyProof } from "./earlyProof";
import type { whenPainted } from "../../site/firstPaint";

/** The value of the X-Contact-Proof header: ALTCHA's payload (v1), base64 JSON. */
export function encodeProof(c: Challenge, number: number): string {
  return btoa(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }),
  );
}

/** The search in the worker; rejects when the worker cannot run (its script not loaded). */
export function inWorker(worker: Worker, c: Challenge): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<number | null>) => resolve(event.data ?? undefined);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`worker: ${event.message}`));
    };
    worker.postMessage(c);
  });
}

/**
 * What the page's inline script runs: the challenge request at once, the worker after the first paint, the proof
 * solved there and left under window[key] for the page's form to take (earlyProof.ts), with the solver's User Timing
 * marks. Where no worker can run it does nothing: the form's own solver starts as the page's module loads.
 */
export function startEarly(
  ask: typeof fetchChallenge,
  encode: typeof encodeProof,
  search: typeof inWorker,
  afterPaint: typeof whenPainted,
  workerUrl: string,
  endpoint: string,
  key: string,
  marks: { start: string; ready: string },
): void {
  if (typeof Worker !== "function") return;
  performance.mark(marks.start);
  const at = performance.now();
  // The worker's script waits for the first paint, as every script of the site does (frontend/build/afterFirstPaint.ts:
  // the page's bytes first); the challenge, a few hundred bytes of JSON, is asked at once.
  const painted = new Promise<void>((resolve) => afterPaint(resolve));
  const challenge = ask(endpoint);
  let worker: Worker | undefined;
  const proof = painted
    .then(() => {
      worker = new Worker(workerUrl, { type: "module" });
      return challenge;
    })
    .then((c) =>
      search(worker!, c).then((number) => {
        if (number === undefined) throw new Error("challenge: no solution");
        return encode(c, number);
      }),
    )
    .finally(() => worker?.terminate());
  proof.then(
    () => performance.mark(marks.ready),
    () => undefined,
  );
  const early: EarlyProof = { proof, at };
  (window as unknown as Record<string, EarlyProof>)[key] = early;
}
