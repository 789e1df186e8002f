/**
 * `npm run photos:on` / `npm run photos:off` / `npm run photos:status`: camera-sized photo fixtures in place of the
 * artwork, to prove the image pipeline and the page budgets with what the salon will really upload.
 *
 * For every image the site shows (contentImages.ts wantedImages()), a file as a phone or a camera writes it, made
 * by this script (nothing binary is committed): a 4000×3000 JPEG of 3–6 MB whose pixels compress like a photograph
 * (a lit scene with soft shapes and hard edges, texture at every scale, sensor noise), with the metadata a phone or a
 * camera adds — Make and Model, the time taken, on phone photos the GPS position, on some a Display P3 colour profile,
 * and the EXIF orientation of a camera held sideways or upside down (those are stored rotated). The team portraits are
 * phone photos held upright (stored landscape, orientation 6 or 8), the lips and brows close-ups true portrait
 * files, the map and the promotion graphics PNG screenshots.
 *
 * Calibration: the JPEGs come out at 4.4–5.3 MB; shrunk to 720 px wide they encode to ≈ 1.0 bit per pixel in AVIF
 * (the pipeline's settings), inside the 0.7–1.8 of the three real photographs found on the development machine — a
 * detailed scene rather than a smooth portrait, so the page budgets are proven on the heavy side.
 *
 * The fixtures are written to .photos/ (git-ignored, outside the Docker build context) once — the same name always
 * gives the same bytes — and `on` only writes .photos/ON, which makes the pipeline take every image from there
 * instead of content/images (IMAGE_SET=photos|artwork overrides it for one command, as the bench does). content/images
 * is never touched, so neither switch can leave anything for git to commit.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp, { type Exif } from "sharp";
import { PHOTOS_DIR, PHOTOS_SWITCH, imageSet, wantedImages } from "../build/contentImages";
import { random } from "./seededRandom";

export const CAMERA = { width: 4000, height: 3000 } as const;
const SCREEN = { width: 2560, height: 1600 } as const;
/** Fine strokes per photo: with the texture below, what makes a fixture compress like a photograph (see header). */
const DETAIL_STROKES = 6000;

/** What a camera writes into a fixture's EXIF; the pipeline must drop all of it. */
export const FIXTURE_MAKE = "AureaFixtureCam";
export const FIXTURE_MODEL = "Fixture Phone 12 Pro";

/** Bytes of uniform noise, fast: xorshift32 filling a Uint32Array. */
function noiseBytes(length: number, seed: number): Buffer {
  const words = new Uint32Array(Math.ceil(length / 4));
  let x = seed >>> 0 || 0x9e3779b9;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return Buffer.from(words.buffer, 0, length);
}

const palettes = [
  ["#efe4dc", "#d9b8a6", "#b07c66", "#5b3a32", "#f7efe8", "#2f2a2e"],
  ["#e9e4dc", "#cbbca6", "#927b5e", "#4b4034", "#faf5ee", "#23211e"],
  ["#e6ebe4", "#bfccb9", "#7f967a", "#34473a", "#f4f7f1", "#1f2622"],
  ["#efe6ee", "#d5c0d3", "#9f7c9c", "#4e3550", "#f8f1f8", "#261d27"],
  ["#f1e6df", "#e0c3b2", "#c28d74", "#6a3b2e", "#fff7f1", "#2b201c"],
];

/**
 * The scene, as vector shapes at a quarter of the size: a lit wall and floor, furniture and a figure as soft
 * shapes, window frames and shelves as hard edges.
 */
function sceneSvg(name: string, width: number, height: number): string {
  const rnd = random(name);
  const [wall, soft, mid, deep, light, dark] = palettes[Math.floor(rnd() * palettes.length)]!;
  const horizon = height * (0.55 + rnd() * 0.2);
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const fill = [soft, mid, deep, light, dark][Math.floor(rnd() * 5)]!;
    const cx = rnd() * width;
    const cy = rnd() * height;
    const rx = width * (0.05 + rnd() * 0.2);
    const ry = height * (0.05 + rnd() * 0.25);
    shapes.push(
      `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" fill="${fill}" opacity="${(0.35 + rnd() * 0.5).toFixed(2)}"/>`,
    );
  }
  // A figure: head and shoulders, as in most salon photos.
  const fx = width * (0.3 + rnd() * 0.4);
  const fy = height * (0.35 + rnd() * 0.15);
  const fr = Math.min(width, height) * (0.12 + rnd() * 0.08);
  shapes.push(
    `<ellipse cx="${fx.toFixed(0)}" cy="${(fy + fr * 2.6).toFixed(0)}" rx="${(fr * 2.1).toFixed(0)}" ry="${(fr * 1.5).toFixed(0)}" fill="${mid}"/>`,
  );
  shapes.push(
    `<ellipse cx="${fx.toFixed(0)}" cy="${fy.toFixed(0)}" rx="${(fr * 0.82).toFixed(0)}" ry="${fr.toFixed(0)}" fill="#d9a88e"/>`,
  );
  shapes.push(
    `<ellipse cx="${fx.toFixed(0)}" cy="${(fy - fr * 0.55).toFixed(0)}" rx="${(fr * 0.95).toFixed(0)}" ry="${(fr * 0.6).toFixed(0)}" fill="${dark}" opacity="0.85"/>`,
  );
  const edges: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = rnd() * width;
    const y = rnd() * horizon;
    const w = width * (0.08 + rnd() * 0.25);
    const h = height * (0.01 + rnd() * 0.2);
    edges.push(
      `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="none" stroke="${[light, deep, dark][i % 3]}" stroke-width="${(2 + rnd() * 5).toFixed(1)}"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="w" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${wall}"/></linearGradient>` +
    `<radialGradient id="l" cx="${(0.2 + rnd() * 0.6).toFixed(2)}" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#w)"/>` +
    `<rect y="${horizon.toFixed(0)}" width="${width}" height="${(height - horizon).toFixed(0)}" fill="${soft}"/>` +
    shapes.join("") +
    edges.join("") +
    `<rect width="${width}" height="${height}" fill="url(#l)"/></svg>`
  );
}

/**
 * Fine structure, drawn at full size: strands, folds and leaves as thin curves of many lengths — the hair, fabric
 * and plants of a real photo, which an encoder has to keep, unlike noise it may smooth away.
 */
function detailSvg(name: string, width: number, height: number, count: number): string {
  const rnd = random(`${name}#detail`);
  const [, soft, mid, deep, light, dark] = palettes[Math.floor(rnd() * palettes.length)]!;
  const colours = [soft, mid, deep, light, dark];
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    // Clustered like real detail: most strokes near a few centres (a head of hair, a plant, a towel).
    const cluster = Math.floor(rnd() * 6);
    const cr = random(`${name}#cluster${cluster}`);
    const cx = cr() * width;
    const cy = cr() * height;
    const spread = (0.08 + cr() * 0.25) * width;
    const x = cx + (rnd() - 0.5) * spread * 2;
    const y = cy + (rnd() - 0.5) * spread * 2;
    const len = 12 * Math.pow(30, rnd());
    const a = rnd() * Math.PI * 2;
    const bend = (rnd() - 0.5) * len;
    const x2 = x + Math.cos(a) * len;
    const y2 = y + Math.sin(a) * len;
    const qx = (x + x2) / 2 + Math.cos(a + Math.PI / 2) * bend;
    const qy = (y + y2) / 2 + Math.sin(a + Math.PI / 2) * bend;
    paths.push(
      `<path d="M${x.toFixed(0)} ${y.toFixed(0)}Q${qx.toFixed(0)} ${qy.toFixed(0)} ${x2.toFixed(0)} ${y2.toFixed(0)}" stroke="${colours[Math.floor(rnd() * colours.length)]}" stroke-width="${(1 + rnd() * 5).toFixed(1)}" stroke-opacity="${(0.25 + rnd() * 0.5).toFixed(2)}" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${paths.join("")}</svg>`;
}

/**
 * Texture at every scale and sensor noise, as one grey layer to lay over the scene: random fields at 1/32, 1/8,
 * 1/2 and full size, each enlarged smoothly, summed with weights that fall with the scale as in natural images.
 */
async function textureLayer(name: string, width: number, height: number): Promise<Buffer> {
  const rnd = random(`${name}#texture`);
  const octaves = [
    { div: 32, weight: 0.9 },
    { div: 12, weight: 0.7 },
    { div: 4, weight: 0.5 },
    { div: 2, weight: 0.3 },
    { div: 1, weight: 0.22 },
  ];
  const sum = new Float32Array(width * height);
  for (const { div, weight } of octaves) {
    const w = Math.ceil(width / div);
    const h = Math.ceil(height / div);
    const small = noiseBytes(w * h, Math.floor(rnd() * 2 ** 32));
    const layer =
      div === 1
        ? small
        : await sharp(small, { raw: { width: w, height: h, channels: 1 } })
            .resize(width, height, { kernel: "cubic" })
            .raw()
            .toBuffer();
    for (let i = 0; i < sum.length; i++) sum[i]! += (layer[i]! - 127.5) * weight;
  }
  const out = Buffer.alloc(width * height);
  // Centred on mid-grey; the overlay blend turns ±deviation into local light and shade.
  for (let i = 0; i < sum.length; i++) out[i] = Math.max(0, Math.min(255, 128 + sum[i]! * 0.42));
  return out;
}

interface PhotoSpec {
  /** Pixels as stored in the file (before orientation). */
  width: number;
  height: number;
  /** EXIF orientation: 1 upright, 3 upside down, 6 and 8 a camera held sideways. */
  orientation: 1 | 3 | 6 | 8;
  gps: boolean;
  p3: boolean;
}

/** How each kind of picture was taken: by its name, like the artwork. */
export function specFor(name: string): PhotoSpec & { png: boolean } {
  const n = [...name].reduce((a, c) => a + c.charCodeAt(0), 0);
  if (name === "mapa-salonu" || name.startsWith("promo-"))
    return { ...SCREEN, orientation: 1, gps: false, p3: false, png: true };
  if (name.startsWith("zespol-")) return { ...CAMERA, orientation: n % 2 ? 6 : 8, gps: true, p3: true, png: false };
  if (name.startsWith("usta-") || name.startsWith("brwi-"))
    return { width: CAMERA.height, height: CAMERA.width, orientation: 1, gps: true, p3: n % 2 === 0, png: false };
  if (name === "hero-cialo") return { ...CAMERA, orientation: 3, gps: false, p3: false, png: false };
  return { ...CAMERA, orientation: 1, gps: n % 3 === 0, p3: n % 4 === 0, png: false };
}

/** An upright picture of the scene, then stored as the camera would have stored it. */
export async function makePhoto(name: string, spec: PhotoSpec, options: { quality?: number } = {}): Promise<Buffer> {
  // Upright size: a sideways camera stores the picture rotated by 90°.
  const sideways = spec.orientation === 6 || spec.orientation === 8;
  const width = sideways ? spec.height : spec.width;
  const height = sideways ? spec.width : spec.height;
  const scene = await sharp(Buffer.from(sceneSvg(name, Math.round(width / 4), Math.round(height / 4))))
    .blur(1.2)
    .resize(width, height, { kernel: "cubic" })
    .toBuffer();
  const detail = await sharp(Buffer.from(detailSvg(name, width, height, DETAIL_STROKES)))
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grey = await textureLayer(name, width, height);
  const texture = await sharp(grey, { raw: { width, height, channels: 1 } })
    .toColourspace("srgb")
    .png({ compressionLevel: 0 })
    .toBuffer();
  // Back to the stored orientation: the inverse of what the EXIF tag tells a viewer to do.
  const undo = { 1: 0, 3: 180, 6: 270, 8: 90 }[spec.orientation];
  let image = sharp(
    await sharp(scene)
      .composite([{ input: detail }, { input: texture, blend: "overlay" }])
      .toBuffer(),
  ).rotate(undo);
  const rnd = random(`${name}#exif`);
  const minute = String(Math.floor(rnd() * 60)).padStart(2, "0");
  const exif: Exif = {
    IFD0: { Make: FIXTURE_MAKE, Model: FIXTURE_MODEL, Software: "fixture 1.0", DateTime: `2025:06:14 11:${minute}:07` },
    IFD2: {
      DateTimeOriginal: `2025:06:14 11:${minute}:07`,
      ExposureTime: "1/120",
      FNumber: "18/10",
      ISOSpeedRatings: "100",
    },
  };
  if (spec.gps) {
    // Łódź, Piotrkowska: where the salon's phone photos would be taken.
    exif.IFD3 = {
      GPSLatitudeRef: "N",
      GPSLatitude: "51/1 45/1 3012/100",
      GPSLongitudeRef: "E",
      GPSLongitude: "19/1 27/1 4512/100",
      GPSAltitudeRef: "0",
      GPSAltitude: "210/1",
    };
  }
  image = image.withExif(exif).withMetadata({ orientation: spec.orientation });
  // A phone's wide-gamut profile: the same colours as seen, other numbers in the file.
  if (spec.p3) image = image.withIccProfile("p3");
  return image.jpeg({ quality: options.quality ?? 93, chromaSubsampling: "4:2:0" }).toBuffer();
}

/** A screenshot: flat interface, lines of text, a photo panel; PNG as a phone or a desktop saves it. */
export async function makeScreenshot(name: string, width: number, height: number): Promise<Buffer> {
  const rnd = random(name);
  const [, soft, mid, deep, light, dark] = palettes[Math.floor(rnd() * palettes.length)]!;
  const rows: string[] = [];
  const isMap = name === "mapa-salonu";
  if (isMap) {
    // Streets and blocks of a map, with labels.
    for (let i = 0; i < 40; i++) {
      const horizontal = rnd() < 0.5;
      const p = rnd() * (horizontal ? height : width);
      const w = 6 + rnd() * 26;
      rows.push(
        horizontal
          ? `<rect x="0" y="${p.toFixed(0)}" width="${width}" height="${w.toFixed(0)}" fill="#ffffff"/>`
          : `<rect x="${p.toFixed(0)}" y="0" width="${w.toFixed(0)}" height="${height}" fill="#ffffff"/>`,
      );
    }
    for (let i = 0; i < 60; i++) {
      rows.push(
        `<text x="${(rnd() * width).toFixed(0)}" y="${(rnd() * height).toFixed(0)}" font-family="DejaVu Sans" font-size="${(18 + rnd() * 14).toFixed(0)}" fill="#5a5a5a">ul. ${["Piotrkowska", "Zielona", "Narutowicza", "Traugutta", "Moniuszki"][i % 5]} ${i}</text>`,
      );
    }
    rows.push(`<circle cx="${width / 2}" cy="${height / 2}" r="26" fill="#c0392b" stroke="#fff" stroke-width="6"/>`);
  } else {
    rows.push(`<rect width="${width}" height="120" fill="${deep}"/>`);
    for (let i = 0; i < 6; i++)
      rows.push(
        `<rect x="${80 + i * 220}" y="46" width="${140 + rnd() * 40}" height="28" rx="6" fill="${light}" opacity="0.9"/>`,
      );
    for (let line = 0; line < 22; line++) {
      let x = 1320;
      const y = 220 + line * 56;
      while (x < width - 120) {
        const w = 30 + rnd() * 140;
        rows.push(
          `<rect x="${x.toFixed(0)}" y="${y}" width="${w.toFixed(0)}" height="20" rx="4" fill="${dark}" opacity="0.75"/>`,
        );
        x += w + 14;
      }
    }
    rows.push(`<rect x="1320" y="${height - 220}" width="360" height="90" rx="45" fill="${mid}"/>`);
    rows.push(
      `<text x="1360" y="${height - 160}" font-family="DejaVu Sans" font-size="40" fill="#fff">Zarezerwuj</text>`,
    );
  }
  const base = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${isMap ? "#ece8df" : soft}"/>${rows.join("")}</svg>`,
    ),
  )
    .png()
    .toBuffer();
  if (isMap) return sharp(base).png({ compressionLevel: 6 }).toBuffer();
  // The promotion's photo on the left of the screen.
  const photo = await makePhoto(`${name}#photo`, {
    width: 1200,
    height: height - 200,
    orientation: 1,
    gps: false,
    p3: false,
  });
  return sharp(base)
    .composite([{ input: photo, left: 80, top: 180 }])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

const fileOf = (name: string) => join(PHOTOS_DIR, `${name}.${specFor(name).png ? "png" : "jpg"}`);

/** Writes the fixtures that are missing; returns how many it wrote. */
async function generate(names: string[]): Promise<number> {
  mkdirSync(PHOTOS_DIR, { recursive: true });
  const missing = names.filter((name) => !existsSync(fileOf(name)));
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(availableParallelism(), missing.length) }, async () => {
      while (next < missing.length) {
        const name = missing[next++]!;
        const spec = specFor(name);
        const bytes = spec.png ? await makeScreenshot(name, spec.width, spec.height) : await makePhoto(name, spec);
        writeFileSync(`${fileOf(name)}.tmp`, bytes);
        rmSync(fileOf(name), { force: true });
        renameSync(`${fileOf(name)}.tmp`, fileOf(name));
        done++;
        process.stdout.write(`\r  zdjęcia testowe: ${done}/${missing.length}`);
      }
    }),
  );
  if (missing.length) process.stdout.write("\n");
  return missing.length;
}

function status() {
  const files = existsSync(PHOTOS_DIR) ? readdirSync(PHOTOS_DIR).filter((f) => /\.(jpe?g|png)$/.test(f)) : [];
  const bytes = files.reduce((total, f) => total + statSync(join(PHOTOS_DIR, f)).size, 0);
  console.log(
    `photos: ${existsSync(PHOTOS_SWITCH) ? "WŁĄCZONE" : "wyłączone"} (budowanie użyje: ${imageSet()}); ` +
      `${files.length} plików w ${PHOTOS_DIR}/, ${(bytes / 1e6).toFixed(0)} MB`,
  );
}

async function main() {
  const command = process.argv[2] ?? "status";
  const names = wantedImages();
  if (command === "on" || command === "generate") {
    const made = await generate(names);
    if (command === "on")
      writeFileSync(PHOTOS_SWITCH, "Zdjęcia testowe zamiast grafik: npm run photos:off przywraca grafiki.\n");
    console.log(
      `photos: ${made} nowych z ${names.length}${command === "on" ? "; włączone — npm run build użyje zdjęć z .photos/" : ""}`,
    );
  } else if (command === "off") {
    rmSync(PHOTOS_SWITCH, { force: true });
    console.log("photos: wyłączone — npm run build użyje grafik z content/images (pliki w .photos/ zostają)");
  } else if (command === "clean") {
    rmSync(PHOTOS_DIR, { recursive: true, force: true });
    console.log(`photos: usunięto ${PHOTOS_DIR}/`);
  } else if (command !== "status")
    throw new Error(
      `tsx frontend/tools/photos.ts on|off|status|generate|clean (nie: ${command}); npm run photos:on|off|status`,
    );
  status();
}

if (process.argv[1]?.endsWith("photos.ts")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
