/**
 * `npm run images`: the build-time image pipeline. Every file in content/images (.svg artwork or a real .jpg/.png/
 * .webp photo) is emitted at several widths as AVIF and WebP, with a JPEG fallback, into frontend/public/img, and a
 * manifest (intrinsic size and widths) is written for the <Picture> component. Unchanged images are skipped.
 *
 * Every file exists under two names: `name-640.avif`, a stable address for the few places that must not change
 * (the share image in og:image and structured data), and `name-640.1a2b3c4d.avif`, what <Picture> uses, whose
 * middle part is a hash of all the sources and the encoder settings (frontend/app/generated/image-version.json).
 * Those never change under the same name, so nginx lets browsers keep them for a year (/img/, immutable). One hash
 * for the whole set rather than one per image keeps the manifest every page loads small; an image edit is rare.
 */
import { createHash } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { extname, join, basename } from "node:path";
import sharp from "sharp";

const sourceDir = "content/images";
const outDir = "frontend/public/img";
const manifestFile = "frontend/app/generated/images.json";
const versionFile = "frontend/app/generated/image-version.json";

/** Candidate widths; an image never gets a width above its own (no upscaling). */
export const WIDTHS = [360, 640, 960, 1280, 1920];
const formats = [
  { ext: "avif", apply: (s: sharp.Sharp) => s.avif({ quality: 52, effort: 4 }) },
  { ext: "webp", apply: (s: sharp.Sharp) => s.webp({ quality: 74 }) },
  { ext: "jpg", apply: (s: sharp.Sharp) => s.jpeg({ quality: 78, mozjpeg: true, progressive: true }) },
] as const;

export interface ImageEntry {
  /** Intrinsic size, for width/height attributes (aspect ratio, no layout shift). */
  w: number;
  h: number;
  widths: number[];
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  mkdirSync("frontend/app/generated", { recursive: true });
  const manifest: Record<string, ImageEntry> = {};
  let written = 0;
  // The sources' names and bytes and everything that shapes the output: a change to any gives new file names.
  const version = createHash("sha256").update(JSON.stringify({ WIDTHS, formats: formats.map((f) => [f.ext, f.apply.toString()]), sharp: sharp.versions }));
  const files = readdirSync(sourceDir).filter((f) => /\.(svg|jpe?g|png|webp)$/i.test(f)).sort();
  for (const file of files) {
    const name = basename(file, extname(file));
    if (manifest[name]) throw new Error(`${sourceDir}: dwa pliki o nazwie '${name}'`);
    const source = join(sourceDir, file);
    const isSvg = file.toLowerCase().endsWith(".svg");
    const meta = await sharp(source).metadata();
    if (!meta.width || !meta.height) throw new Error(`${source}: nie można odczytać rozmiaru`);
    // Photos can be larger than anything we show; vector artwork is drawn at its nominal size.
    const full = meta.width;
    const widths = WIDTHS.filter((w) => w < full);
    if (widths.length === 0 || full <= WIDTHS[WIDTHS.length - 1]!) widths.push(Math.min(full, WIDTHS[WIDTHS.length - 1]!));
    const unique = [...new Set(widths)].sort((a, b) => a - b);
    const sourceTime = statSync(source).mtimeMs;
    for (const width of unique) {
      for (const format of formats) {
        const target = join(outDir, `${name}-${width}.${format.ext}`);
        if (existsSync(target) && statSync(target).mtimeMs >= sourceTime) continue;
        const density = isSvg ? Math.max(72, Math.ceil((72 * width) / full)) : undefined;
        rmSync(target, { force: true }); // a new file, never a rewrite of one a hashed name links to
        await format.apply(sharp(source, density ? { density } : {}).resize({ width }).flatten({ background: "#fbf8f4" })).toFile(target);
        written++;
      }
    }
    version.update(`${file}\0`).update(readFileSync(source));
    manifest[name] = { w: meta.width, h: meta.height, widths: unique };
  }
  const hash = version.digest("hex").slice(0, 8);
  const hashed = /^(.+-\d+)\.([0-9a-f]{8})\.(avif|webp|jpg)$/;
  for (const file of readdirSync(outDir)) {
    const m = hashed.exec(file);
    if (m && m[2] !== hash) rmSync(join(outDir, file)); // an older version: it would only pile up in the build
  }
  for (const [name, entry] of Object.entries(manifest)) {
    for (const width of entry.widths) {
      for (const format of formats) {
        const link = join(outDir, `${name}-${width}.${hash}.${format.ext}`);
        if (!existsSync(link)) linkSync(join(outDir, `${name}-${width}.${format.ext}`), link);
      }
    }
  }
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + "\n");
  writeFileSync(versionFile, JSON.stringify({ hash }) + "\n");
  console.log(`images: ${files.length} źródeł, ${written} nowych plików w ${outDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
