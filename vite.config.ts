import { reactRouter } from "@react-router/dev/vite";
import { createHash } from "node:crypto";
import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { compileHintsOnLoadChunks } from "./frontend/build/compileHintsPlugin.ts";
import { stackProxy } from "./frontend/build/stackProxy.ts";

const buildDate = new Date();

const scopedNames = new Map<string, string>();
function scopedName(local: string, file: string): string {
  const key = `${relative(import.meta.dirname, file.split("?")[0]!)}:${local}`;
  const hash = createHash("sha256").update(key).digest("base64url").replace(/[-_]/g, "");
  const name = `_${hash.slice(0, 5)}`;
  const owner = scopedNames.get(name);
  if (owner && owner !== key) throw new Error(`CSS modules: ${key} i ${owner} dostały tę samą nazwę klasy ${name}`);
  scopedNames.set(name, key);
  return name;
}

export default defineConfig({
  // React Router's plugin builds the app; Vitest runs components without it, in Node.
  plugins: process.env.VITEST ? [] : [reactRouter(), compileHintsOnLoadChunks(), stackProxy()],
  publicDir: "frontend/public",
  build: {
    // One stylesheet for the whole site (≈ 9 KB as Brotli): a single render-blocking request on the first page,
    // cached for every page after it. The font files are files of their own (Vite's default: larger than its
    // inline limit), fetched after the first paint of the page a visitor enters by (frontend/app/site/fonts.ts).
    cssCodeSplit: false,
    // Terser's second pass makes the scripts a little smaller than the default minifier does.
    minify: "terser",
    terserOptions: {
      compress: { passes: 3, pure_getters: true, unsafe_comps: true, unsafe_math: true, unsafe_undefined: true },
      module: true,
      ecma: 2020,
    },
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        // Few files per page: React, React DOM and the router in one chunk; the app's modules used by two or more
        // routes in another; each route's own code in its route chunk. Fewer, larger files compress better and
        // cost fewer requests than the dozen small shared chunks the default splitting makes.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              name: "app",
              test: /frontend[\\/]app[\\/](components|site|hooks|content)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  define: {
    // Build-time values are the same in the prerendered HTML and the hydrating bundle, so no hydration mismatch.
    __BUILD_YEAR__: JSON.stringify(buildDate.getFullYear()),
    // A demonstration build: every page noindex and with a notice that the salon's data are examples (site/demo.ts).
    __SALON_DEMO__: JSON.stringify(process.env.SALON_DEMO === "1"),
  },
  css: {
    modules: {
      localsConvention: "camelCaseOnly",
      // Short class names: every one is written into the HTML of each page that uses it and into the JavaScript
      // that hydrates it (Vite's default, "_header_7sdmb_1", is three times as long). Six characters of a hash of
      // the file and the class: the same on every machine, and a collision stops the build.
      generateScopedName: (local: string, file: string) => scopedName(local, file),
    },
    preprocessorOptions: { scss: { loadPaths: ["frontend/app/styles"] } },
  },
  test: {
    environment: "jsdom",
    include: ["tests/{unit,policy,built,integration}/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/unit/setup.ts"],
    // A hang guard, not a measure: no test here times anything (fake timers where time matters), and Testing
    // Library's typing, a few hundred events per form, took 3.8 s alone on a loaded machine of this kind and over
    // Vitest's default 5 s with other files beside it on two cores.
    testTimeout: 20_000,
    css: { modules: { classNameStrategy: "non-scoped" } },
  },
});
