"""Helpers for building game records (shared/RECORD.md) and checking replay output.

Only the public record interface is used: ``engine.replay(record)`` and ``engine.RecordError``.
"""

import json
import re

import pytest

import engine


def tile_key(t):
    a, b = (int(x) for x in t.split("-"))
    return (max(a, b), min(a, b))


def tile_str(k):
    return f"{k[0]}-{k[1]}"


def full_set(top=6):
    return [tile_str((a, b)) for a in range(top, -1, -1) for b in range(a, -1, -1)]


def rest(hands, first=(), top=6):
    """The stock: `first` (in that order) followed by every other tile of the set not in `hands`."""
    used = {tile_key(t) for h in hands for t in h} | {tile_key(t) for t in first}
    out = list(first) + [t for t in full_set(top) if tile_key(t) not in used]
    assert len(used) + len(out) - len(first) == (top + 1) * (top + 2) // 2, "helper: duplicate tile"
    return out


def rnd(hands, actions=(), stock=None, first=(), top=6, **extra):
    """One round of a record; the stock defaults to the remaining tiles, `first` tiles first."""
    r = {
        "hands": [list(h) for h in hands],
        "stock": list(stock) if stock is not None else rest(hands, first, top),
        "actions": list(actions),
    }
    r.update(extra)
    return r


def record(profile, rounds, **options):
    n = len(rounds[0]["hands"]) if rounds and "hands" in rounds[0] else 2
    return {
        "format": "domino-record/1",
        "profile": profile,
        "options": options,
        "seats": [{"name": f"P{i}"} for i in range(n)],
        "rounds": list(rounds),
    }


# ---- actions ------------------------------------------------------------------------------


def P(seat, tile, end=None, train=None):
    a = {"seat": seat, "play": tile}
    if end is not None:
        a["end"] = end
    if train is not None:
        a["train"] = train
    return a


def D(seat):
    return {"seat": seat, "draw": True}


def X(seat):
    return {"seat": seat, "pass": True}


def DIS(seat, tile):
    return {"seat": seat, "discard": tile}


def DONE(seat):
    return {"seat": seat, "done": True}


def OP(seat, opener):
    return {"seat": seat, "opener": opener}


# ---- replay and assertions ---------------------------------------------------------------


def replay(rec):
    out = engine.replay(rec)
    json.dumps(out)  # the result is JSON-ready
    return out


def _norm_action(a):
    a = dict(a)
    for k in ("play", "discard"):
        if isinstance(a.get(k), str):
            a[k] = tile_str(tile_key(a[k]))
    return json.dumps(a, sort_keys=True)


def legal_set(actions):
    return {_norm_action(a) for a in actions}


def assert_next(result, seat, legal):
    """`next` names `seat` and exactly the actions `legal` (compared as a set)."""
    nxt = result["next"]
    assert nxt is not None, "expected a pending decision, got next=null"
    assert nxt["seat"] == seat, f"next seat {nxt['seat']} != {seat}"
    got = nxt["legal"]
    for a in got:  # tiles are written high half first
        for k in ("play", "discard"):
            if isinstance(a.get(k), str):
                assert a[k] == tile_str(tile_key(a[k])), f"tile not written high half first: {a}"
    assert len({json.dumps(a, sort_keys=True) for a in got}) == len(got), f"duplicate legal actions: {got}"
    assert legal_set(got) == legal_set(legal), (
        f"legal mismatch\n  only engine: {sorted(legal_set(got) - legal_set(legal))}"
        f"\n  only expected: {sorted(legal_set(legal) - legal_set(got))}"
    )


def assert_record_error(rec, round_no, action_no):
    """Replaying `rec` raises RecordError naming `round R, action A` (both counted from 1)."""
    with pytest.raises(engine.RecordError) as info:
        engine.replay(rec)
    msg = str(info.value)
    assert re.match(rf"round {round_no}, action {action_no}\b", msg), msg
    return msg


def assert_malformed(rec):
    with pytest.raises(engine.RecordError):
        engine.replay(rec)


def round_result(result, i):
    return result["rounds"][i]
