import type { Plugin } from "vite";
import { readContentPages } from "../app/content/contentPages.server.ts";

/**
 * frontend/app/site/contentPages.ts reads content/ with node:fs, which the browser has not: the browser bundle gets
 * the list it reads, as data, in place of that module. The prerendered pages and the bundle hydrating them are
 * built from the same files in the same build, so they hold the same routes.
 */
export function contentPagesForBrowser(): Plugin {
  return {
    name: "salon-content-pages",
    enforce: "pre",
    load(id) {
      if (this.environment.config.consumer !== "client" || !id.endsWith("/frontend/app/site/contentPages.ts")) return null;
      return `export const contentPages = ${JSON.stringify(readContentPages())};\n`;
    },
  };
}
