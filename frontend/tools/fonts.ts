/**
 * `npm run fonts`: makes the site's self-hosted font files and their @font-face rules. Run it by hand when a font or
 * the character set changes; its output is committed (frontend/app/fonts/*.woff2, frontend/app/styles/fonts.scss),
 * so building the site needs neither Python nor this script.
 *
 * Source: the woff2 files of the pinned @fontsource packages, which come cut into Google's unicode-range subsets
 * (latin, latin-ext, cyrillic, …). A Polish page needs both latin and latin-ext, i.e. four files for two families.
 * Here each family becomes one Latin file with exactly the characters Polish and English text use; the headings' family
 * also one Cyrillic file with the Ukrainian alphabet, which a browser fetches only for Ukrainian text (unicode-range):
 *   - Cormorant Garamond 600 (headings): latin + latin-ext merged, then subset; its cyrillic subset. Jost's Cyrillic
 *     is Russian only (no Є є І і Ї ї Ґ ґ): a Ukrainian word in it would mix two faces, so Ukrainian body text is
 *     set in Jost's metric-matched fallback, the whole page alike (styles/global.scss, :lang(uk));
 *   - Jost, variable (body): weights 400–700 (400 text, 500/600 labels and buttons, 700 for <strong>). fontTools
 *     cannot merge variable fonts, so each subset is instanced at 400 and 700, merged per weight, and rebuilt as a
 *     variable font with those two masters and the source's own weight mapping (Jost's masters are 100, 400 and
 *     900 and its avar is piecewise linear, so every weight from 400 to 700 comes out exactly as in the source),
 *     then subset.
 * Then the fallback faces: a local Georgia Bold / Arial scaled (size-adjust) and given ascent, descent and line-gap
 * overrides so that text set in the fallback takes the same space as in the web font (measured on the Latin file).
 *
 * Needs Debian's python3-fonttools and python3-brotli (`apt-get install python3-fonttools python3-brotli`).
 */
import { spawnSync } from "node:child_process";
import { BODY_UNICODES, CYRILLIC_UNICODES, DISPLAY_UNICODES } from "./fontCharset";
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
  /** CSS font-weight descriptor. */
  weight: string;
  /** Variable sources: instance at these weights and rebuild; static sources: merge as they are. */
  masters?: number[];
  /** The family's files, the Latin one first (the fallback's metrics are measured on it). */
  files: FontFile[];
  fallback: Fallback;
}

interface FontFile {
  file: string;
  sources: string[];
  /** pyftsubset's unicode ranges, and the face's unicode-range. */
  unicodes: string;
  /** Characters the file must have: the cut fails without them. */
  required: string;
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

const POLISH = "ĄąĆćĘęŁłŃńÓóŚśŹźŻż„”–—…×é";
const UKRAINIAN = "АаЯяЄєІіЇїҐґ";

const cormorant = (subset: string) =>
  fontsource(`@fontsource/cormorant-garamond/files/cormorant-garamond-${subset}-600-normal.woff2`);
const jost = (subset: string) => fontsource(`@fontsource-variable/jost/files/jost-${subset}-wght-normal.woff2`);

const FONTS: FontSpec[] = [
  {
    family: "Cormorant Garamond",
    weight: "600",
    files: [
      {
        file: "cormorant-garamond-600-latin.woff2",
        sources: ["latin", "latin-ext"].map(cormorant),
        unicodes: DISPLAY_UNICODES,
        required: POLISH,
      },
      {
        file: "cormorant-garamond-600-cyrillic.woff2",
        sources: [cormorant("cyrillic")],
        unicodes: CYRILLIC_UNICODES,
        required: UKRAINIAN,
      },
    ],
    fallback: { family: "Cormorant Garamond Fallback", ...GEORGIA_BOLD },
  },
  {
    family: "Jost",
    weight: "400 700",
    masters: [400, 700],
    files: [
      {
        file: "jost-latin.woff2",
        sources: ["latin", "latin-ext"].map(jost),
        unicodes: BODY_UNICODES,
        required: POLISH,
      },
    ],
    fallback: { family: "Jost Fallback", ...ARIAL },
  },
];

/** Every file, with its family. */
const FILES = FONTS.flatMap((font) => font.files.map((file) => ({ font, ...file })));

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

/** A family name as stylelint wants it: quoted only when it has a space. */
const cssFamily = (name: string) => (name.includes(" ") ? `"${name}"` : name);

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
    fonts: FILES.map((f) => ({
      sources: f.sources,
      masters: f.font.masters,
      unicodes: f.unicodes,
      required: f.required,
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

  const faces = FONTS.map((font) => {
    const webFaces = font.files.map(
      (file) => `@font-face {
  font-family: ${cssFamily(font.family)};
  src: url("../fonts/${file.file}") format("woff2");
  font-weight: ${font.weight};
  font-style: normal;
  font-display: optional;
  unicode-range: ${file.unicodes.replaceAll(",", ", ")};
}`,
    );
    const latin = measured[FILES.findIndex((f) => f.file === font.files[0]!.file)]!;
    return [...webFaces, fallbackFace(font, latin)].join("\n\n");
  });
  writeFileSync(
    scssFile,
    `// Written by frontend/tools/fonts.ts (npm run fonts) — do not edit by hand.
// Self-hosted files, each a file of its own (vite.config.ts): per family a Latin one (Polish and English); for the
// headings also a Cyrillic one, which a browser fetches only for Ukrainian text (unicode-range). Not on the page a
// visitor enters by: there the text is set in the metric-matched local fallbacks below and the files are fetched
// after the first paint, so that the LCP photo has the line to itself (frontend/app/site/fonts.ts).
// font-display: optional: on every later page the files come from the cache, and a face not there within 100 ms is
// left out rather than swapped in (a swap moves the text: CLS 0.026–0.127 on a phone).

${faces.join("\n\n")}
`,
  );
  for (const [i, f] of FILES.entries()) {
    const m = measured[i]!;
    const size = statSync(resolve(fontDir, f.file)).size;
    console.log(
      `fonts: ${f.file} ${(size / 1024).toFixed(1)} KB, ${m.glyphs} glifów${m.axes.length ? `, oś ${m.axes.map((a) => a.join(" ")).join(", ")}` : ""}`,
    );
  }
  console.log(`fonts: ${scssFile}`);
}

main();
