// Presentation preferences remembered on this device (not rules).

import { store, text } from "./storage.js";

// One tap plays, or a tap previews and a second confirms: the profile's default comes with the
// view (`play_default`, RULES.md "Conduct of play"); a player's choice is remembered per profile.
export function playModeFor(view) {
  const profile = view && view.profile;
  const saved = store.get("domino.playmode", {}) || {};
  if (profile && (saved[profile] === "tap" || saved[profile] === "preview")) return saved[profile];
  return (view && view.play_default) || "tap";
}

export function setPlayMode(profile, mode) {
  const saved = store.get("domino.playmode", {}) || {};
  saved[profile] = mode;
  store.set("domino.playmode", saved);
}

/** Vibrate when it becomes this phone's turn (on by default). */
export function vibrateOn() {
  return store.get("domino.vibrate", true);
}

export function setVibrate(on) {
  store.set("domino.vibrate", on);
}

/** The order of the tiles in one's hand: "dealt", "suit" or "weight" (display only). */
export function handOrder() {
  const o = store.get("domino.handorder", "dealt");
  return ["dealt", "suit", "weight"].includes(o) ? o : "dealt";
}

export function setHandOrder(order) {
  store.set("domino.handorder", order);
}

/** The room this phone last took a seat in: the home-screen icon (/join?home=1) goes back there. */
export function lastSeatRoom() {
  return text.get("domino.phone.room");
}

export function rememberSeatRoom(room) {
  text.set("domino.phone.room", room);
}

/** A phone, not a table screen: a touch screen whose short side is a phone's (under 480 CSS px;
 * the Pi's 7-inch touch display is 800x480 and stays a table). */
export function looksLikePhone() {
  const coarse = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  return coarse && Math.min(screen.width, screen.height) < 480;
}

/** A chime when it becomes this phone's turn (on by default). */
export function soundOn() {
  return store.get("domino.sound", true);
}

export function setSound(on) {
  store.set("domino.sound", on);
}
