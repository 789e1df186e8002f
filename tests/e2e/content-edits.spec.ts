/**
 * A content edit is a rebuild (README, "Change a price"): the pages hold what their build was made from, and an
 * edit of content/ on the running site's host changes nothing a visitor sees until the site is built again — not
 * the prerendered HTML, not the structured data, not the page after hydration. So the price list, the treatment
 * pages, search engines and readers without JavaScript always agree, and every price a visitor sees has passed the
 * build's checks. The edit touches nothing another test checks (Kobido's prices), is written atomically and is
 * always undone.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test, type Page } from "../support/test";
import { listedPrice } from "../support/prices";

const contentDir = resolve(import.meta.dirname, "../../content");

/** Writes a file in one step (a reader never sees half of it). */
function writeAtomically(file: string, data: string | Buffer) {
  const temporary = `${file}.e2e-${process.pid}`;
  writeFileSync(temporary, data, { mode: 0o644 });
  renameSync(temporary, file);
}

/** Applies an edit to a document of content/; returns the function that puts the original bytes back. */
function editContent(name: "content" | "pricing", edit: (doc: any) => void): () => void {
  const file = join(contentDir, `${name}.json`);
  const original = readFileSync(file);
  const doc = JSON.parse(original.toString("utf8"));
  edit(doc);
  writeAtomically(file, `${JSON.stringify(doc, null, 2)}\n`);
  return () => writeAtomically(file, original);
}

/** A row of the Kobido price category (on the price list and in the treatment page's pricing section). */
const kobidoRow = (page: Page, name: string) =>
  page.getByRole("article", { name: "Japoński masaż twarzy Kobido" }).getByRole("listitem").filter({ hasText: name });

test.describe.configure({ mode: "serial" });

test("an edit of content/pricing.json without a rebuild changes nothing a visitor sees: HTML, structured data and the hydrated page keep the built price", async ({
  page,
  request,
}) => {
  const built = listedPrice({ priceGroup: "kobido", service: "Kobido UP + inny produkt" });
  // A price the price list does not have (every price a page shows comes from it).
  const prices = readFileSync(join(contentDir, "pricing.json"), "utf8");
  const edited = Array.from({ length: 90 }, (_, i) => `${911 + i} zł`).find((price) => !prices.includes(price))!;
  const restore = editContent("pricing", (doc) => {
    const kobido = doc.categories.find((c: { id: string }) => c.id === "kobido");
    kobido.services.find((s: { name: string }) => s.name === "Kobido UP + inny produkt").price = edited;
    kobido.services.find((s: { name: string }) => s.name === "Kobido UP").price = edited;
  });
  try {
    const asked: string[] = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    for (const path of ["/cennik", "/kobido-lodz"]) {
      // What a reader without JavaScript and a search engine get: the built price, in the text and in JSON-LD.
      const html = await (await request.get(path)).text();
      expect(html).toContain("Kobido UP + inny produkt");
      expect(html).not.toContain(edited);
      expect(html).not.toContain(`"price":${parseInt(edited, 10)}`);
      // After hydration: still the built price.
      await page.goto(path);
      await expect(kobidoRow(page, "Kobido UP + inny produkt")).toContainText(built);
      await expect(page.getByText(edited)).toHaveCount(0);
      // What the page has fetched by itself up to now, as the page counts it.
      asked.push(
        ...(await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname))),
      );
    }
    // The pages ask for nothing in content/: their data is their build's own.
    expect(asked.filter((p) => p.startsWith("/content/"))).toEqual([]);
    // The served JSON is the build's too, never content/'s file.
    const served = await (await request.get("/content/pricing.json")).text();
    expect(served).toContain(`"name":"Kobido UP + inny produkt","price":"${built}"`);
    expect(served).not.toContain(edited);
  } finally {
    restore();
  }
});

test("an edit of content/content.json without a rebuild changes nothing on the home page", async ({
  page,
  request,
}) => {
  const title = `Witamy – edycja bez przebudowy ${Date.now().toString(36)}`;
  let built = "";
  const restore = editContent("content", (doc) => {
    built = doc.welcome.title;
    doc.welcome.title = title;
  });
  try {
    expect(await (await request.get("/")).text()).not.toContain(title);
    await page.goto("/"); // hydrated
    await expect(page.getByRole("heading", { level: 2, name: built })).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  } finally {
    restore();
  }
});
