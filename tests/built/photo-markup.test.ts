// @vitest-environment node
/**
 * Every photo of every built page as its markup hands it to the browser (run `npm run build` first). A real browser
 * checks on one page of each template what needs layout: that nothing moves while the photos come, at a phone's
 * CPU too, and that the width it picks from srcset and sizes covers the photo as shown (tests/e2e/images.spec.ts,
 * tests/e2e/fonts.spec.ts). What differs from one page of a template to the next is the photos, so their markup is
 * checked here, on every page, the copies for a browser without JavaScript (<noscript>) included:
 *   - the <img> carries the photo's own width and height, as the image pipeline measured it (oriented), so that
 *     its box is known before a byte of the photo has come; a box in the photo's own proportions says them;
 *   - every <source> offers every width the pipeline made of the photo, each file there and as wide as its
 *     descriptor says, with one `sizes` for all the picture's sources, and AVIF first where scripts run;
 *   - the <img>'s own address is the photo's one JPEG, there too.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { builtPages, clientDir } from "../support/builtPages";
import { fallbackWidth, widthsFor } from "../../frontend/app/components/Picture/widths";

const generated = resolve(import.meta.dirname, "../../frontend/app/generated");
/** The pipeline's manifest: each photo's [width, height] as seen, and the version in every file's name. */
const manifest = JSON.parse(readFileSync(join(generated, "images.json"), "utf8")) as Record<string, [number, number]>;
const { hash } = JSON.parse(readFileSync(join(generated, "image-version.json"), "utf8")) as { hash: string };

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1];

interface PictureMarkup {
  picture: string;
  sources: string[];
  img: string;
  /** Inside <noscript>: what a browser without JavaScript is given (WebP and JPEG only). */
  noscript: boolean;
}

function pictures(html: string): PictureMarkup[] {
  const body = html.slice(html.indexOf("<body"));
  const noscript = [...body.matchAll(/<noscript>[\s\S]*?<\/noscript>/g)].map((m) => [m.index, m.index + m[0].length]);
  return [...body.matchAll(/(<picture\b[^>]*>)([\s\S]*?)<\/picture>/g)].map((m) => ({
    picture: m[1]!,
    sources: [...m[2]!.matchAll(/<source\b[^>]*>/g)].map((s) => s[0]),
    img: m[2]!.match(/<img\b[^>]*>/)?.[0] ?? "",
    noscript: noscript.some(([from, to]) => m.index > from! && m.index < to!),
  }));
}

/** The photo a <picture> shows, named by its <img>'s address (/img/name-960.hash.jpg). */
const photoOf = (p: PictureMarkup) => attr(p.img, "src")?.match(/^\/img\/(.+)-\d+\.[0-9a-f]+\.jpg$/)?.[1];

const srcSetOf = (name: string, ext: string) =>
  widthsFor(manifest[name]![0])
    .map((w) => `/img/${name}-${w}.${hash}.${ext} ${w}w`)
    .join(", ");

const pages = builtPages().filter((p) => !p.path.endsWith("404.html"));
const perPage = (check: (path: string, all: PictureMarkup[]) => void) =>
  it.each(pages.map((p) => [p.path, pictures(p.html)] as const))("%s", check);

describe("every photo's markup", () => {
  it("the pages show photos, each one the pipeline made", () => {
    const all = pages.flatMap((p) => pictures(p.html));
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((p) => !(photoOf(p)! in manifest)).map((p) => p.img)).toEqual([]);
  });

  it("every file offered is as wide as its descriptor says", async () => {
    const offered = new Map<string, number>();
    for (const p of pages.flatMap((page) => pictures(page.html)))
      for (const source of p.sources)
        for (const [file, w] of attr(source, "srcSet")!
          .split(", ")
          .map((c) => c.split(" ")))
          offered.set(file!, Number(w!.slice(0, -1)));
    const wrong: string[] = [];
    for (const [file, width] of offered) {
      const meta = await sharp(join(clientDir, file)).metadata();
      if (meta.width !== width) wrong.push(`${file}: ${meta.width} px, opisany ${width}w`);
    }
    expect(offered.size).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  describe("the photo's own width and height, and its proportions where its box takes them", () => {
    perPage((path, all) => {
      for (const p of all) {
        const [width, height] = manifest[photoOf(p)!]!;
        expect([attr(p.img, "width"), attr(p.img, "height")], `${path}: ${attr(p.img, "alt")}`).toEqual([
          String(width),
          String(height),
        ]);
        const style = attr(p.picture, "style");
        if (style !== undefined)
          expect(style, `${path}: ${attr(p.img, "alt")}`).toBe(`aspect-ratio:${width} / ${height}`);
      }
    });
  });

  describe("AVIF and WebP sources offering every width the pipeline made, each file there", () => {
    perPage((path, all) => {
      for (const p of all) {
        const name = photoOf(p)!;
        const label = `${path}: ${name}`;
        const types = p.sources.map((s) => attr(s, "type"));
        expect(types, label).toEqual(p.noscript ? ["image/webp"] : ["image/avif", "image/webp"]);
        for (const source of p.sources) {
          const ext = attr(source, "type")!.replace("image/", "");
          expect(attr(source, "srcSet"), label).toBe(srcSetOf(name, ext));
          for (const candidate of attr(source, "srcSet")!.split(", "))
            expect(existsSync(join(clientDir, candidate.split(" ")[0]!)), `${label}: ${candidate}`).toBe(true);
        }
      }
    });
  });

  describe("one sizes for all the picture's sources, the photo's one JPEG as the <img>'s own address", () => {
    perPage((path, all) => {
      for (const p of all) {
        const name = photoOf(p)!;
        const label = `${path}: ${name}`;
        const sizes = new Set(p.sources.map((s) => attr(s, "sizes")));
        expect(sizes.size, label).toBe(1);
        expect([...sizes][0], label).toMatch(/\S/);
        const jpeg = `/img/${name}-${fallbackWidth(manifest[name]![0])}.${hash}.jpg`;
        expect(attr(p.img, "src"), label).toBe(jpeg);
        expect(existsSync(join(clientDir, jpeg)), `${label}: ${jpeg}`).toBe(true);
      }
    });
  });
});
