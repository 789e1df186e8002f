// Types of defaults.mjs for the TypeScript tests.
export interface Setting {
  name: string;
  value: string;
  meaning: string;
  usedBy: string;
  production?: string;
  local?: string;
  native?: string;
  line: number;
}
export declare const defaultsFile: string;
export declare const DOCS_BEGIN: string;
export declare const DOCS_END: string;
export declare function readSettings(file?: string): Setting[];
export declare function defaults(file?: string): Record<string, string>;
export declare function nativeSetting(name: string, env?: NodeJS.ProcessEnv): string;
export declare function docsTable(settings?: Setting[]): string;
export declare function docsWithTable(text?: string): string;
