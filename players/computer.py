"""Computer players and hints that never peek.

    action, reason = players.choose(view, level, seed)
    action, reason = players.hint(view, seed)        # the hard level's choice

`view` is `engine.view_for(state, seat)` for the seat whose decision is pending: a plain dict.
Anything else (a `State`, the table's view, a view without a decision) is refused, so a computer
seat cannot decide from information its seat may not see. Hidden tiles are sampled from the view
alone (`world.Knowledge`), and the search runs on hypothetical states built from those samples.

`action` is one of `view["legal"]` (a fresh dict); `reason` is `{"key": "hint.heaviest",
"params": {"tile": "6-5"}}`, a key of locales/*.json with its parameters.

Levels: `easy` (a noisy heuristic), `medium` (the seed's strategy with a few sampled playouts),
`hard` (sampled worlds, heuristic playouts, exact search near the end of a round; in a train
game a planner of the longest train checked by playouts). The random stream comes only from
`seed` (mixed with the public position), never from the dealer's stream; budgets are counted in
iterations, never in seconds, so a choice does not depend on how busy the machine is.
"""

from __future__ import annotations

import random

from . import play
from .reasons import reason as _reason
from .world import Knowledge, ViewError

LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
ALIASES = {"normal": "medium", "beginner": "easy", "expert": "hard"}


def _check(view) -> None:
    if type(view) is not dict:
        raise ViewError(
            "the computer decides from a seat's view (a plain dict from view_for), "
            f"not from {type(view).__name__}"
        )
    if view.get("seat") is None or view.get("hand") is None:
        raise ViewError("the table's view has no hand: give the view of the seat to act")
    if view.get("phase") != "play" or view.get("turn") != view.get("seat") or not view.get("legal"):
        raise ViewError("this seat has no decision to make")


def _rng(view, level, seed) -> random.Random:
    # the seed, the level and public facts of the position (never anything hidden)
    return random.Random(f"domino-ai/1:{seed}:{level}:{view['round']}:{view['seat']}:{len(view['history'])}")


def choose(view: dict, level: str = "medium", seed: int = 0, budget: int | None = None):
    """The action for the seat to act, from its view only, and the reason for it. `budget`
    (playouts per decision) overrides the level's default; tests use small ones."""
    action, why, _ = decide(view, level, seed, budget)
    return action, why


def decide(view: dict, level: str = "medium", seed: int = 0, budget: int | None = None):
    """`choose`, with the `play.Decision` behind it (what the search found, which the reason's
    claims are checked against: `players.claims`)."""
    _check(view)
    level = ALIASES.get(level, level)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    K = Knowledge(view)
    rng = _rng(view, level, seed)
    legal = view["legal"]
    if len(legal) == 1:
        decision = play.Decision(0)
    elif level == "easy":
        decision = play.choose_easy(K, rng)
    elif level == "medium":
        decision = play.choose_medium(K, rng, budget)
    else:
        decision = play.choose_hard(K, rng, budget)
    action = dict(legal[decision.index])
    return action, _reason(K, action, decision), decision


def hint(view: dict, seed: int = 0, budget: int | None = None):
    """The best move for a human seat with a one-line reason: the hard level's choice."""
    return choose(view, "hard", seed, budget)
