/**
 * The stack's settings (docker/defaults.env) as the Compose files hand them to the containers: which services a
 * setting's "used by" names, and the few Compose sets itself whatever .env says. Shared by tests/unit/defaults.test.ts
 * (the files) and tests/e2e/compose-ops.spec.ts (the containers).
 */
export const CONTAINERS = ["web", "php", "deliverer", "front"] as const;

/** Settings Compose gives the containers itself, whatever .env says, and why (the native stack takes them). */
export const FIXED_IN_COMPOSE: Readonly<Record<string, string>> = {
  OUTBOX_DIR: "the outbox volume's mount point",
  SMTP_PASS_FILE: "the secret secrets/smtp_pass",
  SMTP_PASS: "never in the environment: the password is the file secrets/smtp_pass",
};

/** The services a setting's "used by" names: "php, deliverer, web (the privacy texts)" → php, deliverer, web. */
export const servicesUsing = (usedBy: string): string[] =>
  usedBy
    .split(",")
    .map((part) => part.trim().split(/[\s(]/)[0]!)
    .filter((name) => (CONTAINERS as readonly string[]).includes(name));
