"""The one-line reason of a choice, as a translatable key of locales/*.json and its parameters.

Parameters: `tile` (high half first), `n` (a number), `count`, and for another seat `seat`
(0-based) with `name` filled in as "Seat N" (callers that know the seat's display name should
replace it).
"""

from __future__ import annotations

from .play import line_features, opponents
from .world import Knowledge, _idx


def _name(seat):
    return f"Seat {seat + 1}"


def _tile(text):
    a, b = (int(x) for x in text.split("-"))
    return f"{max(a, b)}-{min(a, b)}"


def reason(K: Knowledge, action: dict, decision) -> dict:
    if "play" not in action:
        return _not_a_play(K, action)
    tile = _tile(action["play"])
    i = _idx(tile)
    legal = K.view["legal"]
    plays = [a for a in legal if "play" in a]
    if K.train and action.get("train") is None:
        return {"key": "hint.engine", "params": {"tile": tile}}
    if not K.hand & ~(1 << i):
        if K.profile == "six-love" and _hard_ends(K, i):
            return {"key": "hint.hard_ends", "params": {"tile": tile}}
        return {"key": "hint.go_out", "params": {"tile": tile}}
    if len({_tile(a["play"]) for a in plays}) == 1 and len(plays) == len(legal):
        if K.train and K.uncovered is not None:
            d = K.uncovered[1]
            return {"key": "hint.cover_double", "params": {"tile": f"{d}-{d}"}}
        return {"key": "hint.only_fit", "params": {"tile": tile}}
    heaviest = max(K.ts.pips[_idx(a["play"])] for a in plays)
    if K.train:
        return _train_reason(K, action, decision, tile, i, heaviest)
    return _line_reason(K, action, tile, i, heaviest)


def _not_a_play(K: Knowledge, action: dict) -> dict:
    if "draw" in action:
        return {"key": "hint.draw", "params": {}}
    if "pass" in action:
        return {"key": "hint.pass", "params": {}}
    if "opener" in action:
        o = action["opener"]
        if o == K.me:
            return {"key": "hint.opener_self", "params": {}}
        return {"key": "hint.opener_partner", "params": {"seat": o, "name": _name(o)}}
    if "discard" in action:
        return {"key": "hint.discard", "params": {"tile": _tile(action["discard"])}}
    return {"key": "hint.end_run", "params": {}}  # done


def _train_reason(K: Knowledge, action: dict, decision, tile: str, i: int, heaviest: int) -> dict:
    ts, me = K.ts, K.me
    train = action.get("train")
    if K.uncovered is not None:
        d = K.uncovered[1]
        return {"key": "hint.cover_double", "params": {"tile": f"{d}-{d}"}}
    plan = decision.plan or ()
    if K.view.get("pending") == "run" or (train == me and plan and plan[0] == i and len(plan) > 1):
        count = len(plan) if plan else 1
        form = "one" if count == 1 else "other"
        return {"key": f"hint.long_run.{form}", "params": {"count": count, "tile": tile}}
    if train == me and K.markers >> me & 1:
        return {"key": "hint.own_train", "params": {"tile": tile}}
    if train == "mexican" and not K.view["trains"]["mexican"]["tiles"]:
        return {"key": "hint.mexican_train", "params": {"tile": tile}}
    if ts.hi[i] == ts.lo[i]:
        return {"key": "hint.double", "params": {"tile": tile}}
    if ts.pips[i] == heaviest:
        return {"key": "hint.heaviest", "params": {"tile": tile}}
    return {"key": "hint.generic", "params": {"tile": tile}}


def _line_reason(K: Knowledge, action: dict, tile: str, i: int, heaviest: int) -> dict:
    ts, me = K.ts, K.me
    _, hand, nl, nr, avail, mine = line_features(K, action)
    for o in opponents(K):
        v = K.void[o]
        for n in (nl, nr):
            if v >> n & 1 and K.left >= 0:
                how = K.void_how[o].get(n, "passed")
                key = "hint.opponent_drew" if how == "drew" else "hint.opponent_passed"
                return {"key": key, "params": {"tile": tile, "n": n, "seat": o, "name": _name(o)}}
    if ts.hi[i] == ts.lo[i]:
        if K.left >= 0:
            return {"key": "hint.keep_open", "params": {"tile": tile, "n": ts.hi[i]}}
        return {"key": "hint.double", "params": {"tile": tile}}
    if K.teams:
        partner = (me + 2) % 4
        pv = K.void[partner]
        for n in (nl, nr):
            if not pv >> n & 1 and (K.unseen & ts.suit[n]) and n not in (K.left, K.right):
                return {
                    "key": "hint.partner",
                    "params": {"tile": tile, "n": n, "seat": partner, "name": _name(partner)},
                }
    if avail <= 3 and K.profile in ("block", "gaple"):
        return {"key": "hint.low_count", "params": {"tile": tile}}
    if ts.pips[i] == heaviest:
        return {"key": "hint.heaviest", "params": {"tile": tile}}
    if mine >= 2:
        return {"key": "hint.control", "params": {"tile": tile}}
    return {"key": "hint.generic", "params": {"tile": tile}}


def _hard_ends(K: Knowledge, i) -> bool:
    ts = K.ts
    hi, lo = ts.hi[i], ts.lo[i]
    if hi == lo or {K.left, K.right} != {hi, lo}:
        return False

    def faces(n):
        on = K.played & ts.suit[n]
        return on.bit_count() + (1 if on >> ts.double[n] & 1 else 0)

    return faces(hi) == 7 and faces(lo) == 7
