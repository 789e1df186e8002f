import { afterEach, describe, expect, it } from "vitest";
import { HYDRATED_ATTRIBUTE, markHydrated } from "../../frontend/app/site/hydration";

describe("markHydrated", () => {
  afterEach(() => document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE));

  it("marks the document as hydrated, which the styles of the plain-HTML controls key on", () => {
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(false);
    markHydrated();
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
  });
});
