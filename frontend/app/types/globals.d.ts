/** Set by Vite's `define` at build time (see vite.config.ts). */
declare const __BUILD_YEAR__: number;
/** ISO date of the build, e.g. '2026-11-21'. */
declare const __BUILD_DATE__: string;
