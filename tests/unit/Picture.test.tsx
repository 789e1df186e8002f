import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

// A camera photo (4000×3000), a phone portrait as seen after its EXIF orientation (3000×4000), and small artwork.
vi.mock("../../frontend/app/generated/images.json", () => ({
  default: { camera: [4000, 3000], portrait: [3000, 4000], small: [1200, 800] },
}));
vi.mock("../../frontend/app/generated/image-version.json", () => ({ default: { hash: "1a2b3c4d" } }));

const { Picture } = await import("../../frontend/app/components/Picture/Picture");
const { lightboxSizes } = await import("../../frontend/app/components/Lightbox/Lightbox");
const { WIDTHS } = await import("../../frontend/app/components/Picture/widths");
const { renderToString } = await import("react-dom/server");
const { DEFERRED, DEFERRED_IMAGES_AFTER_PAINT } = await import("../../frontend/app/site/deferredImages");

const candidates = (srcset: string | null) =>
  (srcset ?? "").split(", ").map((c) => Number(c.split(" ")[1]!.replace("w", "")));

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
    expect(candidates(container.querySelector("source")!.getAttribute("srcset"))).toEqual([
      ...WIDTHS.filter((w) => w < 1200),
      1200,
    ]);
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

describe("photos below the LCP image wait for the first paint", () => {
  // What the prerender writes: React's server renderer, as the build runs it.
  const prerendered = (props: { priority?: boolean; priorityMedia?: string } = {}) => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(
      <Picture name="small" alt="Grafika" sizes="(min-width: 64rem) 30vw, 100vw" {...props} />,
    );
    return host;
  };

  it("are prerendered with their real addresses, lazy and marked deferred, and no placeholder image", () => {
    const host = prerendered();
    const [avif, webp] = host.querySelectorAll("source");
    const img = host.querySelector("img")!;
    expect(candidates(avif!.getAttribute("srcset"))).toEqual([...WIDTHS.filter((w) => w < 1200), 1200]);
    expect(avif!.getAttribute("sizes")).toBe("(min-width: 64rem) 30vw, 100vw");
    expect(webp!.getAttribute("srcset")).toContain("/img/small-640.1a2b3c4d.webp 640w");
    expect(img.getAttribute("src")).toBe("/img/small-960.1a2b3c4d.jpg");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute(DEFERRED);
    // Nothing in the page asks for an image before the photo is shown: no data: placeholder, no <noscript> copy.
    expect(host.innerHTML).not.toMatch(/data:|<noscript/);
  });

  it("are shown by the inline script once the page has painted", () => {
    const host = prerendered();
    document.body.append(host);
    // The browser's paint timing, reduced to its report of the first contentful paint.
    let paint = () => {};
    const entries = { getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{}] : []) };
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        constructor(report: (list: typeof entries) => void) {
          paint = () => report(entries);
        }
        observe() {}
      },
    );
    new Function(DEFERRED_IMAGES_AFTER_PAINT)();
    // Before the paint nothing changes.
    expect(host.querySelector("img")).toHaveAttribute(DEFERRED);
    paint();
    vi.unstubAllGlobals();
    expect(host.querySelector("img")).not.toHaveAttribute(DEFERRED);
    expect(host.querySelector("img")!.getAttribute("src")).toBe("/img/small-960.1a2b3c4d.jpg");
    host.remove();
  });

  it("as does a photo that is the LCP image only on some screens: lazy, so that it is not fetched where it is not shown", () => {
    const img = prerendered({ priority: true, priorityMedia: "(min-width: 36rem)" }).querySelector("img")!;
    expect(img).toHaveAttribute(DEFERRED);
    expect(img).toHaveAttribute("loading", "lazy");
  });

  it("except the LCP image, which is prerendered as it is shown", () => {
    const host = prerendered({ priority: true });
    const img = host.querySelector("img")!;
    expect(img).not.toHaveAttribute(DEFERRED);
    expect(img).toHaveAttribute("loading", "eager");
    expect(img.getAttribute("src")).toBe("/img/small-960.1a2b3c4d.jpg");
    expect(host.querySelector("source")!.getAttribute("srcset")).toContain("/img/small-360.1a2b3c4d.avif 360w");
  });
});
