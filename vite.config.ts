import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { contentPagesForBrowser } from "./frontend/build/contentPagesPlugin.ts";

const buildDate = new Date();
const stackUrl = process.env.STACK_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  // React Router's plugin builds the app; Vitest runs components without it, in Node, where the route table reads
  // content/ itself.
  plugins: process.env.VITEST ? [] : [reactRouter(), contentPagesForBrowser()],
  publicDir: "frontend/public",
  resolve: {
    // react-router's package exports always resolve to its development build, whose only difference from the
    // production build beside it is ENABLE_DEV_WARNINGS = true: the shipped bundle takes the production build.
    alias: [
      { find: /^react-router$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)) },
      { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)) },
    ],
  },
  build: {
    // One stylesheet for the whole site (≈ 10 KB gzip, 37 KB with the fonts): a single render-blocking request on
    // the first page, cached for every page after it.
    cssCodeSplit: false,
    // The two font files travel inside that stylesheet (data: URLs). Over HTTP/1.1 each file of its own took a
    // connection of its own, and on a phone's network a new connection starts slow: the page's photo then shared
    // the first round trips with two font downloads and arrived a round trip later (LCP 1.35–1.65 s with photos,
    // docs/performance.md). Every page uses both fonts anyway, and the text waited for them before as well.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? true : undefined),
    // Terser's second pass makes the scripts a little smaller than the default minifier does.
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, module: true, ecma: 2020 },
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        // Few files per page: React, React DOM and the router in one chunk; the app's modules used by two or more
        // routes in another; each route's own code in its route chunk. Fewer, larger files compress better and
        // cost fewer requests than the dozen small shared chunks the default splitting makes.
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: "app", test: /frontend[\\/]app[\\/](components|site|hooks|content)[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  define: {
    // Build-time values are the same in the prerendered HTML and the hydrating bundle, so no hydration mismatch.
    __BUILD_YEAR__: JSON.stringify(buildDate.getFullYear()),
  },
  css: {
    modules: { localsConvention: "camelCaseOnly" },
    preprocessorOptions: { scss: { loadPaths: ["frontend/app/styles"] } },
  },
  server: {
    // `npm run dev` sends the contact form to the native stack (npm run stack), which runs PHP and the mail catcher.
    // The mailer refuses posts from other origins, so the proxied post carries the stack's own Origin.
    proxy: {
      "/send-email.php": {
        target: stackUrl,
        changeOrigin: true,
        headers: { origin: stackUrl },
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["frontend/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["frontend/test/setup.ts"],
    css: { modules: { classNameStrategy: "non-scoped" } },
  },
});
