import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

// jsdom has no IntersectionObserver; a class, because Vitest 4 mocks called with `new` must be constructible.
class IntersectionObserverStub {
  observe = vi.fn();
  unobserve = vi.fn();
  disconnect = vi.fn();
  takeRecords = () => [];
  root = null;
  rootMargin = "";
  thresholds = [];
}
if (typeof window !== "undefined") vi.stubGlobal("IntersectionObserver", IntersectionObserverStub);
