// How a seat looks on the big screen (presentation only, no rule facts): its colour and a
// mark, so two seats are told apart by more than colour alone.

// each reads at 4.5:1 at least as text on the dialogs' panel (#0d2f22): a name in the score sheet
const COLOURS = ["#ffb300", "#4fc3f7", "#ff6e66", "#9ccc65", "#ce93d8", "#ff8a65", "#4db6ac", "#f06292", "#e0e0e0", "#9fa8da"];
const MARKS = ["●", "▲", "■", "◆", "★", "✚", "⬟", "⬢", "✱", "⬤"];

export function seatColour(i) {
  return COLOURS[i % COLOURS.length];
}

export function seatMark(i) {
  return MARKS[i % MARKS.length];
}
