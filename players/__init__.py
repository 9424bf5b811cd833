"""The computer players: a client of the engine's public API that decides from a seat's view.

    from players import choose, hint, heaviest
    action, reason = choose(engine.view_for(state, seat), "medium", seed)

`computer.py` picks a level's player, `world.py` samples hidden tiles from the view, `play.py`
holds the strategies and the search, `reasons.py` the one-line reasons and `claims.py` the
checker of each reason's claim, `heaviest.py` the baseline player, `view.py` the type of the view
they read; `sameinfo.py`, `bench.py` and `hintcheck.py` check and measure them. A profile is read
through the view and its data row and hooks (`engine.profiles`), never by its name. See
docs/AI.md.
"""

from .computer import ALIASES, DEFAULT_LEVEL, LEVELS, choose, hint
from .heaviest import heaviest
from .world import ViewError

__all__ = ["ALIASES", "DEFAULT_LEVEL", "LEVELS", "ViewError", "choose", "heaviest", "hint"]
