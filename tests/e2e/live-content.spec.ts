/**
 * The operator edits the two served documents, content/pricing.json and content/content.json, on the running
 * stack: the pages show the edit without a rebuild (the prerendered HTML still holds the built text), and show the
 * built text again once the document is restored. The edits touch nothing another test checks (Kobido's prices,
 * the welcome title), are written atomically and are always undone.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test, type Page } from "../support/test";

const contentDir = resolve(import.meta.dirname, "../../content");

/** Writes a file in one step (a reader never sees half of it). */
function writeAtomically(file: string, data: string | Buffer) {
  const temporary = `${file}.e2e-${process.pid}`;
  writeFileSync(temporary, data, { mode: 0o644 });
  renameSync(temporary, file);
}

/** Applies an edit to a served document; returns the function that puts the original bytes back. */
function editServed(name: "content" | "pricing", edit: (doc: any) => void): () => void {
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

test("an edit of the served pricing.json shows on the price list and on the treatment page without a rebuild, and is gone once restored", async ({ page, request }) => {
  const price = `${900 + (Date.now() % 90)} zł`; // a price the price list does not have
  const restore = editServed("pricing", (doc) => {
    const kobido = doc.categories.find((c: { id: string }) => c.id === "kobido");
    kobido.services.find((s: { name: string }) => s.name === "Kobido UP + inny produkt").price = price;
  });
  try {
    for (const path of ["/cennik", "/kobido-lodz"]) {
      // No rebuild: the prerendered page still holds the built price…
      const html = await (await request.get(path)).text();
      expect(html).toContain("Kobido UP + inny produkt");
      expect(html).not.toContain(price);
      // …and the page shows the edited one once it has read the served document.
      await page.goto(path);
      await expect(kobidoRow(page, "Kobido UP + inny produkt")).toContainText(price);
      await expect(kobidoRow(page, "Kobido UP + inny produkt")).not.toContainText("300 zł");
    }
  } finally {
    restore();
  }
  await page.goto("/cennik");
  await expect(kobidoRow(page, "Kobido UP + inny produkt")).toContainText("300 zł");
  await expect(page.getByText(price)).toHaveCount(0);
});

test("an edit of the served content.json shows on the home page without a rebuild, and is gone once restored", async ({ page, request }) => {
  const title = `Witamy – edycja na żywo ${Date.now().toString(36)}`;
  const restore = editServed("content", (doc) => {
    doc.welcome.title = title;
  });
  try {
    expect(await (await request.get("/")).text()).not.toContain(title);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  } finally {
    restore();
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Witamy w naszym gabinecie" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});
