import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

// jsdom has no IntersectionObserver, nor any layout: an element counts as on screen unless a test moves its
// getBoundingClientRect below the window, reported as soon as it is observed (deferred photos load, revealed
// sections show). A class, because Vitest 4 mocks called with `new` must be constructible.
class IntersectionObserverStub {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe = vi.fn((target: Element) => {
    const rect = target.getBoundingClientRect();
    const isIntersecting = rect.top < window.innerHeight && rect.bottom >= 0;
    this.report(
      [{ isIntersecting, intersectionRatio: isIntersecting ? 1 : 0, target } as unknown as IntersectionObserverEntry],
      this,
    );
  });
  unobserve = vi.fn();
  disconnect = vi.fn();
  takeRecords = () => [];
  root = null;
  rootMargin = "";
  scrollMargin = ""; // in TypeScript 6's DOM types
  thresholds = [];
}
if (typeof window !== "undefined") vi.stubGlobal("IntersectionObserver", IntersectionObserverStub);

// A component rendered alone is on a Polish page: its words as the Polish layout route gives them
// (frontend/app/routes/language.pl.tsx), and every area of the template words a Polish page's loader may give,
// where the site itself has none outside a language's frame.
vi.mock(import("../../frontend/app/hooks/useWords"), async (importOriginal) => {
  const original = await importOriginal();
  const { use } = await import("react");
  const { pl } = await import("../../frontend/app/site/words/pl");
  const { pages } = await import("../../frontend/app/site/words/pl/pages");
  const polish = { language: "pl" as const, words: pl };
  return {
    ...original,
    useWords: () => (use(original.WordsContext) ?? polish).words,
    useLanguage: () => (use(original.WordsContext) ?? polish).language,
    usePageWords: <A extends keyof typeof pages>(area: A) => use(original.PageWordsContext)[area] ?? pages[area],
  };
});
