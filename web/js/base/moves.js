// Which end of the line a move went to, read from where its tile lies in the view's line (left
// to right): tiles left of the round's first tile were laid on the left end, tiles right of it
// on the right end. A history entry names its end only when the player had to choose one, so a
// sentence about the move takes the end from here. No rule is applied: the line says it.

/** The index in `line` of the round's first tile: the one turned up to start the line (a line
 * tile no history entry played), else the first tile played. -1 when the line is empty. */
function firstTileIndex(line, history) {
  const played = new Set(history.filter((h) => h.play).map((h) => h.play));
  const turnedUp = line.findIndex((e) => !played.has(e.tile));
  if (turnedUp >= 0) return turnedUp;
  const first = history.find((h) => h.play);
  return first ? line.findIndex((e) => e.tile === first.play) : -1;
}

/** The history with each play on the line given its `end` ("left" or "right"; none for the
 * first tile, nor in Mexican Train, where a play names its train). */
export function historyWithEnds(view) {
  const history = (view && view.history) || [];
  const line = view && !view.trains ? view.line || [] : [];
  if (!line.length) return history;
  const first = firstTileIndex(line, history);
  const at = new Map(line.map((e, i) => [e.tile, i]));
  return history.map((h) => {
    if (!h.play || h.end || (h.train !== undefined && h.train !== null) || !at.has(h.play)) return h;
    const i = at.get(h.play);
    if (i === first) return h;
    return { ...h, end: i < first ? "left" : "right" };
  });
}
