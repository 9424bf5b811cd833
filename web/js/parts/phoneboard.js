// The phone's board: in a line game a long line is shown by its two open ends, big enough to read
// (the last few tiles at each end, the middle folded into a "+n" chip), the whole line one tap on
// the toggle (or one pinch) away. Mexican Train and short lines are the shared Board's.
//
//   const board = new PhoneBoard(element, { onEnd(end), onTrain(train), maxTile: 46 });
//   board.render(view, { room, mySeat, targets, preview })   as Board.render
//   board.targetElements()                                   the tappable ends, in screen order

import { tileSVGString } from "../tiles.js";
import { t, lineTileName } from "../i18n.js";
import { el, clear, spoken } from "../base/dom.js";
import { Board } from "./board.js";
import { LastPlaySeen } from "./lastplay.js";

// the short side of a tile (px): a line is folded to its ends when, whole, its tiles would be
// smaller than READABLE, or when it snakes over three rows or more (its ends are hard to find
// there) with tiles under FOLD; folded, its tiles are READABLE at least
const READABLE = 30;
const FOLD = 44;
const SNAKE = 4.5; // tile units: the height of a line that turns twice
// the band at the top of the board that holds the toggle, so that it never covers a tile
const BAND = 50;
const END_W = 1.3; // the open end's number (or slot), in tile units
const GAP = 3; // px between tiles in a row
const PAD = 8; // px round the rows

/** Width and height of a tile of the line laid in a row, in tile units (a double lies across). */
const wide = (e) => (e.double ? 1 : 2);
const tall = (e) => (e.double ? 2 : 1);

/** The biggest readable way to show k tiles at each end in a box of w x h px: one row (both ends
 * with the chip between) or two (the left end above, the right end below). */
function fitEnds(line, k, w, h, maxTile) {
  const left = line.slice(0, k);
  const right = line.slice(line.length - k);
  const units = (tiles) => tiles.reduce((s, e) => s + wide(e), 0);
  const height = (tiles) => Math.max(1, ...tiles.map(tall));
  const endW = END_W;
  const chipW = 1.2;
  const gaps = (n) => (n - 1) * GAP + 2 * PAD;
  const one = {
    rows: 1,
    s: Math.min(maxTile, (w - gaps(2 * k + 3)) / (units(left) + units(right) + 2 * endW + chipW), (h - 2 * PAD) / Math.max(height(left), height(right))),
  };
  const two = {
    rows: 2,
    s: Math.min(maxTile, (w - gaps(k + 2)) / (Math.max(units(left), units(right)) + endW + chipW), (h - 2 * PAD - 2 * GAP) / (height(left) + height(right))),
  };
  const best = two.s > one.s * 1.1 ? two : one; // one row reads as one line: keep it while it is nearly as big
  return { ...best, k, left, right };
}

export class PhoneBoard {
  constructor(root, { onEnd, onTrain, maxTile = 46, minTile = 10 } = {}) {
    this.root = root;
    this.onEnd = onEnd || (() => {});
    this.maxTile = maxTile;
    this.args = null;
    this.frame = 0;
    this.whole = false; // the person asked for the whole line (this round)
    this.roundKey = null;
    this.lastPlays = new LastPlaySeen(); // the last play drawn at the ends: only a new one drops in
    // the whole line is the shared Board's, on the same element; the folded line lies over it
    this.board = new Board(root, { compact: true, maxTile, minTile, onEnd, onTrain });
    root.classList.add("phoneboard");
    this.ends = el("div.phoneboard-ends", { role: "group", "aria-label": t("aria.line") });
    this.toggle = el("button.btn.phoneboard-toggle", { type: "button", hidden: true, onclick: () => this.showWhole(!this.whole) });
    root.append(this.ends, this.toggle);
    this._pinch();
    new ResizeObserver(() => this._schedule()).observe(root);
  }

  render(view, opts = {}) {
    this.args = { view, opts };
    this._schedule();
  }

  showWhole(whole) {
    this.whole = whole;
    this.board.resetView();
    this._schedule();
  }

  targetElements() {
    return this.root.classList.contains("phoneboard--ends") ? [...this.ends.querySelectorAll(".board-slot")] : this.board.targetElements();
  }

  _schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.args) this._draw();
    });
  }

  /** A two-finger pinch on the folded line opens the whole line. */
  _pinch() {
    const pts = new Map();
    let start = 0;
    const spread = () => {
      const [a, b] = [...pts.values()];
      return a && b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : 0;
    };
    this.ends.addEventListener("pointerdown", (ev) => {
      pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
      start = spread();
    });
    this.ends.addEventListener("pointermove", (ev) => {
      if (!pts.has(ev.pointerId)) return;
      pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
      const d = spread();
      if (start > 0 && d < start * 0.8) {
        pts.clear();
        start = 0;
        this.showWhole(true);
      }
    });
    const up = (ev) => {
      pts.delete(ev.pointerId);
      start = spread();
    };
    this.ends.addEventListener("pointerup", up);
    this.ends.addEventListener("pointercancel", up);
    this.ends.style.touchAction = "none";
  }

  _draw() {
    const { view, opts } = this.args;
    const rk = `${view.round}:${view.profile}`;
    if (rk !== this.roundKey) {
      this.roundKey = rk;
      this.whole = false;
    }
    const w = this.root.clientWidth;
    const h = this.root.clientHeight;
    const line = view.trains ? [] : view.line || [];
    const fit = line.length > 4 && w > 0 ? this.board.lineFit(view, opts, w, h) : null;
    const long = !!fit && (fit.size < READABLE || (fit.height > SNAKE && fit.size < FOLD));
    const folded = long && !this.whole;
    this.root.classList.toggle("phoneboard--long", long);
    this.root.classList.toggle("phoneboard--ends", folded);
    this.toggle.hidden = !long;
    this.board.viewport.style.top = long ? `${BAND}px` : "0";
    this.toggle.textContent = folded ? `⤢ ${t("hand.board_whole")}` : `⤡ ${t("hand.board_ends")}`;
    this.toggle.setAttribute("aria-pressed", String(!folded));
    if (!folded) {
      clear(this.ends);
      this.board.render(view, opts);
      // the Board draws in its animation frame, registered just now: this one runs after it
      if (view.trains) requestAnimationFrame(() => this._trainInView());
      return;
    }
    this.board.render(null); // empties the hidden whole line: no second copy of the ends in the page
    this._drawEnds(view, opts, line, w, h - BAND);
  }

  /** A list of trains taller than the board scrolls: the trains one may play on (or one's own)
   * stay in view. */
  _trainInView() {
    const list = this.root.querySelector(".train-rows");
    const row = list && (list.querySelector(".train-row--target") || list.querySelector(".train-row--own"));
    if (!row || list.scrollHeight <= list.clientHeight) return;
    const top = row.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - 4;
  }

  _drawEnds(view, opts, line, w, h) {
    const refocus = document.activeElement && this.ends.contains(document.activeElement) ? document.activeElement.dataset.end : null;
    const most = Math.min(3, Math.floor((line.length - 1) / 2));
    let fit = null;
    for (let k = most; k >= 1 && !(fit && fit.s >= READABLE); k--) {
      const f = fitEnds(line, k, w, h, this.maxTile * 1.2); // a few tiles only: they may be bigger
      if (!fit || f.s >= READABLE || f.s > fit.s) fit = f;
    }
    const s = Math.floor(fit.s);
    const hidden = line.length - 2 * fit.k;
    const { last, fresh: animate } = this.lastPlays.follow(view);
    const tile = (e, ghost = false) => {
      const isLast = !ghost && !!last && e.tile === last.play;
      const svg = tileSVGString(e.left, e.right, { orientation: e.double ? "vertical" : "horizontal", size: s, highlight: ghost ? "selected" : isLast ? "last" : false, label: lineTileName(e) });
      const cls = `board-tile${ghost ? " board-tile--ghost" : ""}${isLast ? " board-tile--last" : ""}${isLast && animate ? " board-tile--enter" : ""}`;
      return el("div", { class: cls, html: svg, dataset: ghost ? { tile: e.tile, ghost: "true" } : { tile: e.tile } });
    };
    const end = (side) => this._end(side, view, opts, s, tile);
    const chip = el("span.phoneboard-more", { title: t("hand.board_middle", { count: hidden }) }, spoken(`+${hidden}`, t("hand.board_middle", { count: hidden })));
    const leftTiles = fit.left.map((e) => tile(e));
    const rightTiles = fit.right.map((e) => tile(e));
    clear(this.ends);
    this.ends.style.top = `${BAND}px`;
    if (fit.rows === 1) {
      this.ends.append(el("div.phoneboard-row", end("left"), leftTiles, chip, rightTiles, end("right")));
    } else {
      this.ends.append(el("div.phoneboard-row.phoneboard-row--left", end("left"), leftTiles, chip), el("div.phoneboard-row.phoneboard-row--right", rightTiles, end("right")));
    }
    if (refocus) this.ends.querySelector(`[data-end="${refocus}"]`)?.focus({ preventScroll: true });
  }

  /** An open end: the preview ghost, a tappable slot with its number, or the number alone. */
  _end(side, view, opts, s, tile) {
    const n = view.ends[side];
    const place = opts.preview && opts.preview.place;
    if (place && place.at === side && place.entry) return tile({ ...place.entry, tile: opts.preview.tile }, true);
    const label = t(`aria.end_${side}`, { n });
    const style = `width:${Math.round(END_W * s)}px;height:${s}px`;
    if ((opts.targets || []).includes(side)) {
      return el(`button.board-slot.board-slot--${side}`, { type: "button", style, dataset: { end: side }, "aria-label": label, onclick: () => this.onEnd(side) }, el("span.board-slot-n", String(n)));
    }
    return el(`span.phoneboard-end.phoneboard-end--${side}`, { style, role: "img", "aria-label": label }, el("span.board-slot-n", String(n)));
  }
}
