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
    if not plays:  # draw, pass, done or naming an opener: the first offered
        return legal[0]
    return max(plays, key=_weight)  # in a first-turn run: keeps laying tiles while any fit
