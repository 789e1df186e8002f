/**
 * Every treatment page as it is served, read from the prerendered HTML against its file in content/treatments/:
 * its heading, its sections under their titles, the table of contents linking to each, the booking call to action
 * whose links lead to booking (in a new tab), contact, the price list or the phone, and the before/after photos with
 * their descriptions in order. What needs a browser (the links' jumps, the carousel and the gallery at work) is
 * tested on the pages of tests/support/pageSample.ts by tests/e2e/treatments.spec.ts.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { contentPageFiles, requiredTreatmentPaths } from "../support/routes";
import { site } from "../../frontend/app/salon/config";
import type { Treatment } from "../../frontend/app/contentModel/schema";

const built = builtPages();
const treatmentPages = contentPageFiles
  .filter((page) => page.folder === "treatments")
  .map(({ path }) => ({
    path,
    t: JSON.parse(
      readFileSync(resolve(import.meta.dirname, `../../content/treatments${path}.json`), "utf8"),
    ) as Treatment,
    doc: new DOMParser().parseFromString(built.find((page) => page.path === path)!.html, "text/html"),
  }));
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim();

/** Where each kind of call to action must lead. */
const TARGET: Record<string, RegExp | string> = {
  online: site.bookingUrl,
  contact: "/kontakt",
  pricing: "/cennik",
  promotions: "/promocje",
  home: "/",
  phone: /^tel:\+48\d{9}$/,
};

it("every required treatment page is built from its file in content/treatments/", () => {
  expect(treatmentPages.map((page) => page.path)).toEqual(expect.arrayContaining([...requiredTreatmentPaths]));
});

describe.each(treatmentPages)("$path", ({ t, doc }) => {
  it("has its title as its one heading, its sections under their titles and a table of contents linking to each", () => {
    expect([...doc.querySelectorAll("h1")].map(text)).toEqual([t.title]);
    const toc = [...doc.querySelectorAll("nav")].find((nav) => text(nav.querySelector("h2")) === "Na tej stronie");
    expect(toc).toBeDefined();
    const tocTargets = [...toc!.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    const ids = [...t.sections.map((s) => s.id), ...(t.variants ? [t.variants.id] : []), "cennik", "rezerwacja"];
    for (const id of ids) {
      const sections = doc.querySelectorAll(`section[id="${id}"]`);
      expect(sections, `#${id}`).toHaveLength(1);
      expect(text(sections[0]!.querySelector("h2")), `#${id}: its heading`).toBeTruthy();
      expect(tocTargets, `the table of contents → #${id}`).toContain(`#${id}`);
    }
    for (const section of t.sections)
      expect(text(doc.querySelector(`section[id="${section.id}"] h2`)), `#${section.id}`).toBe(section.title);
  });

  it("ends with its booking call to action, each link leading where its kind says; booking opens in a new tab", () => {
    const booking = doc.querySelector("section#rezerwacja")!;
    expect(text(booking.querySelector("h2"))).toBe(t.booking.title);
    const links = [...booking.querySelectorAll("a")];
    for (const action of t.booking.actions) {
      const link = links.find((a) => text(a)!.startsWith(action.label));
      expect(link, action.label).toBeDefined();
      const href = link!.getAttribute("href")!;
      const target = TARGET[action.kind]!;
      if (typeof target === "string") expect(href, action.label).toBe(target);
      else expect(href, action.label).toMatch(target);
      if (action.kind === "online") {
        expect(text(link)).toMatch(/^Zarezerwuj online/);
        expect(link!.getAttribute("target")).toBe("_blank");
        expect(link!.getAttribute("rel")).toMatch(/\bnoopener\b/);
      }
    }
    for (const link of doc.querySelectorAll(`main a[href="${site.bookingUrl}"]`))
      expect(link.getAttribute("target"), text(link)).toBe("_blank");
  });
});

describe.each(treatmentPages.filter((page) => page.t.beforeAfter))("$path", ({ t, doc }) => {
  it("shows every before/after photo, in order, each with its description, and a dot for each", () => {
    const carousel = doc.querySelector('[aria-roledescription="karuzela"]')!;
    // Parsed as without scripts: a slide's photo kept in <noscript> until hydration counts as the visitor gets it.
    const slides = [...carousel.querySelectorAll('[aria-roledescription="slajd"]')];
    expect(slides.map((slide) => slide.querySelector("img")?.getAttribute("alt"))).toEqual(
      t.beforeAfter!.photos.map((photo) => photo.alt),
    );
    expect(carousel.querySelectorAll('button[aria-label^="Zdjęcie "]')).toHaveLength(slides.length);
  });
});
