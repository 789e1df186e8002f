/**
 * Settings of the native stack (what runs on machines without a Docker engine). Every port can be overridden by
 * an environment variable; the defaults mirror the Compose stack: site 8080, mail UI/API 8025, SMTP 1025.
 */
import { resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");
export const stateDir = resolve(root, process.env.STACK_DIR ?? ".stack");

export const ports = {
  web: Number(process.env.NGINX_PORT ?? 8080),
  php: Number(process.env.PHP_FPM_PORT ?? 9100),
  smtp: Number(process.env.SMTP_PORT ?? 1025),
  mailUi: Number(process.env.MAIL_UI_PORT ?? 8025),
};

export const host = "127.0.0.1";

export const outboxDir = resolve(stateDir, "outbox");

/** The mailer's environment: the same variables docker-compose.yml passes to the php service. */
export const mailerEnv = {
  MAIL_FROM: process.env.MAIL_FROM ?? "strona@aurea-salon.example",
  MAIL_FROM_NAME: process.env.MAIL_FROM_NAME ?? "Strona Aurea Instytut Urody",
  MAIL_TO: process.env.MAIL_TO ?? "kontakt@aurea-salon.example",
  SMTP_HOST: host,
  SMTP_PORT: String(ports.smtp),
  SMTP_SECURE: "",
  SMTP_AUTH: "0",
  SMTP_TIMEOUT: process.env.SMTP_TIMEOUT ?? "5",
  // Posts are accepted only from pages of these origins (Origin/Referer check in mailer/src/OriginPolicy.php).
  SITE_ORIGIN: process.env.SITE_ORIGIN ?? `http://${host}:${ports.web},http://localhost:${ports.web}`,
  // The durable outbox (a named volume in Compose): written by PHP-FPM's workers, emptied by the deliverer.
  OUTBOX_DIR: outboxDir,
  OUTBOX_MAX_ATTEMPTS: process.env.OUTBOX_MAX_ATTEMPTS ?? "10",
  OUTBOX_RETRY_SECONDS: process.env.OUTBOX_RETRY_SECONDS ?? "60",
  OUTBOX_POLL_SECONDS: process.env.OUTBOX_POLL_SECONDS ?? "2",
};

/** Values for the ${NAME} placeholders of docker/nginx/templates/*.template. */
export function nginxTemplateValues() {
  return {
    NGINX_PORT: `${host}:${ports.web}`,
    WEB_ROOT: resolve(root, "build/client"),
    CONTENT_ROOT: resolve(root, "content"),
    PHP_UPSTREAM: `${host}:${ports.php}`,
    MAILER_SCRIPT: resolve(root, "mailer/public/send-email.php"),
    NGINX_CONF_DIR: resolve(stateDir, "nginx"),
    CONTACT_RATE_LIMIT: process.env.CONTACT_RATE_LIMIT ?? "10r/m",
    CSP_MAP_FILE: resolve(root, "build/nginx/csp-hashes.map"),
  };
}
