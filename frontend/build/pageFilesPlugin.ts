import type { Plugin } from "vite";
import { readPageFiles } from "../app/content/pageFiles.server.ts";

/**
 * frontend/app/site/pageFiles.ts reads content/ with node:fs, which the browser has not: the browser bundle gets
 * the list it reads, as data, in place of that module. The prerendered pages and the bundle hydrating them are
 * built from the same files in the same build, so they hold the same routes.
 */
export function pageFilesForBrowser(): Plugin {
  return {
    name: "salon-page-files",
    enforce: "pre",
    load(id) {
      if (this.environment.config.consumer !== "client" || !id.endsWith("/frontend/app/site/pageFiles.ts")) return null;
      return `export const pageFiles = ${JSON.stringify(readPageFiles())};\n`;
    },
  };
}
