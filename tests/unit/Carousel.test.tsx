import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import { Carousel, SWIPE_THRESHOLD } from "../../frontend/app/components/Carousel/Carousel";
import { DEFERRED } from "../../frontend/app/site/deferredImages";

// Real image names: Picture refuses names that did not go through the image pipeline.
const photos = [1, 2, 3, 4, 5, 6].map((n) => ({
  image: `laser-frakcyjny-przed-po-${n}`,
  alt: `Zdjęcie przed i po ${n}`,
}));

function setup(controls: "full" | "dots" = "full", count = 6) {
  const user = userEvent.setup();
  renderAt(<Carousel photos={photos.slice(0, count)} controls={controls} label="Przed i po" />);
  const carousel = screen.getByRole("group", { name: "Przed i po" });
  return { user, carousel };
}

/** The slide visitors and assistive technology can perceive; the others are hidden and inert. */
function activeSlide(carousel: HTMLElement) {
  const visible = within(carousel).getAllByRole("group");
  expect(visible).toHaveLength(1);
  return visible[0]!;
}

const counter = () => screen.getByTestId("licznik");
const dot = (n: number) => screen.getByRole("button", { name: `Zdjęcie ${n}` });

describe("Carousel", () => {
  it("prerenders the first photo and, for a browser without JavaScript, the others inside <noscript>", () => {
    const html = renderToString(<Carousel photos={photos.slice(0, 3)} controls="full" label="Przed i po" />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    // The other photos are not fetched by a browser that runs scripts: they are text inside <noscript> there.
    const shown = [...doc.querySelectorAll("img")].filter((img) => !img.closest("noscript"));
    expect(shown).toHaveLength(1);
    // The first one waits for the first paint like any photo below the LCP image; without scripts it is shown as it is.
    expect(shown[0]!.hasAttribute(DEFERRED)).toBe(true);
    expect(shown[0]!.getAttribute("src")).toMatch(/^\/img\/laser-frakcyjny-przed-po-1-\d+\.\w+\.jpg$/);
    const fallbacks = [...doc.querySelectorAll("noscript")].map((n) => n.innerHTML);
    expect(fallbacks).toHaveLength(2);
    expect(fallbacks[0]).toMatch(
      /<img src="\/img\/laser-frakcyjny-przed-po-2-\d+\.\w+\.jpg"[^>]* alt="Zdjęcie przed i po 2"/,
    );
    expect(fallbacks[1]).toContain('alt="Zdjęcie przed i po 3"');
  });

  it("is a labelled carousel of slides, starting at the first photo", () => {
    const { carousel } = setup();
    expect(carousel).toHaveAttribute("aria-roledescription", "karuzela");
    const slide = activeSlide(carousel);
    expect(slide).toHaveAttribute("aria-roledescription", "slajd");
    expect(slide).toHaveAccessibleName("1 z 6");
    expect(within(slide).getByRole("img")).toHaveAccessibleName("Zdjęcie przed i po 1");
    expect(counter()).toHaveTextContent(/^1 \/ 6$/);
    expect(dot(1)).toHaveAttribute("aria-current", "true");
  });

  it("hides inactive slides from assistive technology and makes them inert", () => {
    const { carousel } = setup();
    const slides = carousel.querySelectorAll('[aria-roledescription="slajd"]');
    expect(slides).toHaveLength(6);
    slides.forEach((slide, i) => {
      expect(slide).toHaveAttribute("aria-label", `${i + 1} z 6`);
      if (i === 0) {
        expect(slide).not.toHaveAttribute("aria-hidden", "true");
        expect(slide).not.toHaveAttribute("inert");
      } else {
        expect(slide).toHaveAttribute("aria-hidden", "true");
        expect(slide).toHaveAttribute("inert");
      }
    });
  });

  it("loads its photos lazily, with the carousel's sizes", () => {
    const { carousel } = setup();
    const images = carousel.querySelectorAll("img");
    expect(images).toHaveLength(6);
    images.forEach((img) => {
      expect(img).toHaveAttribute("loading", "lazy");
      // The sizes are on the AVIF and WebP sources: the <img> has one JPEG fallback and no srcset.
      for (const source of img.parentElement!.querySelectorAll("source"))
        expect(source).toHaveAttribute("sizes", "(min-width: 48rem) 48rem, calc(100vw - 3rem)");
      expect(img.getAttribute("alt")).toMatch(/^Zdjęcie przed i po \d$/);
    });
  });

  it("'next' walks through every photo and wraps from the last to the first", async () => {
    const { user, carousel } = setup();
    const next = screen.getByRole("button", { name: "Następne zdjęcie" });
    for (let n = 2; n <= 6; n++) {
      await user.click(next);
      expect(counter()).toHaveTextContent(`${n} / 6`);
      expect(activeSlide(carousel)).toHaveAccessibleName(`${n} z 6`);
      expect(dot(n)).toHaveAttribute("aria-current", "true");
      expect(dot(n - 1)).not.toHaveAttribute("aria-current");
    }
    await user.click(next);
    expect(counter()).toHaveTextContent("1 / 6");
    expect(activeSlide(carousel)).toHaveAccessibleName("1 z 6");
  });

  it("'previous' wraps from the first photo to the last", async () => {
    const { user, carousel } = setup();
    const previous = screen.getByRole("button", { name: "Poprzednie zdjęcie" });
    await user.click(previous);
    expect(counter()).toHaveTextContent("6 / 6");
    expect(activeSlide(carousel)).toHaveAccessibleName("6 z 6");
    await user.click(previous);
    expect(counter()).toHaveTextContent("5 / 6");
  });

  it("wraps both ways with two photos too (Virtue RF face)", async () => {
    const { user } = setup("full", 2);
    await user.click(screen.getByRole("button", { name: "Poprzednie zdjęcie" }));
    expect(counter()).toHaveTextContent("2 / 2");
    await user.click(screen.getByRole("button", { name: "Następne zdjęcie" }));
    expect(counter()).toHaveTextContent("1 / 2");
  });

  it("a dot jumps straight to its photo", async () => {
    const { user, carousel } = setup();
    await user.click(dot(4));
    expect(counter()).toHaveTextContent("4 / 6");
    expect(activeSlide(carousel)).toHaveAccessibleName("4 z 6");
    expect(dot(4)).toHaveAttribute("aria-current", "true");
    expect(screen.getAllByRole("button", { current: true })).toHaveLength(1);
    await user.click(dot(1));
    expect(counter()).toHaveTextContent("1 / 6");
  });

  it("announces the current photo politely", async () => {
    const { user, carousel } = setup();
    const live = carousel.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent("Zdjęcie 1 z 6");
    await user.click(dot(3));
    expect(live).toHaveTextContent("Zdjęcie 3 z 6");
  });

  it("arrow keys move the photo while focus is inside, and focus follows on the dots", async () => {
    const { user } = setup();
    await user.click(dot(1));
    await user.keyboard("{ArrowLeft}");
    expect(counter()).toHaveTextContent("6 / 6");
    expect(dot(6)).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(counter()).toHaveTextContent("1 / 6");
    expect(dot(1)).toHaveFocus();
    await user.keyboard("{End}");
    expect(counter()).toHaveTextContent("6 / 6");
    await user.keyboard("{Home}");
    expect(counter()).toHaveTextContent("1 / 6");
    screen.getByRole("button", { name: "Następne zdjęcie" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(counter()).toHaveTextContent("2 / 6");
  });

  it("the dots-only variant (ONDA PRO body) has dots but no arrows and no counter", async () => {
    const { user, carousel } = setup("dots", 3);
    expect(screen.queryByRole("button", { name: /Następne|Poprzednie/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId("licznik")).not.toBeInTheDocument();
    expect(screen.queryByText(/\d \/ \d/)).not.toBeInTheDocument();
    expect(within(carousel).getAllByRole("button", { name: /^Zdjęcie \d$/ })).toHaveLength(3);
    await user.click(dot(3));
    expect(activeSlide(carousel)).toHaveAccessibleName("3 z 3");
    expect(dot(3)).toHaveAttribute("aria-current", "true");
  });

  describe("swipe on a touch screen", () => {
    const swipe = (el: Element, dx: number, dy = 0, pointerType = "touch") => {
      fireEvent.pointerDown(el, { pointerId: 7, pointerType, isPrimary: true, clientX: 200, clientY: 300 });
      fireEvent.pointerUp(el, { pointerId: 7, pointerType, isPrimary: true, clientX: 200 + dx, clientY: 300 + dy });
    };
    const photo = (carousel: HTMLElement) => carousel.querySelector("img")!;

    it("swiping left shows the next photo and swiping right the previous, wrapping", () => {
      const { carousel } = setup();
      swipe(photo(carousel), -(SWIPE_THRESHOLD + 20));
      expect(counter()).toHaveTextContent("2 / 6");
      swipe(photo(carousel), SWIPE_THRESHOLD + 20);
      expect(counter()).toHaveTextContent("1 / 6");
      swipe(photo(carousel), SWIPE_THRESHOLD + 20);
      expect(counter()).toHaveTextContent("6 / 6");
      swipe(photo(carousel), -(SWIPE_THRESHOLD + 20));
      expect(counter()).toHaveTextContent("1 / 6");
    });

    it("works in the dots-only variant", () => {
      const { carousel } = setup("dots", 3);
      swipe(photo(carousel), -80);
      expect(activeSlide(carousel)).toHaveAccessibleName("2 z 3");
      expect(dot(2)).toHaveAttribute("aria-current", "true");
    });

    it("ignores short moves, mostly vertical moves (page scrolling), a cancelled gesture and the mouse", () => {
      const { carousel } = setup();
      swipe(photo(carousel), -(SWIPE_THRESHOLD - 5));
      swipe(photo(carousel), -60, 120);
      swipe(photo(carousel), -80, 0, "mouse");
      fireEvent.pointerDown(photo(carousel), {
        pointerId: 8,
        pointerType: "touch",
        isPrimary: true,
        clientX: 200,
        clientY: 300,
      });
      fireEvent.pointerCancel(photo(carousel), { pointerId: 8, pointerType: "touch", isPrimary: true });
      fireEvent.pointerUp(photo(carousel), {
        pointerId: 8,
        pointerType: "touch",
        isPrimary: true,
        clientX: 100,
        clientY: 300,
      });
      expect(counter()).toHaveTextContent("1 / 6");
    });
  });

  it("never advances by itself: a minute later it still shows the first photo", () => {
    vi.useFakeTimers();
    try {
      renderAt(<Carousel photos={photos} controls="full" label="Przed i po" />);
      const carousel = screen.getByRole("group", { name: "Przed i po" });
      // Far beyond any slideshow interval (the hero's is 8 s), with every timer and animation frame run.
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(activeSlide(carousel)).toHaveAccessibleName("1 z 6");
      expect(counter()).toHaveTextContent(/^1 \/ 6$/);
      expect(carousel.querySelector('[aria-live="polite"]')).toHaveTextContent("Zdjęcie 1 z 6");
      expect(carousel.querySelector('[aria-live="off"]')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
