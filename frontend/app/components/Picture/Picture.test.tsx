import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

// A camera photo (4000×3000), a phone portrait as seen after its EXIF orientation (3000×4000), and small artwork.
vi.mock("../../generated/images.json", () => ({ default: { camera: [4000, 3000], portrait: [3000, 4000], small: [1200, 800] } }));
vi.mock("../../generated/image-version.json", () => ({ default: { hash: "1a2b3c4d" } }));

const { Picture } = await import("./Picture");
const { lightboxSizes } = await import("../Lightbox/Lightbox");
const { WIDTHS } = await import("./widths");

const candidates = (srcset: string | null) => (srcset ?? "").split(", ").map((c) => Number(c.split(" ")[1]!.replace("w", "")));

describe("Picture", () => {
  it("offers a camera photo at every width up to the largest, never the original, in AVIF and WebP", () => {
    const { container } = render(<Picture name="camera" alt="Gabinet" sizes="100vw" />);
    const [avif, webp] = container.querySelectorAll("source");
    expect(avif).toHaveAttribute("type", "image/avif");
    expect(webp).toHaveAttribute("type", "image/webp");
    expect(candidates(avif!.getAttribute("srcset"))).toEqual([...WIDTHS]);
    expect(avif!.getAttribute("srcset")).toContain("/img/camera-1920.1a2b3c4d.avif 1920w");
    expect(webp!.getAttribute("srcset")).not.toContain("4000");
  });

  it("stops at the image's own width (no upscaling)", () => {
    const { container } = render(<Picture name="small" alt="Grafika" sizes="100vw" />);
    expect(candidates(container.querySelector("source")!.getAttribute("srcset"))).toEqual([...WIDTHS.filter((w) => w < 1200), 1200]);
  });

  it("has the oriented intrinsic size and one JPEG fallback without a srcset", () => {
    const { container } = render(<Picture name="portrait" alt="Portret" sizes="14rem" />);
    const img = container.querySelector("img")!;
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["3000", "4000"]);
    expect(img.getAttribute("src")).toBe("/img/portrait-960.1a2b3c4d.jpg");
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img).toHaveAttribute("loading", "lazy");
  });
});

describe("the lightbox's sizes", () => {
  it("follow the photo's shape: a landscape photo is as wide as the screen allows, a portrait one as its height allows", () => {
    // Mirrors .picture img in Lightbox.module.scss: max-width min(92vw, 64rem), max-height 82vh.
    expect(lightboxSizes("camera")).toBe("min(92vw, 64rem, 109.33vh)");
    expect(lightboxSizes("portrait")).toBe("min(92vw, 64rem, 61.50vh)");
  });
});
