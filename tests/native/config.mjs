/**
 * Settings of the native stack (what runs on machines without a Docker engine). Every setting, ports included, is
 * taken from the environment, else from docker/defaults.env (its native or local default, else the default).
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { nativeSetting } from "../../docker/defaults.mjs";

export const root = resolve(import.meta.dirname, "../..");
export const stateDir = resolve(root, process.env.STACK_DIR ?? ".stack");

export const ports = {
  web: Number(nativeSetting("NGINX_PORT")),
  php: Number(nativeSetting("PHP_FPM_PORT")),
  smtp: Number(nativeSetting("SMTP_PORT")),
  mailUi: Number(nativeSetting("MAIL_UI_PORT")),
};

export const host = "127.0.0.1";

/** The build nginx serves: build/ unless SITE_BUILD_DIR names another (the bench's artwork and photo variants). */
export const buildDir = resolve(root, process.env.SITE_BUILD_DIR ?? "build");

export const outboxDir = resolve(stateDir, "outbox");

export const isRoot = process.getuid?.() === 0;

/** True when every folder above `dir` lets other users pass through (o+x), as www-data and nobody must. */
export function reachableByOthers(dir) {
  for (let parent = dirname(dir); ; parent = dirname(parent)) {
    if (!(statSync(parent).mode & 0o001)) return false;
    if (parent === dirname(parent)) return true;
  }
}

/**
 * The checkout as the services' workers see it. Started as root, nginx's workers run as nobody and PHP-FPM's and
 * the deliverer as www-data, as in the images; they cannot reach a checkout under a closed folder (/root, a
 * `mktemp -d` folder). Then the checkout is bind-mounted at /run/salon-stack/<hash> (tests/native/services.mjs
 * mounts it before the first service starts) and every path handed to the workers goes through there; the files
 * are the same, only the way to them differs. Not as root, or when the way is open, it is the checkout itself.
 */
export const workerRoot =
  !isRoot || reachableByOthers(root)
    ? root
    : join("/run/salon-stack", createHash("sha256").update(root).digest("hex").slice(0, 12));

/** A path under the checkout, as the workers see it. */
export function forWorkers(path) {
  const inside = relative(root, path);
  if (inside.startsWith("..")) return path; // outside the checkout (STACK_DIR elsewhere): as it is
  return join(workerRoot, inside);
}

/** The mailer's environment: the same variables docker-compose.yml passes to the php service. */
export const mailerEnv = {
  MAIL_FROM: nativeSetting("MAIL_FROM"),
  MAIL_FROM_NAME: nativeSetting("MAIL_FROM_NAME"),
  MAIL_TO: nativeSetting("MAIL_TO"),
  SMTP_HOST: host,
  SMTP_PORT: String(ports.smtp),
  SMTP_SECURE: "",
  SMTP_AUTH: "0",
  SMTP_TIMEOUT: nativeSetting("SMTP_TIMEOUT"),
  // Posts from the site's own pages are accepted by their Host (mailer/src/OriginPolicy.php); further origins
  // only if set, as in Compose.
  SITE_ORIGIN: nativeSetting("SITE_ORIGIN"),
  // The durable outbox (a named volume in Compose): written by PHP-FPM's workers, emptied by the deliverer.
  OUTBOX_DIR: forWorkers(outboxDir),
  OUTBOX_RETRY_HOURS: nativeSetting("OUTBOX_RETRY_HOURS"),
  OUTBOX_RETRY_SECONDS: nativeSetting("OUTBOX_RETRY_SECONDS"),
  OUTBOX_POLL_SECONDS: nativeSetting("OUTBOX_POLL_SECONDS"),
  HEALTH_SMTP_DOWN_SECONDS: nativeSetting("HEALTH_SMTP_DOWN_SECONDS"),
  HEALTH_WAITING_SECONDS: nativeSetting("HEALTH_WAITING_SECONDS"),
  HEALTH_DELIVERER_SECONDS: nativeSetting("HEALTH_DELIVERER_SECONDS"),
  HEALTH_SMTP_PROBE_SECONDS: nativeSetting("HEALTH_SMTP_PROBE_SECONDS"),
  HELD_DIGEST_HOUR: nativeSetting("HELD_DIGEST_HOUR"),
  HELD_DIGEST_DAY_SECONDS: nativeSetting("HELD_DIGEST_DAY_SECONDS"),
};

/**
 * Values for the ${NAME} placeholders of docker/nginx/templates/*.template (nginx.conf and the site); the web
 * image sets the same names in its Dockerfile. NGINX_RESOLVER is the renderer's own (this machine's name server).
 */
export function nginxTemplateValues() {
  const logDir = join(stateDir, "log");
  return {
    NGINX_PORT: `${host}:${ports.web}`,
    // The image's listener for the TLS front; natively nothing connects to it, but the configuration is the same.
    NGINX_LISTEN_SOCKET: `unix:${join(stateDir, "run", "nginx.sock")}`,
    WEB_ROOT: forWorkers(resolve(buildDir, "client")),
    PHP_UPSTREAM: `${host}:${ports.php}`,
    MAILER_SCRIPT: forWorkers(resolve(root, "mailer/public/send-email.php")),
    MAILER_HEALTH_SCRIPT: forWorkers(resolve(root, "mailer/public/health.php")),
    NGINX_CONF_DIR: resolve(stateDir, "nginx"),
    CONTACT_RATE_LIMIT: nativeSetting("CONTACT_RATE_LIMIT"),
    CONTACT_SITE_RATE_LIMIT: nativeSetting("CONTACT_SITE_RATE_LIMIT"),
    REAL_IP_FROM: nativeSetting("REAL_IP_FROM"),
    CSP_MAP_FILE: resolve(buildDir, "nginx/csp-hashes.map"),
    REDIRECT_MAP_FILE: resolve(buildDir, "nginx/redirects.map"),
    NGINX_PID: join(stateDir, "run", "nginx.pid"),
    NGINX_ERROR_LOG: join(logDir, "nginx-error.log"),
    NGINX_ACCESS_LOG: join(logDir, "nginx-access.log"),
    NGINX_TEMP_DIR: join(stateDir, "nginx-temp"),
  };
}
