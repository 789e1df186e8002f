/**
 * `npm run artwork`: draws the project's own stand-in artwork (SVG) for every image that content names but that
 * content/images does not hold yet. Real photos replace these files later under the same name (any of
 * .jpg/.png/.webp/.svg); the image pipeline treats both alike. Existing files are never overwritten.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { imagesDir, SOURCE_EXTENSIONS, wantedImages } from "../build/contentImages";
import { random } from "./seededRandom";

const palettes = [
  ["#f6e8e4", "#e9cfc7", "#c99a8e", "#6e3f52", "#fbf8f4"],
  ["#f3ece3", "#e2d2bd", "#b8956a", "#5c4a3a", "#fffaf3"],
  ["#eef0ea", "#d3dccd", "#94a88c", "#3f5446", "#fbfcf8"],
  ["#f1e9f0", "#dccbdc", "#a987a6", "#553a58", "#fdf9fd"],
  ["#f4ebe6", "#e5cdbf", "#c08a73", "#6b3b2e", "#fffaf7"],
];

function frame(w: number, h: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${title}</title>${body}</svg>\n`;
}

function blobPath(rnd: () => number, cx: number, cy: number, r: number): string {
  const points = 7;
  const pts = Array.from({ length: points }, (_, i) => {
    const a = (i / points) * Math.PI * 2;
    const rr = r * (0.75 + rnd() * 0.45);
    return [cx + Math.cos(a) * rr, cy + Math.sin(a) * rr] as const;
  });
  const mid = (p: readonly number[], q: readonly number[]) => [(p[0]! + q[0]!) / 2, (p[1]! + q[1]!) / 2];
  let d = "";
  pts.forEach((p, i) => {
    const next = pts[(i + 1) % points]!;
    const m = mid(p, next);
    d += i === 0 ? `M${mid(pts[points - 1]!, p).join(" ")} ` : "";
    d += `Q${p[0].toFixed(1)} ${p[1].toFixed(1)} ${m[0]!.toFixed(1)} ${m[1]!.toFixed(1)} `;
  });
  return d + "Z";
}

function abstract(name: string, w: number, h: number): string {
  const rnd = random(name);
  const [bg, soft, mid, deep, light] = palettes[Math.floor(rnd() * palettes.length)]!;
  const blobs = Array.from({ length: 5 }, (_, i) => {
    const fill = [soft, mid, light, soft, deep][i]!;
    const opacity = i === 4 ? 0.18 : 0.55 + rnd() * 0.35;
    return `<path d="${blobPath(rnd, rnd() * w, rnd() * h, (0.18 + rnd() * 0.28) * Math.min(w, h) * 1.4)}" fill="${fill}" opacity="${opacity.toFixed(2)}"/>`;
  }).join("");
  // Thin botanical strokes: a calm, premium accent rather than a busy pattern.
  const stems = Array.from({ length: 3 }, () => {
    const x = rnd() * w;
    const y = h * (0.55 + rnd() * 0.4);
    const len = h * (0.3 + rnd() * 0.3);
    const leaves = Array.from({ length: 5 }, (_, i) => {
      const t = (i + 1) / 6;
      const lx = x + Math.sin(t * 3) * 20;
      const ly = y - len * t;
      const side = i % 2 ? 1 : -1;
      return `<path d="M${lx.toFixed(1)} ${ly.toFixed(1)} q${(side * 30).toFixed(1)} -18 ${(side * 46).toFixed(1)} -4 q${(-side * 20).toFixed(1)} 16 ${(-side * 46).toFixed(1)} 4z" fill="${mid}" opacity="0.35"/>`;
    }).join("");
    return `<path d="M${x.toFixed(1)} ${y.toFixed(1)} C ${(x + 30).toFixed(1)} ${(y - len / 2).toFixed(1)}, ${(x - 20).toFixed(1)} ${(y - len * 0.8).toFixed(1)}, ${(x + 10).toFixed(1)} ${(y - len).toFixed(1)}" stroke="${deep}" stroke-opacity="0.35" stroke-width="2" fill="none"/>${leaves}`;
  }).join("");
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${bg}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${blobs}${stems}`;
}

function portrait(name: string, w: number, h: number): string {
  const rnd = random(name);
  const [, soft, mid, deep] = palettes[Math.floor(rnd() * palettes.length)]!;
  return `${abstract(name, w, h)}<g opacity="0.9"><ellipse cx="${w / 2}" cy="${h * 0.4}" rx="${w * 0.17}" ry="${h * 0.15}" fill="${soft}" stroke="${deep}" stroke-opacity="0.25" stroke-width="3"/><path d="M${w * 0.33} ${h * 0.34} q${w * 0.17} -${h * 0.2} ${w * 0.34} 0 q-${w * 0.02} -${h * 0.14} -${w * 0.17} -${h * 0.15} q-${w * 0.15} 0 -${w * 0.17} ${h * 0.15}z" fill="${deep}" opacity="0.55"/><path d="M${w * 0.16} ${h} q${w * 0.04} -${h * 0.3} ${w * 0.34} -${h * 0.32} q${w * 0.3} ${h * 0.02} ${w * 0.34} ${h * 0.32}z" fill="${mid}" opacity="0.8"/></g>`;
}

function beforeAfter(name: string, w: number, h: number): string {
  const rnd = random(name);
  const [, soft, mid, deep, light] = palettes[Math.floor(rnd() * palettes.length)]!;
  const spots = Array.from({ length: 70 }, () => {
    const x = rnd() * (w / 2 - 20) + 10;
    const y = rnd() * (h - 20) + 10;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(2 + rnd() * 7).toFixed(1)}" fill="${mid}" opacity="${(0.2 + rnd() * 0.35).toFixed(2)}"/>`;
  }).join("");
  const lines = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M20 ${(h * (0.2 + i * 0.12)).toFixed(1)} q${w / 8} ${(rnd() * 24 - 12).toFixed(1)} ${w / 4 - 30} 0" stroke="${deep}" stroke-opacity="0.22" stroke-width="2" fill="none"/>`,
  ).join("");
  return `<rect width="${w / 2}" height="${h}" fill="${soft}"/>${spots}${lines}<rect x="${w / 2}" width="${w / 2}" height="${h}" fill="${light}"/><ellipse cx="${w * 0.75}" cy="${h * 0.5}" rx="${w * 0.2}" ry="${h * 0.36}" fill="${soft}" opacity="0.6"/><line x1="${w / 2}" y1="0" x2="${w / 2}" y2="${h}" stroke="#ffffff" stroke-width="6"/>`;
}

function lips(name: string, w: number, h: number): string {
  const rnd = random(name);
  const hue = ["#b5475f", "#c0656c", "#a84f5a"][Math.floor(rnd() * 3)]!;
  const cx = w / 2;
  const cy = h / 2;
  return `${abstract(name + "-bg", w, h)}<path d="M${cx - w * 0.3} ${cy} q${w * 0.12} -${h * 0.16} ${w * 0.22} -${h * 0.1} q${w * 0.08} -${h * 0.05} ${w * 0.16} 0 q${w * 0.1} -${h * 0.06} ${w * 0.22} ${h * 0.1} q-${w * 0.3} ${h * 0.03} -${w * 0.6} 0z" fill="${hue}" opacity="0.85"/><path d="M${cx - w * 0.3} ${cy} q${w * 0.3} ${h * 0.26} ${w * 0.6} 0 q-${w * 0.3} ${h * 0.04} -${w * 0.6} 0z" fill="${hue}" opacity="0.7"/>`;
}

function brows(name: string, w: number, h: number): string {
  const rnd = random(name);
  const tone = ["#5a4334", "#6b5040", "#4a3a30"][Math.floor(rnd() * 3)]!;
  const brow = (x: number, flip: number) =>
    `<path d="M${x} ${h * 0.5} q${flip * w * 0.12} -${h * 0.16} ${flip * w * 0.3} -${h * 0.04} q-${flip * w * 0.14} -${h * 0.06} -${flip * w * 0.3} ${h * 0.06}z" fill="${tone}" opacity="0.8"/>`;
  return `${abstract(name + "-bg", w, h)}${brow(w * 0.12, 1)}${brow(w * 0.88, -1)}`;
}

function og(name: string, w: number, h: number): string {
  return `${abstract(name, w, h)}<rect x="${w * 0.08}" y="${h * 0.3}" width="${w * 0.84}" height="${h * 0.4}" rx="24" fill="#fbf8f4" opacity="0.9"/><text x="${w / 2}" y="${h * 0.5}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="64" fill="#2a2230">Aurea Instytut Urody</text><text x="${w / 2}" y="${h * 0.61}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#6e3f52">Kosmetologia i makijaż permanentny · Łódź</text>`;
}

function draw(name: string): string {
  if (name.startsWith("og-")) return frame(1200, 630, og(name, 1200, 630), "Aurea Instytut Urody");
  if (name.startsWith("hero-")) return frame(1920, 1080, abstract(name, 1920, 1080), name);
  if (name.startsWith("zespol-")) return frame(800, 1000, portrait(name, 800, 1000), name);
  if (name.includes("przed-po")) return frame(1200, 800, beforeAfter(name, 1200, 800), name);
  if (name.startsWith("usta-")) return frame(1000, 1000, lips(name, 1000, 1000), name);
  if (name.startsWith("brwi-")) return frame(1000, 1000, brows(name, 1000, 1000), name);
  return frame(1200, 800, abstract(name, 1200, 800), name);
}

const exists = (name: string) => SOURCE_EXTENSIONS.some((ext) => existsSync(join(imagesDir, `${name}.${ext}`)));

const wanted = wantedImages();
let made = 0;
for (const name of wanted) {
  if (exists(name)) continue;
  writeFileSync(join(imagesDir, `${name}.svg`), draw(name));
  made++;
}
console.log(`artwork: ${made} new of ${wanted.length} images named in content/`);
