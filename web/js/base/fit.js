// A dialog on a TV shows whole: a TV has no mouse to scroll it. Everything in a fitted dialog is
// sized in em, so one factor (--fit, on the dialog's backdrop) shrinks it all alike.

const MIN_FIT = 0.45;

/** Shrinks the dialog's contents until its body overflows no more (or to MIN_FIT). */
export function fitDialog(root) {
  const body = root && root.querySelector(".dialog-body");
  if (!body) return 1;
  root.style.setProperty("--fit", "1");
  let fit = 1;
  // the body's height grows a little as the head shrinks: a few proportional steps settle it
  for (let i = 0; i < 8 && body.scrollHeight > body.clientHeight + 1 && fit > MIN_FIT; i++) {
    fit = Math.max(MIN_FIT, fit * Math.min(0.97, body.clientHeight / body.scrollHeight));
    root.style.setProperty("--fit", fit.toFixed(3));
  }
  return fit;
}
