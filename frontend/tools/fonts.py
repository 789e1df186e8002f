"""
The font cutter behind `npm run fonts` (frontend/tools/fonts.ts, which explains the choices): argv[1] is a JSON spec
(fonts with their sources, masters, characters and the characters each must have; the kept and dropped OpenType
features; letter frequencies); each font is merged, instanced, subset and written as woff2 to its "out" path; the metrics of each file are printed as JSON.
Needs Debian's python3-fonttools and python3-brotli.
"""
import json, os, sys, tempfile
from fontTools.ttLib import TTFont
from fontTools.merge import Merger
from fontTools import subset
from fontTools.varLib import instancer, build
from fontTools.designspaceLib import DesignSpaceDocument, AxisDescriptor, SourceDescriptor
from fontTools.varLib.models import normalizeValue, piecewiseLinearMap

spec = json.loads(sys.argv[1])
tmp = tempfile.mkdtemp()
freq = {kv.split("=")[0]: float(kv.split("=")[1]) for kv in spec["freq"].split(",")}

def to_ttf(src, name, loc=None):
    font = TTFont(src)
    font.flavor = None
    if loc:
        font = instancer.instantiateVariableFont(font, loc)
    path = os.path.join(tmp, name)
    font.save(path)
    return path

def merged(paths, name):
    if len(paths) == 1:
        return paths[0]
    font = Merger().merge(paths)
    path = os.path.join(tmp, name)
    font.save(path)
    return path

def avg_width(font):
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    if any(ord(c) not in cmap for c in freq):
        return None  # a file without the Latin letters (the Cyrillic one): no fallback is measured on it
    return sum(hmtx[cmap[ord(c)]][0] * w for c, w in freq.items()) / sum(freq.values())

out = []
for f in spec["fonts"]:
    if f.get("masters"):
        # The source's own weight mapping (fvar range + avar): where each weight sits between its masters. The new
        # font keeps it (as its axis map), so every weight in the range renders exactly as in the source.
        src = TTFont(f["sources"][0])
        ax = next(a for a in src["fvar"].axes if a.axisTag == "wght")
        segments = src["avar"].segments["wght"] if "avar" in src else {}
        def design(w):
            v = normalizeValue(w, (ax.minValue, ax.defaultValue, ax.maxValue))
            return round(piecewiseLinearMap(v, segments) * 1000 if segments else v * 1000, 3)
        lo, hi = min(f["masters"]), max(f["masters"])
        doc = DesignSpaceDocument()
        axis = AxisDescriptor()
        axis.tag, axis.name = "wght", "Weight"
        axis.minimum, axis.default, axis.maximum = lo, lo, hi
        axis.map = [(w, design(w)) for w in range(lo, hi + 1, 100)]
        doc.addAxis(axis)
        for w in f["masters"]:
            parts = [to_ttf(s, f"{i}-{w}.ttf", {"wght": w}) for i, s in enumerate(f["sources"])]
            source = SourceDescriptor()
            source.path = merged(parts, f"merged-{w}.ttf")
            source.location = {"Weight": design(w)}
            doc.addSource(source)
        font, _, _ = build(doc)
        full = os.path.join(tmp, "variable.ttf")
        font.save(full)
    else:
        full = merged([to_ttf(s, f"{i}.ttf") for i, s in enumerate(f["sources"])], "static.ttf")
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = [t for t in options.layout_features + spec["features"] if t not in spec["dropped"]]
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    font = subset.load_font(full, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(f["unicodes"]))
    subsetter.subset(font)
    # Same input, same bytes: the head table's dates come from the source, not the clock.
    source_head = TTFont(f["sources"][0])["head"]
    font["head"].created, font["head"].modified = source_head.created, source_head.modified
    subset.save_font(font, f["out"], options)
    check = TTFont(f["out"])
    missing = [c for c in f["required"] if ord(c) not in check.getBestCmap()]
    if missing:
        sys.exit(f"{f['out']}: brak znaków {''.join(missing)}")
    hhea = check["hhea"]
    out.append({
        "unitsPerEm": check["head"].unitsPerEm,
        "ascent": hhea.ascent, "descent": hhea.descent, "lineGap": hhea.lineGap,
        "xWidthAvg": avg_width(check),
        "glyphs": len(check.getGlyphOrder()),
        "axes": [[a.axisTag, a.minValue, a.maxValue] for a in check["fvar"].axes] if "fvar" in check else [],
    })
print(json.dumps(out))
