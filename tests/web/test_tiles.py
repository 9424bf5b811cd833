"""Cheap static checks of web/js/tiles.js and dev/tiles-preview.html (no browser needed)."""

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
TILES = WEB / "js" / "tiles.js"
I18N = WEB / "js" / "i18n.js"
PREVIEW = ROOT / "dev" / "tiles-preview.html"
IVORY = "#fbf6e6"


def test_tiles_module_exports():
    src = TILES.read_text(encoding="utf-8")
    for name in ("tileSVGString", "tileElement", "tileSVG", "pipLayout", "PIP_COLORS"):
        assert re.search(rf"export\s+(function|const)\s+{name}\b", src), f"tiles.js does not export {name}"
    assert "require(" not in src and "import(" not in src
    # ES module imports, if any, stay local
    for spec in re.findall(r"^\s*import\s.*?from\s+[\"']([^\"']+)[\"']", src, re.M):
        assert spec.startswith("./"), spec


def test_i18n_module_exports():
    src = I18N.read_text(encoding="utf-8")
    for name in ("t", "setLanguage", "initI18n", "detectLanguage", "getLanguage", "tileName", "SUPPORTED"):
        assert re.search(rf"export\s+(async\s+)?(function|const)\s+{name}\b", src), f"i18n.js lacks {name}"
    assert "/locales/" in src
    for lang in ("en", "id", "fr", "ms", "nb"):
        assert f'"{lang}"' in src


def _luminance(hex_colour):
    h = hex_colour.lstrip("#")
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_pip_colours_are_high_contrast_on_ivory():
    src = TILES.read_text(encoding="utf-8")
    block = re.search(r"PIP_COLORS\s*=\s*\[(.*?)\];", src, re.S).group(1)
    colours = re.findall(r"#[0-9a-fA-F]{6}", block)
    assert len(colours) == 13
    assert re.search(rf'IVORY\s*=\s*"{IVORY}"', src)
    bg = _luminance(IVORY)
    for n, c in enumerate(colours):
        ratio = (bg + 0.05) / (_luminance(c) + 0.05)
        assert ratio >= 7, f"pip colour for {n} ({c}) has contrast {ratio:.1f} < 7"


NODE_CHECK = r"""
const m = await import(process.argv[1]);
const out = [];
for (let n = 0; n <= 12; n++) {
  const pips = m.pipLayout(n);
  if (pips.length !== n) out.push(`layout ${n} has ${pips.length} pips`);
  const r = m.pipRadius(n);
  for (const [x, y] of pips) if (x - r < 9 || x + r > 91 || y - r < 9 || y + r > 91) out.push(`pip of ${n} too close to the edge`);
  for (let i = 0; i < pips.length; i++) for (let j = i + 1; j < pips.length; j++) {
    const d = Math.hypot(pips[i][0] - pips[j][0], pips[i][1] - pips[j][1]);
    if (d < 2 * r + 2) out.push(`pips of ${n} overlap`);
  }
}
for (const orientation of ["horizontal", "vertical"]) {
  for (let a = 0; a <= 12; a++) for (let b = 0; b <= a; b++) {
    const svg = m.tileSVGString(a, b, { orientation, highlight: "fit" });
    const circles = (svg.match(/<circle /g) || []).length;
    if (circles !== a + b) out.push(`${a}-${b} ${orientation}: ${circles} circles`);
    if (!svg.includes(`data-tile="${a}-${b}"`)) out.push(`${a}-${b}: no data-tile`);
  }
}
const back = m.tileSVGString(6, 4, { faceDown: true });
if (back.includes("6-4") || back.includes("<circle")) out.push("face-down tile leaks its identity");
if (m.tileSVGString("6-4").indexOf('aria-label="6-4"') < 0) out.push("default label");
if (m.tileSVGString(1, 2, { label: '<x">' }).includes('<x">')) out.push("label not escaped");
console.log(JSON.stringify(out));
"""


def test_pip_layouts_and_markup_with_node():
    """pipLayout(n) holds n non-overlapping pips inside the half; every tile draws a+b pips."""
    assert shutil.which("node"), "Node.js runs this check (scripts/test installs Debian's nodejs)"
    res = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_CHECK, TILES.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    problems = json.loads(res.stdout.strip().splitlines()[-1])
    assert problems == []


class _Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs = []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key in ("src", "href") and value:
                self.refs.append(value)


def test_preview_references_only_local_files():
    html = PREVIEW.read_text(encoding="utf-8")
    parser = _Refs()
    parser.feed(html)
    imports = re.findall(r"from\s+[\"']([^\"']+)[\"']", html)
    for ref in parser.refs + imports:
        assert not re.match(r"^(https?:)?//", ref), f"external reference {ref}"
        if not ref.startswith(("#", "data:")):
            assert (PREVIEW.parent / ref).resolve().is_file(), f"missing local file {ref}"
    assert not re.search(r"https?://", html), "no absolute URLs in the preview"
    assert "../web/js/tiles.js" in imports
    # all 91 tiles of a double-twelve set are drawn
    assert "a <= 12" in html and "b <= a" in html
    assert "faceDown: true" in html
