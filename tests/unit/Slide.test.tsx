import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Slide } from "../../frontend/app/components/Slide/Slide";

describe("Slide", () => {
  it("is a group announced as a slide with its position; the shown one is reachable", () => {
    render(
      <Slide index={1} count={3} active>
        <button type="button">Kontakt</button>
      </Slide>,
    );
    const slide = screen.getByRole("group", { name: "2 z 3" });
    expect(slide).toHaveAttribute("aria-roledescription", "slajd");
    expect(slide).toHaveAttribute("data-active", "true");
    expect(screen.getByRole("button", { name: "Kontakt" })).toBeInTheDocument();
  });

  it("a slide not shown is hidden from assistive technology and inert", () => {
    const { container } = render(
      <Slide index={0} count={3} active={false}>
        <button type="button">Kontakt</button>
      </Slide>,
    );
    const slide = container.firstElementChild!;
    expect(slide).toHaveAttribute("aria-hidden", "true");
    expect(slide).toHaveAttribute("inert");
    expect(screen.queryByRole("button", { name: "Kontakt" })).not.toBeInTheDocument();
  });
});
