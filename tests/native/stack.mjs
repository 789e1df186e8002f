/**
 * `npm run stack`: the native stack in the foreground on 127.0.0.1 — nginx (docker/nginx/templates, the same files
 * the web image renders), PHP-FPM (docker/php/php-fpm.conf and php.ini, as in the php image), MailDev (SMTP 1025,
 * web UI and API 8025, as in the catcher image) and the deliverer (mailer/bin/deliver.php --loop, Compose's
 * deliverer service) on the outbox in .stack/outbox. Builds the site and installs the mailer's packages if needed.
 * Ctrl-C stops all four.
 */
import { execSync } from "node:child_process";
import { existsSync, watchFile } from "node:fs";
import { resolve } from "node:path";
import {
  isBuilt,
  ports,
  root,
  startService,
  stopService,
  host,
  outboxDir,
  pidOf,
  releaseWorkerRoot,
} from "./services.mjs";
import { buildDir } from "./config.mjs";

if (!isBuilt()) {
  console.log("Budowanie strony (npm run build)…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
if (!existsSync(resolve(root, "mailer/vendor/autoload.php"))) {
  console.log("Instalowanie pakietów mailera (composer install)…");
  execSync("composer install --no-interaction --no-progress", { cwd: resolve(root, "mailer"), stdio: "inherit" });
}

const order = ["catcher", "php", "web", "deliverer"];
// The deliverer has no port that would tell of a leftover from an interrupted run; its pidfile does.
if (pidOf("deliverer")) await stopService("deliverer").catch(() => undefined);
let stopping = false;

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const name of [...order].reverse()) {
    await stopService(name).catch(() => undefined);
  }
  releaseWorkerRoot();
  process.exit(code);
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

try {
  for (const name of order) {
    const child = await startService(name);
    child.on("exit", (code, signal) => {
      if (stopping) return;
      // The mail catcher and the deliverer may be stopped on purpose (fault tests), and PHP-FPM killed and restarted
      // by them; nginx dying ends the stack.
      if (name === "catcher") console.log(`Łapacz poczty zatrzymany (${signal ?? code}).`);
      else if (name === "deliverer") console.log(`Doręczyciel zatrzymany (${signal ?? code}).`);
      else if (name === "php" && signal === "SIGKILL") console.log("PHP-FPM zabity (SIGKILL) – test awarii.");
      else {
        console.error(`${name} zakończył działanie (${signal ?? code}) – zatrzymuję stos.`);
        stopAll(1);
      }
    });
  }
} catch (error) {
  console.error(String(error));
  await stopAll(1);
}

// A rebuild while the stack runs changes the pages' inline-script hashes: nginx reloads the CSP map (SIGHUP), or
// the new pages' scripts would be refused.
watchFile(resolve(buildDir, "nginx/csp-hashes.map"), { interval: 1000 }, (now, before) => {
  if (now.mtimeMs === before.mtimeMs || !now.size) return;
  const pid = pidOf("web");
  if (pid) {
    process.kill(pid, "SIGHUP");
    console.log("Nowa wersja strony: nginx przeładował konfigurację.");
  }
});

console.log(`Strona:        http://${host}:${ports.web}`);
console.log(`Poczta (UI):   http://${host}:${ports.mailUi}`);
console.log(`SMTP:          ${host}:${ports.smtp}`);
console.log(`Skrzynka nadawcza: ${outboxDir}`);
console.log("Ctrl-C zatrzymuje wszystko.");
