/** The slideshow's, the carousels', the slides' and the gallery's words on a Ukrainian and an English page. */
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderIn } from "./inWords";
import { Hero } from "../../frontend/app/components/Hero/Hero";
import { Carousel } from "../../frontend/app/components/Carousel/Carousel";
import { Gallery } from "../../frontend/app/components/Gallery/Gallery";
import { Lightbox } from "../../frontend/app/components/Lightbox/Lightbox";

// Real image names (the pipeline's manifest knows them); texts are the test's own.
const slides = [
  { image: "hero-twarz", alt: "", title: "Перший слайд", text: "Текст" },
  { image: "hero-cialo", alt: "", title: "Другий слайд", text: "Текст" },
];
const photos = [1, 2, 3].map((n) => ({ image: `laser-frakcyjny-przed-po-${n}`, alt: `Photo before and after ${n}` }));

describe("Hero in Ukrainian", () => {
  it("names the slideshow, its slides and its buttons in Ukrainian and leads to the Ukrainian contact page", () => {
    renderIn("uk", <Hero slides={slides} />, "/uk");
    const hero = screen.getByRole("region", { name: "Найважливіше" });
    expect(hero).toHaveAttribute("aria-roledescription", "карусель");
    expect(within(hero).getByRole("group", { name: "1 з 2" })).toHaveAttribute("aria-roledescription", "слайд");
    expect(screen.getByRole("link", { name: "Контакти" })).toHaveAttribute("href", "/uk/kontakt");
    expect(screen.getByRole("link", { name: /^Booksy/ })).toHaveTextContent(
      "Booksy – онлайн-запис (відкривається в новій вкладці)",
    );
    for (const name of ["Попередній слайд", "Наступний слайд", "Слайд 2", "Зупинити автоматичну зміну слайдів"])
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Kontakt|rezerwacja/);
    expect(screen.queryByRole("region", { name: "Najważniejsze informacje" })).toBeNull();
  });
});

describe("Carousel in English", () => {
  it("names its photos, its arrows and the announced position in English", async () => {
    const user = userEvent.setup();
    renderIn("en", <Carousel photos={photos} controls="full" label="Before and after" />, "/en/laser-frakcyjny");
    const carousel = screen.getByRole("group", { name: "Before and after" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    expect(within(carousel).getByRole("group", { name: "1 of 3" })).toHaveAttribute("aria-roledescription", "slide");
    await user.click(screen.getByRole("button", { name: "Next photo" }));
    expect(screen.getByRole("button", { name: "Photo 2" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByText("Photo 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous photo" })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Zdjęcie/);
  });
});

describe("Gallery and Lightbox in Ukrainian", () => {
  // jsdom has no modal dialogs: opening and closing one only sets and removes its `open` attribute.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back on the prototype
  const original = { showModal: HTMLDialogElement.prototype.showModal, close: HTMLDialogElement.prototype.close };
  beforeEach(() => {
    HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    });
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute("open");
    };
  });
  afterEach(() => {
    cleanup(); // the lightbox closes its dialog as it unmounts
    Object.assign(HTMLDialogElement.prototype, original);
  });

  it("offers to enlarge each photo in Ukrainian", () => {
    renderIn("uk", <Gallery images={photos} />, "/uk/laser-frakcyjny");
    expect(screen.getByRole("link", { name: "Збільшити фото: Photo before and after 1" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Powiększ/ })).toBeNull();
  });

  it("closes the enlarged photo with a Ukrainian button", () => {
    renderIn("uk", <Lightbox photo={photos[0]!} onClose={() => {}} />, "/uk/laser-frakcyjny");
    expect(screen.getByRole("button", { name: "Закрити збільшене фото" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Zamknij powiększenie" })).toBeNull();
  });
});
