// Small DOM helpers shared by the three pages: element builder, toasts, dialogs, the live
// region, names and move descriptions. No game rules here.

import { t, tileName, has } from "./i18n.js";

/** el("div.cls#id", {attrs}, children...) */
export function el(spec, attrs, ...children) {
  const m = /^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i.exec(spec);
  const node = document.createElement((m && m[1]) || "div");
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g) || []) {
      if (part[0] === ".") node.classList.add(part.slice(1));
      else node.id = part.slice(1);
    }
  }
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
      else if (k === "text") node.textContent = v;
      else if (k === "html") node.innerHTML = v;
      else if (k === "dataset") Object.assign(node.dataset, v);
      else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export const $ = (sel, root = document) => root.querySelector(sel);

// -- live region, toasts ---------------------------------------------------------------------

let live = null;
export function announce(text) {
  if (!text) return;
  if (!live) {
    live = el("div.sr-only#live", { "aria-live": "polite", role: "status" });
    document.body.append(live);
  }
  // replace the text node so repeated messages are read again
  live.textContent = "";
  setTimeout(() => {
    live.textContent = text;
  }, 30);
}

let toastBox = null;
export function toast(text, kind = "info", ms = 3200) {
  if (!text) return;
  if (!toastBox) {
    toastBox = el("div.toasts", { "aria-live": "assertive" });
    document.body.append(toastBox);
  }
  const item = el(`div.toast.toast--${kind}`, { role: kind === "error" ? "alert" : "status" }, text);
  toastBox.append(item);
  setTimeout(() => item.classList.add("toast--out"), ms);
  setTimeout(() => item.remove(), ms + 400);
}

export function errorText(code) {
  if (!code) return t("error.unknown", { code: "?" });
  const key = `error.${code}`;
  return has(key) ? t(key) : t("error.unknown", { code });
}

// -- dialogs -----------------------------------------------------------------------------------

/**
 * A modal panel. Returns {root, close}. onClose runs once when it closes (button, Escape,
 * backdrop). The panel traps nothing fancy: focus goes to its first button.
 */
export function openDialog({ title, body, className = "", onClose, actions = [], wide = false }) {
  const prev = document.activeElement;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    root.remove();
    document.removeEventListener("keydown", onKey, true);
    if (onClose) onClose();
    if (prev && prev.focus && document.contains(prev)) prev.focus();
  };
  const onKey = (ev) => {
    if (ev.key === "Escape") {
      ev.preventDefault();
      ev.stopPropagation();
      close();
    }
  };
  const titleId = `dlg-${Math.random().toString(36).slice(2, 8)}`;
  const panel = el(
    `section.dialog${wide ? ".dialog--wide" : ""}`,
    { role: "dialog", "aria-modal": "true", "aria-labelledby": titleId },
    el("header.dialog-head", el("h2", { id: titleId }, title || ""), el("button.btn.btn--icon.dialog-x", { type: "button", "aria-label": t("app.close"), onclick: close }, "×")),
    el("div.dialog-body", body),
    actions.length ? el("footer.dialog-foot", actions) : null,
  );
  const root = el(`div.backdrop${className ? "." + className.split(" ").join(".") : ""}`, panel);
  root.addEventListener("click", (ev) => {
    if (ev.target === root) close();
  });
  document.addEventListener("keydown", onKey, true);
  document.body.append(root);
  const first = panel.querySelector(".dialog-foot button, .dialog-body button, .dialog-x");
  if (first) first.focus({ preventScroll: true });
  return { root, panel, close };
}

export function confirmDialog(title, text) {
  return new Promise((resolve) => {
    let answer = false;
    const d = openDialog({
      title,
      body: el("p", text),
      onClose: () => resolve(answer),
      actions: [
        el("button.btn", { type: "button", onclick: () => d.close() }, t("hand.cancel")),
        el("button.btn.btn--primary", { type: "button", onclick: () => { answer = true; d.close(); } }, t("app.ok")),
      ],
    });
  });
}

// -- names and moves ---------------------------------------------------------------------------

export function seatName(room, seat) {
  const s = room && room.seats ? room.seats[seat] : null;
  if (s && s.name) {
    if (s.kind === "computer" && s.name === "Computer") return `${t("app.computer")} ${seat + 1}`;
    return s.name;
  }
  if (s && s.kind === "computer") return `${t("app.computer")} ${seat + 1}`;
  return t("app.player_default", { n: seat + 1 });
}

export function trainName(train, room, mySeat) {
  if (train === "mexican") return t("table.mexican_train");
  if (mySeat !== null && mySeat !== undefined && train === mySeat) return t("hand.train_own");
  return t("table.train_of", { name: seatName(room, train) });
}

/** A sentence for one history entry ("Ana played six-four on the left end"). */
export function describeMove(entry, room, mySeat) {
  const name = mySeat === entry.seat ? t("app.you") : seatName(room, entry.seat);
  if (entry.play) {
    const tile = tileName(entry.play);
    if (entry.train !== undefined && entry.train !== null) {
      return t("aria.played_train", { name, tile, train: trainName(entry.train, room, mySeat) });
    }
    if (entry.end === "left") return t("aria.played_left", { name, tile });
    if (entry.end === "right") return t("aria.played_right", { name, tile });
    return t("aria.played", { name, tile });
  }
  if (entry.draw) return t("aria.drew", { name });
  if (entry.pass) return t("aria.passed", { name });
  if ("discard" in entry) return t("aria.discarded", { name });
  if (entry.done) return t("aria.done", { name });
  if ("opener" in entry) return t("table.leads", { name: seatName(room, entry.opener) });
  return "";
}

export function profileName(profile) {
  return profile ? t(`profile.${profile}.name`) : "";
}

export function pips(tile) {
  const [a, b] = tile.split("-").map(Number);
  return a + b;
}

export function tileNums(tile) {
  return tile.split("-").map(Number);
}

/** Remembered values on this device. */
export const store = {
  get(key, fallback = null) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage blocked */
    }
  },
  del(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage blocked */
    }
  },
};

/** A labelled language <select> that switches this device's language. */
export function languageSelect(SUPPORTED, current, onPick) {
  const sel = el("select.lang-select", { "aria-label": t("app.language") });
  for (const lang of SUPPORTED) {
    const o = el("option", { value: lang }, t(`app.language_name.${lang}`));
    if (lang === current) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener("change", () => onPick(sel.value));
  return sel;
}
