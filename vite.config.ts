import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { contentDevServer } from "./frontend/build/content-dev-server.ts";

const buildDate = new Date();
const stackUrl = process.env.STACK_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  // React Router's plugin builds the app; Vitest runs components without it.
  plugins: [process.env.VITEST ? null : reactRouter(), contentDevServer()],
  publicDir: "frontend/public",
  build: { cssCodeSplit: false },
  define: {
    // Build-time values are the same in the prerendered HTML and the hydrating bundle, so no hydration mismatch.
    __BUILD_YEAR__: JSON.stringify(buildDate.getFullYear()),
    __BUILD_DATE__: JSON.stringify(buildDate.toISOString().slice(0, 10)),
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
