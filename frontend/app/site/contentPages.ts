/**
 * The pages content/ holds one file each of (content/contentPages.server.ts), read when the module loads. The
 * browser bundle cannot read files: it gets the same list, read at build time, as data in place of this module
 * (frontend/build/contentPagesPlugin.ts).
 */
import { readContentPages } from "../content/contentPages.server";

export const contentPages = readContentPages();
