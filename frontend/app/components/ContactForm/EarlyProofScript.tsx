/**
 * The contact page's inline script that starts the proof of work while the browser parses the page (workerSolve.ts's
 * startEarly, with the functions it calls passed in as they are). As the document head's scripts (root.tsx): the
 * prerendered HTML carries it, hydration leaves it as written, the bundle does not. The worker's URL is the one the
 * form's own solver uses: Vite names the worker's file by its content in both builds
 * (tests/built/early-proof.test.ts checks the file is there).
 */
import workerUrl from "./proofWorker.ts?worker&url";
import { CHALLENGE_ENDPOINT, fetchChallenge } from "./challenge";
import { EARLY_PROOF_KEY } from "./earlyProof";
import { PROOF_MARKS } from "./useProofOfWork";
import { encodeProof, inWorker, startEarly } from "./workerSolve";
import { whenPainted } from "../../site/firstPaint";

function earlyProofScript(): string {
  const values = [workerUrl, CHALLENGE_ENDPOINT, EARLY_PROOF_KEY, PROOF_MARKS].map((value) => JSON.stringify(value));
  return `(${String(startEarly)})(${[String(fetchChallenge), String(encodeProof), String(inWorker), String(whenPainted), ...values].join(",")});`;
}

export function EarlyProofScript() {
  return <script dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyProofScript() : "" }} />;
}
