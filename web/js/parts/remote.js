// Moving round a big screen with a keyboard or a TV remote: the arrow keys move the focus to
// the nearest control in that direction, Enter presses it (and opens a list), Back leaves.

const FOCUSABLE = "button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";
const STEP = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const BACK = new Set(["Escape", "GoBack", "BrowserBack"]);

function visible(node) {
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
}

/** The control nearest to `from` in direction [dx, dy], weighing the sideways offset more. */
function nearest(from, candidates, [dx, dy]) {
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2;
  const ay = a.top + a.height / 2;
  let best = null;
  let bestScore = Infinity;
  for (const node of candidates) {
    if (node === from) continue;
    const b = node.getBoundingClientRect();
    const along = dx ? (dx > 0 ? b.left - a.right : a.left - b.right) : dy > 0 ? b.top - a.bottom : a.top - b.bottom;
    if (along < -4) continue;
    const across = dx ? Math.abs(b.top + b.height / 2 - ay) : Math.abs(b.left + b.width / 2 - ax);
    const score = Math.max(0, along) + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = node;
    }
  }
  return best;
}

/** Typing keys stay with a text field (left and right move its caret). */
function keepsKey(target, key) {
  const text = target.tagName === "INPUT" && !["checkbox", "radio", "button"].includes(target.type);
  return text && (key === "ArrowLeft" || key === "ArrowRight");
}

/** A box that scrolls (a dialog's long text) and has more to show that way: the arrow scrolls
 * it, and moves on only once its end is reached. */
function scrollsFurther(node, [dx, dy]) {
  if (!node || (node.scrollHeight <= node.clientHeight + 1 && node.scrollWidth <= node.clientWidth + 1)) return false;
  const s = getComputedStyle(node);
  if (!/auto|scroll/.test(s.overflowY + s.overflowX)) return false;
  if (dy > 0) return node.scrollTop + node.clientHeight < node.scrollHeight - 1;
  if (dy < 0) return node.scrollTop > 0;
  if (dx > 0) return node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
  return node.scrollLeft > 0;
}

/** Listen on the document; onBack() runs on Escape/Back when no dialog is open. */
export function attachRemote({ onBack = () => {} } = {}) {
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const scope = [...document.querySelectorAll(".backdrop")].pop() || document.body;
    const active = document.activeElement;
    if (BACK.has(ev.key)) {
      if (scope === document.body) onBack();
      return;
    }
    if (ev.key === "Enter" && active && active.tagName === "SELECT" && active.showPicker) {
      ev.preventDefault();
      try {
        active.showPicker();
      } catch {
        /* not allowed here: the arrows still move on */
      }
      return;
    }
    const step = STEP[ev.key];
    if (!step || (active && keepsKey(active, ev.key))) return;
    if (active && active.matches("[tabindex]") && scrollsFurther(active, step)) return; // the browser scrolls it
    const candidates = [...scope.querySelectorAll(FOCUSABLE)].filter(visible);
    if (!candidates.length) return;
    const from = active && scope.contains(active) && active !== document.body ? active : null;
    const next = from ? nearest(from, candidates, step) : candidates[0];
    if (!next) return;
    ev.preventDefault();
    next.focus();
  });
}
