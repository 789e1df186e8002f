import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const clientDir = resolve(import.meta.dirname, "../../build/client");

/** Every prerendered HTML file of the build (pages, the two 404 pages), with the URL path it is served at. */
export function builtPages(): { file: string; path: string; html: string }[] {
  if (!existsSync(join(clientDir, "index.html")))
    throw new Error("Brak zbudowanej strony: uruchom najpierw `npm run build`");
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith(".html") ? [path] : [];
    });
  return walk(clientDir)
    .sort()
    .map((file) => {
      const rel = "/" + relative(clientDir, file).split("\\").join("/");
      const path = rel === "/index.html" ? "/" : rel.replace(/\/index\.html$/, "");
      return { file, path, html: readFileSync(file, "utf8") };
    });
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  // A script may hold one item or an array of them (the site writes one array: root.tsx, StructuredData).
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [JSON.parse(m[1]!)].flat(),
  );
}
