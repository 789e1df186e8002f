/**
 * The Compose stack under test as an operator sees it (STACK=compose; tests/compose/run.sh starts it, local or
 * production): its containers, their settings as Docker reports them, the outbox, and messages posted and caught.
 * Shared by tests/e2e/compose-ops.spec.ts, monitoring.spec.ts, operating.spec.ts and production.spec.ts.
 */
import { execFileSync, execSync } from "node:child_process";
import { get as httpsGet } from "node:https";
import { mailOf, postForm, validMessage } from "./contactHttp";
import { listMail, waitForMail } from "./mailbox";
import { composeCommand, composeRun, root } from "./stack";
import { expect } from "./test";

export const docker = (...args: string[]) =>
  execFileSync("docker", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
/** The service's container, running or stopped (Compose v2's `ps` lists running ones only without -a). */
export const containerOf = (service: string) => composeRun(`ps -a -q ${service}`).trim();
export const inspect = (service: string, format: string) => docker("inspect", "-f", format, containerOf(service));
/** The networks the service's container is on, space-separated. */
export const networksOf = (service: string) =>
  inspect(service, "{{range $k, $v := .NetworkSettings.Networks}}{{$k}} {{end}}").trim();
/** The names of the volumes the service's container mounts. */
export const mountsOf = (service: string) => inspect(service, "{{range .Mounts}}{{.Name}} {{end}}").trim().split(" ");
/** What the container wrote, stdout and stderr together. */
export const logsOf = (service: string, tail = "all") =>
  execSync(`docker logs --tail ${tail} ${containerOf(service)} 2>&1`, { encoding: "utf8" });
/** The services of the configuration under test (`docker compose config --services`). */
export const servicesOf = () => composeRun("config --services").trim().split("\n").filter(Boolean);
/** The project's name, as Docker names its networks and volumes. */
export const project = () => inspect("web", '{{index .Config.Labels "com.docker.compose.project"}}');

export async function waitHealthy(service: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let status = "";
  while (Date.now() < deadline) {
    try {
      status = inspect(service, "{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}");
    } catch {
      status = "no container";
    }
    if (status === "healthy") return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${service} is ${status} after ${timeoutMs} ms`);
}

/** The outbox as the operator sees it; through the php container, which shares the volume (the deliverer may be stopped). */
export function outboxStatus(): { waiting: number; failed: number } {
  return JSON.parse(composeRun("exec -T php php /srv/mailer/bin/deliver.php --status")) as {
    waiting: number;
    failed: number;
  };
}

/** Posts `count` messages, each as its own visitor; every one must be accepted (200). Returns their tokens. */
export async function postMessages(label: string, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, (_, i) => `${label}${Date.now().toString(36)}n${i}`);
  for (const token of tokens) {
    const reply = await postForm(validMessage(token));
    expect(reply.status, `${token}: ${reply.body}`).toBe(200);
  }
  return tokens;
}

/** Every token arrived exactly once. */
export async function expectDeliveredOnce(tokens: string[], timeoutMs = 45_000): Promise<void> {
  const mails = await waitForMail((m) => tokens.some((t) => mailOf(t)(m)), {
    count: tokens.length,
    timeoutMs,
  });
  const seen = tokens.map((t) => mails.filter(mailOf(t)).length);
  expect(seen, "copies of each message in the catcher").toEqual(tokens.map(() => 1));
  // And no stragglers: a message leaves the outbox only once it has been sent, so when nothing waits there any more
  // nothing is left that could be sent again, and a second look finds no duplicates either.
  await expect
    .poll(() => outboxStatus().waiting, { timeout: timeoutMs, message: "messages still waiting in the outbox" })
    .toBe(0);
  const again = (await listMail()).filter((m) => tokens.some((t) => mailOf(t)(m)));
  expect(again).toHaveLength(tokens.length);
}

/** The services users run (not the test run's own Pebble and relay), as they are hardened in docker-compose.yml. */
export function expectHardened(services: string[]): void {
  for (const service of services) {
    const host = JSON.parse(inspect(service, "{{json .HostConfig}}")) as {
      CapDrop: string[] | null;
      CapAdd: string[] | null;
      SecurityOpt: string[] | null;
      ReadonlyRootfs: boolean;
      Memory: number;
      PidsLimit: number | null;
      LogConfig: { Type: string; Config: Record<string, string> };
    };
    expect(host.CapDrop, service).toEqual(["ALL"]);
    expect(host.CapAdd ?? [], service).toEqual([]);
    expect(host.SecurityOpt ?? [], service).toContain("no-new-privileges:true");
    expect(host.ReadonlyRootfs, service).toBe(true);
    expect(host.Memory, service).toBeGreaterThan(0);
    expect(host.PidsLimit ?? 0, service).toBeGreaterThan(0);
    expect(`${host.LogConfig.Type} ${host.LogConfig.Config["max-size"]}`, service).toBe("json-file 10m");
    // The main process as the kernel sees it: not root, no capabilities at all, no way to gain them.
    const status = composeRun(`exec -T ${service} cat /proc/1/status`);
    expect(status, service).toMatch(/^Uid:\s+[1-9]\d*\s/m);
    expect(status, service).toMatch(/^CapEff:\s+0+$/m);
    expect(status, service).toMatch(/^CapBnd:\s+0+$/m);
    expect(status, service).toMatch(/^NoNewPrivs:\s+1$/m);
  }
}

/** The root Pebble issues from in this run (it changes at every start), over its management API. */
export function pebbleRoot(): Promise<string> {
  const api = new URL(process.env.PEBBLE_API ?? "https://pebble:18015");
  return new Promise((resolve, reject) => {
    httpsGet(
      {
        host: "127.0.0.1",
        port: api.port,
        path: "/roots/0",
        servername: api.hostname,
        ca: execFileSync("cat", [process.env.TEST_CA!]),
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`Pebble /roots/0: ${res.statusCode}`)),
        );
      },
    ).on("error", reject);
  });
}

/** `docker compose ARGS` with some variables set for this call. */
export const composeWith = (env: Record<string, string>, args: string) =>
  execSync(`${composeCommand} ${args}`, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
