import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";
import { Gallery } from "../../frontend/app/components/Gallery/Gallery";

// jsdom has <dialog> but not its modal methods; these do what the browser does to the element.
// eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back on the prototype
const original = { showModal: HTMLDialogElement.prototype.showModal, close: HTMLDialogElement.prototype.close };
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute("open", "");
});
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});
afterAll(() => {
  HTMLDialogElement.prototype.showModal = original.showModal;
  HTMLDialogElement.prototype.close = original.close;
});

const images = [1, 2, 3].map((n) => ({ image: `usta-u${n}`, alt: `Usta po zabiegu ${n}` }));

function setup() {
  const user = userEvent.setup();
  renderAt(
    <>
      <a href="#przed">Przed galerią</a>
      <Gallery images={images} />
      <a href="#po">Po galerii</a>
    </>,
  );
  return { user };
}

const thumb = (n: number) => screen.getByRole("link", { name: `Powiększ zdjęcie: Usta po zabiegu ${n}` });
const dialog = () => screen.getByRole("dialog");
const closeButton = () => screen.getByRole("button", { name: "Zamknij powiększenie" });

describe("Gallery and Lightbox", () => {
  it("shows every photo as a thumbnail linking to its photo's file, with its alt text, and no dialog yet", () => {
    setup();
    for (const n of [1, 2, 3]) {
      // Before hydration, or without JavaScript, a tap opens the photo's file: the thumbnail is never a dead control.
      expect(thumb(n)).toHaveAttribute(
        "href",
        expect.stringMatching(new RegExp(`^/img/usta-u${n}-\\d+\\.[0-9a-f]{8}\\.jpg$`)),
      );
      expect(within(thumb(n)).getByAltText(`Usta po zabiegu ${n}`)).toHaveAttribute("loading", "lazy");
    }
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("a click opens the photo in a modal dialog, large, with its alt text, and focus moves in", async () => {
    const { user } = setup();
    await user.click(thumb(2));
    await screen.findByRole("dialog");
    expect(showModal).toHaveBeenCalled();
    expect(dialog()).toHaveAttribute("open");
    expect(dialog()).toHaveAccessibleName("Usta po zabiegu 2");
    expect(within(dialog()).getByRole("img")).toHaveAccessibleName("Usta po zabiegu 2");
    expect(within(dialog()).getByText("Usta po zabiegu 2")).toBeVisible();
    expect(closeButton()).toHaveTextContent("×");
    expect(closeButton()).toHaveFocus();
  });

  it("locks page scrolling while open and restores it after", async () => {
    const { user } = setup();
    document.body.style.overflow = "";
    await user.click(thumb(1));
    await screen.findByRole("dialog");
    expect(document.body.style.overflow).toBe("hidden");
    expect(document.body.style.paddingRight).toBe("");
    await user.click(closeButton());
    expect(document.body.style.overflow).toBe("");
  });

  it("a click with a modifier key is left to the browser (the photo's file, in a new tab if so asked)", async () => {
    const { user } = setup();
    // Whether the gallery left the click to the browser; then stopped here, as jsdom cannot open the file.
    const clicked = vi.fn((event: MouseEvent) => {
      const left = !event.defaultPrevented;
      event.preventDefault();
      return left;
    });
    document.addEventListener("click", clicked);
    await user.keyboard("{Control>}");
    await user.click(thumb(1));
    await user.keyboard("{/Control}");
    document.removeEventListener("click", clicked);
    expect(clicked).toHaveReturnedWith(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("the × button closes it and focus returns to the thumbnail that opened it", async () => {
    const { user } = setup();
    await user.click(thumb(3));
    await screen.findByRole("dialog");
    await user.click(closeButton());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(thumb(3)).toHaveFocus();
  });

  it("Escape closes it and focus returns to the opener", async () => {
    const { user } = setup();
    thumb(2).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(thumb(2)).toHaveFocus();
  });

  it("the browser's own cancel (Escape reaching the dialog) closes it too", async () => {
    const { user } = setup();
    await user.click(thumb(1));
    await screen.findByRole("dialog");
    dialog().dispatchEvent(new Event("cancel", { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(thumb(1)).toHaveFocus();
  });

  it("a click on the backdrop closes it; a click on the photo does not", async () => {
    const { user } = setup();
    await user.click(thumb(1));
    await screen.findByRole("dialog");
    await user.click(within(dialog()).getByRole("img"));
    await user.click(within(dialog()).getByText("Usta po zabiegu 1"));
    expect(dialog()).toBeInTheDocument();
    await user.click(dialog());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(thumb(1)).toHaveFocus();
  });

  it("traps focus inside while open: Tab and Shift+Tab never leave the dialog", async () => {
    const { user } = setup();
    await user.click(thumb(2));
    await screen.findByRole("dialog");
    for (let i = 0; i < 3; i++) {
      await user.tab();
      expect(closeButton()).toHaveFocus();
    }
    await user.tab({ shift: true });
    expect(closeButton()).toHaveFocus();
    // Focus sent outside (jsdom has no modal inertness) is pulled straight back in.
    screen.getByRole("link", { name: "Po galerii" }).focus();
    expect(closeButton()).toHaveFocus();
  });

  it("can be opened again after closing, on another photo", async () => {
    const { user } = setup();
    await user.click(thumb(1));
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await user.click(thumb(3));
    await screen.findByRole("dialog");
    expect(dialog()).toHaveAccessibleName("Usta po zabiegu 3");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});
