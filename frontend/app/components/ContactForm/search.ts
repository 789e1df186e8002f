/** The proof of work's search (ALTCHA's protocol v1), for the page's thread (proof.ts) and for its worker. */

import { sha256 } from "./sha256";

/** A challenge as the mailer hands it out (mailer/src/ProofOfWork.php). */
export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * The number n ≤ max with SHA-256(salt + n) = challenge (hex), found step by step: it pauses (yields) after every 64
 * numbers, so that a caller on the page's thread can let the page have its turn; its result is the number, or
 * undefined when there is none.
 */
export function* searching(challenge: string, salt: string, max: number): Generator<void, number | undefined> {
  if (!/^[0-9a-f]{64}$/i.test(challenge)) return undefined;
  const target = Uint32Array.from(challenge.match(/.{8}/g)!, (word) => parseInt(word, 16));
  const encoder = new TextEncoder();
  const input = new Uint8Array(salt.length * 3 + 16);
  for (let n = 0; n <= max; n++) {
    const digest = sha256(input, encoder.encodeInto(salt + n, input).written);
    if (digest[0] === target[0] && digest.every((word, i) => word === target[i])) return n;
    if ((n & 63) === 63) yield;
  }
  return undefined;
}

/** The whole search at once: for a worker, whose thread has nothing else to do. */
export function searchAll(challenge: Challenge): number | undefined {
  const run = searching(challenge.challenge, challenge.salt, challenge.maxnumber);
  let step = run.next();
  while (!step.done) step = run.next();
  return step.value;
}
