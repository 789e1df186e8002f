/**
 * Before the native stack starts (tests/run.sh): stops what this checkout's stack left running — by the process ids
 * it recorded (services.mjs), never by name — then checks that no other program listens on a port the stack needs.
 * One that does is named with its process and left running; the run stops with the variables that move the stack.
 */
import { portHolder, portOpen, ports, releaseWorkerRoot, stopService } from "./services.mjs";

for (const name of ["web", "php", "catcher", "deliverer"]) await stopService(name).catch(() => undefined);
releaseWorkerRoot();

const needed = { NGINX_PORT: ports.web, PHP_FPM_PORT: ports.php, SMTP_PORT: ports.smtp, MAIL_UI_PORT: ports.mailUi };
const busy = [];
for (const [variable, port] of Object.entries(needed)) {
  if (await portOpen(port)) busy.push(`${variable}=${port}: ${portHolder(port) || "nie wiadomo przez kogo"}`);
}
if (busy.length) {
  console.error(
    [
      "Porty potrzebne stosowi testowemu zajmują inne programy (test ich nie zatrzymuje):",
      ...busy.map((line) => `  ${line}`),
      "Zatrzymaj je albo przenieś stos na wolne porty, np.:",
      "  NGINX_PORT=18080 PHP_FPM_PORT=19100 SMTP_PORT=11025 MAIL_UI_PORT=18025 bash tests/run.sh",
    ].join("\n"),
  );
  process.exit(1);
}
