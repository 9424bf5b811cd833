// Bits shared by the pages that are about presentation preferences, not rules.

import { t } from "./i18n.js";
import { store, seatName } from "./ui.js";

// RULES.md "Conduct of play": one-tap play by default in draw, block and mexican-train;
// preview-then-confirm in gaple and six-love. Players may switch (remembered per profile).
const PREVIEW_DEFAULT = new Set(["gaple", "six-love"]);

export function playModeFor(profile) {
  const saved = store.get("domino.playmode", {}) || {};
  if (profile && (saved[profile] === "tap" || saved[profile] === "preview")) return saved[profile];
  return PREVIEW_DEFAULT.has(profile) ? "preview" : "tap";
}

export function setPlayMode(profile, mode) {
  const saved = store.get("domino.playmode", {}) || {};
  saved[profile] = mode;
  store.set("domino.playmode", saved);
}

/** For each number: how many tiles carrying it this seat has not seen (hand, table, discards). */
export function suitTracker(view) {
  const max = view.profile === "mexican-train" ? 12 : 6;
  const seen = new Set();
  const add = (tile) => {
    if (!tile) return;
    const [a, b] = tile.split("-").map(Number);
    seen.add(`${Math.max(a, b)}-${Math.min(a, b)}`);
  };
  for (const x of view.hand || []) add(x);
  for (const x of view.own_discards || []) add(x);
  for (const e of view.line || []) add(e.tile);
  if (view.trains) {
    add(view.trains.engine);
    for (const p of view.trains.personal) for (const e of p.tiles) add(e.tile);
    for (const e of view.trains.mexican.tiles) add(e.tile);
  }
  const out = [];
  for (let n = 0; n <= max; n++) {
    let unseen = 0;
    for (let m = 0; m <= max; m++) {
      const k = `${Math.max(n, m)}-${Math.min(n, m)}`;
      if (!seen.has(k)) unseen++;
    }
    out.push({ n, unseen });
  }
  return out;
}

/** Keeps the screen on while it is this phone's turn (where the browser allows it). */
export class WakeLock {
  constructor() {
    this.lock = null;
    this.wanted = false;
    document.addEventListener("visibilitychange", () => {
      if (this.wanted && document.visibilityState === "visible" && !this.lock) this.acquire();
    });
  }

  async acquire() {
    this.wanted = true;
    if (this.lock || !navigator.wakeLock || !navigator.wakeLock.request) return;
    try {
      this.lock = await navigator.wakeLock.request("screen");
      this.lock.addEventListener("release", () => {
        this.lock = null;
      });
    } catch {
      this.lock = null;
    }
  }

  release() {
    this.wanted = false;
    if (this.lock) {
      this.lock.release().catch(() => {});
      this.lock = null;
    }
  }
}

/** "Score: 12 · 30" seen from one seat (team scores for partnerships). */
export function scoreLine(view, room, mySeat) {
  const kind = t(`table.score_kind.${view.score_kind}`);
  const scores = view.scores || [];
  if (view.score_kind === "team_points") {
    const mine = mySeat === null || mySeat === undefined ? 0 : mySeat % 2;
    return `${kind}: ${scores[mine]} – ${scores[1 - mine]}`;
  }
  if (mySeat === null || mySeat === undefined) return `${kind}: ${scores.join(" · ")}`;
  return `${kind}: ${scores[mySeat]}`;
}

export function seatLabel(room, i) {
  return seatName(room, i);
}
