/**
 * A price as content/pricing.json writes it, for tests that look for it on a page: the list is the one source of
 * every price, so a test that repeated one would fail on the README's "change a price" edit.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { findPrice, type PriceRef } from "../../frontend/app/contentModel/pricing";
import type { PricingDocument } from "../../frontend/app/contentModel/schema";

const pricing = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "../../content/pricing.json"), "utf8"),
) as PricingDocument;

/** "1890 zł": the price of a line (a service, or an option of it) of a price group. */
export function listedPrice(ref: PriceRef): string {
  const found = findPrice(pricing, ref);
  if ("error" in found) throw new Error(`content/pricing.json: ${found.error}`);
  return found.price;
}
