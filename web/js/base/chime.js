// A short two-note chime made on the spot with Web Audio (no sound file). Browsers start audio
// only after a tap, so the context is made (or resumed) on the first tap on the page.

export class Chime {
  constructor() {
    this.ctx = null;
    const unlock = () => {
      this.context();
      document.removeEventListener("pointerdown", unlock, true);
    };
    document.addEventListener("pointerdown", unlock, true);
  }

  context() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    if (!this.ctx) this.ctx = new Ctx();
    if (this.ctx.state === "suspended") this.ctx.resume().catch(() => {});
    return this.ctx;
  }

  /** Two soft notes, a fifth apart, about a third of a second. */
  play() {
    const ctx = this.context();
    if (!ctx || ctx.state !== "running") return false;
    const now = ctx.currentTime;
    [659.25, 987.77].forEach((freq, i) => {
      const start = now + i * 0.13;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.22);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.24);
    });
    return true;
  }
}
