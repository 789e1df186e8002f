/**
 * Control over the stack's services for fault tests. Natively through docker/native/services.mjs (the same code
 * `npm run stack` uses); against Compose through `docker compose stop/start`.
 */
import { execSync } from "node:child_process";
// @ts-expect-error -- plain ES module without type declarations
import { startService, stopService, pidOf } from "../../docker/native/services.mjs";

const compose = process.env.STACK === "compose";
const composeName: Record<string, string> = { catcher: "mailhog", php: "php", web: "web" };

export async function stopServiceNamed(name: "catcher" | "php"): Promise<void> {
  if (compose) execSync(`docker compose stop ${composeName[name]}`, { stdio: "inherit" });
  else await stopService(name);
}

export async function startServiceNamed(name: "catcher" | "php"): Promise<void> {
  if (compose) execSync(`docker compose start ${composeName[name]}`, { stdio: "inherit" });
  else if (!pidOf(name)) await startService(name, { detached: true });
}

export const stopCatcher = () => stopServiceNamed("catcher");
export const startCatcher = () => startServiceNamed("catcher");
