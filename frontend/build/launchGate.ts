/**
 * The launch gate: the production configuration builds and starts the site only when `npm run launch:check` lists
 * nothing — or when it is a demonstration (SALON_DEMO=1), whose every page carries `noindex` and a notice that the
 * salon's data are examples (site/demo.ts). Two places enforce it, because an image may hold a bundle built
 * elsewhere (the Compose test run builds it on the host):
 *   - `npm run build` with SALON_LAUNCH_GATE=1 (the web image's build in production) stops here, naming the count
 *     and the first items;
 *   - every build records the result in build/nginx/launch-check.txt (postbuild.ts), which the web image's entrypoint
 *     reads at start with SALON_LAUNCH_GATE=1 (docker/nginx/launch-gate.sh).
 * The local configuration and the test command set no gate and build with the stand-ins.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { launchItems, type LaunchItem } from "./launchCheck";

/** How many items the refusal and the record name (the whole list is `npm run launch:check`'s). */
export const FIRST_ITEMS = 5;

const line = (item: LaunchItem) => `${item.file}: pole "${item.field}": ${item.note}`.replace(/\s+/g, " ");

/** The record the web image's entrypoint reads: `key=value` lines a POSIX shell can read. */
export function launchRecord(items: readonly LaunchItem[], demo: boolean): string {
  return [
    `demo=${demo ? 1 : 0}`,
    `count=${items.length}`,
    ...items.slice(0, FIRST_ITEMS).map((item) => `item=${line(item)}`),
    "",
  ].join("\n");
}

/** Why a production build or start is refused, in Polish, with the count and the first items. */
export function refusal(items: readonly LaunchItem[]): string {
  return [
    `Publikacja wstrzymana: npm run launch:check wymienia ${items.length} pozycji do zastąpienia lub potwierdzenia, m.in.:`,
    ...items.slice(0, FIRST_ITEMS).map((item) => `  ${line(item)}`),
    "Zastąp je (README, „Before going live”) albo – dla wdrożenia demonstracyjnego – ustaw SALON_DEMO=1 w .env:",
    "każda strona dostanie wtedy noindex i widoczną informację, że dane salonu są przykładowe.",
  ].join("\n");
}

export const gateOn = (env = process.env) => env.SALON_LAUNCH_GATE === "1";
export const demoBuild = (env = process.env) => env.SALON_DEMO === "1";

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  if (gateOn() && !demoBuild()) {
    const items = launchItems({ contentDir: resolve(process.env.CONTENT_DIR ?? "content") });
    if (items.length) {
      console.error(refusal(items));
      process.exit(1);
    }
  }
}
