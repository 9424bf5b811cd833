// Domino tiles drawn in SVG: real pip layouts from 0 to 12 (double-twelve sets).
//
//   tileSVGString(a, b, options) -> markup string
//   tileElement(a, b, options)   -> SVGSVGElement (needs a DOM)
//   tileSVG                      -> same as tileElement
//
// a and b are numbers 0..12, or a may be a tile string "6-4" (then b is the options).
// Options:
//   orientation  "horizontal" (a on the left, b on the right; default) or "vertical" (a on top)
//   size         short side in CSS pixels (default 48); the long side is twice as long
//   faceDown     draw the back of a tile (a and b are ignored and never put into the markup)
//   highlight    false | true | "fit" | "selected" | "last" | "hint": a ring inside the edge
//                (fit: thin solid, selected: wide solid, last: dashed, hint: dotted), so the
//                kinds differ by shape as well as colour; also a class tile--<kind> for CSS
//   label        accessible name (default "a-b", "face-down tile"); null or "" hides it
//   color        per-number pip colours (default true); all are dark on ivory (contrast >= 7:1)
//   className    extra CSS classes
//
// No `opacity` in a tile (stroke-/fill-opacity look the same): each would be a compositing
// effect, layered again after every move.
//
// Geometry: one half is a 100x100 square, so a vertical tile is 100x200 in the viewBox and a
// horizontal one 200x100. Layouts are written for a vertical tile (x across, y along the tile)
// and transposed for a horizontal one, so columns of pips always run along the tile.
// Holds no rules: callers decide what fits and what is highlighted.

const SVG_NS = "http://www.w3.org/2000/svg";

const IVORY = "#fbf6e6";
const EDGE = "#3b3326";
const DIVIDER = "#4a4032";
const BACK = "#1d3b5c";
const BACK_EDGE = "#0e2238";
const BACK_PATTERN = "#c9d8ea";

// Dark pip colours per number, all legible on ivory (tests check contrast >= 7:1). Shape, not
// colour, carries the number: colour only helps to spot the same number quickly.
export const PIP_COLORS = [
  "#1a1a1a", // 0 (unused: blank)
  "#14305e", // 1 navy
  "#134d2c", // 2 dark green
  "#7a1c1c", // 3 dark red
  "#44206b", // 4 dark purple
  "#6b2d0c", // 5 dark brown
  "#0d4260", // 6 dark petrol
  "#3d3f0a", // 7 dark olive
  "#731640", // 8 dark plum
  "#0f4744", // 9 dark teal
  "#4a2a08", // 10 umber
  "#2b2a78", // 11 indigo
  "#1a1a1a", // 12 black
];
const PIP_DARK = "#1a1a1a";

const HIGHLIGHTS = {
  fit: { color: "#f5b301", width: 6, dash: "" },
  selected: { color: "#0a66d8", width: 9, dash: "" },
  last: { color: "#e0522b", width: 6, dash: "14 8" },
  hint: { color: "#12a150", width: 7, dash: "4 6" },
};

// 3x3 grid for 0..9, three columns of four rows for 10..12.
const G = [23, 50, 77];
const R4 = [17.5, 39.2, 60.8, 82.5];
const C4 = [21, 50, 79];

const LAYOUTS = (() => {
  const [l, m, r] = G;
  const [t, c, b] = G;
  const six = [[l, t], [l, c], [l, b], [r, t], [r, c], [r, b]];
  const col4 = (x) => R4.map((y) => [x, y]);
  const sides4 = [...col4(C4[0]), ...col4(C4[2])];
  return [
    [],
    [[m, c]],
    [[r, t], [l, b]],
    [[r, t], [m, c], [l, b]],
    [[l, t], [r, t], [l, b], [r, b]],
    [[l, t], [r, t], [m, c], [l, b], [r, b]],
    six,
    [...six, [m, c]],
    [...six, [m, t], [m, b]],
    [...six, [m, t], [m, c], [m, b]],
    [...sides4, [C4[1], 27], [C4[1], 73]],
    [...sides4, [C4[1], 22], [C4[1], 50], [C4[1], 78]],
    [...sides4, ...col4(C4[1])],
  ];
})();

/** Pip centres for one half (0..100 square, vertical-tile frame), as [x, y] pairs. */
export function pipLayout(n) {
  if (!Number.isInteger(n) || n < 0 || n > 12) throw new RangeError(`pips out of range: ${n}`);
  return LAYOUTS[n].map(([x, y]) => [x, y]);
}

/** Pip radius for a number: smaller where four rows must fit. */
export function pipRadius(n) {
  return n >= 10 ? 8.2 : 10.5;
}

function parseTile(text) {
  const m = /^\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*$/.exec(String(text));
  if (!m) throw new RangeError(`not a tile: ${text}`);
  return [Number(m[1]), Number(m[2])];
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch]));
}

function num(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

function normalize(a, b, options) {
  if (typeof a === "string") {
    options = b;
    [a, b] = parseTile(a);
  }
  const o = options || {};
  const vertical = o.orientation === "vertical";
  const faceDown = !!o.faceDown;
  if (!faceDown) {
    for (const v of [a, b]) {
      if (!Number.isInteger(v) || v < 0 || v > 12) throw new RangeError(`pips out of range: ${v}`);
    }
  }
  let hl = o.highlight;
  if (hl === true) hl = "fit";
  if (hl && !HIGHLIGHTS[hl]) hl = "fit";
  return { a, b, o, vertical, faceDown, hl: hl || null };
}

function halfPips(n, offset, vertical, color) {
  const r = num(pipRadius(n));
  const fill = color ? PIP_COLORS[n] : PIP_DARK;
  let out = "";
  for (const [x, y] of LAYOUTS[n]) {
    const cx = vertical ? x : y + offset;
    const cy = vertical ? y + offset : x;
    out += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${r}"/>`;
  }
  return `<g class="pips pips-${n}" fill="${fill}">${out}</g>`;
}

function backPattern(w, h) {
  // A lattice of small diamonds inside an inner frame, drawn as one path: no <pattern> ids, so
  // any number of tiles can sit in one document.
  const inset = 15;
  const step = 20;
  const d = 5;
  let path = "";
  for (let y = inset + step / 2, row = 0; y <= h - inset - step / 2 + 0.1; y += step, row++) {
    const shift = row % 2 ? step / 2 : 0;
    for (let x = inset + step / 2 + shift; x <= w - inset - step / 2 + 0.1; x += step) {
      path += `M${num(x)} ${num(y - d)}l${d} ${d}l${-d} ${d}l${-d} ${-d}z`;
    }
  }
  return (
    `<rect x="${inset - 6}" y="${inset - 6}" width="${w - 2 * inset + 12}" height="${h - 2 * inset + 12}" rx="7"` +
    ` fill="none" stroke="${BACK_PATTERN}" stroke-width="2.5" stroke-opacity="0.8"/>` +
    `<path d="${path}" fill="${BACK_PATTERN}" fill-opacity="0.55"/>`
  );
}

/** The tile as SVG markup. */
export function tileSVGString(a, b, options) {
  const n = normalize(a, b, options);
  const { o, vertical, faceDown, hl } = n;
  const w = vertical ? 100 : 200;
  const h = vertical ? 200 : 100;
  const size = Number(o.size) > 0 ? Number(o.size) : 48;
  const pw = vertical ? size : size * 2;
  const ph = vertical ? size * 2 : size;
  const color = o.color !== false;

  const classes = ["tile", vertical ? "tile--v" : "tile--h"];
  if (faceDown) classes.push("tile--back");
  else if (n.a === n.b) classes.push("tile--double");
  if (hl) classes.push(`tile--${hl}`);
  if (o.className) classes.push(String(o.className));

  let label = o.label;
  if (label === undefined) label = faceDown ? "face-down tile" : `${n.a}-${n.b}`;
  const a11y = label ? `role="img" aria-label="${esc(label)}"` : `aria-hidden="true"`;
  const data = faceDown ? `data-face-down="true"` : `data-tile="${n.a}-${n.b}"`;

  let ring = "";
  if (hl) {
    const s = HIGHLIGHTS[hl];
    const i = 1.5 + s.width / 2;
    const dash = s.dash ? ` stroke-dasharray="${s.dash}"` : "";
    ring =
      `<rect class="tile-ring" x="${num(i)}" y="${num(i)}" width="${num(w - 2 * i)}" height="${num(h - 2 * i)}"` +
      ` rx="${num(Math.max(12 - s.width / 2, 4))}" fill="none" stroke="${s.color}" stroke-width="${s.width}"${dash}/>`;
  }

  let body = "";
  if (faceDown) {
    body += `<rect x="1.5" y="1.5" width="${w - 3}" height="${h - 3}" rx="12" fill="${BACK}" stroke="${BACK_EDGE}" stroke-width="3"/>`;
    body += backPattern(w, h);
    body += ring;
  } else {
    body += `<rect x="1.5" y="1.5" width="${w - 3}" height="${h - 3}" rx="12" fill="${IVORY}" stroke="${EDGE}" stroke-width="3"/>`;
    // a soft inner bevel line so the tile reads as an object on any background
    body += `<rect x="5" y="5" width="${w - 10}" height="${h - 10}" rx="9" fill="none" stroke="#ffffff" stroke-width="1.5" stroke-opacity="0.9"/>`;
    body += ring; // under the divider and pips, so a wide ring never hides a pip
    if (vertical) {
      body += `<line x1="12" y1="100" x2="88" y2="100" stroke="${DIVIDER}" stroke-width="3.5" stroke-linecap="round"/>`;
    } else {
      body += `<line x1="100" y1="12" x2="100" y2="88" stroke="${DIVIDER}" stroke-width="3.5" stroke-linecap="round"/>`;
    }
    body += halfPips(n.a, 0, vertical, color);
    body += halfPips(n.b, 100, vertical, color);
  }
  return (
    `<svg xmlns="${SVG_NS}" class="${esc(classes.join(" "))}" viewBox="0 0 ${w} ${h}" width="${num(pw)}" height="${num(ph)}" ` +
    `${data} ${a11y} focusable="false">${body}</svg>`
  );
}

// Markup parsed once, then copied (a tile drawn again is not parsed again); bounded.
const PARSED = new Map();
const PARSED_MAX = 600;

/** A fresh element for SVG markup (a tile's), copied from the one parsed the first time. */
export function svgNode(markup) {
  let tpl = PARSED.get(markup);
  if (!tpl) {
    if (PARSED.size >= PARSED_MAX) PARSED.clear();
    tpl = document.createElement("template");
    tpl.innerHTML = markup;
    PARSED.set(markup, tpl);
  }
  return document.importNode(tpl.content.firstElementChild, true);
}

/** The tile as an SVG element. */
export function tileElement(a, b, options) {
  return svgNode(tileSVGString(a, b, options));
}

export const tileSVG = tileElement;
