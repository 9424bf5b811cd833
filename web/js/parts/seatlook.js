// How a seat looks on the big screen (presentation only, no rule facts): its colour and a
// mark, so two seats are told apart by more than colour alone.

const COLOURS = ["#ffb300", "#4fc3f7", "#ef5350", "#9ccc65", "#ba68c8", "#ff8a65", "#4db6ac", "#f06292", "#e0e0e0", "#7986cb"];
const MARKS = ["●", "▲", "■", "◆", "★", "✚", "⬟", "⬢", "✱", "⬤"];

export function seatColour(i) {
  return COLOURS[i % COLOURS.length];
}

export function seatMark(i) {
  return MARKS[i % MARKS.length];
}
