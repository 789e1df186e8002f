import type { Config } from "@react-router/dev/config";
import { staticPaths } from "./frontend/app/site/routeTable";
import { articleSlugs } from "./frontend/app/contentModel/load.server";
import { validateAll } from "./frontend/build/validateContent";
import { ARTICLE_NOT_FOUND_SLUG, NOT_FOUND_PRERENDER_PATH } from "./frontend/app/site/notFound";

export default {
  appDirectory: "frontend/app",
  // SITE_BUILD_DIR: another folder for the same build (the bench builds the artwork and the photo variant side by side).
  buildDirectory: process.env.SITE_BUILD_DIR ?? "build",
  // Static hosting: every route is prerendered to HTML at build time; nginx serves files, PHP only the mailer.
  ssr: false,
  async prerender() {
    // A bad content edit stops the build here, naming the file and the field.
    validateAll();
    return [
      ...staticPaths,
      ...[...articleSlugs(), ARTICLE_NOT_FOUND_SLUG].map((slug) => `/blog/${slug}`),
      NOT_FOUND_PRERENDER_PATH,
    ];
  },
} satisfies Config;
