/**
 * Which images the site needs, and where their sources are: shared by `npm run artwork` (draws stand-ins for the
 * missing ones), `npm run photos:on` (the camera-sized photo fixtures) and the image pipeline (`npm run images`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { isTranslationFile } from "../app/contentModel/languages.ts";

export const contentDir = "content";
export const imagesDir = join(contentDir, "images");

/** Images the code names itself rather than content (the share image, the contact page's map), with where. */
export const CODE_IMAGES = [
  { name: "og-aurea", file: "frontend/app/site/head.ts", field: "DEFAULT_SHARE_IMAGE" },
  { name: "mapa-salonu", file: "frontend/app/components/LocationMap/LocationMap.tsx", field: "Picture name" },
] as const;

export const SOURCE_EXTENSIONS = ["svg", "jpg", "jpeg", "png", "webp"] as const;
/** A source in one of these is a real photo; an SVG is the project's artwork. */
export const PHOTO_EXTENSIONS = SOURCE_EXTENSIONS.filter((ext) => ext !== "svg");

/** Every `image` value in every JSON document under content/. */
export function referencedImages(dir = contentDir): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (path !== imagesDir) referencedImages(path).forEach((n) => names.add(n));
    } else if (entry.endsWith(".json")) {
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === "object")
          for (const [key, v] of Object.entries(value)) {
            if (key === "image" && typeof v === "string") names.add(v);
            else walk(v);
          }
      };
      try {
        walk(JSON.parse(readFileSync(path, "utf8")));
      } catch {
        // A broken document is reported by the content check, not here.
      }
    }
  }
  return names;
}

/** Every image name the site shows: those content names and those the code names. */
export function wantedImages(): string[] {
  return [...new Set([...referencedImages(), ...CODE_IMAGES.map((image) => image.name)])].sort();
}

/**
 * Images shared outside the site (og:image, structured data): the site's share image and each article's picture.
 * The pipeline gives each of them a 1200×630 JPEG under a stable name (`/img/<name>-share.jpg`).
 */
export function shareImages(): Set<string> {
  const names = new Set<string>(["og-aurea"]);
  const blog = join(contentDir, "blog");
  for (const file of readdirSync(blog).filter((f) => f.endsWith(".json") && !isTranslationFile(f))) {
    try {
      const image = (JSON.parse(readFileSync(join(blog, file), "utf8")) as { image?: unknown }).image;
      if (typeof image === "string") names.add(image);
    } catch {
      // reported by the content check
    }
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------------------
// The photo fixtures (frontend/tools/photos.ts): camera-sized stand-ins for real photos, made by a script and never
// committed. They live in .photos/ (git-ignored, and outside the Docker build context); while they are switched on,
// the pipeline takes each image from there instead of content/images. content/images itself never changes, so the
// swap can leave nothing behind for git to pick up.

export const PHOTOS_DIR = ".photos";
/** Present while the fixtures are switched on (`npm run photos:on`, removed by `npm run photos:off`). */
export const PHOTOS_SWITCH = join(PHOTOS_DIR, "ON");

/**
 * Which image set the build uses: IMAGE_SET=photos|artwork overrides the switch (the bench builds both variants
 * that way, whatever the switch says).
 */
export function imageSet(): "photos" | "artwork" {
  const forced = process.env.IMAGE_SET;
  if (forced === "photos" || forced === "artwork") return forced;
  if (forced) throw new Error(`IMAGE_SET=${forced}: dozwolone photos albo artwork`);
  return existsSync(PHOTOS_SWITCH) ? "photos" : "artwork";
}

export interface ImageSource {
  name: string;
  path: string;
}

function sourcesIn(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(dir)) return found;
  for (const file of readdirSync(dir).sort()) {
    const ext = extname(file).slice(1).toLowerCase();
    if (!(SOURCE_EXTENSIONS as readonly string[]).includes(ext)) continue;
    const name = basename(file, extname(file));
    if (found.has(name)) throw new Error(`${dir}: dwa pliki o nazwie '${name}'`);
    found.set(name, join(dir, file));
  }
  return found;
}

/** The source file of every image: content/images, with the photo fixtures in front of it while they are on. */
export function imageSources(set = imageSet()): ImageSource[] {
  const sources = sourcesIn(imagesDir);
  if (set === "photos") {
    const photos = sourcesIn(PHOTOS_DIR);
    if (!photos.size) throw new Error(`Zdjęcia testowe są włączone, ale ${PHOTOS_DIR}/ jest pusty: npm run photos:on`);
    for (const [name, path] of photos) sources.set(name, path);
  }
  return [...sources].map(([name, path]) => ({ name, path })).sort((a, b) => a.name.localeCompare(b.name));
}
