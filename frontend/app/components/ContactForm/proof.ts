/**
 * The form's proof of work, loaded once the contact page is idle after hydration (a dynamic import: no other page
 * pays for it, and the page paints and hydrates without it).
 * It speaks ALTCHA's protocol (v1): the mailer hands out a signed challenge (mailer/src/ProofOfWork.php); the page
 * finds the number n with SHA-256(salt + n) = challenge and sends the solution, base64 JSON, in X-Contact-Proof.
 * No puzzle, no cookie, no third party; the visitor notices nothing. docs/abuse.md says why.
 */

import { sha256 } from "./sha256";

export const CHALLENGE_ENDPOINT = "/contact-challenge";

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** How long the search runs before it lets the page handle input and paint again (a frame at 60 Hz is ~16 ms). */
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

/** The number n ≤ max with SHA-256(salt + n) = challenge (hex), or undefined when there is none. */
export async function solve(challenge: string, salt: string, max: number): Promise<number | undefined> {
  if (!/^[0-9a-f]{64}$/i.test(challenge)) return undefined;
  const target = Uint32Array.from(challenge.match(/.{8}/g)!, (word) => parseInt(word, 16));
  const encoder = new TextEncoder();
  const input = new Uint8Array(salt.length * 3 + 16);
  let sliceStart = performance.now();
  for (let n = 0; n <= max; n++) {
    const digest = sha256(input, encoder.encodeInto(salt + n, input).written);
    if (digest[0] === target[0] && digest.every((word, i) => word === target[i])) return n;
    if ((n & 63) === 63 && performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
  }
  return undefined;
}

/** Asks the mailer for a challenge and solves it: the value of the X-Contact-Proof header. */
export async function fetchAndSolve(): Promise<string> {
  const response = await fetch(CHALLENGE_ENDPOINT, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const c = (await response.json()) as Challenge;
  const number = await solve(c.challenge, c.salt, c.maxnumber);
  if (number === undefined) throw new Error("challenge: no solution");
  return btoa(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }),
  );
}
