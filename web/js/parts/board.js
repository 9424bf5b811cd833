// The table's tiles: the line (a snake that turns at the screen edges, doubles crosswise; where
// each tile goes is linelayout.js) or Mexican Train's hub and trains (trains.js). Holds no rules:
// it draws `view.line` / `view.trains`, the targets it is told about, and reports taps on them.
// Zoom and pan are its own (they only move the view).
//
//   const board = new Board(element, { onEnd(end), onTrain(train), maxTile: 96 });
//   board.render(view, { room, mySeat, targets: ["left","right"] | [0, "mexican"], preview })
//       preview: {tile: "6-4", place} with place from view.legal_places (where the tile goes
//       and the entry it becomes); idempotent, batched in rAF.
//   board.draw(view, opts)  the same, drawn at once
//   board.resetView()       back to fit-to-screen (zoom and pan only move the view)
//   board.setCompact(bool)  the phone's board (a list of trains) or the big screen's
//   board.lineFit(view, opts, w, h)   {size, height}: how the whole line would fit in w x h
// What trains.js draws with: board.layer (sized; trains.js empties it or draws the yard again in
// place, kept in board.yard), board.root, board.compact, board.minLong, board.maxTileSize(),
// board.onTrain, board.lastPlays; it sets board.tileSize.

import { tileSVGString, svgNode } from "../tiles.js";
import { t, lineTileName } from "../i18n.js";
import { el, clear, icon } from "../base/dom.js";
import { lineEntries, fitLine } from "./linelayout.js";
import { LastPlaySeen } from "./lastplay.js";

// Mexican Train's hub and trains (trains.js) are fetched the first time a board shows them: most
// games have none, and a phone's first load goes without them.
let trains = null;
let trainsLoading = null;
function loadTrains() {
  trainsLoading = trainsLoading || import("./trains.js").then((m) => (trains = m), () => (trainsLoading = null));
  return trainsLoading;
}

// the smallest tap target (px): an open end's button is never smaller, whatever the tile size
const TAP = 44;

/** The box grown about its centre to at least `min` px each way. */
function atLeast(box, min) {
  const w = Math.max(box.w, min);
  const h = Math.max(box.h, min);
  return { x: box.x - (w - box.w) / 2, y: box.y - (h - box.h) / 2, w, h };
}

const boxStyle = (b) => `left:${b.x.toFixed(1)}px;top:${b.y.toFixed(1)}px;width:${b.w.toFixed(1)}px;height:${b.h.toFixed(1)}px`;

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
    this.listMinTile = null; // a list of trains scrolls rather than draw tiles shorter (px; trains.js)
    this.args = null;
    this.frame = 0;
    this.zoom = 1;
    this.tx = 0;
    this.ty = 0;
    this.lastPlays = new LastPlaySeen(); // the last play drawn: only a new one drops in
    this.roundKey = null;
    this.yard = null; // the yard drawn last (trains.js), drawn again in place
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

  /** Draws now rather than in the next frame: a caller that changes the page around the board
   * at the same moment (a replay step) gets one style, layout and paint for both. */
  draw(view, opts = {}) {
    this.args = { view, opts };
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this._draw();
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

  /** The phone's board or not (a list of trains that scrolls instead of the big screen's yard,
   * a line with less padding): the watch page goes from one to the other as its window changes
   * between a phone's size and a TV's. */
  setCompact(compact) {
    if (compact === this.compact) return;
    this.compact = compact;
    this.root.classList.toggle("board--compact", compact);
    this.root.classList.remove("board--yard");
    this.yard = null;
    this._schedule();
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
      this.yard = null;
      return;
    }
    const rk = `${view.round}:${view.profile}`;
    if (rk !== this.roundKey) {
      this.roundKey = rk;
      this.resetView();
    }
    const a = document.activeElement;
    const key = a && this.layer.contains(a) ? (a.dataset.end ? `[data-end="${a.dataset.end}"]` : a.dataset.train ? `button[data-train="${a.dataset.train}"]` : null) : null;
    this.layer.style.width = `${w}px`;
    this.layer.style.height = `${h}px`;
    if (view.trains && trains) trains.drawTrains(this, view, opts, w, h); // the yard is drawn again in place
    else if (view.trains) {
      clear(this.layer); // for the one frame until trains.js is here
      this.yard = null;
      loadTrains().then(() => this._schedule());
    } else {
      clear(this.layer);
      this.yard = null;
      this._drawLine(view, opts, w, h);
    }
    if (key && !this.layer.contains(document.activeElement)) {
      const n = this.layer.querySelector(key);
      if (n) n.focus({ preventScroll: true });
    }
  }

  /** The biggest tile (px) the board may draw now. */
  maxTileSize() {
    return typeof this.maxTile === "function" ? this.maxTile() : this.maxTile;
  }

  _fitLine(entries, anchor, w, h) {
    return fitLine(entries, anchor, w, h, { maxTile: this.maxTileSize(), minTile: this.minTile, compact: this.compact });
  }

  /** How the whole line would be drawn in w x h px: the tile size (px) and the height of the
   * line in tile units (1 or 2 for one straight row, more for a snake). */
  lineFit(view, opts, w, h) {
    const { entries, anchor } = lineEntries(view, opts);
    if (!entries.length) return { size: Infinity, height: 0 };
    const { s, box } = this._fitLine(entries, anchor, w, h);
    return { size: s, height: box.h };
  }

  _drawLine(view, opts, w, h) {
    const { entries, anchor } = lineEntries(view, opts);
    if (!entries.length) {
      this.layer.append(el("p.board-empty", view.phase === "play" ? t("aria.line_empty") : ""));
      return;
    }
    const { s, placed, box } = this._fitLine(entries, anchor, w, h);
    const { last, fresh: animate } = this.lastPlays.follow(view);
    const ox = w / 2 - (box.x + box.w / 2) * s;
    const oy = h / 2 - (box.y + box.h / 2) * s;
    const frag = document.createDocumentFragment();
    const gap = Math.max(1, s * 0.04);
    for (const p of placed) {
      const box = { x: ox + p.rect.x * s + gap / 2, y: oy + p.rect.y * s + gap / 2, w: p.rect.w * s - gap, h: p.rect.h * s - gap };
      if (p.slot) {
        frag.append(this._endSlot(p.slot, view.ends[p.slot], boxStyle(atLeast(box, TAP))));
        continue;
      }
      const style = boxStyle(box);
      const isLast = !p.ghost && last && p.tile === last.play;
      const short = (p.vertical ? p.rect.w : p.rect.h) * s - gap;
      const svg = tileSVGString(p.a, p.b, {
        orientation: p.vertical ? "vertical" : "horizontal",
        size: short,
        highlight: p.ghost ? "selected" : isLast ? "last" : false,
        label: lineTileName(p), // which number faces which end
      });
      const cls = `board-tile${p.ghost ? " board-tile--ghost" : ""}${isLast ? " board-tile--last" : ""}${isLast && animate ? " board-tile--enter" : ""}`;
      const node = el(`div`, { class: cls, style, dataset: { tile: p.tile } }, svgNode(svg));
      if (p.ghost) node.dataset.ghost = "true";
      frag.append(node);
    }
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

  /** Focusable targets (open ends or trains) in screen order, for the keyboard selector. */
  targetElements() {
    return [...this.layer.querySelectorAll(".board-slot")];
  }
}
