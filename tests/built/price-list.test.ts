/**
 * The served price list (/cennik) marks the rows its rules pick (content/pricing.json: promotions, discounts, the
 * series) and no other, each with a word saying why, so the mark is not a colour alone.
 */
import { expect, it } from "vitest";
import { builtPages } from "../support/builtPages";
import { isHighlightedOption, isHighlightedService } from "../../frontend/app/contentModel/pricing";
import { loadPricing } from "../../frontend/app/contentModel/load.server";

it("/cennik marks with a word exactly the rows the price list's rules pick", () => {
  const services = loadPricing().categories.flatMap((group) => group.services);
  const expected = services.reduce(
    (count, service) =>
      count +
      Number(isHighlightedService(service)) +
      ("options" in service ? service.options.filter(isHighlightedOption).length : 0),
    0,
  );
  expect(expected).toBeGreaterThan(0);
  const html = builtPages().find((page) => page.path === "/cennik")!.html;
  const marked = [...new DOMParser().parseFromString(html, "text/html").querySelectorAll("main [data-highlighted]")];
  expect(marked).toHaveLength(expected);
  // The word stands on its own in the row's first line (beside the name), not only in the notes under the price.
  for (const row of marked) {
    const words = [...row.firstElementChild!.querySelectorAll("span")].map((span) => span.textContent.trim());
    expect(words, row.textContent).toEqual(expect.arrayContaining([expect.stringMatching(/^(Promocja|Rabat|Seria)$/)]));
  }
});
