/**
 * `npm run fonts`: makes the site's two self-hosted font files and their @font-face rules. Run it by hand when a font
 * or the character set changes; its output is committed (frontend/app/fonts/*.woff2, frontend/app/styles/fonts.scss),
 * so building the site needs neither Python nor this script.
 *
 * Source: the woff2 files of the pinned @fontsource packages, which come cut into Google's unicode-range subsets
 * (latin, latin-ext, …). A Polish page needs both latin and latin-ext, i.e. four files for two families. Here each
 * family becomes ONE file with exactly the characters Polish text uses:
 *   - Cormorant Garamond 600 (headings): latin + latin-ext merged, then subset;
 *   - Jost, variable (body): weights 400–700 (400 text, 500/600 labels and buttons, 700 for <strong>). fontTools
 *     cannot merge variable fonts, so each subset is instanced at 400 and 700, merged per weight, and rebuilt as a
 *     variable font with those two masters and the source's own weight mapping (Jost's masters are 100, 400 and
 *     900 and its avar is piecewise linear, so every weight from 400 to 700 comes out exactly as in the source),
 *     then subset.
 * Then the fallback faces: a local Georgia Bold / Arial scaled (size-adjust) and given ascent, descent and line-gap
 * overrides so that text set in the fallback takes the same space as in the web font.
 *
 * Needs Debian's python3-fonttools and python3-brotli (`apt-get install python3-fonttools python3-brotli`).
 */
import { spawnSync } from "node:child_process";
import { BODY_UNICODES, DISPLAY_UNICODES } from "./fontCharset";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const fontDir = resolve(root, "frontend/app/fonts");
const scssFile = resolve(root, "frontend/app/styles/fonts.scss");
const fontsource = (path: string) => resolve(root, "node_modules", path);

/**
 * OpenType features kept: pyftsubset's defaults (kerning, ligatures, contextual alternates, Polish locl forms)
 * and the numeral forms the CSS asks for (font-variant-numeric: lining-nums, tabular-nums), but not the fraction
 * features among the defaults (frac, numr, dnom: 30 glyphs no text uses).
 */
const DROPPED_FEATURES = ["frac", "numr", "dnom"];
const FEATURES = ["tnum", "lnum"];

interface FontSpec {
  /** CSS family name. */
  family: string;
  file: string;
  /** CSS font-weight descriptor. */
  weight: string;
  sources: string[];
  /** Variable sources: instance at these weights and rebuild; static sources: merge as they are. */
  masters?: number[];
  /** pyftsubset's unicode ranges. */
  unicodes: string;
  fallback: Fallback;
}

/**
 * A local font the browser has before ours arrives, with its metrics (font units). These are the published metrics of
 * Georgia Bold and Arial (Capsize's metrics collection: ascent, descent, line gap, units per em, and xWidthAvg — the
 * advance width averaged over letters and space by their frequency in running text). Liberation Sans and Arimo are
 * metrically identical to Arial, Gelasio to Georgia, so Linux and ChromeOS get the same fallback.
 */
interface Fallback {
  family: string;
  local: string[];
  weight: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xWidthAvg: number;
}

const GEORGIA_BOLD: Omit<Fallback, "family"> = {
  local: ["Georgia Bold", "Georgia-Bold", "Gelasio Bold", "Gelasio-Bold"],
  weight: "600",
  unitsPerEm: 2048,
  ascent: 1878,
  descent: -449,
  lineGap: 0,
  xWidthAvg: 1062,
};

const ARIAL: Omit<Fallback, "family"> = {
  local: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo"],
  weight: "400 700",
  unitsPerEm: 2048,
  ascent: 1854,
  descent: -434,
  lineGap: 67,
  xWidthAvg: 913,
};

const FONTS: FontSpec[] = [
  {
    family: "Cormorant Garamond",
    file: "cormorant-garamond-600-pl.woff2",
    weight: "600",
    sources: ["latin", "latin-ext"].map((s) =>
      fontsource(`@fontsource/cormorant-garamond/files/cormorant-garamond-${s}-600-normal.woff2`),
    ),
    unicodes: DISPLAY_UNICODES,
    fallback: { family: "Cormorant Garamond Fallback", ...GEORGIA_BOLD },
  },
  {
    family: "Jost",
    file: "jost-pl.woff2",
    weight: "400 700",
    sources: ["latin", "latin-ext"].map((s) =>
      fontsource(`@fontsource-variable/jost/files/jost-${s}-wght-normal.woff2`),
    ),
    masters: [400, 700],
    unicodes: BODY_UNICODES,
    fallback: { family: "Jost Fallback", ...ARIAL },
  },
];

// The same English letter frequencies Capsize weighs xWidthAvg by (within 0.3 % of its 913 for Arial's widths).
const FREQ =
  "a=8.2,b=1.5,c=2.8,d=4.3,e=12.7,f=2.2,g=2.0,h=6.1,i=7.0,j=0.15,k=0.77,l=4.0,m=2.4,n=6.7,o=7.5,p=1.9,q=0.095,r=6.0,s=6.3,t=9.1,u=2.8,v=0.98,w=2.4,x=0.15,y=2.0,z=0.074, =18.0";

interface Measured {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xWidthAvg: number;
  glyphs: number;
  axes: [string, number, number][];
}

const pct = (v: number) => `${(v * 100).toFixed(2)}%`;

/** Capsize's formula (as in next/font and fontaine): scale the fallback to the web font's average width, then express
 *  the web font's vertical metrics in the scaled fallback's em. */
function fallbackFace(font: FontSpec, m: Measured): string {
  const fb = font.fallback;
  const sizeAdjust = m.xWidthAvg / m.unitsPerEm / (fb.xWidthAvg / fb.unitsPerEm);
  const em = m.unitsPerEm * sizeAdjust;
  return `@font-face {
  font-family: "${fb.family}";
  src: ${fb.local.map((n) => `local("${n}")`).join(", ")};
  font-weight: ${fb.weight};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(m.ascent / em)};
  descent-override: ${pct(Math.abs(m.descent) / em)};
  line-gap-override: ${pct(m.lineGap / em)};
}`;
}

function main() {
  mkdirSync(fontDir, { recursive: true });
  const spec = {
    freq: FREQ,
    features: FEATURES,
    dropped: DROPPED_FEATURES,
    fonts: FONTS.map((f) => ({
      sources: f.sources,
      masters: f.masters,
      unicodes: f.unicodes,
      out: resolve(fontDir, f.file),
    })),
  };
  const python = process.env.PYTHON ?? "/usr/bin/python3";
  const run = spawnSync(python, [resolve(import.meta.dirname, "fonts.py"), JSON.stringify(spec)], { encoding: "utf8" });
  if (run.status !== 0) {
    console.error(run.stderr);
    throw new Error(`${python} + fontTools nie powiodło się (apt-get install python3-fonttools python3-brotli)`);
  }
  const measured = JSON.parse(run.stdout) as Measured[];

  const faces = FONTS.map((font, i) => {
    const m = measured[i]!;
    return `@font-face {
  font-family: "${font.family}";
  src: url("../fonts/${font.file}") format("woff2");
  font-weight: ${font.weight};
  font-style: normal;
  font-display: optional;
}

${fallbackFace(font, m)}`;
  });
  writeFileSync(
    scssFile,
    `// Written by frontend/tools/fonts.ts (npm run fonts) — do not edit by hand.
// Two self-hosted files, Polish subset, each a file of its own (vite.config.ts). Not on the page a visitor enters
// by: there the text is set in the metric-matched local fallbacks below and the files are fetched after the first
// paint, so that the LCP photo has the line to itself (frontend/app/site/fonts.ts). font-display: optional: on
// every later page the files come from the cache, and a face not there within 100 ms is left out rather than
// swapped in (a swap moves the text: CLS 0.026–0.127 on a phone).

${faces.join("\n\n")}
`,
  );
  for (const [i, font] of FONTS.entries()) {
    const m = measured[i]!;
    const size = statSync(resolve(fontDir, font.file)).size;
    console.log(
      `fonts: ${font.file} ${(size / 1024).toFixed(1)} KB, ${m.glyphs} glifów${m.axes.length ? `, oś ${m.axes.map((a) => a.join(" ")).join(", ")}` : ""}`,
    );
  }
  console.log(`fonts: ${scssFile}`);
}

main();
