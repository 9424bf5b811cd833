// Where each tile of the line goes, in tile units (a tile's short side is 1): a snake that runs
// from the first tile laid, turns at the sides of a box of the given width (the right arm turns
// down, the left arm up) and lays doubles crosswise. Pure: no DOM, no words, so node tests it
// (tests/web/test_linelayout.py); board.js turns units into pixels.
//
//   lineEntries(view, {targets, preview})        {entries, anchor}: the tiles, ghost and slots
//   layoutLine(entries, anchor, widthUnits)      [{...entry, rect: {x, y, w, h}, vertical, a, b}]
//   bbox(placed)                                 {x, y, w, h} round them all
//   fitLine(entries, anchor, w, h, sizes)        {s, placed, box}: the biggest tile that fits w x h px

/** One tile placed with the "first" half touching the previous tile. */
function rectFor(center, D, along, across) {
  const horizontal = D[1] === 0;
  const w = horizontal ? along : across;
  const h = horizontal ? across : along;
  return { x: center[0] - w / 2, y: center[1] - h / 2, w, h };
}

function orient(first, second, double, D) {
  // returns {vertical, a, b} for tiles.js (a is left/top)
  const horizontal = D[1] === 0;
  if (double) return { vertical: horizontal, a: first, b: first };
  if (D[0] === 1) return { vertical: false, a: first, b: second };
  if (D[0] === -1) return { vertical: false, a: second, b: first };
  if (D[1] === 1) return { vertical: true, a: first, b: second };
  return { vertical: true, a: second, b: first };
}

/**
 * Lay out one arm from point P going horizontally (h = +1 right, -1 left), turning towards
 * `vert` (+1 down, -1 up) at the bounds. items: [{first, second, double, ...}]. Returns the placed
 * items with rect/orientation.
 */
function layoutArm(items, P, h, vert, xmin, xmax) {
  const out = [];
  let D = [h, 0];
  let state = "row";
  P = [P[0], P[1]];
  for (const it of items) {
    let rect;
    let dir;
    if (state === "row") {
      const len = it.double ? 1 : 2;
      const x2 = P[0] + D[0] * len;
      if (!it.double && (x2 > xmax || x2 < xmin)) {
        // L-turn: first half just beyond P along the row, the tile runs down (or up)
        const D2 = [0, vert];
        const Q = [P[0] + 0.5 * D[0], P[1] + 0.5 * D[1]];
        const c = [Q[0] + 0.5 * D2[0], Q[1] + 0.5 * D2[1]];
        rect = rectFor(c, D2, 2, 1);
        P = [Q[0] + 1.5 * D2[0], Q[1] + 1.5 * D2[1]];
        D = D2;
        dir = D2;
        state = "corner";
      } else {
        const c = [P[0] + D[0] * len * 0.5, P[1] + D[1] * len * 0.5];
        rect = it.double ? rectFor(c, D, 1, 2) : rectFor(c, D, 2, 1);
        P = [P[0] + D[0] * len, P[1] + D[1] * len];
        dir = D;
      }
    } else if (it.double) {
      const c = [P[0] + D[0] * 0.5, P[1] + D[1] * 0.5];
      rect = rectFor(c, D, 1, 2);
      P = [P[0] + D[0], P[1] + D[1]];
      dir = D;
    } else {
      h = -h;
      const D2 = [h, 0];
      const Q = [P[0] + 0.5 * D[0], P[1] + 0.5 * D[1]];
      const c = [Q[0] + 0.5 * D2[0], Q[1] + 0.5 * D2[1]];
      rect = rectFor(c, D2, 2, 1);
      P = [Q[0] + 1.5 * D2[0], Q[1] + 1.5 * D2[1]];
      D = D2;
      dir = D2;
      state = "row";
    }
    out.push({ ...it, rect, ...orient(it.first, it.second, it.double, dir) });
  }
  return out;
}

/** The whole line: anchor at the origin, right arm turns down, left arm turns up. */
export function layoutLine(entries, anchorIndex, widthUnits) {
  const half = Math.max(3, widthUnits / 2 - 0.5);
  const xmin = -half;
  const xmax = half;
  if (!entries.length) return [];
  const a = entries[anchorIndex];
  const placed = [];
  let leftP;
  let rightP;
  if (a.double) {
    placed.push({ ...a, rect: { x: -0.5, y: -1, w: 1, h: 2 }, vertical: true, a: a.left, b: a.right });
    leftP = [-0.5, 0];
    rightP = [0.5, 0];
  } else {
    placed.push({ ...a, rect: { x: -1, y: -0.5, w: 2, h: 1 }, vertical: false, a: a.left, b: a.right });
    leftP = [-1, 0];
    rightP = [1, 0];
  }
  const right = entries.slice(anchorIndex + 1).map((e) => ({ ...e, first: e.left, second: e.right }));
  const left = entries
    .slice(0, anchorIndex)
    .reverse()
    .map((e) => ({ ...e, first: e.right, second: e.left }));
  placed.push(...layoutArm(right, rightP, 1, 1, xmin, xmax));
  placed.push(...layoutArm(left, leftP, -1, -1, xmin, xmax));
  return placed;
}

export function bbox(items) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const { rect } of items) {
    x0 = Math.min(x0, rect.x);
    y0 = Math.min(y0, rect.y);
    x1 = Math.max(x1, rect.x + rect.w);
    y1 = Math.max(y1, rect.y + rect.h);
  }
  if (!items.length) return { x: 0, y: 0, w: 0, h: 0 };
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The index in the line of the first tile laid (the layout's origin). */
export function lineAnchor(view) {
  const line = view.line;
  const played = new Set();
  let first = null;
  for (const hst of view.history || []) {
    if (hst.play) {
      played.add(hst.play);
      if (first === null) first = hst.play;
    }
  }
  let i = line.findIndex((e) => !played.has(e.tile));
  if (i < 0 && first !== null) i = line.findIndex((e) => e.tile === first);
  if (i < 0) i = Math.floor(line.length / 2);
  return i;
}

/** The line's entries plus the preview ghost and the open-end slots, which take part in the
 * layout so that they sit where the tile would really go; anchor: the index of the first tile. */
export function lineEntries(view, opts) {
  const targets = opts.targets || [];
  const preview = opts.preview;
  const entries = view.line.map((e, i) => ({ ...e, index: i }));
  let anchor = entries.length ? lineAnchor(view) : 0;
  const ends = view.ends;
  const place = preview && preview.place;
  if (place && place.entry) {
    const { left, right, double } = place.entry;
    const ghost = { tile: preview.tile, left, right, double, ghost: true };
    if (place.at === "left") {
      entries.unshift(ghost);
      anchor += 1;
    } else {
      entries.push(ghost);
    }
  }
  if (ends && entries.length) {
    if (targets.includes("left") && !(preview && entries[0].ghost)) {
      entries.unshift({ tile: null, left: -1, right: ends.left, double: false, slot: "left" });
      anchor += 1;
    }
    if (targets.includes("right") && !(preview && entries[entries.length - 1].ghost)) {
      entries.push({ tile: null, left: ends.right, right: -1, double: false, slot: "right" });
    }
  }
  return { entries, anchor };
}

/** The biggest tile size s (px) at which the line fits w x h px: one straight row while the
 * tiles stay comfortably big, otherwise the biggest snake. sizes: {maxTile, minTile, compact}
 * (compact: the phone, with less padding and a smaller comfortable size). */
export function fitLine(entries, anchor, w, h, { maxTile, minTile, compact = false }) {
  const pad = compact ? 0.3 : 0.8;
  const straight = layoutLine(entries, anchor, 1e6);
  const sb = bbox(straight);
  const s0 = Math.min(maxTile, w / (sb.w + 2 * pad), h / (sb.h + 2 * pad));
  const comfort = compact ? 24 : maxTile * 0.6;
  if (s0 >= comfort) return { s: s0, placed: straight, box: sb };
  let s = maxTile;
  for (;;) {
    const placed = layoutLine(entries, anchor, w / s - 2 * pad);
    const box = bbox(placed);
    const fits = (box.w + 2 * pad) * s <= w && (box.h + 2 * pad) * s <= h;
    if (fits || s <= minTile) return { s, placed, box };
    s = Math.max(minTile, s * 0.93);
  }
}
