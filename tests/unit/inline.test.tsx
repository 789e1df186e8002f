import { render } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInline } from "../../frontend/app/components/RichText/inline";

function rendered(text: string) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <p>{renderInline(text)}</p> }]);
  return render(<Stub initialEntries={["/"]} />).container.querySelector("p")!;
}

describe("renderInline", () => {
  it("renders bold and links, and a link inside bold (the privacy policy's map paragraph)", () => {
    const p = rendered("**Mapa na stronie [Kontakt](/kontakt).** Zamiast mapy…");
    expect(p.textContent).toBe("Mapa na stronie Kontakt. Zamiast mapy…");
    expect(p.querySelector("strong a")?.getAttribute("href")).toBe("/kontakt");
  });

  it("leaves any other markup as plain text", () => {
    expect(rendered("<b>x</b> *y*").innerHTML).toBe("&lt;b&gt;x&lt;/b&gt; *y*");
  });
});
