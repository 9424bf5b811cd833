// Small DOM helpers for every page: the element builder, icons, the live region and toasts.
// No game rules and no words of the game here.

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
    for (const [k, v] of Object.entries(attrs)) setAttr(node, k, v);
  }
  append(node, children);
  return node;
}

function setAttr(node, k, v) {
  if (v === undefined || v === null || v === false) return;
  if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
  else if (k === "text") node.textContent = v;
  else if (k === "html") node.innerHTML = v;
  else if (k === "dataset") Object.assign(node.dataset, v);
  else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
  // through the CSSOM: the Content-Security-Policy refuses style attributes (no 'unsafe-inline')
  else if (k === "style") node.style.cssText = String(v);
  else node.setAttribute(k, v === true ? "" : String(v));
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

/** Makes `parent`'s children the `items` in order ([key, make] pairs, keys unique), reusing the
 * nodes it made before for the same keys (`nodes`: a Map key -> node, kept up to date): a list
 * that gains or loses one item changes one node, and the others are not styled again. */
export function keyedChildren(parent, nodes, items) {
  const want = new Set(items.map(([key]) => key));
  for (const [key, node] of nodes) {
    if (!want.has(key)) {
      node.remove();
      nodes.delete(key);
    }
  }
  let cur = parent.firstChild;
  for (const [key, make] of items) {
    let node = nodes.get(key);
    if (!node) nodes.set(key, (node = make()));
    if (node === cur) cur = cur.nextSibling;
    else parent.insertBefore(node, cur);
  }
}

/** Short text for the eye and whole words for a screen reader: an aria-label on a span or a div
 * is dropped by screen readers (they have no role to name), so the words go in their own text. */
export function spoken(shown, words) {
  return [el("span", { "aria-hidden": "true" }, shown), el("span.sr-only", words)];
}

/** A selector that finds a control again after its box is drawn anew: its tag, its first own
 * class (not the shared button look) and its data-* attributes. */
function sameControl(node) {
  const cls = [...node.classList].find((c) => c !== "btn" && !c.startsWith("btn--"));
  const data = Object.entries(node.dataset).map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}="${CSS.escape(v)}"]`);
  return `${node.tagName.toLowerCase()}${cls ? "." + CSS.escape(cls) : ""}${data.join("")}`;
}

/** Draw a box anew without dropping the focus to the page: the control that had it (or, when it
 * is gone, `fallback()`) gets it back. */
export function keepingFocus(box, redraw, fallback = null) {
  const a = document.activeElement;
  const key = a && a !== box && box.contains(a) ? sameControl(a) : null;
  redraw();
  if (!key || box.contains(document.activeElement)) return;
  const n = box.querySelector(key) || (fallback && fallback());
  if (n) n.focus({ preventScroll: true });
}

/** A box that scrolls can be scrolled from the keyboard: it takes the focus while it scrolls
 * (either way). Returns the end of the watch. */
export function scrollableByKeyboard(body) {
  // touched only when it changes (set again, it styles and paints the page again)
  const follow = () => {
    const scrolls = body.scrollHeight > body.clientHeight || body.scrollWidth > body.clientWidth;
    if (scrolls && body.getAttribute("tabindex") !== "0") body.setAttribute("tabindex", "0");
    else if (!scrolls && body.hasAttribute("tabindex")) body.removeAttribute("tabindex");
  };
  const resized = new ResizeObserver(follow);
  resized.observe(body);
  const changed = new MutationObserver(follow);
  changed.observe(body, { childList: true, subtree: true });
  follow();
  return () => {
    resized.disconnect();
    changed.disconnect();
  };
}

/** The one element of a kind the page keeps in <body> (live region, toast box), made on first use. */
function bodyBox(selector, make) {
  let box = document.querySelector(selector);
  if (!box) {
    box = make();
    document.body.append(box);
  }
  return box;
}

export function announce(text) {
  if (!text) return;
  const live = bodyBox("#live", () => el("div.sr-only#live", { "aria-live": "polite", role: "status" }));
  // each message is a new line (read once); only the last few stay
  live.append(el("p", text));
  while (live.childNodes.length > 4) live.firstChild.remove();
}

export function toast(text, kind = "info", ms = 3200) {
  if (!text) return;
  const box = bodyBox(".toasts", () => el("div.toasts", { "aria-live": "assertive" }));
  const item = el(`div.toast.toast--${kind}`, { role: kind === "error" ? "alert" : "status" }, text);
  box.append(item);
  setTimeout(() => item.classList.add("toast--out"), ms);
  setTimeout(() => item.remove(), ms + 400);
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
  play: '<path d="M8 5l11 7-11 7z"/>',
  first: '<line x1="5" y1="5" x2="5" y2="19"/><path d="M12 5l-7 7 7 7M19 5l-7 7 7 7"/>',
  back: '<path d="M15 5l-8 7 8 7z"/><line x1="19" y1="5" x2="19" y2="19"/>',
  forward: '<path d="M9 5l8 7-8 7z"/><line x1="5" y1="5" x2="5" y2="19"/>',
  last: '<line x1="19" y1="5" x2="19" y2="19"/><path d="M12 5l7 7-7 7M5 5l7 7-7 7"/>',
  list: '<line x1="8" y1="6" x2="20" y2="6"/><line x1="8" y1="12" x2="20" y2="12"/><line x1="8" y1="18" x2="20" y2="18"/><circle cx="4" cy="6" r="0.6"/><circle cx="4" cy="12" r="0.6"/><circle cx="4" cy="18" r="0.6"/>',
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
