// The table's tiles: the line (a snake that turns at the screen edges, doubles crosswise) or
// Mexican Train's hub and trains. Holds no rules: it draws `view.line` / `view.trains`, the
// targets it is told about, and reports taps on them.
//
//   const board = new Board(element, { onEnd(end), onTrain(train), maxTile: 96 });
//   board.render(view, { room, mySeat, targets: ["left","right"] | [0, "mexican"], preview })
//       preview: {tile: "6-4", place} with place from view.legal_places (where the tile goes
//       and the entry it becomes); idempotent, batched in rAF.
//   board.resetView()       back to fit-to-screen (zoom and pan only move the view)
//   board.lineFit(view, opts, w, h)   {size, height}: how the whole line would fit in w x h

import { tileSVGString } from "../tiles.js";
import { t, tileName } from "../i18n.js";
import { el, clear, icon } from "../base/dom.js";
import { seatName, trainName } from "../base/words.js";
import { drawYard } from "./trains.js";

// Mexican Train rows, in tile units: the hub's width and a row's height.
const HUB_W = 1.8;
const TRAIN_ROW_H = 2.25;

function nums(tile) {
  return tile.split("-").map(Number);
}

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
function layoutLine(entries, anchorIndex, widthUnits) {
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

function bbox(items) {
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

function lastPlay(history) {
  for (let i = (history || []).length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.play) return { ...h, index: i };
    if (h.draw || h.pass || "discard" in h) return null;
  }
  return null;
}

function trainOwner(train, room, me) {
  if (train === "mexican") return t("table.mexican_train");
  return train === me ? t("hand.train_own") : seatName(room, train);
}

/** The "+7" in front of a collapsed train: how many of its first tiles are left out. */
function moreChip(hidden, s) {
  return el("span.train-more", { style: `min-width:${(1.8 * s).toFixed(0)}px`, title: t("table.tiles", { count: hidden }) }, `+${hidden}`);
}

export class Board {
  constructor(root, { onEnd, onTrain, maxTile = 96, minTile = 14, minLong = null, compact = false } = {}) {
    this.root = root;
    this.onEnd = onEnd || (() => {});
    this.onTrain = onTrain || (() => {});
    this.maxTile = maxTile;
    this.minTile = minTile;
    // the big screen: no train tile shorter than this (px); long trains collapse their middle
    this.minLong = typeof minLong === "function" ? minLong : minLong ? () => minLong : null;
    this.compact = compact;
    this.args = null;
    this.frame = 0;
    this.zoom = 1;
    this.tx = 0;
    this.ty = 0;
    this.animatedKey = null;
    this.roundKey = null;
    root.classList.add("board");
    if (compact) root.classList.add("board--compact");
    this.viewport = el("div.board-viewport");
    this.stage = el("div.board-stage");
    this.layer = el("div.board-layer", { role: "group", "aria-label": t("aria.line") });
    this.stage.append(this.layer);
    this.viewport.append(this.stage);
    this.controls = el(
      "div.board-controls",
      el("button.btn.btn--icon.board-zoom-in", { type: "button", "aria-label": t("app.zoom_in"), title: t("app.zoom_in"), onclick: () => this.zoomBy(1.25) }, "+"),
      el("button.btn.btn--icon.board-zoom-out", { type: "button", "aria-label": t("app.zoom_out"), title: t("app.zoom_out"), onclick: () => this.zoomBy(0.8) }, "−"),
      el("button.btn.btn--icon.board-fit", { type: "button", "aria-label": t("app.fit_view"), title: t("app.fit_view"), onclick: () => this.resetView() }, icon("fit")),
    );
    root.append(this.viewport, this.controls);
    this._gestures();
    this.resizeObserver = new ResizeObserver(() => this._schedule());
    this.resizeObserver.observe(root);
  }

  render(view, opts = {}) {
    this.args = { view, opts };
    this._schedule();
  }

  _schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.args) this._draw();
    });
  }

  // -- view transform (never changes the game) ------------------------------------------------

  _apply() {
    this.stage.style.transform = `translate(${this.tx}px, ${this.ty}px) scale(${this.zoom})`;
    this.root.classList.toggle("board--zoomed", this.zoom !== 1 || this.tx !== 0 || this.ty !== 0);
  }

  resetView() {
    this.zoom = 1;
    this.tx = 0;
    this.ty = 0;
    this._apply();
  }

  zoomBy(f, cx, cy) {
    const r = this.viewport.getBoundingClientRect();
    if (cx === undefined) {
      cx = r.width / 2;
      cy = r.height / 2;
    }
    const z = Math.min(4, Math.max(0.5, this.zoom * f));
    const k = z / this.zoom;
    this.tx = cx - k * (cx - this.tx);
    this.ty = cy - k * (cy - this.ty);
    this.zoom = z;
    this._apply();
  }

  _gestures() {
    const vp = this.viewport;
    const pts = new Map();
    let start = null;
    let moved = false;
    vp.addEventListener(
      "wheel",
      (ev) => {
        ev.preventDefault();
        const r = vp.getBoundingClientRect();
        this.zoomBy(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
      },
      { passive: false },
    );
    vp.addEventListener("pointerdown", (ev) => {
      pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
      moved = false;
      start = this._gestureStart(pts);
    });
    vp.addEventListener("pointermove", (ev) => {
      if (!pts.has(ev.pointerId)) return;
      pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
      const g = this._gestureStart(pts);
      if (!start || g.n !== start.n) {
        start = g;
        return;
      }
      const dx = g.cx - start.cx;
      const dy = g.cy - start.cy;
      if (!moved && Math.hypot(dx, dy) < 8 && g.n === 1) return;
      if (!moved) {
        moved = true;
        try {
          vp.setPointerCapture(ev.pointerId);
        } catch {
          /* pointer already gone */
        }
      }
      const r = vp.getBoundingClientRect();
      if (g.n >= 2 && start.d > 0) this.zoomBy(g.d / start.d, g.cx - r.left, g.cy - r.top);
      this.tx += dx;
      this.ty += dy;
      this._apply();
      start = g;
    });
    const up = (ev) => {
      pts.delete(ev.pointerId);
      start = this._gestureStart(pts);
    };
    vp.addEventListener("pointerup", up);
    vp.addEventListener("pointercancel", up);
    // a drag is never a tap on a target
    vp.addEventListener(
      "click",
      (ev) => {
        if (moved) {
          ev.stopPropagation();
          ev.preventDefault();
          moved = false;
        }
      },
      true,
    );
    vp.addEventListener("dblclick", () => this.resetView());
    vp.style.touchAction = "none";
  }

  _gestureStart(pts) {
    const list = [...pts.values()];
    const n = list.length;
    if (!n) return null;
    const cx = list.reduce((s, p) => s + p[0], 0) / n;
    const cy = list.reduce((s, p) => s + p[1], 0) / n;
    const d = n >= 2 ? Math.hypot(list[0][0] - list[1][0], list[0][1] - list[1][1]) : 0;
    return { n, cx, cy, d };
  }

  // -- drawing --------------------------------------------------------------------------------

  _draw() {
    const { view, opts } = this.args;
    const w = this.viewport.clientWidth;
    const h = this.viewport.clientHeight;
    if (!view || !w || !h) {
      clear(this.layer);
      return;
    }
    const rk = `${view.round}:${view.profile}`;
    if (rk !== this.roundKey) {
      this.roundKey = rk;
      this.resetView();
    }
    const a = document.activeElement;
    const key = a && this.layer.contains(a) ? (a.dataset.end ? `[data-end="${a.dataset.end}"]` : a.dataset.train ? `button[data-train="${a.dataset.train}"]` : null) : null;
    if (view.trains) this._drawTrains(view, opts, w, h);
    else this._drawLine(view, opts, w, h);
    if (key) {
      const n = this.layer.querySelector(key);
      if (n) n.focus({ preventScroll: true });
    }
  }

  _anchor(view) {
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
  _lineEntries(view, opts) {
    const targets = opts.targets || [];
    const preview = opts.preview;
    const entries = view.line.map((e, i) => ({ ...e, index: i }));
    let anchor = entries.length ? this._anchor(view) : 0;
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

  /** The biggest tile size s at which the line fits w x h: one straight row while the tiles stay
   * comfortably big, otherwise the biggest snake. */
  _fitLine(entries, anchor, w, h) {
    const maxTile = typeof this.maxTile === "function" ? this.maxTile() : this.maxTile;
    const pad = this.compact ? 0.3 : 0.8;
    const straight = layoutLine(entries, anchor, 1e6);
    const sb = bbox(straight);
    const s0 = Math.min(maxTile, w / (sb.w + 2 * pad), h / (sb.h + 2 * pad));
    const comfort = this.compact ? 24 : maxTile * 0.6;
    if (s0 >= comfort) return { s: s0, placed: straight, box: sb };
    let s = maxTile;
    for (;;) {
      const placed = layoutLine(entries, anchor, w / s - 2 * pad);
      const box = bbox(placed);
      const fits = (box.w + 2 * pad) * s <= w && (box.h + 2 * pad) * s <= h;
      if (fits || s <= this.minTile) return { s, placed, box };
      s = Math.max(this.minTile, s * 0.93);
    }
  }

  /** How the whole line would be drawn in w x h px: the tile size (px) and the height of the
   * line in tile units (1 or 2 for one straight row, more for a snake). */
  lineFit(view, opts, w, h) {
    const { entries, anchor } = this._lineEntries(view, opts);
    if (!entries.length) return { size: Infinity, height: 0 };
    const { s, box } = this._fitLine(entries, anchor, w, h);
    return { size: s, height: box.h };
  }

  _drawLine(view, opts, w, h) {
    const { entries, anchor } = this._lineEntries(view, opts);
    if (!entries.length) {
      clear(this.layer);
      this.layer.append(el("p.board-empty", view.phase === "play" ? t("aria.line_empty") : ""));
      this.layer.style.width = `${w}px`;
      this.layer.style.height = `${h}px`;
      return;
    }
    const { s, placed, box } = this._fitLine(entries, anchor, w, h);
    const last = lastPlay(view.history);
    const ox = w / 2 - (box.x + box.w / 2) * s;
    const oy = h / 2 - (box.y + box.h / 2) * s;
    const lastKey = last ? `${view.round}:${last.index}:${last.play}` : null;
    const animate = lastKey && lastKey !== this.animatedKey;
    this.animatedKey = lastKey;
    const frag = document.createDocumentFragment();
    const gap = Math.max(1, s * 0.04);
    for (const p of placed) {
      const style = `left:${(ox + p.rect.x * s + gap / 2).toFixed(1)}px;top:${(oy + p.rect.y * s + gap / 2).toFixed(1)}px;` +
        `width:${(p.rect.w * s - gap).toFixed(1)}px;height:${(p.rect.h * s - gap).toFixed(1)}px`;
      if (p.slot) {
        frag.append(this._endSlot(p.slot, view.ends[p.slot], style));
        continue;
      }
      const isLast = !p.ghost && last && p.tile === last.play;
      const short = (p.vertical ? p.rect.w : p.rect.h) * s - gap;
      const svg = tileSVGString(p.a, p.b, {
        orientation: p.vertical ? "vertical" : "horizontal",
        size: short,
        highlight: p.ghost ? "selected" : isLast ? "last" : false,
        label: tileName(p.tile),
      });
      const cls = `board-tile${p.ghost ? " board-tile--ghost" : ""}${isLast ? " board-tile--last" : ""}${isLast && animate ? " board-tile--enter" : ""}`;
      const node = el(`div`, { class: cls, style, html: svg, dataset: { tile: p.tile } });
      if (p.ghost) node.dataset.ghost = "true";
      frag.append(node);
    }
    clear(this.layer);
    this.layer.style.width = `${w}px`;
    this.layer.style.height = `${h}px`;
    this.layer.append(frag);
    this.tileSize = s;
  }

  /** A tappable open end of the line, showing the number it needs. */
  _endSlot(end, n, style) {
    return el(
      `button.board-slot.board-slot--${end}`,
      { type: "button", style, dataset: { end }, "aria-label": t(`aria.end_${end}`, { n }), onclick: () => this.onEnd(end) },
      el("span.board-slot-n", String(n)),
    );
  }

  /** Tile size and number of lines per train: long trains wrap onto 2 or 3 lines when that
   * gives bigger tiles. */
  _fitTrains(rows, w, h, labelW, labelH) {
    const units = (row) => row.tiles.reduce((s, x) => s + (x.double ? 1 : 2), 0);
    const maxUnits = Math.max(4, ...rows.map(units)) + 2.4;
    const maxTile = typeof this.maxTile === "function" ? this.maxTile() : this.maxTile;
    let s = 0;
    let lines = 1;
    for (let L = 1; L <= 3; L++) {
      const byH = (h - 8 - rows.length * labelH) / (rows.length * (TRAIN_ROW_H + 2.1 * (L - 1)));
      const byW = (w - labelW - 24) / (Math.max(maxUnits / L + 1.2, 6.4) + HUB_W);
      const sL = Math.min(maxTile * 0.8, byH, byW);
      if (sL > s * 1.08) {
        s = sL;
        lines = L;
      }
    }
    return { s: Math.max(8, s), lines };
  }

  /** The last play of the round, and whether it is new since the last drawing (it drops in). */
  _lastPlay(view) {
    const last = lastPlay(view.history);
    const lastKey = last ? `${view.round}:${last.index}:${last.play}` : null;
    this.animate = !!lastKey && lastKey !== this.animatedKey;
    this.animatedKey = lastKey;
    return last;
  }

  _drawTrains(view, opts, w, h) {
    // the big screen: hub, boneyard and rows that fill the board (trains.js)
    if (this.minLong && !this.compact) {
      this.root.classList.add("board--yard");
      return drawYard(this, view, opts, w, h);
    }
    const tr = view.trains;
    const last = this._lastPlay(view);
    const animate = this.animate;
    const rows = tr.personal.map((p, i) => ({ train: i, tiles: p.tiles, end: p.end, marker: p.marker }));
    rows.push({ train: "mexican", tiles: tr.mexican.tiles, end: tr.mexican.end, marker: true });
    // compact (phone): a list, one line a train: a narrow name column, the tiles, the open number
    const labelW = this.compact ? Math.min(120, Math.max(72, w * 0.28)) : Math.min(260, Math.max(150, w * 0.14));
    const labelH = 0;
    const { s, lines } = this._fitTrains(rows, w, h, labelW, labelH);
    const tilesW = w - HUB_W * s - 16 - labelW - 24;
    // the hub with the engine double
    const hubTile = s * 1.2;
    const hub = el("div.train-hub", { style: `width:${Math.max(HUB_W * s, hubTile + 8).toFixed(0)}px` });
    if (tr.engine) {
      const [e] = nums(tr.engine);
      hub.innerHTML = tileSVGString(e, e, { orientation: "vertical", size: hubTile, label: t("table.engine", { tile: tileName(tr.engine) }) });
      hub.dataset.tile = tr.engine;
    }
    const list = el("div.train-rows");
    const layout = { s, lines, tilesW, labelW, labelH, last, animate, collapse: false };
    for (const row of rows) list.append(this._trainRow(row, view, opts, layout));
    clear(this.layer);
    this.layer.style.width = `${w}px`;
    this.layer.style.height = `${h}px`;
    this.layer.append(el("div.trains", hub, list));
    this.tileSize = s;
  }

  /** The tiles of a train that fit its row: all of them, or (collapsed) the last ones with the
   * number left out in front. */
  _visibleTrain(tiles, s, tilesW, collapse) {
    if (!collapse) return { shown: tiles, hidden: 0 };
    const room = tilesW - 2.6 * s; // the open-end badge
    let used = 0;
    let k = tiles.length;
    while (k > 0) {
      const u = (tiles[k - 1].double ? 1.02 : 2.02) * s;
      if (used + u > room) break;
      used += u;
      k--;
    }
    if (k === 0) return { shown: tiles, hidden: 0 };
    // make room for the "+n" chip
    while (k < tiles.length && used + 2 * s > room) {
      used -= (tiles[k].double ? 1.02 : 2.02) * s;
      k++;
    }
    return { shown: tiles.slice(k), hidden: k };
  }

  _trainRow(row, view, opts, { s, lines, tilesW, labelW, labelH, last, animate, collapse }) {
    const tr = view.trains;
    const { room, mySeat: me } = opts;
    const isTarget = (opts.targets || []).some((x) => x === row.train);
    const isUncovered = tr.uncovered && tr.uncovered.train === row.train;
    const owner = trainOwner(row.train, room, me);
    const label = el(
      "div.train-label",
      el("span.train-name", owner),
      row.train !== "mexican" && row.marker ? el("span.train-marker", { title: t("table.marker") }, icon("train", t("table.marker"))) : null,
    );
    const tilesBox = el("div.train-tiles", { style: `min-height:${(2 * s).toFixed(0)}px;max-width:${tilesW.toFixed(0)}px${lines > 1 ? ";flex-wrap:wrap;row-gap:" + (0.1 * s).toFixed(0) + "px" : ""}` });
    const { shown, hidden } = this._visibleTrain(row.tiles, s, tilesW, collapse);
    if (hidden) tilesBox.append(moreChip(hidden, s));
    for (const x of shown) {
      const isLast = last && last.play === x.tile && String(last.train) === String(row.train);
      const uncovered = isUncovered && x.double && tr.uncovered.tile === x.tile;
      const svg = tileSVGString(x.from, x.to, {
        orientation: x.double ? "vertical" : "horizontal",
        size: s * 0.96,
        highlight: uncovered ? "fit" : isLast ? "last" : false,
        label: tileName(x.tile),
      });
      const cls = `board-tile train-tile${isLast ? " board-tile--last" : ""}${isLast && animate ? " board-tile--enter" : ""}${uncovered ? " train-tile--uncovered" : ""}`;
      tilesBox.append(el("div", { class: cls, html: svg, dataset: { tile: x.tile } }));
    }
    tilesBox.append(this._trainEnd(row, opts, s, isTarget, collapse));
    return el(
      `div.train-row${isTarget ? ".train-row--target" : ""}${isUncovered ? ".train-row--uncovered" : ""}${row.train === view.turn ? ".train-row--turn" : ""}${row.train === me ? ".train-row--own" : ""}`,
      { style: `min-height:${((collapse ? 2 : TRAIN_ROW_H) * s + labelH).toFixed(0)}px`, dataset: { train: String(row.train) } },
      el("div.train-labelbox", { style: `width:${labelW.toFixed(0)}px` }, label),
      tilesBox,
    );
  }

  /** The end of a train: the preview ghost, a tappable slot, or the open number. */
  _trainEnd(row, opts, s, isTarget, big = false) {
    const place = opts.preview && opts.preview.place;
    if (place && place.at === "train" && place.train === row.train) {
      const { tile, from, to, double } = place.entry;
      const svg = tileSVGString(from, to, { orientation: double ? "vertical" : "horizontal", size: s * 0.96, highlight: "selected", label: tileName(tile) });
      return el("div.board-tile.board-tile--ghost", { html: svg, dataset: { tile, ghost: "true" } });
    }
    if (!isTarget) return el(`span.train-end${big ? ".train-end--big" : ""}`, { "aria-hidden": "true" }, String(row.end));
    return el(
      "button.board-slot.train-slot",
      {
        type: "button",
        style: `width:${(2 * s).toFixed(0)}px;height:${s.toFixed(0)}px`,
        dataset: { train: String(row.train) },
        "aria-label": `${trainName(row.train, opts.room, opts.mySeat)}, ${row.end}`,
        onclick: () => this.onTrain(row.train),
      },
      el("span.board-slot-n", String(row.end)),
    );
  }

  /** Focusable targets (open ends or trains) in screen order, for the keyboard selector. */
  targetElements() {
    return [...this.layer.querySelectorAll(".board-slot")];
  }
}
