// The websocket link to the table server (docs/PROTOCOL.md).
//
//   const net = new Net({ hello, onWelcome, onView, onMessage, onStatus });
//   net.start();
//   net.send("act", { action, version })      fire and forget; false when not connected
//   await net.request("setup", {...})          resolves with the `ok` frame (or the frame answering
//                                              the ref, e.g. `hint`), rejects with the `error`
//
// `hello()` is called at every (re)connection and returns the hello payload (room, token, ...),
// so a reconnect always uses the token currently stored on this device. The page waits for
// `welcome` before it sends anything else. On close, sleep, a hidden tab coming back or the
// network returning, the link reconnects with a short backoff (never longer than 2 s) and says
// hello again; the server answers with the full current view.

const BACKOFF = [150, 400, 800, 1400, 2000];
const PING_EVERY = 10000;
const PONG_WITHIN = 5000;

export class Net {
  constructor({ hello, onWelcome, onView, onMessage, onStatus } = {}) {
    this.hello = hello || (() => ({}));
    this.onWelcome = onWelcome || (() => {});
    this.onView = onView || (() => {});
    this.onMessage = onMessage || (() => {});
    this.onStatus = onStatus || (() => {});
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    this.ws = null;
    this.ready = false; // welcome received on the current socket
    this.status = "idle";
    this.attempt = 0;
    this.timer = null;
    this.pingTimer = null;
    this.pongDeadline = null;
    this.refs = 0;
    this.pending = new Map(); // ref -> {resolve, reject, timer}
    this._wake = () => this.wake();
    this._visible = () => {
      if (document.visibilityState === "visible") this.wake();
    };
  }

  start() {
    window.addEventListener("online", this._wake);
    window.addEventListener("focus", this._wake);
    window.addEventListener("pageshow", this._wake);
    document.addEventListener("visibilitychange", this._visible);
    this.connect();
    return this;
  }

  /** The page woke up or the network came back: reconnect now if the link is not healthy. */
  wake() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.ready) {
      this.ping(); // a socket that slept may be dead without knowing it
      return;
    }
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  }

  /** Drop the current socket and connect again at once (e.g. after the token changed). */
  reconnect() {
    this.attempt = 0;
    this._drop();
    this.connect();
  }

  _setStatus(s) {
    if (this.status === s) return;
    this.status = s;
    this.onStatus(s);
  }

  connect() {
    clearTimeout(this.timer);
    this._setStatus(this.attempt ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this._schedule();
      return;
    }
    this.ws = ws;
    this.ready = false;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      ws.send(JSON.stringify({ type: "hello", ...this.hello() }));
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this._receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this._drop();
      this._schedule();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  _drop() {
    const ws = this.ws;
    this.ws = null;
    this.ready = false;
    clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.pongDeadline = null;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject({ type: "error", code: "connection" });
    }
    this.pending.clear();
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close();
      } catch {
        /* ignore */
      }
    }
  }

  _schedule() {
    this._setStatus("reconnecting");
    const delay = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
    this.attempt++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  _receive(msg) {
    switch (msg.type) {
      case "welcome":
        this.ready = true;
        this.attempt = 0;
        this._setStatus("open");
        this._startPing();
        this.onWelcome(msg);
        break;
      case "view":
        this.onView(msg);
        break;
      case "pong":
        this.pongDeadline = null;
        break;
      default:
        break;
    }
    // `ok`, `error`, or a frame that answers its message itself (e.g. `hint`)
    if (msg.ref !== undefined && msg.type !== "view" && this.pending.has(msg.ref)) {
      const p = this.pending.get(msg.ref);
      this.pending.delete(msg.ref);
      clearTimeout(p.timer);
      if (msg.type !== "error") p.resolve(msg);
      else p.reject(msg);
      if (msg.type === "error") this.onMessage(msg, true);
      return;
    }
    if (msg.type !== "view" && msg.type !== "pong") this.onMessage(msg, false);
  }

  _startPing() {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (document.visibilityState === "visible") this.ping();
    }, PING_EVERY);
  }

  ping() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.pongDeadline && Date.now() > this.pongDeadline) {
      // no answer to the last ping: the socket is dead (sleep, Wi-Fi change)
      this._drop();
      this.attempt = 0;
      this.connect();
      return;
    }
    if (!this.pongDeadline) this.pongDeadline = Date.now() + PONG_WITHIN;
    try {
      this.ws.send(JSON.stringify({ type: "ping" }));
    } catch {
      /* onclose follows */
    }
  }

  get connected() {
    return !!(this.ws && this.ws.readyState === WebSocket.OPEN && this.ready);
  }

  /** Send one message; false when there is no welcomed connection. */
  send(type, payload = {}) {
    if (!this.connected) return false;
    try {
      this.ws.send(JSON.stringify({ ...payload, type }));
      return true;
    } catch {
      return false;
    }
  }

  /** Send with a ref; resolves with `ok`, rejects with the `error` frame (or a connection error). */
  request(type, payload = {}, timeout = 8000) {
    return new Promise((resolve, reject) => {
      if (!this.connected) {
        reject({ type: "error", code: "connection" });
        return;
      }
      const ref = ++this.refs;
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject({ type: "error", code: "connection" });
      }, timeout);
      this.pending.set(ref, { resolve, reject, timer });
      try {
        this.ws.send(JSON.stringify({ ...payload, type, ref }));
      } catch {
        clearTimeout(timer);
        this.pending.delete(ref);
        reject({ type: "error", code: "connection" });
      }
    });
  }
}
