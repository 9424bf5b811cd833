// The kiosk lock of a table screen (`tabletop serve --kiosk --pin`): its state in the top bar
// (locked, or unlocked with the minutes left, and "Lock now"), and the PIN pad that unlocks it.
// The pad is worked by touch, mouse, keyboard (digits, Backspace, Enter, Escape) and a TV
// remote (the arrows move between its keys: parts/remote.js; Enter presses; Back closes).
// The server says how long an unlock lasts: `unlocked_for` (seconds) in the table's views.

import { t } from "../i18n.js";
import { el, clear, toast } from "../base/dom.js";
import { errorText } from "../base/words.js";

const MAX_DIGITS = 12; // tabletop/pin.py: a PIN is 4 to 12 digits
const BACK = new Set(["GoBack", "BrowserBack"]); // base/dialogs.js closes every dialog on these too

function svgIcon(paths) {
  const span = el("span.icon", { "aria-hidden": "true" });
  span.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;
  return span;
}

const SHUT = '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/>';
const OPEN = '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 7.8-1.2"/>';
const ERASE = '<path d="M9 5h11v14H9l-6-7z"/><line x1="12" y1="9" x2="17" y2="15"/><line x1="17" y1="9" x2="12" y2="15"/>';
const ENTER = '<polyline points="4 12.5 9.5 18 20 6.5"/>';

export class KioskLock {
  /**
   * request(type, payload): the page's net.request; showDialog(kind, options): the page's,
   * so the pad is the page's one open dialog.
   */
  constructor({ request, showDialog }) {
    this.request = request;
    this.showDialog = showDialog;
    this.enabled = false; // the server guards the host controls with a PIN
    this.until = 0; // performance.now() when the unlock ends (0: locked)
    this.box = el("div.kiosk-lock");
    this.shown = null; // what the box shows now ("locked" or the minutes left)
    this.asking = null; // the open pad's promise
    this.timer = null;
  }

  get unlocked() {
    return this.until > performance.now();
  }

  secondsLeft() {
    return Math.max(0, Math.ceil((this.until - performance.now()) / 1000));
  }

  /** Every view frame: `unlocked_for` (undefined: this table has no PIN). */
  follow(unlockedFor) {
    this.enabled = typeof unlockedFor === "number";
    this.until = this.enabled && unlockedFor > 0 ? performance.now() + unlockedFor * 1000 : 0;
    if (this.enabled && !this.timer) this.timer = setInterval(() => this.render(), 1000);
    if (!this.enabled && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.render();
  }

  holdsFocus() {
    return this.box.contains(document.activeElement);
  }

  /** Put the state into the top bar (again); `focus`: give the focus back to its button. */
  place(parent, focus = false) {
    if (!this.enabled) return;
    parent.prepend(this.box);
    if (focus) this.focusButton();
  }

  focusButton() {
    const b = this.box.querySelector("button");
    if (b) b.focus({ preventScroll: true });
  }

  render() {
    const minutes = Math.ceil(this.secondsLeft() / 60);
    const shown = this.unlocked ? minutes : "locked";
    if (shown === this.shown) return;
    const focused = this.holdsFocus();
    this.shown = shown;
    clear(this.box);
    this.box.classList.toggle("kiosk-lock--open", this.unlocked);
    if (this.unlocked) {
      this.box.append(
        // short on the bar; the whole sentence for a screen reader and as its tooltip
        el(
          "span.kiosk-state",
          { role: "status", title: t("table.unlocked_left", { count: minutes }) },
          svgIcon(OPEN),
          el("span.kiosk-short", { "aria-hidden": "true" }, t("table.unlocked_short", { count: minutes })),
          el("span.sr-only", t("table.unlocked_left", { count: minutes })),
        ),
        el("button.btn.kiosk-relock", { type: "button", onclick: () => this.lockNow() }, svgIcon(SHUT), " ", t("table.lock_now")),
      );
    } else {
      this.box.append(
        el("button.btn.kiosk-unlock", { type: "button", title: t("table.locked_help"), onclick: () => this.ask() }, svgIcon(SHUT), " ", t("table.locked")),
      );
    }
    if (focused) this.focusButton();
  }

  async lockNow() {
    try {
      const ok = await this.request("lock");
      this.follow(ok.unlocked_for || 0);
    } catch (err) {
      toast(errorText(err.code), "error");
    }
  }

  /** Open the PIN pad. Resolves true once the table is unlocked, false if the pad was closed. */
  ask() {
    if (!this.asking) {
      this.asking = new Promise((resolve) => this.openPad(resolve)).finally(() => {
        this.asking = null;
      });
    }
    return this.asking;
  }

  openPad(resolve) {
    let digits = "";
    let busy = false;
    let waitUntil = 0; // performance.now() when a PIN lockout ends
    let waitTimer = null;
    let unlocked = false;
    const dots = el("span.pin-dots", { "aria-hidden": "true" });
    const spoken = el("span.sr-only", { "aria-live": "polite" });
    const display = el("div.pin-display", dots, spoken);
    const message = el("p.pin-message", { role: "alert" });
    const keys = el("div.pin-keys");
    const press = (fn) => () => {
      if (!busy) fn();
    };
    const key = (label, attrs, fn) => el("button.btn.pin-key", { type: "button", ...attrs, onclick: press(fn) }, label);
    for (const n of "123456789") keys.append(key(n, { dataset: { digit: n } }, () => add(n)));
    keys.append(
      key(svgIcon(ERASE), { class: "btn pin-key pin-key--erase", "aria-label": t("table.pin_erase"), title: t("table.pin_erase") }, () => erase()),
      key("0", { dataset: { digit: "0" } }, () => add("0")),
      key(svgIcon(ENTER), { class: "btn btn--primary pin-key pin-key--enter", "aria-label": t("table.unlock"), title: t("table.unlock") }, () => submit()),
    );
    const enterKey = keys.querySelector(".pin-key--enter");

    const show = () => {
      dots.textContent = digits ? "●".repeat(digits.length) : "";
      dots.classList.toggle("pin-dots--empty", !digits);
      if (!digits) dots.textContent = t("table.pin");
      spoken.textContent = t("table.pin_entered", { count: digits.length });
      // greyed, not disabled: a disabled key would drop the remote's focus
      const off = !digits || waitUntil > performance.now();
      enterKey.classList.toggle("pin-key--off", off);
      enterKey.setAttribute("aria-disabled", String(off));
    };
    const say = (text, kind = "error") => {
      message.textContent = text || "";
      message.dataset.kind = kind;
    };
    const add = (n) => {
      if (digits.length >= MAX_DIGITS) return;
      digits += n;
      show();
    };
    const erase = () => {
      digits = digits.slice(0, -1);
      show();
    };
    const countDown = () => {
      const left = Math.ceil((waitUntil - performance.now()) / 1000);
      if (left > 0) {
        say(t("table.pin_wait", { count: left }));
        return;
      }
      clearInterval(waitTimer);
      waitTimer = null;
      say(t("table.pin_try_again"), "info");
      show();
    };
    const submit = async () => {
      if (!digits || waitUntil > performance.now()) return;
      busy = true;
      say("");
      const pin = digits;
      try {
        const ok = await this.request("unlock", { pin });
        unlocked = true;
        this.follow(ok.unlocked_for);
        dialog.close();
      } catch (err) {
        digits = "";
        if (err.code === "bad_pin") {
          say(t("table.pin_wrong"));
          display.classList.remove("pin-display--wrong");
          void display.offsetWidth; // restart the shake
          display.classList.add("pin-display--wrong");
        } else if (err.code === "rate_limited") {
          waitUntil = performance.now() + (err.retry_after || 60) * 1000;
          if (!waitTimer) waitTimer = setInterval(countDown, 1000);
          countDown();
        } else {
          say(errorText(err.code));
        }
        show();
      } finally {
        busy = false;
      }
    };
    const onKey = (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const onKeyButton = document.activeElement && keys.contains(document.activeElement);
      if (/^[0-9]$/.test(ev.key)) {
        ev.preventDefault();
        press(() => add(ev.key))();
        // typed digits: Enter now unlocks (the arrows still move the focus, as on a remote)
        enterKey.focus({ preventScroll: true });
      } else if (ev.key === "Backspace" || ev.key === "Delete") {
        ev.preventDefault();
        press(erase)();
      } else if (ev.key === "Enter" && !onKeyButton) {
        ev.preventDefault();
        press(submit)();
      } else if (BACK.has(ev.key)) {
        ev.preventDefault();
        dialog.close();
      }
    };

    const body = el("div.pin-pad", el("p.pin-help", t("table.pin_help")), display, message, keys);
    const dialog = this.showDialog("pin", {
      title: t("table.pin_title"),
      body,
      className: "dlg-pin",
      // what opened the pad is often gone (a menu): the lock's own button takes the focus
      returnFocus: () => this.box.querySelector("button"),
      onClose: () => {
        document.removeEventListener("keydown", onKey, true);
        if (waitTimer) clearInterval(waitTimer);
        resolve(unlocked);
      },
    });
    document.addEventListener("keydown", onKey, true);
    show();
    keys.querySelector('[data-digit="5"]').focus({ preventScroll: true }); // the middle: fewest steps on a remote
  }
}
