import { createHash, createHmac } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { begin } from "../../frontend/app/components/ContactForm/challenge";
import { solveChallenge, solve } from "../../frontend/app/components/ContactForm/proof";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A challenge as mailer/src/ProofOfWork.php makes it. */
function challenge(number: number, maxnumber = 3000) {
  const salt = `0123456789abcdef01234567?expires=${Math.floor(Date.now() / 1000) + 1200}`;
  const hash = sha256(salt + number);
  return {
    algorithm: "SHA-256",
    challenge: hash,
    maxnumber,
    salt,
    signature: createHmac("sha256", "key").update(hash).digest("hex"),
  };
}

describe("proof of work", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("finds the number the server hashed, wherever it lies up to maxnumber (batch edges included)", async () => {
    for (const n of [0, 249, 250, 2999, 3000]) {
      const c = challenge(n);
      expect(await solve(c.challenge, c.salt, c.maxnumber)).toBe(n);
    }
    const c = challenge(3001, 4000);
    expect(await solve(c.challenge, c.salt, 3000)).toBeUndefined();
  });

  it("fetches a challenge from the mailer and answers with ALTCHA's payload, base64 JSON", async () => {
    const c = challenge(1234);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(c), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);

    const payload = JSON.parse(atob(await solveChallenge(begin()))) as Record<string, unknown>;

    expect(fetchMock.mock.calls[0]).toEqual(["/contact-challenge", expect.objectContaining({ cache: "no-store" })]);
    expect(payload).toEqual({
      algorithm: "SHA-256",
      challenge: c.challenge,
      number: 1234,
      salt: c.salt,
      signature: c.signature,
    });
  });

  it("fails (and the form posts without a proof) when the mailer gives no challenge", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 429 })),
    );
    await expect(solveChallenge(begin())).rejects.toThrow("429");
  });
});
