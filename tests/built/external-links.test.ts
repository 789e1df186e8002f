// @vitest-environment node
/**
 * Every link of the built site that leaves for another site — the booking service, the reviews on Google and
 * Facebook, the promotions' sub-sites, the share links, the platforms' policies — opens in a new tab, without giving
 * that site a hold on the salon's page (rel="noopener"), so the visitor keeps her place on the site.
 */
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { site } from "../../frontend/app/salon/config";

const pages = builtPages();
/** Every <a> whose address is on another origin, with its target and rel, by page. */
const externalLinks = (html: string) =>
  [...html.replace(/<script\b[\s\S]*?<\/script>/g, "").matchAll(/<a\b[^>]*>/g)]
    .map((m) => ({
      tag: m[0],
      href: m[0].match(/\shref="([^"]*)"/)?.[1] ?? "",
      target: m[0].match(/\starget="([^"]*)"/)?.[1],
      rel: m[0].match(/\srel="([^"]*)"/)?.[1] ?? "",
    }))
    .filter((link) => /^(https?:)?\/\//.test(link.href) && new URL(link.href, site.origin).origin !== site.origin);

describe("links to other sites", () => {
  it("are there: booking, reviews, promotions' sub-sites, sharing, the platforms' policies", () => {
    const hrefs = new Set(pages.flatMap(({ html }) => externalLinks(html).map((link) => link.href)));
    for (const href of [site.bookingUrl, site.reviewsUrl.google, site.reviewsUrl.facebook, site.social.instagram])
      expect(hrefs, href).toContain(href);
    expect([...hrefs].filter((href) => href.startsWith("https://www.facebook.com/sharer/")).length).toBeGreaterThan(6);
  });

  it("open in a new tab, with rel=noopener, on every page", () => {
    for (const { path, html } of pages)
      for (const link of externalLinks(html)) {
        expect(link.target, `${path}: ${link.tag}`).toBe("_blank");
        expect(link.rel, `${path}: ${link.tag}`).toMatch(/\bnoopener\b/);
      }
  });
});
