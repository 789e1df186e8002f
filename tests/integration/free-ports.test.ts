/**
 * The test command stops only what it started, by the process ids it recorded, and never a program it did not
 * start: a developer's own server on a port the stack needs is named (process and pid) and left running, and the
 * run stops with that message instead (tests/native/free-ports.mjs, the first step of tests/run.sh).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const stateDirs: string[] = [];
const listeners: ChildProcess[] = [];

afterEach(() => {
  for (const child of listeners.splice(0)) child.kill("SIGKILL");
  for (const dir of stateDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A port nobody listens on (the system's pick, released at once). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * Someone else's server: a separate process listening on the port until the test ends. Its command line says
 * "nginx" (a developer's own nginx), so a test command that stopped processes by name would kill it.
 */
async function foreignListener(port: number): Promise<ChildProcess> {
  const server = `require("node:net").createServer().listen(${port}, "127.0.0.1", () => console.log("up"))`;
  const child = spawn("bash", ["-c", `exec -a nginx "${process.execPath}" -e '${server}'`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  listeners.push(child);
  await new Promise<void>((done) => child.stdout.once("data", () => done()));
  return child;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

/** The stack's four ports, all free, and a state folder of its own (no pidfile of this checkout's stack). */
async function stackEnv() {
  const stateDir = mkdtempSync(join(tmpdir(), "free-ports-"));
  stateDirs.push(stateDir);
  const ports = {
    NGINX_PORT: await freePort(),
    PHP_FPM_PORT: await freePort(),
    SMTP_PORT: await freePort(),
    MAIL_UI_PORT: await freePort(),
  };
  const env = {
    ...process.env,
    STACK_DIR: stateDir,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
  };
  return { stateDir, ports, env };
}

const freePorts = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ["tests/native/free-ports.mjs"], { cwd: root, env, encoding: "utf8", timeout: 30_000 });

/** What services.mjs records for a service it started: pid and start time (/proc/PID/stat field 22). */
function recordAsOurs(stateDir: string, name: string, pid: number, startTime?: string) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const started = startTime ?? stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  mkdirSync(join(stateDir, "run"), { recursive: true });
  writeFileSync(join(stateDir, "run", `${name}.pid`), `${pid} ${started}`);
}

describe("porty stosu testowego", () => {
  it("cudzy serwer na porcie: test go nazywa (program i pid), zostawia działający i kończy się z komunikatem", async () => {
    const { ports, env } = await stackEnv();
    const other = await foreignListener(ports.NGINX_PORT);
    const run = freePorts(env);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`NGINX_PORT=${ports.NGINX_PORT}: node (pid ${other.pid}: nginx`);
    expect(run.stderr).toContain("test ich nie zatrzymuje");
    expect(alive(other.pid!)).toBe(true);
  });

  it("pozostałość własnego uruchomienia (zapisany pid i czas startu) jest zatrzymywana, potem porty są wolne", async () => {
    const { stateDir, ports, env } = await stackEnv();
    const leftover = await foreignListener(ports.PHP_FPM_PORT);
    recordAsOurs(stateDir, "php", leftover.pid!);
    const run = freePorts(env);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(alive(leftover.pid!)).toBe(false);
  });

  it("pidfile, którego pid należy już do innego procesu (inny czas startu), nie zatrzymuje tego procesu", async () => {
    const { stateDir, ports, env } = await stackEnv();
    const other = await foreignListener(ports.SMTP_PORT);
    recordAsOurs(stateDir, "catcher", other.pid!, "1");
    const run = freePorts(env);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`SMTP_PORT=${ports.SMTP_PORT}: node (pid ${other.pid}: nginx`);
    expect(alive(other.pid!)).toBe(true);
  });

  it("bash tests/run.sh przy zajętym porcie kończy się w pierwszym kroku, nie ruszając cudzego serwera", async () => {
    const { ports, env } = await stackEnv();
    const other = await foreignListener(ports.MAIL_UI_PORT);
    const run = spawnSync("bash", ["tests/run.sh"], {
      cwd: root,
      env: { ...env, COMPOSE_TESTS: "0" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`MAIL_UI_PORT=${ports.MAIL_UI_PORT}: node (pid ${other.pid}: nginx`);
    expect(run.stdout).not.toContain("== budowanie");
    expect(alive(other.pid!)).toBe(true);
  });
});
