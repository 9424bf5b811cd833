// Modal panels: one dialog with a title, a body and buttons; a yes/no question.

import { t } from "../i18n.js";
import { el, scrollableByKeyboard } from "./dom.js";

// What stays outside a modal panel yet alive: the live region, the toasts, the network bar.
const ALIVE = "#live, .toasts, .netbar";

/** Everything else in <body> is made inert while the panel is open (the browser's own `inert`:
 * neither focus nor a screen reader's cursor can leave the panel). Returns the undo. */
function inertBehind(root) {
  const made = [...document.body.children].filter((n) => n !== root && !n.inert && !n.matches(ALIVE) && n.tagName !== "SCRIPT");
  for (const n of made) n.inert = true;
  return () => {
    for (const n of made) n.inert = false;
  };
}

// Escape on a keyboard, Back on a TV remote
const CLOSE_KEYS = new Set(["Escape", "GoBack", "BrowserBack"]);

const TABBABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]";

/** Tab past the panel's last control comes back to its first (and Shift+Tab the other way),
 * instead of leaving the page for the browser's own bar. */
function tabRound(panel, ev) {
  const stops = [...panel.querySelectorAll(TABBABLE)].filter((n) => n.tabIndex >= 0 && n.getClientRects().length);
  if (!stops.length) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const at = document.activeElement;
  if (ev.shiftKey && (at === first || !panel.contains(at))) {
    ev.preventDefault();
    last.focus();
  } else if (!ev.shiftKey && (at === last || !panel.contains(at))) {
    ev.preventDefault();
    first.focus();
  }
}

/**
 * A modal panel. Returns {root, close}. onClose runs once when it closes (button, Escape or a
 * remote's Back, backdrop). Focus goes to its first button and cannot leave the panel while it is open; on
 * closing it goes back where it was, or, when that is gone, to returnFocus() (when given).
 */
export function openDialog({ title, body, className = "", onClose, actions = [], wide = false, returnFocus = null }) {
  const prev = document.activeElement;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    unInert();
    unWatch();
    root.remove();
    document.removeEventListener("keydown", onKey, true);
    if (onClose) onClose();
    if (document.activeElement && document.activeElement !== document.body && document.contains(document.activeElement)) return;
    const back = prev && prev !== document.body && prev.focus && document.contains(prev) ? prev : returnFocus ? returnFocus() : null;
    if (back) back.focus();
  };
  const onKey = (ev) => {
    if (CLOSE_KEYS.has(ev.key)) {
      ev.preventDefault();
      ev.stopPropagation();
      close();
    } else if (ev.key === "Tab") {
      tabRound(panel, ev);
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
  const unInert = inertBehind(root);
  const unWatch = scrollableByKeyboard(panel.querySelector(".dialog-body"));
  // the panel's own action first (a remote's Enter goes on, not away), the close button last
  const first = panel.querySelector(".dialog-foot button") || panel.querySelector(".dialog-body button") || panel.querySelector(".dialog-x");
  if (first) first.focus({ preventScroll: true });
  return { root, panel, close };
}

/** Asks first; resolves true on yes. `yes`: the word of the button that goes ahead (default OK).
 * Its panel is a `.dlg-ask` (the table screen sizes it for the sofa). */
export function confirmDialog(title, text, yes = null) {
  return new Promise((resolve) => {
    let answer = false;
    const d = openDialog({
      title,
      body: el("p", text),
      className: "dlg-ask",
      onClose: () => resolve(answer),
      actions: [
        el("button.btn", { type: "button", onclick: () => d.close() }, t("hand.cancel")),
        el("button.btn.btn--primary", { type: "button", onclick: () => { answer = true; d.close(); } }, yes || t("app.ok")),
      ],
    });
  });
}
