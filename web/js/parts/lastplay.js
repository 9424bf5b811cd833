// The round's last play, which every board marks (and drops in the first time it is drawn).
// Pure: no DOM, so node tests it with the line layout (tests/web/test_linelayout.py).
//
//   lastPlay(history)            the last play of the round with its index, or null once a draw,
//                                a pass or a discard came after it
//   const seen = new LastPlaySeen();
//   seen.follow(view)            {last, fresh}: fresh when that play was not drawn before

export function lastPlay(history) {
  for (let i = (history || []).length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.play) return { ...h, index: i };
    if (h.draw || h.pass || "discard" in h) return null;
  }
  return null;
}

/** Remembers the last play a board has drawn, so that only a new one is animated. */
export class LastPlaySeen {
  constructor() {
    this.key = null;
  }

  follow(view) {
    const last = lastPlay(view.history);
    const key = last ? `${view.round}:${last.index}:${last.play}` : null;
    const fresh = !!key && key !== this.key;
    this.key = key;
    return { last, fresh };
  }
}
