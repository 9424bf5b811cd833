// The table's sounds, made here with Web Audio (nothing is fetched): a tile click, a pass, a
// draw, "domino", the end of a round, a match win and a player sitting down in the lobby. The mute switch is remembered.

import { store } from "../base/storage.js";

const KEY = "domino.table.sound";

// Each sound: notes of [frequency Hz, start s, length s, wave, loudness].
const SOUNDS = {
  tile: [[1800, 0, 0.03, "square", 0.18], [900, 0.005, 0.05, "triangle", 0.25]],
  pass: [[330, 0, 0.12, "sine", 0.2], [247, 0.1, 0.16, "sine", 0.2]],
  draw: [[600, 0, 0.06, "triangle", 0.2], [750, 0.05, 0.06, "triangle", 0.15]],
  domino: [[523, 0, 0.12, "triangle", 0.25], [659, 0.1, 0.12, "triangle", 0.25], [784, 0.2, 0.25, "triangle", 0.25]],
  round: [[392, 0, 0.18, "sine", 0.22], [523, 0.16, 0.3, "sine", 0.22]],
  arrive: [[659, 0, 0.1, "sine", 0.22], [880, 0.08, 0.1, "sine", 0.22], [1319, 0.16, 0.3, "triangle", 0.18]],
  match: [[523, 0, 0.14, "triangle", 0.25], [659, 0.13, 0.14, "triangle", 0.25], [784, 0.26, 0.14, "triangle", 0.25], [1047, 0.39, 0.45, "triangle", 0.28]],
};

export class TableSound {
  constructor() {
    this.ctx = null; // made on first use: browsers allow audio only after a user gesture
    this.muted = store.get(KEY, "on") === "off";
    // a table nobody has touched since a reload is silent (the browser holds the audio back):
    // the first key (a remote's too) or touch lets it play
    for (const type of ["keydown", "pointerdown"]) document.addEventListener(type, () => this.wake(), { capture: true, passive: true });
  }

  /** Make or resume the audio, inside a user's gesture. */
  wake() {
    if (typeof AudioContext === "undefined" || (this.ctx && this.ctx.state === "running")) return;
    try {
      if (!this.ctx) this.ctx = new AudioContext();
      if (this.ctx.state === "suspended") this.ctx.resume().catch(() => {});
    } catch {
      /* no audio on this device */
    }
  }

  setMuted(muted) {
    this.muted = muted;
    store.set(KEY, muted ? "off" : "on");
  }

  play(name) {
    const notes = SOUNDS[name];
    if (this.muted || !notes || typeof AudioContext === "undefined") return;
    try {
      if (!this.ctx) this.ctx = new AudioContext();
      if (this.ctx.state === "suspended") this.ctx.resume().catch(() => {});
      const now = this.ctx.currentTime + 0.01;
      for (const [freq, at, len, wave, gain] of notes) {
        const osc = this.ctx.createOscillator();
        const vol = this.ctx.createGain();
        osc.type = wave;
        osc.frequency.value = freq;
        vol.gain.setValueAtTime(gain, now + at);
        vol.gain.exponentialRampToValueAtTime(0.001, now + at + len);
        osc.connect(vol).connect(this.ctx.destination);
        osc.start(now + at);
        osc.stop(now + at + len + 0.02);
      }
    } catch {
      /* no audio on this device: the table plays on silently */
    }
  }

  /** The sound for what just happened, from the history's new entries and the phase. */
  follow(prev, v) {
    if (!prev || prev.round !== v.round) return;
    if (prev.phase === "play" && v.phase === "game_over") return this.play("match");
    if (prev.phase === "play" && v.phase === "round_over") {
      const r = v.result;
      return this.play(r && r.end === "domino" ? "domino" : "round");
    }
    const fresh = (v.history || []).slice((prev.history || []).length);
    const h = fresh[fresh.length - 1];
    if (!h) return;
    if (h.play) this.play("tile");
    else if (h.pass) this.play("pass");
    else if (h.draw) this.play("draw");
    else if ("discard" in h) this.play("tile");
  }
}
