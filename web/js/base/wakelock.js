// Keeps the screen on while a game is on.
//
// The Screen Wake Lock API exists only in secure contexts (https, localhost). Phones reach the
// table over plain http://<LAN address>, where navigator.wakeLock is undefined; there a muted,
// inline, looping <video> plays instead: browsers keep the screen on for a playing video that is
// on screen (Chromium exempts MediaStream videos from its size threshold, so one pixel is enough).
// Its stream comes from a canvas (canvas.captureStream): no file is fetched or built.
//
//   const wake = new WakeLock();  wake.acquire();  wake.release();
//   wake.method                   "wake-lock", "video" or null (what holds the screen now)

export class WakeLock {
  constructor() {
    this.lock = null;
    this.wanted = false;
    this.video = null;
    this.canvas = null;
    this.timer = null;
    this.retry = null;
    document.addEventListener("visibilitychange", () => {
      if (this.wanted && document.visibilityState === "visible") this.acquire();
    });
  }

  get method() {
    if (this.lock) return "wake-lock";
    if (this.video && !this.video.paused) return "video";
    return null;
  }

  async acquire() {
    this.wanted = true;
    if (this.lock) return;
    if (navigator.wakeLock && navigator.wakeLock.request) {
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (!this.wanted) {
          lock.release().catch(() => {});
          return;
        }
        this.lock = lock;
        lock.addEventListener("release", () => {
          if (this.lock === lock) this.lock = null;
        });
        this.stopVideo();
        return;
      } catch {
        /* refused (battery saver, hidden page): the video does it */
      }
    }
    this.playVideo();
  }

  release() {
    this.wanted = false;
    if (this.lock) {
      this.lock.release().catch(() => {});
      this.lock = null;
    }
    this.stopVideo();
  }

  playVideo() {
    if (!this.video && !this.makeVideo()) return;
    if (!this.timer) this.timer = setInterval(() => this.paint(), 2000);
    this.paint();
    if (!this.video.paused) return;
    this.video.play().catch(() => {
      // not allowed yet: the next tap on the page starts it
      if (this.retry) return;
      this.retry = () => {
        document.removeEventListener("pointerdown", this.retry, true);
        this.retry = null;
        if (this.wanted && !this.lock) this.playVideo();
      };
      document.addEventListener("pointerdown", this.retry, true);
    });
  }

  makeVideo() {
    const canvas = document.createElement("canvas");
    if (typeof canvas.captureStream !== "function") return false;
    canvas.width = 2;
    canvas.height = 2;
    const v = document.createElement("video");
    v.className = "keep-awake";
    v.muted = true;
    v.defaultMuted = true;
    v.playsInline = true;
    v.loop = true;
    for (const a of ["muted", "playsinline", "webkit-playsinline", "disablepictureinpicture"]) v.setAttribute(a, "");
    v.setAttribute("aria-hidden", "true");
    v.tabIndex = -1;
    v.srcObject = canvas.captureStream(1);
    // on screen (a pixel in a corner, nearly transparent): a video out of view keeps nothing awake
    Object.assign(v.style, { position: "fixed", left: "0", bottom: "0", width: "1px", height: "1px", opacity: "0.01", pointerEvents: "none", zIndex: "-1" });
    document.body.append(v);
    this.canvas = canvas;
    this.video = v;
    return true;
  }

  /** A fresh frame now and then: the stream stays live. */
  paint() {
    const g = this.canvas && this.canvas.getContext("2d");
    if (!g) return;
    g.fillStyle = Date.now() % 4000 < 2000 ? "#17543a" : "#17543b";
    g.fillRect(0, 0, 2, 2);
  }

  stopVideo() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.video) this.video.pause();
  }
}
