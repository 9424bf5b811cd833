"""The simple computer player: from a view only, play the heaviest fitting tile.

It receives what `view_for` gives its seat and returns one of `view["legal"]`, so it cannot use
anything its seat may not see. The stronger levels live in their own module.
"""
from __future__ import annotations


def _weight(action: dict) -> tuple:
    tile = action.get("play") or action.get("discard")
    if tile is None:
        return (-1, -1)
    a, b = (int(x) for x in tile.split("-"))
    return (a + b, max(a, b))


def heaviest(view: dict) -> dict:
    """The legal action playing (or discarding) the most pips; ties keep the first listed."""
    legal = view["legal"]
    if not legal:
        raise ValueError("this seat has no decision to make")
    plays = [a for a in legal if "play" in a or "discard" in a]
    if not plays:
        done = [a for a in legal if "done" in a]
        return done[0] if done else legal[0]
    if any("play" in a for a in plays) and any("done" in a for a in legal):
        pass  # in a first-turn run keep laying tiles while any fit
    return max(plays, key=_weight)
