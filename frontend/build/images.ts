/**
 * `npm run images`: the build-time image pipeline. Every image (content/images: .svg artwork or a real .jpg/.png/
 * .webp photo; the photo fixtures in front of it while they are on, see contentImages.ts) is emitted into
 * frontend/public/img at the widths of components/Picture/widths.ts in AVIF and WebP, plus one JPEG for the
 * <img> fallback, and a manifest of intrinsic sizes is written for <Picture>.
 *
 * - Orientation: a photo's EXIF orientation is applied to the pixels; the manifest carries the oriented size, so
 *   width/height (and the aspect ratio the page reserves) are those of the picture as seen.
 * - Metadata: nothing of the source's EXIF, XMP or IPTC (GPS position, camera, date) reaches an emitted file; the
 *   colours are converted from the source's ICC profile (Display P3 from a phone, Adobe RGB from a camera) to sRGB,
 *   and the files carry no profile (browsers treat untagged images as sRGB).
 * - Share images (contentImages.ts shareImages()): also `name-share.jpg`, 1200×630, under a stable name for
 *   og:image and structured data, which crawlers keep by address.
 * - Cache by content: every emitted file is kept in node_modules/.cache/images under a hash of the source's bytes,
 *   what is made of it (width, format) and this file's own text (every encoder setting is in it, so any change to
 *   the pipeline is a new key). A build encodes only files whose key it has not seen: nothing when nothing changed,
 *   the edited photo's files when one photo changed. Modification times play no part (a fresh checkout, `touch`,
 *   switching branches re-encode nothing). frontend/public/img is then filled with hard links to the cache.
 * - Names: <Picture> uses `name-640.1a2b3c4d.avif`, whose middle part is one hash of every source and this file
 *   (frontend/app/generated/image-version.json); such a name never changes content, so nginx lets browsers keep it
 *   for a year (/img/, immutable). One hash for the whole set rather than one per image keeps the manifest that
 *   every page's JavaScript carries small (≈ 1 KiB of margin in the JavaScript budget); the price is that an edited
 *   photo gives every image a new address once, and returning visitors fetch the ones they see again.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { fallbackWidth, widthsFor } from "../app/components/Picture/widths";
import { imageSet, imageSources, shareImages, type ImageSource } from "./contentImages";

/** Behind transparent parts of artwork and screenshots: the page's own background colour. */
const BACKGROUND = "#fbf8f4";
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

type Format = "avif" | "webp" | "jpg";
export const AVIF_QUALITY = 52;
const encoders: Record<Format, (s: Sharp) => Sharp> = {
  // 4:2:0 like every camera JPEG and WebP: full-resolution colour costs bytes no eye sees in a photo (−3 %).
  // Effort 3, not 4: on these photos the files are within 2 % of each other and effort 3 encodes 4× faster.
  avif: (s) => s.avif({ quality: AVIF_QUALITY, effort: 3, chromaSubsampling: "4:2:0" }),
  webp: (s) => s.webp({ quality: 74, effort: 4 }),
  // 84, not 78: the fallback must clear the floor too (at 78 a 900 px portrait fixture fell below it).
  jpg: (s) => s.jpeg({ quality: 84, mozjpeg: true, progressive: true }),
};

/**
 * The perceptual floor: every file emitted from a photo — each width, AVIF, WebP and the JPEG fallback —
 * is at least as close to its source as the same width encoded in AVIF at quality 48 would be, measured as SSIM
 * (ssim.ts) against the source resized to that width (sourceAt). The reference encode is fixed here (effort 3,
 * 4:2:0), not taken from the pipeline's settings, so a change of the pipeline's own — quality, effort, a re-encode
 * to fit a byte budget — is judged against the same yardstick.
 * tests/built/images.test.ts checks it on the camera-like fixtures; `npm run bench -- --photos` reports the LCP
 * photo's SSIM beside its LCP. What a phone downloads is kept small by what it is sent (the width its screen needs,
 * one connection over HTTP/2), never by encoding below this.
 */
export const FLOOR_AVIF_QUALITY = 48;
export const floorEncode = (image: Sharp) =>
  image.avif({ quality: FLOOR_AVIF_QUALITY, effort: 3, chromaSubsampling: "4:2:0" });

/** One file made of a source: a width in a format, or the 1200×630 share crop. */
interface Output {
  file: string;
  format: Format;
  width: number;
  share?: boolean;
  /** Whether the file name carries the set's version hash. */
  hashed: boolean;
}

export interface ImageEntry {
  w: number;
  h: number;
}

export interface PipelineOptions {
  sources: ImageSource[];
  outDir: string;
  cacheDir: string;
  shareNames?: Set<string>;
  concurrency?: number;
}

export interface PipelineResult {
  manifest: Record<string, [number, number]>;
  hash: string;
  /** Files encoded now. */
  encoded: number;
  /** Files taken from the cache. */
  reused: number;
  /** Every file now in outDir, by name. */
  files: string[];
  seconds: number;
}

const sha256 = (...parts: (string | Buffer)[]) => {
  const h = createHash("sha256");
  for (const part of parts) h.update(part).update("\0");
  return h.digest("hex");
};

/** This file's text: the encoder settings and every processing step are in it, so it is part of every cache key. */
const pipelineKey = sha256(readFileSync(import.meta.filename), JSON.stringify(sharp.versions));

function outputsOf(name: string, width: number, share: boolean): Output[] {
  const outputs: Output[] = widthsFor(width).flatMap((w) =>
    (["avif", "webp"] as const).map((format) => ({ file: `${name}-${w}`, format, width: w, hashed: true })),
  );
  const fallback = fallbackWidth(width);
  outputs.push({ file: `${name}-${fallback}`, format: "jpg", width: fallback, hashed: true });
  if (share)
    outputs.push({ file: `${name}-share`, format: "jpg", width: SHARE_SIZE.width, share: true, hashed: false });
  return outputs;
}

/** The size of the picture as seen: after its EXIF orientation (a portrait phone photo is stored landscape). */
async function orientedSize(bytes: Buffer, source: string): Promise<ImageEntry> {
  const meta = await sharp(bytes).metadata();
  const w = meta.autoOrient?.width ?? meta.width;
  const h = meta.autoOrient?.height ?? meta.height;
  if (!w || !h) throw new Error(`${source}: nie można odczytać rozmiaru`);
  return { w, h };
}

type Pixels = { data: Buffer; info: OutputInfo };
const rawImage = ({ data, info }: Pixels) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/**
 * What every output of a photo is made from: oriented, converted to sRGB, flattened, reduced to the largest width
 * needed. Always the same intermediate, whichever outputs are missing: a file's content depends only on its key.
 */
async function photoPixels(bytes: Buffer, size: ImageEntry): Promise<Pixels> {
  const largest = Math.max(...widthsFor(size.w), SHARE_SIZE.width);
  return sharp(bytes)
    .autoOrient()
    .resize({ width: Math.min(largest, size.w) })
    .flatten({ background: BACKGROUND })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
}

/**
 * A photo as the pipeline sees it at one width, before encoding: what an emitted file of that width is compared to
 * (the floor). Resized the pipeline's way (a resampling of its own would differ from it by more than an encoder does).
 */
export async function sourceAt(bytes: Buffer, width: number): Promise<Sharp> {
  return rawImage(await photoPixels(bytes, await orientedSize(bytes, "źródło"))).resize({ width });
}

/**
 * Encodes the missing outputs of one source into the cache. A photo is decoded once (oriented, converted to sRGB,
 * flattened, reduced to the largest width needed) and every output is made from those pixels; vector artwork is
 * drawn anew at each width, so it stays sharp.
 */
async function encode(
  bytes: Buffer,
  isSvg: boolean,
  size: ImageEntry,
  missing: { output: Output; cachePath: string }[],
) {
  const pixels = isSvg ? undefined : await photoPixels(bytes, size);
  for (const { output, cachePath } of missing) {
    let image: Sharp;
    if (pixels) image = rawImage(pixels);
    else {
      const density = Math.max(72, Math.ceil((72 * output.width) / size.w));
      image = sharp(bytes, { density }).flatten({ background: BACKGROUND });
    }
    image = output.share
      ? image.resize({ ...SHARE_SIZE, fit: "cover", position: sharp.strategy.attention })
      : image.resize({ width: output.width });
    // Metadata is never copied: sharp writes none unless told to (no keepExif/keepMetadata/withMetadata here).
    const temp = `${cachePath}.${process.pid}.tmp`;
    await encoders[output.format](image).toFile(temp);
    renameSync(temp, cachePath);
  }
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

/** Links (or, across file systems, copies) a cached file into the output folder. */
function place(cachePath: string, target: string) {
  rmSync(target, { force: true });
  try {
    linkSync(cachePath, target);
  } catch {
    copyFileSync(cachePath, target);
  }
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const started = performance.now();
  const { sources, outDir, cacheDir } = options;
  const shareNames = options.shareNames ?? new Set<string>();
  mkdirSync(outDir, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  let encoded = 0;
  let reused = 0;
  const manifest: Record<string, [number, number]> = {};
  const placed: { cachePath: string; output: Output; name: string }[] = [];
  const sourceKeys: string[] = [];

  await pool(sources, options.concurrency ?? availableParallelism(), async ({ name, path }) => {
    const bytes = readFileSync(path);
    const isSvg = path.toLowerCase().endsWith(".svg");
    const sourceKey = sha256(pipelineKey, bytes);
    sourceKeys.push(`${name}:${sourceKey}`);
    // The oriented size, cached beside the files so an unchanged source is not even decoded.
    const sizeFile = join(cacheDir, `${sourceKey}.json`);
    let size: ImageEntry;
    if (existsSync(sizeFile)) size = JSON.parse(readFileSync(sizeFile, "utf8")) as ImageEntry;
    else {
      size = await orientedSize(bytes, path);
      writeFileSync(sizeFile, JSON.stringify(size));
    }
    manifest[name] = [size.w, size.h];
    const outputs = outputsOf(name, size.w, shareNames.has(name)).map((output) => ({
      output,
      cachePath: join(
        cacheDir,
        `${sha256(sourceKey, JSON.stringify([output.format, output.width, output.share ?? false]))}.${output.format}`,
      ),
    }));
    const missing = outputs.filter((o) => !existsSync(o.cachePath));
    if (missing.length) await encode(bytes, isSvg, size, missing);
    encoded += missing.length;
    reused += outputs.length - missing.length;
    const now = new Date();
    for (const o of outputs) {
      utimesSync(o.cachePath, now, now); // last used: what `pruneCache` goes by
      placed.push({ ...o, name });
    }
  });

  const hash = sha256(pipelineKey, ...sourceKeys.sort()).slice(0, 8);
  const files = new Set<string>();
  for (const { cachePath, output } of placed) {
    const file = `${output.file}${output.hashed ? `.${hash}` : ""}.${output.format}`;
    if (files.has(file)) throw new Error(`${outDir}: dwa obrazy dają plik ${file}`);
    files.add(file);
    const target = join(outDir, file);
    // Already the same file (a hard link to this cache entry): nothing to do.
    if (existsSync(target) && statSync(target).ino === statSync(cachePath).ino) continue;
    place(cachePath, target);
  }
  // Whatever else is in the folder belongs to an older set: it would only pile up in the build.
  for (const file of readdirSync(outDir)) if (!files.has(file)) rmSync(join(outDir, file), { force: true });

  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  return {
    manifest: sorted,
    hash,
    encoded,
    reused,
    files: [...files].sort(),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Cache entries no build has used for this long are removed (the cache holds every variant built recently). */
function pruneCache(cacheDir: string, days = 30) {
  const cutoff = Date.now() - days * 86_400_000;
  for (const file of readdirSync(cacheDir)) {
    const path = join(cacheDir, file);
    if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
  }
}

export const CACHE_DIR = process.env.IMAGE_CACHE_DIR ?? "node_modules/.cache/images";
const OUT_DIR = "frontend/public/img";
const MANIFEST_FILE = "frontend/app/generated/images.json";
const VERSION_FILE = "frontend/app/generated/image-version.json";

async function main() {
  const set = imageSet();
  const sources = imageSources(set);
  const result = await runPipeline({ sources, outDir: OUT_DIR, cacheDir: CACHE_DIR, shareNames: shareImages() });
  mkdirSync(dirname(MANIFEST_FILE), { recursive: true });
  // [width, height]: the widths follow from the width (widths.ts), so the manifest in every page stays small.
  writeFileSync(MANIFEST_FILE, JSON.stringify(result.manifest) + "\n");
  writeFileSync(VERSION_FILE, JSON.stringify({ hash: result.hash }) + "\n");
  pruneCache(CACHE_DIR);
  const label =
    set === "photos" ? "ZDJĘCIA TESTOWE z .photos/ (npm run photos:off przywraca grafiki)" : "content/images";
  console.log(
    `images: ${sources.length} źródeł (${label}); zakodowano ${result.encoded} plików, z pamięci podręcznej ${result.reused}; ` +
      `${result.files.length} plików w ${OUT_DIR}, ${result.seconds.toFixed(1)} s`,
  );
}

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
