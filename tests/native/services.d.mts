// Types of services.mjs for the TypeScript tests (tests/support/stack.ts, frontend/tools/bench/mailer/mailer.ts).
import type { ChildProcess } from "node:child_process";

export type ServiceName = "catcher" | "php" | "web" | "deliverer";

export declare const services: Record<ServiceName, { port: number | undefined; command: () => unknown[] }>;
export declare function renderNginxConfig(values?: Record<string, string>): string;
export declare function ensureOutbox(): string;
export declare function phpBinary(): string;
export declare function pidOf(name: ServiceName): number | undefined;
export declare function portOpen(port: number): Promise<boolean>;
/** Who listens on the port: process names, pids and command lines, or "" when nobody does. */
export declare function portHolder(port: number): string;
export declare function waitForPort(port: number, open?: boolean, timeoutMs?: number): Promise<void>;
export declare function startService(
  name: ServiceName,
  options?: { detached?: boolean; env?: Record<string, string> },
): Promise<ChildProcess>;
export declare function stopService(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
export declare function killService(name: ServiceName): Promise<void>;
export declare function logFile(name: ServiceName): string;
export declare function isBuilt(): boolean;
export declare function releaseWorkerRoot(): void;
export declare const workerRoot: string;
export declare function forWorkers(path: string): string;
export declare const stateDir: string;
export declare const root: string;
export declare const host: string;
export declare const outboxDir: string;
export declare const ports: { web: number; php: number; smtp: number; mailUi: number };
export declare const mailerEnv: Record<string, string>;
