// Types of config.mjs for the TypeScript tests.
export declare const root: string;
export declare const stateDir: string;
export declare const ports: { web: number; php: number; smtp: number; mailUi: number };
export declare const host: string;
export declare const buildDir: string;
export declare const outboxDir: string;
export declare const isRoot: boolean;
export declare const workerRoot: string;
export declare function reachableByOthers(dir: string): boolean;
export declare function forWorkers(path: string): string;
export declare const mailerEnv: Record<string, string>;
export declare function nginxTemplateValues(): Record<string, string>;
