import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../frontend/app/components/ContactForm/sha256";

const hex = (words: Uint32Array) => Array.from(words, (word) => word.toString(16).padStart(8, "0")).join("");

describe("sha256", () => {
  it("gives FIPS 180-4's digests of its examples", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(hex(sha256(encode("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hex(sha256(encode("")))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(sha256(encode("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("agrees with Node's for every length across the block boundaries, and reads only the first `length` bytes", () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = randomBytes(length + 7);
      expect(hex(sha256(bytes, length)), `length ${length}`).toBe(
        createHash("sha256").update(bytes.subarray(0, length)).digest("hex"),
      );
    }
  });
});
