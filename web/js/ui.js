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
  // each message is a new line (read once); only the last few stay
  live.append(el("p", text));
  while (live.childNodes.length > 4) live.firstChild.remove();
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

// Small line icons drawn in SVG (no emoji font is needed on a Pi or an old phone).
const ICONS = {
  phone: '<rect x="7" y="2" width="10" height="20" rx="2"/><line x1="11" y1="18.5" x2="13" y2="18.5"/>',
  computer: '<rect x="5" y="7" width="14" height="12" rx="3"/><line x1="12" y1="3" x2="12" y2="7"/><circle cx="9.5" cy="12.5" r="1.3"/><circle cx="14.5" cy="12.5" r="1.3"/><line x1="9" y1="16" x2="15" y2="16"/>',
  person: '<circle cx="12" cy="8" r="4"/><path d="M4 21c1-5 4.5-7 8-7s7 2 8 7"/>',
  lock: '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/>',
  train: '<rect x="5" y="4" width="14" height="13" rx="3"/><line x1="5" y1="11" x2="19" y2="11"/><path d="M8 21l2-4M16 21l-2-4"/>',
  trophy: '<path d="M8 4h8v5a4 4 0 0 1-8 0z"/><path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4"/><line x1="12" y1="13" x2="12" y2="17"/><line x1="8" y1="20" x2="16" y2="20"/>',
  pause: '<line x1="9" y1="5" x2="9" y2="19"/><line x1="15" y1="5" x2="15" y2="19"/>',
  download: '<path d="M12 4v11M7 10l5 5 5-5"/><line x1="5" y1="20" x2="19" y2="20"/>',
  warn: '<path d="M12 3l10 18H2z"/><line x1="12" y1="10" x2="12" y2="14"/><circle cx="12" cy="17.5" r="0.6"/>',
  fit: '<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"/>',
};

export function icon(name, label = null) {
  const span = document.createElement("span");
  span.className = `icon icon--${name}`;
  if (label) {
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", label);
  } else span.setAttribute("aria-hidden", "true");
  span.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${ICONS[name] || ""}</svg>`;
  return span;
}
