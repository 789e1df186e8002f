/**
 * The pages content/ holds one file each of (content/pageFiles.server.ts), read when the module loads. The
 * browser bundle cannot read files: it gets the same list, read at build time, as data in place of this module
 * (frontend/build/pageFilesPlugin.ts).
 */
import { readPageFiles } from "../content/pageFiles.server";

export const pageFiles = readPageFiles();
