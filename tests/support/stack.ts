/**
 * Control over the stack's services for fault tests. Natively through tests/native/services.mjs (the same code
 * `npm run stack` uses); against Compose through `docker compose stop/start/kill/exec`.
 */
import { execFile, execSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  forWorkers,
  killService,
  logFile,
  mailerEnv,
  outboxDir,
  phpBinary,
  pidOf,
  root,
  stateDir,
  startService,
  stopService,
  type ServiceName,
} from "../native/services.mjs";

export const compose = process.env.STACK === "compose";
/** Which Compose configuration is under test: "local" (docker-compose.override.yml) or "production" (tests/compose/run.sh). */
export const composeConfig = process.env.COMPOSE_CONFIG ?? "local";
export const composeCommand = process.env.COMPOSE_CMD ?? "docker compose";
/** Where the mail goes: the local catcher (MailHog), or in the test run's production the test relay. */
export const catcherService = process.env.COMPOSE_CATCHER_SERVICE ?? "catcher";
const composeName: Record<ServiceName, string> = {
  catcher: catcherService,
  php: "php",
  web: "web",
  deliverer: "deliverer",
};

/** Runs a Compose command on the stack under test (the project and ports come from the environment). */
export function composeRun(args: string): string {
  return execSync(`${composeCommand} ${args}`, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

export async function stopServiceNamed(name: ServiceName): Promise<void> {
  if (compose) composeRun(`stop ${composeName[name]}`);
  else await stopService(name);
}

export async function startServiceNamed(name: ServiceName): Promise<void> {
  if (compose) {
    // Not `start`, which returns once the container runs, not once its server listens (on a loaded machine the
    // relay's SMTP can take over 10 s): `up --wait` starts the stopped container, recreating nothing, and waits for its
    // health check.
    composeRun(`up -d --no-deps --no-recreate --no-build --pull never --wait --wait-timeout 90 ${composeName[name]}`);
  } else if (!pidOf(name)) await startService(name, { detached: true });
}

/** A crash: SIGKILL to the service and everything under it (PHP-FPM's master and its busy workers). */
export async function killServiceNamed(name: ServiceName): Promise<void> {
  if (compose) composeRun(`kill -s SIGKILL ${composeName[name]}`);
  else await killService(name);
}

/**
 * Native stack only: PHP-FPM and the deliverer restarted with some settings changed (a test shortening a
 * threshold), or with none given back to the stack's own. PHP-FPM is killed, as the fault tests do: the stack takes
 * only that for a test's doing.
 */
export async function restartMailer(env: Record<string, string> = {}): Promise<void> {
  await killService("php");
  await stopService("deliverer");
  await startService("php", { detached: true, env });
  await startService("deliverer", { detached: true, env });
}

export const stopCatcher = () => stopServiceNamed("catcher");
export const startCatcher = () => startServiceNamed("catcher");

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  busy: number;
  waiting: number;
  left: number;
  stoppedBySmtpFailure: boolean;
  /** Deleted from failed/ after the retention period. */
  expired: number;
  /** SMTP came back from an outage: every waiting message was due in this pass. */
  recovered: boolean;
}

/**
 * Runs the deliverer by hand, as an operator would (`php mailer/bin/deliver.php --now`): one pass over every
 * waiting message. Started as root it becomes the outbox's owner (www-data) by itself.
 */
export async function runDeliverer(args: string[] = ["--now"]): Promise<DeliveryReport> {
  const [cmd, cmdArgs, env] = delivererCommand(args);
  try {
    const { stdout } = await promisify(execFile)(cmd, cmdArgs, { env, timeout: 60_000 });
    return JSON.parse(stdout) as DeliveryReport;
  } catch (error) {
    // Exit code 1 means "messages are left": still a report on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout?.trim().startsWith("{")) return JSON.parse(stdout) as DeliveryReport;
    throw error;
  }
}

function delivererCommand(args: string[]): [string, string[], NodeJS.ProcessEnv] {
  return compose
    ? [
        composeCommand.split(" ")[0]!,
        [
          ...composeCommand.split(" ").slice(1),
          "exec",
          "-T",
          "deliverer",
          "php",
          "/srv/mailer/bin/deliver.php",
          ...args,
        ],
        process.env,
      ]
    : [phpBinary(), [forWorkers(join(root, "mailer/bin/deliver.php")), ...args], { ...process.env, ...mailerEnv }];
}

/** One held message as `deliver.php --held` lists it. */
export interface HeldMessage {
  id: string;
  sent: string;
  name: string;
  email: string;
  subject: string;
  body: string;
}

/** The operator's review of what was held back (`deliver.php --held`, `--release=ID|all`, `--purge=ID|all`). */
export const held = {
  async list(): Promise<HeldMessage[]> {
    const [cmd, args, env] = delivererCommand(["--held"]);
    const { stdout } = await promisify(execFile)(cmd, args, { env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
    return stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as HeldMessage);
  },
  async run(action: "release" | "purge", which: string): Promise<{ code: number; log: string }> {
    const [cmd, args, env] = delivererCommand([`--${action}=${which}`]);
    try {
      const { stderr } = await promisify(execFile)(cmd, args, { env, timeout: 60_000 });
      return { code: 0, log: stderr };
    } catch (error) {
      const e = error as { code?: number; stderr?: string };
      return { code: typeof e.code === "number" ? e.code : -1, log: e.stderr ?? "" };
    }
  },
};

/** The outbox as files (native stack only): what is waiting, and each entry's Message-ID and body. */
export interface OutboxFile {
  name: string;
  attempts: number;
  messageId: string;
  body: string;
}

export function outboxFiles(dir = outboxDir): OutboxFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .flatMap((name) => {
      try {
        const data = JSON.parse(readFileSync(join(dir, name), "utf8")) as {
          attempts: number;
          message: { messageId: string; body: string };
        };
        return [
          {
            name,
            attempts: data.attempts,
            messageId: data.message.messageId.replace(/^<|>$/g, ""),
            body: data.message.body,
          },
        ];
      } catch {
        return []; // sent and removed between the listing and the read
      }
    });
}

/**
 * Every name in the outbox folder, temporary files, failed/ and held/ included, for "nothing changed" checks. Not
 * the deliverer's and SMTP's markers, the proof of work's key and spent/ (records of used challenges): no messages.
 */
export function outboxSnapshot(): string[] {
  const names = readdirSync(outboxDir).filter(
    (name) => (!name.startsWith(".") || name.startsWith(".tmp-")) && name !== "spent",
  );
  for (const sub of ["failed", "held"]) {
    try {
      if (statSync(join(outboxDir, sub)).isDirectory())
        names.push(...readdirSync(join(outboxDir, sub)).map((name) => `${sub}/${name}`));
    } catch {
      // not made yet
    }
  }
  return names.filter((name) => name !== "failed" && name !== "held").sort();
}

/** Waits until the outbox holds no waiting message (sent by the request, the deliverer service or a test). */
export async function waitForEmptyOutbox(timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (outboxFiles().length > 0) {
    if (Date.now() > deadline)
      throw new Error(
        `Outbox not empty after ${timeoutMs} ms: ${outboxFiles()
          .map((f) => f.name)
          .join(", ")}`,
      );
    await runDeliverer(["--now"]).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** PHP-FPM's log (its stderr: PHP's warnings and the mailer's lines), and where a test's part of it starts. */
export const phpLog = logFile("php");
/** The deliverer service's log (its stderr): the mailer's lines for what it sent, retried or gave up. */
export const delivererLog = logFile("deliverer");
export const logSize = (file = phpLog) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};
export const logSince = (offset: number, file = phpLog) => readFileSync(file).subarray(offset).toString("utf8");

export { outboxDir, root };

/** nginx's access log as it stands: natively its file, under Compose the file the web container keeps. */
export function accessLog(): string {
  if (compose) return composeRun("exec -T web cat /var/log/salon/access.log");
  try {
    return readFileSync(join(stateDir, "log", "nginx-access.log"), "utf8");
  } catch {
    return "";
  }
}
