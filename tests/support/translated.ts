/** A field of a page's translation as content/<doc>.<lang>.json writes it (placeholders not filled). */
import { readFileSync } from "node:fs";

export function translatedText(doc: string, language: "uk" | "en", field: string): string {
  const file = new URL(`../../content/${doc}.${language}.json`, import.meta.url);
  const translation = JSON.parse(readFileSync(file, "utf8")) as { fields: Record<string, { text: string }> };
  const entry = translation.fields[field];
  if (!entry) throw new Error(`content/${doc}.${language}.json: no field ${field}`);
  return entry.text;
}
