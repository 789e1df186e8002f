// @vitest-environment node
/**
 * The image pipeline (frontend/build/images.ts) on camera-like fixtures made here (frontend/tools/photos.ts, the
 * same code as `npm run photos:on`, at a smaller size so the test takes seconds): a phone photo held upright
 * (stored landscape, EXIF orientation 6) with GPS, camera make and model and a Display P3 profile; a camera photo
 * stored upside down (orientation 3) with GPS; a PNG screenshot carrying EXIF; a flat P3 colour patch.
 *   - no emitted file carries EXIF, XMP, IPTC or an ICC profile, nor the camera's name anywhere in its bytes;
 *   - orientation is applied to the pixels, and the manifest has the oriented size;
 *   - colours are converted to sRGB, not relabelled;
 *   - every width in AVIF and WebP, nothing wider than 1920 px, one JPEG fallback, the 1200×630 share JPEG;
 *   - the perceptual floor: every emitted width and format at least as close to its source (SSIM) as AVIF quality 48;
 *   - the cache: a second run encodes nothing, editing one photo re-encodes only its files, new modification times
 *     (touch, a fresh checkout in another folder) re-encode nothing.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FLOOR_AVIF_QUALITY,
  floorEncode,
  runPipeline,
  sourceAt,
  type PipelineResult,
} from "../../frontend/build/images";
import { lumaOf, ssim } from "../../frontend/build/ssim";
import { FIXTURE_MAKE, FIXTURE_MODEL, makePhoto } from "../../frontend/tools/photos";
import { WIDTHS, fallbackWidth, widthsFor } from "../../frontend/app/components/Picture/widths";
import type { ImageSource } from "../../frontend/build/contentImages";

const dir = mkdtempSync(join(tmpdir(), "salon-images-"));
const src = join(dir, "src");
const out = join(dir, "out");
const cache = join(dir, "cache");

/** sRGB (40, 180, 60): a saturated green whose numbers differ clearly once stored in Display P3. */
const GREEN = [40, 180, 60] as const;

const sources: ImageSource[] = [
  { name: "phone", path: join(src, "phone.jpg") },
  { name: "camera", path: join(src, "camera.jpg") },
  { name: "screenshot", path: join(src, "screenshot.png") },
  { name: "patch", path: join(src, "patch.jpg") },
  { name: "marker", path: join(src, "marker.jpg") },
];
const shareNames = new Set(["camera"]);
const run = (list = sources) => runPipeline({ sources: list, outDir: out, cacheDir: cache, shareNames });

let first: PipelineResult;

beforeAll(async () => {
  mkdirSync(src, { recursive: true });
  // Stored 1200×900, shown 900×1200: a phone held upright.
  writeFileSync(
    join(src, "phone.jpg"),
    await makePhoto("test-phone", { width: 1200, height: 900, orientation: 6, gps: true, p3: true }),
  );
  // Upright: 300×400, black with a white top-left corner; stored turned a quarter left, with orientation 6.
  const upright = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#000" } })
    .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: "#fff" } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  writeFileSync(
    join(src, "marker.jpg"),
    await sharp(upright).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer(),
  );
  writeFileSync(
    join(src, "camera.jpg"),
    await makePhoto("test-camera", { width: 2400, height: 1800, orientation: 3, gps: true, p3: false }),
  );
  writeFileSync(
    join(src, "screenshot.png"),
    await sharp({ create: { width: 1400, height: 900, channels: 4, background: { r: 200, g: 210, b: 220, alpha: 1 } } })
      .withExif({ IFD0: { Make: FIXTURE_MAKE, Model: FIXTURE_MODEL } })
      .png()
      .toBuffer(),
  );
  writeFileSync(
    join(src, "patch.jpg"),
    await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: GREEN[0], g: GREEN[1], b: GREEN[2] } },
    })
      .withIccProfile("p3")
      .withExif({ IFD0: { Make: FIXTURE_MAKE, Model: FIXTURE_MODEL } })
      .jpeg({ quality: 95 })
      .toBuffer(),
  );
  first = await run();
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const emitted = () => readdirSync(out).map((f) => join(out, f));

describe("the image pipeline on camera-like photos", () => {
  it("the fixtures carry what a phone writes: GPS, camera, orientation, a P3 profile", async () => {
    const meta = await sharp(join(src, "phone.jpg")).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.icc).toBeDefined();
    expect(meta.exif).toBeDefined();
    const exif = meta.exif!;
    expect(exif.includes(FIXTURE_MAKE)).toBe(true);
    expect(exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))).toBe(true); // GPS IFD pointer tag
    expect((await sharp(join(src, "screenshot.png")).metadata()).exif?.includes(FIXTURE_MAKE)).toBe(true);
  });

  it("emits no EXIF, XMP, IPTC or ICC profile, and no trace of the camera in any file", async () => {
    const files = emitted();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const meta = await sharp(file).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(meta.iptc, file).toBeUndefined();
      expect(meta.icc, file).toBeUndefined();
      const bytes = readFileSync(file);
      expect(bytes.includes(FIXTURE_MAKE), `${file}: marka aparatu`).toBe(false);
      expect(bytes.includes(FIXTURE_MODEL), `${file}: model aparatu`).toBe(false);
      expect(bytes.includes("Exif\0\0"), `${file}: blok EXIF`).toBe(false);
    }
  });

  it("applies the EXIF orientation: oriented size in the manifest and in the files, upright pixels", async () => {
    expect((await sharp(join(src, "marker.jpg")).metadata()).width).toBe(400); // stored landscape
    expect(first.manifest.phone).toEqual([900, 1200]);
    expect(first.manifest.marker).toEqual([300, 400]);
    expect(first.manifest.camera).toEqual([2400, 1800]);
    for (const ext of ["avif", "webp", "jpg"]) {
      const file = join(out, `marker-300.${first.hash}.${ext}`);
      const meta = await sharp(file).metadata();
      expect([meta.width, meta.height, meta.orientation ?? 1], file).toEqual([300, 400, 1]);
      // The white corner is where the picture as seen has it (top left), and nowhere else.
      const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => data[y * info.width + x]!;
      expect(at(40, 40), file).toBeGreaterThan(200);
      for (const [x, y] of [
        [260, 40],
        [40, 360],
        [260, 360],
      ] as const)
        expect(at(x, y), `${file} (${x}, ${y})`).toBeLessThan(50);
    }
    const phone = await sharp(join(out, `phone-360.${first.hash}.avif`)).metadata();
    expect([phone.width, phone.height]).toEqual([360, 480]);
  });

  it("converts colours to sRGB rather than dropping the profile", async () => {
    const stored = await sharp(join(src, "patch.jpg"), { ignoreIcc: true }).raw().toBuffer();
    // The file's own numbers are P3: far from the sRGB colour...
    expect(Math.max(...GREEN.map((v, i) => Math.abs(v - stored[i]!)))).toBeGreaterThan(15);
    for (const ext of ["avif", "webp", "jpg"]) {
      const file = readdirSync(out).find((f) => f.startsWith("patch-") && f.endsWith(`.${ext}`))!;
      const px = await sharp(join(out, file)).raw().toBuffer();
      // ...and the emitted file shows the colour as seen.
      GREEN.forEach((v, i) => expect(Math.abs(v - px[i]!), `${file} kanał ${i}`).toBeLessThanOrEqual(6));
    }
  });

  it("emits every width in AVIF and WebP, none wider than the largest, one JPEG fallback and the share image", async () => {
    for (const [name, [w]] of Object.entries(first.manifest)) {
      for (const width of widthsFor(w)) {
        for (const ext of ["avif", "webp"]) {
          const file = join(out, `${name}-${width}.${first.hash}.${ext}`);
          expect((await sharp(file).metadata()).width, file).toBe(width);
        }
      }
      expect(
        readdirSync(out).filter((f) => f.startsWith(`${name}-`) && f.endsWith(".jpg") && !f.includes("share")),
      ).toHaveLength(1);
    }
    for (const file of emitted())
      expect((await sharp(file).metadata()).width, file).toBeLessThanOrEqual(WIDTHS[WIDTHS.length - 1]!);
    const share = await sharp(join(out, "camera-share.jpg")).metadata();
    expect([share.width, share.height, share.format]).toEqual([1200, 630, "jpeg"]);
    expect(readdirSync(out).filter((f) => f.includes("share"))).toEqual(["camera-share.jpg"]);
  });

  it("keeps every photo at every width, in every format, at least as close to its source as AVIF quality 48 (the floor)", async () => {
    // The fixtures a camera and a phone wrote (landscape 2400×1800, and 900×1200 held upright): each width the
    // pipeline emitted, against the source resized to that width, beside the floor's own encode of the same pixels.
    const measured: { file: string; value: number; floor: number }[] = [];
    for (const name of ["camera", "phone"]) {
      const bytes = readFileSync(join(src, `${name}.jpg`));
      const [w] = first.manifest[name]!;
      const fallback = fallbackWidth(w);
      for (const width of widthsFor(w)) {
        const source = await (await sourceAt(bytes, width)).raw().toBuffer({ resolveWithObject: true });
        const pixels = () =>
          sharp(source.data, {
            raw: { width: source.info.width, height: source.info.height, channels: source.info.channels },
          });
        const reference = await lumaOf(pixels());
        const floor = ssim(reference, await lumaOf(await floorEncode(pixels()).toBuffer()));
        for (const ext of width === fallback ? ["avif", "webp", "jpg"] : ["avif", "webp"]) {
          const file = join(out, `${name}-${width}.${first.hash}.${ext}`);
          const value = ssim(reference, await lumaOf(readFileSync(file)));
          measured.push({ file: `${name}-${width}.${ext}`, value, floor });
        }
      }
    }
    if (process.env.SHOW_SSIM)
      console.log(measured.map((m) => `${m.file} ${m.value.toFixed(4)} (próg ${m.floor.toFixed(4)})`).join("\n"));
    expect(measured.length).toBe(2 * widthsFor(2400).length + 2 * widthsFor(900).length + 2);
    const below = measured
      .filter((m) => m.value < m.floor)
      .map((m) => `${m.file}: SSIM ${m.value.toFixed(4)} < ${m.floor.toFixed(4)} (AVIF q${FLOOR_AVIF_QUALITY})`);
    expect(below, "poniżej progu").toEqual([]);
  }, 180_000);

  it("measures SSIM as a visitor would see it: 1 for the same picture, lower the coarser the encode", async () => {
    const bytes = readFileSync(join(src, "camera.jpg"));
    const source = await lumaOf(await sourceAt(bytes, 640));
    expect(ssim(source, source)).toBeCloseTo(1, 10);
    const at = async (quality: number) =>
      ssim(source, await lumaOf(await (await sourceAt(bytes, 640)).avif({ quality, effort: 3 }).toBuffer()));
    const [q30, q48, q70] = [await at(30), await at(48), await at(70)];
    expect(q30).toBeLessThan(q48);
    expect(q48).toBeLessThan(q70);
    expect(q70).toBeLessThan(1);
  }, 60_000);

  it("encodes only what changed: nothing on a second run, one photo's files after it is edited, nothing after touch or a fresh copy", async () => {
    expect(first.encoded).toBe(first.files.length);
    const again = await run();
    expect(again.encoded).toBe(0);
    expect(again.reused).toBe(first.files.length);
    expect(again.hash).toBe(first.hash);

    // New modification times on every source, and the same sources in another folder (a fresh checkout).
    const future = new Date(Date.now() + 3_600_000);
    for (const { path } of sources) utimesSync(path, future, future);
    expect((await run()).encoded).toBe(0);
    const copy = join(dir, "checkout");
    cpSync(src, copy, { recursive: true });
    const moved = sources.map((s) => ({ ...s, path: s.path.replace(src, copy) }));
    expect((await run(moved)).encoded).toBe(0);

    // One photo edited: only its files are encoded again, and the set gets a new version.
    const phoneFiles = first.files.filter((f) => f.startsWith("phone-")).length;
    writeFileSync(
      join(src, "phone.jpg"),
      await sharp(join(src, "phone.jpg"))
        .modulate({ brightness: 1.05 })
        .keepMetadata()
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
    const edited = await run();
    expect(edited.encoded).toBe(phoneFiles);
    expect(edited.reused).toBe(first.files.length - phoneFiles);
    expect(edited.hash).not.toBe(first.hash);
    // The folder holds exactly the new set: no file of the old version is left behind.
    expect(readdirSync(out).sort()).toEqual(edited.files);
  }, 120_000);
});
