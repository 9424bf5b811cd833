// A dialog on a TV shows whole: a TV has no mouse to scroll it. Everything in a fitted dialog is
// sized in em, so one factor (--fit, on the dialog's backdrop) shrinks it all alike; a second one
// (--give) shrinks only the parts that matter least (drawn tiles, the score sheet, the chart,
// the small print), which give way before the names do.

const MIN_FIT = 0.45; // the last resort, below the readable floor: cut off is worse than small
const GIVE_FIRST = 0.8; // how far the lesser parts give way before anything else shrinks
const MIN_GIVE = 0.5;
const READABLE_PX = 12; // the smallest text read from a sofa, per 720 lines of screen

/** Whether the body (and every box in it that would scroll sideways) shows whole. */
function fits(body, wide) {
  if (body.scrollHeight > body.clientHeight + 1 || body.scrollWidth > body.clientWidth + 1) return false;
  return [...body.querySelectorAll(wide)].every((n) => n.scrollWidth <= n.clientWidth + 1);
}

/** The largest value in [lo, hi] at which the body fits, set; lo when even that does not. */
function settle(set, lo, hi, body, wide) {
  set(lo);
  if (!fits(body, wide)) return false;
  set(hi);
  if (fits(body, wide)) return true;
  for (let i = 0; i < 7; i++) {
    const mid = (lo + hi) / 2;
    set(mid);
    if (fits(body, wide)) lo = mid;
    else hi = mid;
  }
  set(lo);
  return true;
}

/** The --fit under which `readable` text would fall below READABLE_PX per 720 lines. */
function readableFloor(root, readable) {
  const node = readable && root.querySelector(readable);
  if (!node) return MIN_FIT;
  const px = parseFloat(getComputedStyle(node).fontSize); // at --fit 1
  return Math.min(1, Math.max(MIN_FIT, Math.ceil((1000 * READABLE_PX * innerHeight) / 720 / px) / 1000));
}

/**
 * Shrinks the dialog's contents until its body overflows no more: first the lesser parts a
 * little, then everything down to where `readable` text is still read from a sofa, then the
 * lesser parts further, and only then, so that nothing is cut off, everything below that.
 * `wide`: boxes inside that would otherwise scroll sideways. Returns {fit, give}.
 */
export function fitDialog(root, { readable = null, wide = ".score-sheet-box" } = {}) {
  const body = root && root.querySelector(".dialog-body");
  if (!body) return { fit: 1, give: 1 };
  const state = { fit: 1, give: 1 };
  const fit = (v) => {
    v = Math.round(v * 1000) / 1000; // what is measured is what stays set
    state.fit = v;
    root.style.setProperty("--fit", v.toFixed(3));
  };
  const give = (v) => {
    v = Math.round(v * 1000) / 1000;
    state.give = v;
    root.style.setProperty("--give", v.toFixed(3));
  };
  fit(1);
  give(1);
  if (fits(body, wide)) return state;
  const floor = readableFloor(root, readable);
  const stages = [
    () => settle(give, GIVE_FIRST, 1, body, wide),
    () => settle(fit, floor, 1, body, wide),
    () => settle(give, MIN_GIVE, GIVE_FIRST, body, wide),
    () => settle(fit, MIN_FIT, floor, body, wide),
  ];
  for (const stage of stages) if (stage()) break;
  return state;
}
