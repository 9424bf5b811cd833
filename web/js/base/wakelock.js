// Keeps the screen on while it is this phone's turn (where the browser allows it).

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
