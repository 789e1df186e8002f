/**
 * A demonstration build (`SALON_DEMO=1 npm run build`): the site shows example data of a salon that does not exist
 * yet, so every page carries `noindex` (site/head.ts) and a visible notice (components/DemoNotice). Decided when the
 * site is built (vite.config.ts defines __SALON_DEMO__), so the prerendered HTML and the hydrating bundle agree; the
 * production configuration starts no stand-in content unless the build was a demonstration (docs/operating.md).
 * Node tools that import this without Vite see no demonstration.
 */
export const DEMO: boolean = typeof __SALON_DEMO__ !== "undefined" && __SALON_DEMO__;
