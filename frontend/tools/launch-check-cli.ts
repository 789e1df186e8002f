/**
 * `npm run launch:check`: lists everything that must be replaced or confirmed before the site goes live (fictional
 * data, stand-in texts, artwork images, medical texts not confirmed by a practitioner), each with its file and
 * field, and exits 1 while anything is left. Run it before deploying.
 */
import { resolve } from "node:path";
import { formatReport, launchItems } from "./launchCheck";

const contentDir = resolve(process.env.CONTENT_DIR ?? "content");
const items = launchItems({ contentDir });
console.log(formatReport(items));
process.exit(items.length ? 1 : 0);
