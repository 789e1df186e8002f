/**
 * SSIM (Wang, Bovik, Sheikh, Simoncelli 2004): how close an encoded photo is to its source, 1 = identical. The
 * pipeline's perceptual floor (images.ts) and `npm run bench -- --photos` measure with it.
 *
 * As in the paper: an 11×11 Gaussian window (σ 1.5), K1 0.01, K2 0.03, the mean over the whole image ("valid"
 * windows only), on luma — Y' of BT.601 from the gamma-encoded sRGB values, the plane an AVIF, WebP or JPEG encoder
 * keeps at full resolution (its colour is halved either way, 4:2:0). Unlike the paper's reference code the images are
 * not scaled down first: fine texture (skin, freckles, hair) is exactly what the floor is there to keep.
 */
import sharp, { type Sharp } from "sharp";

export interface Luma {
  width: number;
  height: number;
  data: Float64Array;
}

/** The luma plane of an image (any format sharp reads), as its pixels are shown: alpha flattened on white. */
export async function lumaOf(input: Buffer | Sharp): Promise<Luma> {
  const image = Buffer.isBuffer(input) ? sharp(input) : input;
  const { data, info } = await image
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const luma = new Float64Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += channels)
    luma[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  return { width, height, data: luma };
}

const RADIUS = 5;
const SIGMA = 1.5;
const TAPS = 2 * RADIUS + 1;
const WINDOW = (() => {
  const w = Array.from({ length: 2 * RADIUS + 1 }, (_, i) => Math.exp(-((i - RADIUS) ** 2) / (2 * SIGMA ** 2)));
  const sum = w.reduce((a, b) => a + b, 0);
  return Float64Array.from(w, (v) => v / sum);
})();

/** The Gaussian-weighted local mean of a plane over every whole window: (width − 10) × (height − 10) values. */
function localMeans(width: number, height: number, plane: Float64Array): Float64Array {
  const ow = width - 2 * RADIUS;
  const oh = height - 2 * RADIUS;
  const rows = new Float64Array(ow * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < ow; x++) {
      let s = 0;
      for (let k = 0; k < TAPS; k++) s += WINDOW[k]! * plane[row + x + k]!;
      rows[y * ow + x] = s;
    }
  }
  const out = new Float64Array(ow * oh);
  // Row by row, so that the inner loop runs along memory.
  for (let y = 0; y < oh; y++) {
    const target = y * ow;
    for (let k = 0; k < TAPS; k++) {
      const weight = WINDOW[k]!;
      const source = (y + k) * ow;
      for (let x = 0; x < ow; x++) out[target + x]! += weight * rows[source + x]!;
    }
  }
  return out;
}

/** Mean SSIM of two luma planes of the same size. */
export function ssim(a: Luma, b: Luma): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`SSIM: różne rozmiary ${a.width}×${a.height} i ${b.width}×${b.height}`);
  if (a.width <= 2 * RADIUS || a.height <= 2 * RADIUS)
    throw new Error(`SSIM: obraz ${a.width}×${a.height} mniejszy niż okno`);
  const { width, height } = a;
  const x = a.data;
  const y = b.data;
  const product = (p: Float64Array, q: Float64Array) => p.map((v, i) => v * q[i]!);
  const mx = localMeans(width, height, x);
  const my = localMeans(width, height, y);
  const mxx = localMeans(width, height, product(x, x));
  const myy = localMeans(width, height, product(y, y));
  const mxy = localMeans(width, height, product(x, y));
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  for (let i = 0; i < mx.length; i++) {
    const ux = mx[i]!;
    const uy = my[i]!;
    const vx = mxx[i]! - ux * ux;
    const vy = myy[i]! - uy * uy;
    const cov = mxy[i]! - ux * uy;
    total += ((2 * ux * uy + c1) * (2 * cov + c2)) / ((ux * ux + uy * uy + c1) * (vx + vy + c2));
  }
  return total / mx.length;
}
