import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** In development, serves the two live content documents from content/ the way nginx does in production. */
export function contentDevServer(): Plugin {
  return {
    name: "salon-content-dev-server",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const match = req.url?.match(/^\/content\/(content|pricing)\.json(?:\?.*)?$/);
        if (!match) return next();
        try {
          const body = await readFile(resolve("content", `${match[1]}.json`));
          res.setHeader("Content-Type", "application/json; charset=utf-8");
          res.end(body);
        } catch {
          res.statusCode = 404;
          res.end();
        }
      });
    },
  };
}
