// @vitest-environment node
/**
 * The LCP image of every page is preloaded with high priority, read from the built HTML (run `npm run build` first).
 *
 * Which image is a page's LCP element follows from its template: the home page's first slide, the first entry of a
 * treatment family list, the newest article's card on the blog, a treatment's hero photo, an article's photo (checked in a real browser at phone and
 * desktop sizes by tests/e2e/images.spec.ts; Lighthouse names the same elements in `npm run bench`). The other pages'
 * LCP element is text: they must preload no image, since a preloaded image would take bandwidth from it.
 *
 * For a page with an LCP image: one `<link rel="preload" as="image" fetchpriority="high">` in the head whose
 * imagesrcset and imagesizes are those of the image's AVIF <source> (so the preload and the <img> fetch the same
 * file), and the <img> itself eager, `fetchpriority="high"`, the first image of the page. A treatment list's first
 * photo is the LCP element from a tablet up only, a treatment's hero from $bp-sm up (on a phone the lead text is):
 * their preload carries that media query — one that does not hold on Lighthouse's 412 px phone — and their <img>
 * is lazy and waits for the first paint there as on a phone.
 *
 * Every other image waits for the first paint (site/deferredImages.ts): lazy and marked deferred, not rendered until
 * then, so that it cannot take bandwidth from the LCP element — and no placeholder image is fetched in its stead.
 */
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { routeByPath } from "../../frontend/app/site/routeTable";
import { DEFERRED } from "../../frontend/app/site/deferredImages";
import {
  loadArticle,
  loadArticleSummaries,
  loadFamilyList,
  loadContent,
  loadTreatment,
} from "../../frontend/app/contentModel/load.server";

/**
 * The screens on which a template's LCP image is its LCP element, where that is not every screen. On Lighthouse's
 * phone the lead text is the LCP element of a treatment family list (its first photo starts at the fold) and of a
 * treatment page (its hero starts under the header's title and lead, near the fold).
 */
const LCP_MEDIA: Partial<Record<string, string>> = { family: "(min-width: 48rem)", treatment: "(min-width: 36rem)" };

/** The templates whose LCP element on Lighthouse's phone is text though they have an LCP image elsewhere. */
const PHONE_TEXT_LCP = new Set(["family", "treatment"]);

/** Lighthouse's phone (mobile preset), CSS pixels wide. */
const PHONE_WIDTH = 412;

/** Whether a preload's media query holds on Lighthouse's phone (only min-width queries are used for preloads). */
function onPhone(media: string | undefined): boolean {
  if (media === undefined) return true;
  const m = media.match(/^\(min-width: ([\d.]+)(rem|px)\)$/);
  if (!m) throw new Error(`media '${media}': nieznana postać zapytania`);
  return Number(m[1]) * (m[2] === "rem" ? 16 : 1) <= PHONE_WIDTH;
}

/** The image that is each page's LCP element, by its template; undefined where the LCP element is text. */
function expectedLcpImage(path: string): { image: string; media?: string; phoneLcpIsText: boolean } | undefined {
  const image = expectedImage(path);
  if (!image) return undefined;
  const kind = routeByPath(path)?.kind ?? "article";
  return { image, media: LCP_MEDIA[kind], phoneLcpIsText: PHONE_TEXT_LCP.has(kind) };
}

function expectedImage(path: string): string | undefined {
  if (path.startsWith("/blog/")) return loadArticle(path.slice("/blog/".length)).image;
  const route = routeByPath(path);
  if (!route) throw new Error(`${path}: nie ma w tabeli tras`);
  switch (route.kind) {
    case "home":
      return loadContent().hero.slides[0]!.image;
    case "family":
      return loadFamilyList(route.doc!).entries[0]!.image;
    case "blog":
      return loadArticleSummaries()[0]!.image;
    case "treatment":
      return loadTreatment(route.doc!).hero.image;
    default:
      return undefined;
  }
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1];

interface Img {
  tag: string;
  /** The AVIF source's candidates and sizes. */
  avif?: { srcset: string; sizes: string };
}

/** Whether the image waits for the first paint (site/deferredImages.ts). */
const deferred = (img: Img) => new RegExp(`\\s${DEFERRED}(?:=""|[\\s/>])`).test(img.tag);

/** What a browser without JavaScript gets of a slideshow's hidden slides: <noscript> (never parsed by one with it). */
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/g;

/** Every <img> a browser running scripts sees, in document order, with the AVIF <source> of its <picture>. */
function images(html: string): Img[] {
  const out: Img[] = [];
  for (const m of html.replace(NOSCRIPT, "").matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>|<img\b[^>]*>/g)) {
    if (!m[1]) {
      out.push({ tag: m[0] });
      continue;
    }
    const source = m[1].match(/<source\b[^>]*type="image\/avif"[^>]*>/)?.[0];
    out.push({
      tag: m[1].match(/<img\b[^>]*>/)![0],
      avif: source ? { srcset: attr(source, "srcSet")!, sizes: attr(source, "sizes")! } : undefined,
    });
  }
  return out;
}

const pages = builtPages().filter((p) => !p.path.endsWith("404.html"));

describe("the LCP image is preloaded with high priority", () => {
  it.each(pages.map((p) => [p.path, p] as const))("%s", (path, { html }) => {
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link\b[^>]*rel="preload"[^>]*as="image"[^>]*>/g)].map((m) => m[0]);
    const expected = expectedLcpImage(path);
    if (!expected) {
      expect(preloads, `${path}: element LCP to tekst, a strona wstępnie ładuje obraz`).toEqual([]);
      return;
    }
    expect(preloads, `${path}: brak <link rel="preload" as="image"> obrazu LCP (${expected.image})`).toHaveLength(1);
    const preload = preloads[0]!;
    expect(attr(preload, "fetchPriority")).toBe("high");
    expect(attr(preload, "type")).toBe("image/avif");

    const all = images(html.slice(html.indexOf("<body")));
    const first = all[0];
    expect(first?.avif, `${path}: pierwszy obraz strony nie pochodzi z <Picture>`).toBeDefined();
    const srcset = first!.avif!.srcset;
    // The preloaded candidates are the LCP image's, every one of them, and the browser chooses by the same sizes.
    expect(
      srcset.split(", ").every((c) => c.startsWith(`/img/${expected.image}-`)),
      `${path}: pierwszy obraz to nie ${expected.image}`,
    ).toBe(true);
    expect(attr(preload, "imageSrcSet")).toBe(srcset);
    expect(attr(preload, "imageSizes")).toBe(first!.avif!.sizes);
    expect(attr(first!.tag, "fetchPriority")).toBe("high");
    expect(attr(first!.tag, "loading")).toBe(expected.media === undefined ? "eager" : "lazy");
    expect(attr(preload, "media"), `${path}: media wstępnego ładowania`).toBe(expected.media);
    // Where the phone's LCP element is text, no photo may be fetched before it on a phone.
    if (expected.phoneLcpIsText)
      expect(
        onPhone(attr(preload, "media")),
        `${path}: element LCP telefonu to tekst, a obraz jest wstępnie ładowany także na telefonie`,
      ).toBe(false);
    expect(deferred(first!), `${path}: obraz LCP czeka na pierwsze malowanie`).toBe(expected.media !== undefined);
  });

  it.each(pages.map((p) => [p.path, p] as const))(
    "%s: every other image waits for the first paint",
    (path, { html }) => {
      const rest = images(html.slice(html.indexOf("<body"))).slice(expectedLcpImage(path) ? 1 : 0);
      for (const img of rest) {
        expect(img.avif, `${path}: ${attr(img.tag, "alt")} nie pochodzi z <Picture>`).toBeDefined();
        expect(deferred(img), `${path}: ${attr(img.tag, "alt")} nie czeka na pierwsze malowanie`).toBe(true);
        expect(attr(img.tag, "loading"), `${path}: ${attr(img.tag, "alt")}`).toBe("lazy");
        // Its own address, shown at once without JavaScript; no placeholder image is asked for in its stead.
        expect(attr(img.tag, "src")).toMatch(/^\/img\/.+\.jpg$/);
      }
      expect(html, `${path}: obraz zastępczy (data:) w treści strony`).not.toMatch(/<(?:img|source)\b[^>]*="data:/);
    },
  );
});
