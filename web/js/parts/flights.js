// Motion on the big screen: what just happened travels across the table. A played tile flies
// from its seat to its place; a drawn tile leaves the boneyard for its seat; a discard goes face
// down onto its seat's pile. All flights of one update start in the same animation frame, and a
// screen that asks for less motion gets a short fade instead.
//
//   const f = new Flights(onStart);   onStart({kind, seat, tile, duration, calm}) per flight begun
//   f.queue({kind: "play", seat, tile, from: () => rect, to: () => the board's new tile element})
//   f.queue({kind: "draw" | "discard", seat, from: () => rect, to: () => rect})

import { tileSVGString } from "../tiles.js";
import { el } from "../base/dom.js";

const EASE = "cubic-bezier(0.2, 0.8, 0.3, 1)";
const FLY_MS = 380; // at most 400 ms from seat to place
const FADE_MS = 250;

const calm = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

export class Flights {
  constructor(onStart = () => {}) {
    this.pending = [];
    this.frame = 0;
    this.onStart = onStart;
  }

  /** A flight to start in the next animation frame (with the others queued before it). */
  queue(flight) {
    this.pending.push(flight);
    if (!this.frame) this.frame = requestAnimationFrame(() => this._run());
  }

  _run() {
    this.frame = 0;
    const todo = this.pending.splice(0);
    const quiet = calm();
    for (const f of todo) {
      const from = f.from();
      const to = f.to();
      if (!from || !to) continue;
      const duration = quiet ? FADE_MS : FLY_MS;
      if (f.kind === "play") this._landTile(to, from, quiet, duration);
      else this._flyBack(from, to, quiet, duration, f.kind);
      this.onStart({ kind: f.kind, seat: f.seat, tile: f.tile || null, duration, calm: quiet });
    }
  }

  /** The board's new tile (already drawn in place) comes in from its seat's panel. */
  _landTile(tile, fromRect, quiet, duration) {
    if (!tile.animate) return;
    const [fx, fy] = centre(fromRect);
    const [tx, ty] = centre(tile.getBoundingClientRect());
    const frames = quiet ? [{ opacity: 0 }, { opacity: 1 }] : [{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(0.7)`, opacity: 0.7 }, { transform: "none", opacity: 1 }];
    tile.style.animation = "none"; // instead of the board's own drop-in
    tile.animate(frames, { duration, easing: EASE });
  }

  /** A face-down tile from one rect to another (a draw, a discard), gone when it lands. */
  _flyBack(fromRect, toRect, quiet, duration, kind) {
    const short = Math.max(18, Math.min(toRect.height, 48));
    const node = el("div.flight", { html: tileSVGString(0, 0, { faceDown: true, orientation: "vertical", size: short, label: null }), dataset: { kind } });
    document.body.append(node);
    const [fx, fy] = centre(fromRect);
    const [tx, ty] = centre(toRect);
    const w = short;
    const h = short * 2;
    const at = (x, y) => `translate(${(x - w / 2).toFixed(1)}px, ${(y - h / 2).toFixed(1)}px)`;
    const frames = quiet
      ? [{ transform: at(tx, ty), opacity: 0 }, { transform: at(tx, ty), opacity: 1, offset: 0.4 }, { transform: at(tx, ty), opacity: 0 }]
      : [{ transform: `${at(fx, fy)} scale(1.3)`, opacity: 1 }, { transform: `${at(tx, ty)} scale(0.6)`, opacity: 0.85 }];
    const anim = node.animate(frames, { duration, easing: EASE, fill: "forwards" });
    anim.onfinish = anim.oncancel = () => node.remove();
  }
}
