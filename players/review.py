"""The hard player's review of a choice a seat made, judged from that seat's own view at that
moment: what it could know then, never the hands the round later showed.

    judge(view, made, seed=0, budget=None) -> dict

The search is hard's (`play.choose_hard`, the stream of `computer.decide`), with the action the
seat took compared too, in the same sampled worlds. The answer:

- `preferred`: the action hard prefers (one of `view["legal"]`); `agree`: it is `made`;
- `gain`: how much better the search expects `preferred` than `made` (the difference of their
  mean playout values), `unit` and `amount`: that difference as a player reads it (`GAINS`:
  points of winning chance, or pips in a game where every seat scores its own pips), `costly`:
  `amount` at least the unit's `COSTLY`;
- `reason`: why `preferred` rather than `made`, a hint reason (`reasons.py`) whose claim holds
  (`claims.CHECKS`) with `made` as the runner-up, or None when none holds (nothing unchecked is
  said); `estimate`: the sentence of the gain, checked by `estimate_holds`;
- `search`: the values the two were compared by (`values`, `playouts`: [preferred, made]), so a
  reader can check every claim again (`search_of`).

Each sentence of the review is a key of locales/*.json with its parameters, as a hint's is.
"""

from __future__ import annotations

from engine import PROFILES

from . import play
from .claims import CHECKS, Facts, Search
from .computer import _check, _rng
from .reasons import _proposals
from .world import Knowledge, ViewError

# How a value difference reads, by the profile's `score_kind`: the unit's scale (a finished
# round's value is, but for small tie-breakers, the chance of winning it; where every seat
# scores its own pips it is minus the pips over 60, going out worth 30) and what is costly.
GAINS = {
    "pips": ("pips", 60, 6),
    "points": ("chance", 100, 10),
    "team_points": ("chance", 100, 10),
    "round_wins": ("chance", 100, 10),
}
ESTIMATE_KEYS = {"chance": "review.gain_chance", "pips": "review.gain_pips"}
EVEN_KEY = "review.gain_even"


def unit_of(profile: str) -> tuple[str, int, int]:
    """(unit, scale, costly amount) of a profile's reviews."""
    return GAINS[PROFILES[profile].score_kind]


def judge(view: dict, made: dict, seed: int = 0, budget: int | None = None) -> dict:
    """The hard player's judgement of `made`, an action of `view["legal"]` (see the module)."""
    _check(view)
    legal = view["legal"]
    if made not in legal:
        raise ViewError(f"{made!r} is not a legal action of this view")
    m = legal.index(made)
    unit, scale, costly = unit_of(view["profile"])
    K = Knowledge(view)
    decision = play.choose_hard(K, _rng(view, "hard", seed), budget, include=m)
    best = decision.index
    out = {"preferred": dict(legal[best]), "made": dict(made), "agree": best == m, "unit": unit}
    values, playouts = decision.values, decision.playouts
    if not values or not playouts or m not in playouts:  # nothing searched (no world held)
        return dict(out, judged=False, gain=0.0, amount=0, costly=False, reason=None, estimate=None)
    search = {"values": [values[best], values[m]], "playouts": [playouts[best], playouts[m]]}
    gain = playouts[best] - playouts[m]
    amount = max(0, round(gain * scale))
    out.update(judged=True, gain=gain, amount=amount, costly=amount >= costly, search=search)
    if best == m:
        return dict(out, reason=None, estimate=None)
    estimate = _estimate(unit, amount)
    out["estimate"] = estimate if estimate_holds(view, search, estimate) else None
    out["reason"] = reason_for(view, out["preferred"], made, search)
    return out


def _estimate(unit: str, amount: int) -> dict:
    if amount <= 0:
        return {"key": EVEN_KEY, "params": {}}
    return {"key": ESTIMATE_KEYS[unit], "params": {"count": amount}}


def search_of(view: dict, preferred: dict, made: dict, search: dict) -> Search:
    """The search restricted to the two actions the review compares: `made` is the runner-up."""
    legal = view["legal"]
    b, m = legal.index(preferred), legal.index(made)
    return Search(
        {b: search["values"][0], m: search["values"][1]},
        b,
        {b: search["playouts"][0], m: search["playouts"][1]},
    )


def reason_for(view: dict, preferred: dict, made: dict, search: dict) -> dict | None:
    """The first hint reason for `preferred` against `made` whose claim holds, or None."""
    F = Facts(view, search_of(view, preferred, made, search))
    for key, params in _proposals(F, preferred, made):
        if CHECKS[key](F, preferred, params):
            return {"key": key, "params": params}
    return None


def reason_holds(view: dict, preferred: dict, made: dict, search: dict, reason: dict) -> bool:
    """Whether a review's reason is true: its key's checker, on the two compared actions."""
    check = CHECKS.get(reason["key"])
    if check is None or preferred == made:
        return False
    return bool(check(Facts(view, search_of(view, preferred, made, search)), preferred, reason["params"]))


def estimate_holds(view: dict, search: dict, estimate: dict) -> bool:
    """Whether the gain sentence says what the search found: its amount is the playouts'
    difference in the profile's unit, rounded (at least 1), or "as good" when that rounds to 0
    or less."""
    unit, scale, _ = unit_of(view["profile"])
    amount = round((search["playouts"][0] - search["playouts"][1]) * scale)
    if estimate["key"] == EVEN_KEY:
        return amount <= 0
    return estimate["key"] == ESTIMATE_KEYS[unit] and estimate["params"].get("count") == amount >= 1
