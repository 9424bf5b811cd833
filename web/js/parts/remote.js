// Moving round a big screen with a keyboard or a TV remote: the arrow keys move the focus to
// the nearest control in that direction, Enter presses it (and opens a list), Back leaves.

const FOCUSABLE = "button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";
const STEP = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const BACK = new Set(["Escape", "GoBack", "BrowserBack"]);

function visible(node) {
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
}

/** The row of choices (a radio group) a move leaves across: up or down from a row, left or
 * right from a column of them; null when the focused control is in none. */
function lineOf(from, vertical) {
  const group = from.closest('[role="radiogroup"]');
  return group && (group.getAttribute("aria-orientation") === "vertical") !== vertical ? group : null;
}

/** Whether box `b` overlaps box `r` across a move (sideways to it), by more than a pixel. */
function overlaps(b, r, vertical) {
  return (vertical ? Math.min(b.right, r.right) - Math.max(b.left, r.left) : Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top)) > 1;
}

const SAME_LINE = 8; // px: controls this much further on than the nearest are on its line

/**
 * The control nearest to `from` in direction [dx, dy]. From a row of choices up or down (a
 * column of them left or right), the row is one line to the eye: the nearest line of controls
 * that way within the row's width, and on it the control nearest the focused one. From any
 * other control, those overlapping its width (its height) that way first. Among those, or when
 * none, the nearest, weighing the sideways offset more.
 */
function nearest(from, candidates, [dx, dy]) {
  const vertical = !dx;
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2;
  const ay = a.top + a.height / 2;
  const ahead = [];
  for (const node of candidates) {
    if (node === from) continue;
    const b = node.getBoundingClientRect();
    const along = dx ? (dx > 0 ? b.left - a.right : a.left - b.right) : dy > 0 ? b.top - a.bottom : a.top - b.bottom;
    if (along < -4) continue;
    const across = dx ? Math.abs(b.top + b.height / 2 - ay) : Math.abs(b.left + b.width / 2 - ax);
    ahead.push({ node, b, along: Math.max(0, along), across });
  }
  const least = (list, score) => list.reduce((best, c) => (best && score(best) <= score(c) ? best : c), null);
  const line = lineOf(from, vertical);
  if (line) {
    const r = line.getBoundingClientRect();
    const under = ahead.filter((c) => overlaps(c.b, r, vertical));
    if (under.length) {
      const first = Math.min(...under.map((c) => c.along));
      return least(under.filter((c) => c.along <= first + SAME_LINE), (c) => c.across).node;
    }
  }
  const inBand = ahead.filter((c) => overlaps(c.b, a, vertical));
  const best = least(inBand.length ? inBand : ahead, (c) => c.along + 2 * c.across);
  return best && best.node;
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
