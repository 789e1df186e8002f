/**
 * Links to the site's pages from a translated page: the page in the same language where it is translated, the Polish
 * page (hrefLang="pl") where it is not — in the templates (SiteLink) and in content's running text (renderInline).
 */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderIn } from "./inWords";
import { SiteLink, siteTarget } from "../../frontend/app/components/SiteLink/SiteLink";
import { renderInline } from "../../frontend/app/components/RichText/inline";

describe("siteTarget", () => {
  it("keeps a Polish page's links as they are", () => {
    expect(siteTarget("/cennik#laser-frakcyjny", "pl")).toEqual({ to: "/cennik#laser-frakcyjny", polishOnly: false });
    expect(siteTarget("/blog", "pl")).toEqual({ to: "/blog", polishOnly: false });
  });

  it("leads to the translation, keeping the fragment, or to the Polish-only page", () => {
    expect(siteTarget("/cennik#laser-frakcyjny", "uk")).toEqual({
      to: "/uk/cennik#laser-frakcyjny",
      polishOnly: false,
    });
    expect(siteTarget("/", "en")).toEqual({ to: "/en", polishOnly: false });
    expect(siteTarget("/twoje-potrzeby", "en")).toEqual({ to: "/twoje-potrzeby", polishOnly: true });
    expect(siteTarget("/blog/jak-zmniejszyc-widocznosc-cellulitu", "uk")).toEqual({
      to: "/blog/jak-zmniejszyc-widocznosc-cellulitu",
      polishOnly: true,
    });
  });
});

describe("SiteLink", () => {
  it("says '(in Polish)' after a link to a Polish-only page when asked", () => {
    renderIn(
      "uk",
      <>
        <SiteLink to="/twoje-potrzeby" note>
          Ваші потреби
        </SiteLink>
        <SiteLink to="/kontakt" note>
          Контакти
        </SiteLink>
      </>,
      "/uk",
    );
    const needs = screen.getByRole("link", { name: "Ваші потреби (польською)" });
    expect(needs).toHaveAttribute("href", "/twoje-potrzeby");
    expect(needs).toHaveAttribute("hreflang", "pl");
    const contact = screen.getByRole("link", { name: "Контакти" });
    expect(contact).toHaveAttribute("href", "/uk/kontakt");
    expect(contact).not.toHaveAttribute("hreflang");
  });
});

describe("renderInline on a translated page", () => {
  const text =
    "See [the prices](/cennik#laser-frakcyjny), [Your needs](/twoje-potrzeby) and [an article](/blog/jak-zmniejszyc-widocznosc-cellulitu).";

  it("leads content's links to the page in the same language, or marks the Polish page", () => {
    renderIn("en", <p>{renderInline(text)}</p>, "/en/laser-frakcyjny");
    expect(screen.getByRole("link", { name: "the prices" })).toHaveAttribute("href", "/en/cennik#laser-frakcyjny");
    expect(screen.getByRole("link", { name: "the prices" })).not.toHaveAttribute("hreflang");
    expect(screen.getByRole("link", { name: "Your needs" })).toHaveAttribute("href", "/twoje-potrzeby");
    expect(screen.getByRole("link", { name: "Your needs" })).toHaveAttribute("hreflang", "pl");
    expect(screen.getByRole("link", { name: "an article" })).toHaveAttribute("hreflang", "pl");
  });

  it("leaves a Polish page's links as they were", () => {
    renderIn("pl", <p>{renderInline(text)}</p>, "/laser-frakcyjny");
    expect(screen.getByRole("link", { name: "the prices" })).toHaveAttribute("href", "/cennik#laser-frakcyjny");
    expect(screen.getByRole("link", { name: "Your needs" })).not.toHaveAttribute("hreflang");
  });
});
