// Pass-and-play on the table's own screen (tableview.js places it under the board): the hand of
// the device seat whose decision is pending, behind a cover when several people share the device.
//
//   const device = new DeviceHand(element, screen)   screen: the TableScreen (net, frame, root)
//   device.render(frame)      after every frame;  device.hand: its HandPanel
//   device.active, device.seat   whether a device seat decides now, and which

import { t } from "../i18n.js";
import { el, clear, announce } from "../base/dom.js";
import { seatName } from "../base/words.js";
import { playModeFor } from "../base/prefs.js";
import { HandPanel } from "./handpanel.js";

/** Pass-and-play: the hand of the device seat whose decision is pending, behind a cover. With
 * several people on this device a hand shows only after its player taps the cover, and leaves
 * the page as soon as that player has acted; computer turns in between show the table alone.
 * With one person (the rest computers) their hand stays, minus the tiles they laid since. */
export class DeviceHand {
  constructor(root, screen) {
    this.root = root;
    this.screen = screen;
    this.seat = null; // seat whose hand is on screen
    this.lastView = null; // the last seat view shown (to keep the hand visible while computers play)
    this.active = false;
    this.actedOn = null; // the version this hand's last action was sent on
    this.lastActor = null; // the seat that acted last on this device
    this.cover = el("button.handover", { type: "button", onclick: () => this.reveal() });
    this.panelBox = el("div.device-panel");
    this.root.append(this.cover, this.panelBox);
    this.hand = new HandPanel(this.panelBox, {
      send: (action) => this.act(action),
      hint: () => screen.net.request("hint", { seat: this.seat, version: screen.frame.version }),
      mode: () => playModeFor(screen.frame && screen.frame.view),
      onBoard: () => screen.renderBoard(),
      tileSize: () => this.tileSize(),
      area: () => screen.boardBox,
    });
    this.cover.hidden = true;
    this.coverSaid = null; // the handover whose cover was announced
  }

  act(action) {
    const version = this.screen.frame.version;
    this.lastSent = action;
    this.actedOn = version;
    this.lastActor = this.seat;
    return this.screen.net.request("act", { action: { ...action, seat: this.seat }, version }).then(
      (ok) => {
        if (this.shared) this.render(this.screen.frame);
        return ok;
      },
      (err) => {
        this.actedOn = null;
        throw err;
      },
    );
  }

  /** Several people play on this device: no hand may stay in sight of the next one. */
  get shared() {
    const f = this.screen.frame;
    return !!f && this.deviceSeats(f.room).length > 1;
  }

  tileSize() {
    const w = this.root.clientWidth || window.innerWidth;
    const h = window.innerHeight;
    const n = this.lastView && this.lastView.hand ? Math.max(7, this.lastView.hand.length) : 7;
    const byW = (w - 40) / Math.min(n, 10) / 1.2;
    return Math.max(30, Math.min(62, byW, h * 0.085));
  }

  deviceSeats(room) {
    return room.seats.filter((s) => s.kind === "device").map((s) => s.seat);
  }

  hide() {
    this.hand.clear();
    this.seat = null;
    this.lastView = null;
    this.active = false;
  }

  reveal() {
    const f = this.screen.frame;
    if (!f || f.device_seat === null || f.device_seat === undefined) return;
    this.seat = f.device_seat;
    this.render(f);
    this.focusFirst();
  }

  focusFirst() {
    const first = this.panelBox.querySelector(".hand-tile--fits, .hand-tile, button");
    if (first) first.focus({ preventScroll: true });
  }

  render(frame) {
    const room = frame.room;
    const v = frame.view;
    const devices = this.deviceSeats(room);
    this.root.hidden = devices.length === 0;
    if (!devices.length) {
      this.hide();
      return;
    }
    if (!v || v.phase !== "play") {
      this.hide();
      this.setCovered(false);
      this.screen.root.classList.remove("device-turn");
      return;
    }
    if (this.actedOn !== null && frame.version > this.actedOn) {
      this.actedOn = null;
      if (devices.length > 1) this.hide(); // the move is made: the hand leaves at once
    }
    const ds = frame.device_seat;
    const pending = ds !== null && ds !== undefined;
    if (pending && ds !== this.seat) {
      if (devices.length > 1) {
        this.showCover(ds, room);
        return;
      }
      this.seat = ds; // one person on this device: no handover
    }
    this.setCovered(false);
    if (pending) this.showTurn(frame, devices);
    else this.showBetweenTurns(v, room, frame.version, devices);
  }

  setCovered(on) {
    this.cover.hidden = !on;
    this.root.classList.toggle("device-hand--covered", on);
  }

  /** Handover: nothing of the previous hand stays in the page until the next person taps. */
  showCover(ds, room) {
    this.hide();
    this.setCovered(true);
    clear(this.cover);
    const name = seatName(room, ds);
    const title = ds === this.lastActor ? t("hand.handover_again", { name }) : t("hand.handover", { name });
    this.cover.append(el("span.handover-title", title), el("small", t("hand.handover_hidden")));
    this.cover.dataset.seat = String(ds);
    this.screen.root.classList.add("device-turn");
    // each handover is said once, and the cover takes the focus the move's control had
    const v = this.screen.frame.view;
    const key = `${v.round}:${(v.history || []).length}:${ds}`;
    if (this.coverSaid !== key) {
      this.coverSaid = key;
      announce(title);
    }
    const a = document.activeElement;
    if (!a || a === document.body || !document.contains(a) || this.root.contains(a) || this.screen.boardBox.contains(a)) this.cover.focus({ preventScroll: true });
  }

  /** The device seat on screen decides now. */
  showTurn(frame, devices) {
    this.active = true;
    this.lastView = frame.device_view;
    this.hand.owner = devices.length > 1 ? seatName(frame.room, this.seat) : null;
    this.screen.root.classList.add("device-turn");
    this.hand.render({ ...frame.device_view, version: frame.version }, frame.room);
    // the turn comes with the focus nowhere (a new screen, a computer's move): the hand takes it
    const a = document.activeElement;
    if (!a || a === document.body) this.focusFirst();
  }

  /** Someone else (a computer, a phone) plays: the table alone, or, with one person on this
   * device, their hand minus the tiles they have laid since (nothing else is known or shown). */
  showBetweenTurns(v, room, version, devices) {
    this.screen.root.classList.remove("device-turn");
    this.active = false;
    if (devices.length > 1) this.hide();
    if (this.seat === null || !this.lastView) {
      this.hand.clear();
      const turnName = v.turn !== null && v.turn !== undefined ? seatName(room, v.turn) : "";
      this.hand.status.textContent = turnName ? t("hand.waiting_for", { name: turnName }) : "";
      return;
    }
    const played = new Set();
    for (const h of (v.history || []).slice((this.lastView.history || []).length)) {
      if (h.seat !== this.seat) continue;
      if (h.play) played.add(h.play);
      if ("discard" in h && this.lastSent && this.lastSent.discard) played.add(this.lastSent.discard);
    }
    const hand = (this.lastView.hand || []).filter((x) => !played.has(x));
    this.hand.owner = devices.length > 1 ? seatName(room, this.seat) : null;
    this.hand.render({ ...v, seat: this.seat, hand, own_discards: this.lastView.own_discards, legal: [], legal_places: [], version }, room);
  }
}

