/** Set by Vite's `define` at build time (see vite.config.ts). */
declare const __BUILD_YEAR__: number;
/** True in a demonstration build: `SALON_DEMO=1` when the site was built (site/demo.ts). */
declare const __SALON_DEMO__: boolean;
