import type { Plugin } from "vite";

/**
 * `npm run dev` sends the contact form to the native stack (npm run stack), which runs PHP and the mail catcher:
 * STACK_URL, else the stack's own address (127.0.0.1 and its port from docker/defaults.env, as tests/native/config.mjs
 * reads it). The mailer refuses posts from other origins, so the proxied post carries the stack's own Origin. Only
 * the dev server loads the settings: the web image's build stage has no docker/ folder.
 */
export function stackProxy(): Plugin {
  return {
    name: "salon-stack-proxy",
    apply: "serve",
    async config() {
      let target = process.env.STACK_URL;
      if (!target) {
        // A URL, not a literal path: Vite bundles its configuration and would resolve a literal even for a build.
        const { nativeSetting } = (await import(
          new URL("../../docker/defaults.mjs", import.meta.url).href
        )) as typeof import("../../docker/defaults.mjs");
        target = `http://127.0.0.1:${nativeSetting("NGINX_PORT")}`;
      }
      return { server: { proxy: { "/send-email.php": { target, changeOrigin: true, headers: { origin: target } } } } };
    },
  };
}
