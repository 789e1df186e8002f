/**
 * The form's proof of work, loaded only when the form is first used (a dynamic import: no other page pays for it).
 * It speaks ALTCHA's protocol (v1): the mailer hands out a signed challenge (mailer/src/ProofOfWork.php); the page
 * finds the number n with SHA-256(salt + n) = challenge and sends the solution, base64 JSON, in X-Contact-Proof.
 * No puzzle, no cookie, no third party; the visitor notices nothing. docs/abuse.md says why.
 */

export const CHALLENGE_ENDPOINT = "/contact-challenge";

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Hashes tried at once: digest() is asynchronous, so a batch keeps the CPU busy without blocking the page. */
const BATCH = 250;

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The number n ≤ max with SHA-256(salt + n) = challenge (hex), or undefined when there is none. */
export async function solve(challenge: string, salt: string, max: number): Promise<number | undefined> {
  const encoder = new TextEncoder();
  for (let start = 0; start <= max; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, max - start + 1) }, (_, i) => start + i);
    const digests = await Promise.all(numbers.map((n) => crypto.subtle.digest("SHA-256", encoder.encode(salt + n))));
    const found = digests.findIndex((digest) => hex(digest) === challenge);
    if (found >= 0) return numbers[found];
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
