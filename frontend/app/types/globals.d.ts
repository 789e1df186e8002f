/** Set by Vite's `define` at build time (see vite.config.ts). */
declare const __BUILD_YEAR__: number;
