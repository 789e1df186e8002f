import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import { site } from "../../frontend/app/salon/config";
import { Hero } from "../../frontend/app/components/Hero/Hero";
import { SLIDE_INTERVAL_MS } from "../../frontend/app/components/Hero/useSlideshow";

// Real image names (the pipeline's manifest knows them); texts are the test's own.
const slides = [
  { image: "hero-twarz", alt: "", title: "Pierwszy slajd", text: "Tekst pierwszy" },
  { image: "hero-cialo", alt: "", title: "Drugi slajd", text: "Tekst drugi" },
  { image: "hero-makijaz", alt: "", title: "Trzeci slajd", text: "Tekst trzeci" },
];

/** The one slide not hidden from assistive technology is the current one: '2 z 3' → 2. */
function currentSlide(): number {
  const group = screen.getByRole("group", { name: /^\d z 3$/ });
  return Number(group.getAttribute("aria-label")!.split(" ")[0]);
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const hero = () => screen.getByRole("region", { name: "Najważniejsze informacje" });

/**
 * Testing Library's async wrapper (around every user-event call) waits for one setTimeout(0) unless it sees Jest's
 * fake timers; under Vitest's fake timers that timeout never fires and every `await user.click` hangs, even with
 * `advanceTimers` set. Exposing Vitest's clock under the `jest` name lets it advance the clock instead.
 */
function exposeFakeClockToTestingLibrary() {
  (globalThis as { jest?: unknown }).jest = { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) };
}

describe("Hero slideshow without JavaScript", () => {
  it("prerenders every slide's text, the first photo, and the others' photos inside <noscript>", () => {
    const html = renderToString(
      <MemoryRouter>
        <Hero slides={slides} />
      </MemoryRouter>,
    );
    const doc = new DOMParser().parseFromString(html, "text/html");
    for (const slide of slides) expect(doc.body.textContent).toContain(slide.text);
    expect([...doc.querySelectorAll("img")].filter((img) => !img.closest("noscript"))).toHaveLength(1);
    const fallbacks = [...doc.querySelectorAll("noscript")].map((n) => n.innerHTML);
    expect(fallbacks).toEqual([
      expect.stringContaining("/img/hero-cialo-"),
      expect.stringContaining("/img/hero-makijaz-"),
    ]);
  });
});

describe("Hero slideshow", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    exposeFakeClockToTestingLibrary();
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { jest?: unknown }).jest;
  });

  function setup() {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt(<Hero slides={slides} />);
    return user;
  }

  /** Moves the pointer and keyboard focus off the slideshow, so only the pause button can hold it. */
  async function leave(user: ReturnType<typeof userEvent.setup>) {
    await user.unhover(hero());
    act(() => (document.activeElement as HTMLElement | null)?.blur());
  }

  it("advances every 8000 ms", () => {
    expect(SLIDE_INTERVAL_MS).toBe(8000);
  });

  it("starts on slide 1 and advances after exactly 8000 ms", () => {
    setup();
    expect(currentSlide()).toBe(1);
    expect(screen.getByText("Pierwszy slajd")).toBeVisible();
    expect(screen.getByRole("button", { name: "Slajd 1" })).toHaveAttribute("aria-current", "true");
    advance(7999);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
    expect(screen.getByRole("button", { name: "Slajd 2" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "Slajd 1" })).not.toHaveAttribute("aria-current");
  });

  it("wraps from the last slide to the first", () => {
    setup();
    advance(SLIDE_INTERVAL_MS);
    advance(SLIDE_INTERVAL_MS);
    expect(currentSlide()).toBe(3);
    advance(SLIDE_INTERVAL_MS);
    expect(currentSlide()).toBe(1);
  });

  it("'previous' on the first slide wraps to the last; 'next' on the last wraps to the first", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Poprzedni slajd" }));
    expect(currentSlide()).toBe(3);
    await user.click(screen.getByRole("button", { name: "Następny slajd" }));
    expect(currentSlide()).toBe(1);
    await user.click(screen.getByRole("button", { name: "Następny slajd" }));
    expect(currentSlide()).toBe(2);
  });

  it("a dot jumps straight to its slide", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Slajd 3" }));
    expect(currentSlide()).toBe(3);
    await user.click(screen.getByRole("button", { name: "Slajd 1" }));
    expect(currentSlide()).toBe(1);
    await user.click(screen.getByRole("button", { name: "Slajd 2" }));
    expect(currentSlide()).toBe(2);
  });

  it("a manual change gives the new slide the full interval again", async () => {
    const user = setup();
    advance(6000);
    await user.click(screen.getByRole("button", { name: "Slajd 3" }));
    await leave(user);
    advance(SLIDE_INTERVAL_MS - 1);
    expect(currentSlide()).toBe(3);
    advance(1);
    expect(currentSlide()).toBe(1);
  });

  it("stops while the pointer is over it and resumes when it leaves", async () => {
    const user = setup();
    await user.hover(hero());
    advance(SLIDE_INTERVAL_MS * 2); // not a multiple of 3, which would wrap back to slide 1
    expect(currentSlide()).toBe(1);
    await user.unhover(hero());
    advance(SLIDE_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });

  it("stops while keyboard focus is inside it and resumes when focus leaves", async () => {
    const user = setup();
    await user.tab(); // the first focusable element is the current slide's 'Kontakt' link
    expect(screen.getByRole("link", { name: "Kontakt" })).toHaveFocus();
    advance(SLIDE_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);
    // Focus moving between the slideshow's own controls keeps it stopped.
    await user.tab();
    advance(SLIDE_INTERVAL_MS);
    expect(currentSlide()).toBe(1);
    act(() => (document.activeElement as HTMLElement).blur());
    advance(SLIDE_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });

  it("the visible pause button stops it until pressed again", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Zatrzymaj automatyczne przewijanie" }));
    await leave(user);
    advance(SLIDE_INTERVAL_MS * 2); // not a multiple of 3, which would wrap back to slide 1
    expect(currentSlide()).toBe(1);
    // Arrows and dots still work while paused.
    await user.click(screen.getByRole("button", { name: "Następny slajd" }));
    await leave(user);
    expect(currentSlide()).toBe(2);
    advance(SLIDE_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(2);
    await user.click(screen.getByRole("button", { name: "Wznów automatyczne przewijanie" }));
    await leave(user);
    advance(SLIDE_INTERVAL_MS);
    expect(currentSlide()).toBe(3);
  });

  it("announces slide changes only while it is not rotating by itself", async () => {
    const user = setup();
    const live = screen.getByText("Pierwszy slajd").closest("[aria-live]")!;
    expect(live).toHaveAttribute("aria-live", "off");
    await user.click(screen.getByRole("button", { name: "Zatrzymaj automatyczne przewijanie" }));
    await leave(user);
    expect(live).toHaveAttribute("aria-live", "polite");
  });

  it("offers 'Kontakt' (to /kontakt) and 'Booksy' (booking service, new tab) on the current slide", () => {
    setup();
    expect(screen.getByRole("link", { name: "Kontakt" })).toHaveAttribute("href", "/kontakt");
    const booksy = screen.getByRole("link", { name: /^Booksy/ });
    expect(booksy).toHaveAttribute("href", site.bookingUrl);
    expect(booksy).toHaveAttribute("target", "_blank");
    expect(booksy).toHaveAttribute("rel", expect.stringContaining("noopener"));
    // Hidden slides' links are out of the tab order and the accessibility tree.
    expect(screen.getAllByRole("link", { name: "Kontakt" })).toHaveLength(1);
  });
});
