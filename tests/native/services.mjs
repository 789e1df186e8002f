/**
 * The four services of the native stack, each startable and stoppable on its own (tests stop the mail catcher,
 * kill PHP-FPM mid-run or run the deliverer by hand). Each writes a pidfile in .stack/run so any process can find
 * and stop it. A pidfile holds the process id and its start time: a process is stopped only when both still match,
 * so a pid the system has since given to someone else's program is never signalled.
 */
import { spawn, spawnSync, execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  rmdirSync,
  statSync,
  writeFileSync,
  openSync,
} from "node:fs";
import { join, resolve } from "node:path";
import {
  buildDir,
  forWorkers,
  host,
  isRoot,
  mailerEnv,
  nginxTemplateValues,
  outboxDir,
  ports,
  reachableByOthers,
  root,
  stateDir,
  workerRoot,
} from "./config.mjs";
import { portHolder, portOpen, waitForPort } from "./ports.mjs";

const runDir = join(stateDir, "run");
const logDir = join(stateDir, "log");

function which(...names) {
  for (const name of names) {
    try {
      return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error(`Brak programu: ${names.join(" / ")} (uruchom: bash tests/install.sh)`);
}

/**
 * Renders docker/nginx/templates/*.template (the top-level nginx.conf and the site) into values.NGINX_CONF_DIR with
 * the web image's own entrypoint, docker/nginx/render-templates.sh, run without a command: one renderer for both
 * stacks, which also removes the socket a killed nginx left behind (nginx refuses to bind over it). It sees only the
 * values (and PATH), as the container sees only its environment. Returns the path of the rendered nginx.conf.
 */
export function renderNginxConfig(values = nginxTemplateValues()) {
  const run = spawnSync("sh", [resolve(root, "docker/nginx/render-templates.sh")], {
    env: {
      PATH: process.env.PATH,
      ...values,
      NGINX_TEMPLATES: resolve(root, "docker/nginx/templates"),
      SALON_DEFAULTS: resolve(root, "docker/defaults.env"),
    },
    encoding: "utf8",
  });
  if (run.status !== 0)
    throw new Error(`docker/nginx/render-templates.sh: ${(run.stderr ?? "").trim() || String(run.error)}`);
  return join(values.NGINX_CONF_DIR, "nginx.conf");
}

/** As root, PHP-FPM's workers and the deliverer run as www-data, exactly as in the php image. */
function workerIds() {
  if (!isRoot) return undefined;
  const id = (flag) => Number(execFileSync("id", [flag, "www-data"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function mountedAt(path) {
  try {
    return readFileSync("/proc/self/mountinfo", "utf8")
      .split("\n")
      .some((line) => line.split(" ")[4] === path);
  } catch {
    return false;
  }
}

/**
 * As root, nginx's workers (nobody), PHP-FPM's workers and the deliverer (www-data) must get through every folder
 * down to the site, the mailer and the outbox. The checkout's own folder and the state folder are opened for
 * passing through (o+x, no listing) when closed. A closed folder above the checkout (a clone under /root or in a
 * `mktemp -d` folder) is not ours to open: the checkout is bind-mounted at `workerRoot` instead
 * (tests/native/config.mjs), and the workers get their paths through there.
 */
function ensureWorkerAccess() {
  if (!isRoot) return;
  for (const dir of [root, stateDir]) {
    mkdirSync(dir, { recursive: true });
    const { mode } = statSync(dir);
    if (!(mode & 0o001)) chmodSync(dir, (mode & 0o7777) | 0o001);
  }
  if (forWorkers(stateDir) === stateDir && !reachableByOthers(stateDir)) {
    throw new Error(
      `www-data nie może wejść do ${stateDir} (zamknięty katalog nadrzędny): ustaw STACK_DIR w katalogu dostępnym dla innych`,
    );
  }
  if (workerRoot === root || mountedAt(workerRoot)) return;
  mkdirSync(workerRoot, { recursive: true, mode: 0o755 });
  try {
    execFileSync("mount", ["--bind", root, workerRoot], { stdio: "pipe" });
  } catch (error) {
    throw new Error(
      `www-data nie może wejść do ${root} (zamknięty katalog nadrzędny), a podmontowanie go w ${workerRoot} się nie udało: ${String(error.stderr ?? error).trim()}`,
      { cause: error },
    );
  }
}

/** Undoes ensureWorkerAccess's bind mount at the stack's end (nothing to do when there is none). */
export function releaseWorkerRoot() {
  if (workerRoot === root || !mountedAt(workerRoot)) return;
  try {
    execFileSync("umount", ["--lazy", workerRoot], { stdio: "pipe" });
    rmdirSync(workerRoot);
  } catch {
    // left for the next stop
  }
}

/** The outbox folder, owned by the user the workers run as (they create files in it; nobody else may read them). */
export function ensureOutbox() {
  ensureWorkerAccess();
  mkdirSync(outboxDir, { recursive: true });
  const ids = workerIds();
  if (ids) chownSync(outboxDir, ids.uid, ids.gid);
  chmodSync(outboxDir, 0o700);
  return outboxDir;
}

export const services = {
  catcher: {
    port: ports.smtp,
    command: () => [
      process.execPath,
      // The stand-in catcher image's command (tests/compose/stand-ins.Dockerfile), on loopback. CATCHER_REQUIRE
      // (comma-separated paths) loads more into it: the mailer benchmark's content filter
      // (frontend/tools/bench/mailer/refusing-catcher.cjs).
      [
        "--require",
        resolve(root, "tests/catcher/preload.cjs"),
        ...(process.env.CATCHER_REQUIRE ?? "")
          .split(",")
          .filter(Boolean)
          .flatMap((path) => ["--require", resolve(root, path)]),
        resolve(root, "node_modules/maildev/bin/maildev"),
        "-s",
        String(ports.smtp),
        "-w",
        String(ports.mailUi),
        "--ip",
        host,
        "--web-ip",
        host,
        "--silent",
      ],
      {},
    ],
  },
  php: {
    port: ports.php,
    command: () => {
      ensureOutbox();
      return [
        which("php-fpm8.2", "php-fpm8.3", "php-fpm"),
        // The same command line as the php image's CMD.
        ["-F", "-y", resolve(root, "docker/php/php-fpm.conf"), "-c", resolve(root, "docker/php/php.ini")],
        {
          ...mailerEnv,
          PHP_FPM_LISTEN: `${host}:${ports.php}`,
          PHP_FPM_PID: join(runDir, "php-fpm.pid"),
          // As root, workers run as www-data exactly as in the image; otherwise php-fpm ignores these.
          PHP_FPM_USER: isRoot ? "www-data" : String(process.getuid?.() ?? ""),
          PHP_FPM_GROUP: isRoot ? "www-data" : String(process.getgid?.() ?? ""),
        },
      ];
    },
  },
  web: {
    port: ports.web,
    command: () => [which("nginx"), ["-c", renderNginxConfig(), "-g", "daemon off;"], {}],
  },
  // Sends what waits in the outbox (mailer/bin/deliver.php --loop), as Compose's deliverer service does.
  deliverer: {
    port: undefined,
    command: () => {
      ensureOutbox();
      return [
        which("php8.2", "php8.3", "php"),
        [forWorkers(resolve(root, "mailer/bin/deliver.php")), "--loop"],
        mailerEnv,
        workerIds() ?? {},
      ];
    },
  },
};

/** The PHP CLI the deliverer runs with, for tests that run it by hand. */
export const phpBinary = () => which("php8.2", "php8.3", "php");

const pidFile = (name) => join(runDir, `${name}.pid`);

/** When the process started (clock ticks since boot, /proc/PID/stat field 22); undefined when it is gone. */
function startTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** The process this checkout started as NAME, if it still runs: the recorded pid with the recorded start time. */
export function pidOf(name) {
  try {
    const [pid, started] = readFileSync(pidFile(name), "utf8").trim().split(" ");
    return started !== undefined && startTime(Number(pid)) === started ? Number(pid) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts one service in the background with its output in .stack/log/NAME.log; `detached` lets it outlive the
 * starting process (a test restarting the catcher), otherwise it is a child that dies with its parent. `env`
 * overrides settings for this start (a test shortening a threshold).
 */
export async function startService(name, { detached = false, env: overrides = {} } = {}) {
  mkdirSync(runDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const service = services[name];
  if (service.port !== undefined && (await portOpen(service.port))) {
    throw new Error(
      `Port ${service.port} (${name}) jest już zajęty: ${portHolder(service.port) || "nie wiadomo przez kogo"}`,
    );
  }
  if (service.port === undefined && pidOf(name)) throw new Error(`${name} już działa (pid ${pidOf(name)})`);
  const [cmd, args, env, options = {}] = service.command();
  const log = openSync(join(logDir, `${name}.log`), "a");
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env, ...overrides },
    stdio: ["ignore", log, log],
    detached,
    ...options,
  });
  writeFileSync(pidFile(name), `${child.pid} ${startTime(child.pid)}`);
  if (detached) child.unref();
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) =>
      reject(new Error(`${name} zakończył się (kod ${code}); zobacz ${join(logDir, name + ".log")}`)),
    ),
  );
  // A service without a port is up when it has not died within its first half second (bad config exits at once).
  const ready = service.port !== undefined ? waitForPort(service.port) : new Promise((r) => setTimeout(r, 500));
  await Promise.race([ready, exited]);
  return child;
}

/** The process and all its descendants (PHP-FPM's master and its workers). */
function processTree(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone, or no /proc
  }
  return [pid, ...children.flatMap(processTree)];
}

async function waitForExit(pids, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  const alive = () =>
    pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        // A zombie still answers kill(0) until its parent reaps it; it is gone as far as we care.
        return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
      } catch {
        return false;
      }
    });
  while (alive().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive().length) throw new Error(`Procesy ${alive().join(", ")} nie zakończyły się w ${timeoutMs} ms`);
}

/**
 * A crash, for fault tests: SIGKILL to the service and every process under it at once (for PHP-FPM the master
 * and the workers in the middle of requests), then waits until the port is closed.
 */
export async function killService(name) {
  const pid = pidOf(name);
  if (pid) {
    const tree = processTree(pid);
    for (const p of tree) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await waitForExit(tree);
  }
  if (services[name].port !== undefined) await waitForPort(services[name].port, false);
  rmSync(pidFile(name), { force: true });
}

/** Stops NAME if this checkout started it (pidOf); a port held by anyone else is left alone. */
export async function stopService(name, signal = "SIGTERM") {
  const pid = pidOf(name);
  if (!pid) {
    rmSync(pidFile(name), { force: true });
    return;
  }
  const send = (sig) => {
    try {
      if (pid) process.kill(pid, sig);
    } catch {
      // already gone
    }
  };
  send(signal);
  // Down means the port is closed, or for a service without a port (the deliverer) the process is gone.
  const down = (timeoutMs) =>
    services[name].port !== undefined
      ? waitForPort(services[name].port, false, timeoutMs)
      : waitForExit([pid], timeoutMs);
  // A graceful stop waits for open connections (MailDev's SMTP server does; the deliverer finishes the message in
  // hand); past a few seconds, force it.
  try {
    await down(5000);
  } catch {
    send("SIGKILL");
    await down(10000);
  }
  rmSync(pidFile(name), { force: true });
}

export { portHolder, portOpen, waitForPort };
export { stateDir, root, ports, host, outboxDir, mailerEnv, workerRoot, forWorkers };
export const logFile = (name) => join(logDir, `${name}.log`);
export const isBuilt = () =>
  ["client/index.html", "nginx/csp-hashes.map", "nginx/redirects.map"].every((file) =>
    existsSync(resolve(buildDir, file)),
  );
