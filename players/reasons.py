"""The one-line reason of a choice, as a translatable key of locales/*.json and its parameters.

A reason says why the chosen action beats the runner-up (the next best action the search
compared, or the strategy's next best when nothing was searched): the first difference between
the two, in a fixed order of what matters most, whose claim holds in this view. Every proposal
is checked by `claims.CHECKS` before it is given. When no difference stands out the reason says
what the search found: the plays are close, or this one did clearly better in the playouts; when
the runner-up did clearly better there and the strategy's ranking outweighed it, what is true of
the chosen action alone, else just that (one of close, tried and ruled is always true of a
searched choice). "is a good play" is left for choices nothing searched.

Parameters: `tile` and `other` (tiles, high half first), `n` and `at` (numbers: an end's number,
the number left open), `count` (the catalogue picks the plural form from it), and for another
seat `seat` (0-based) with `name` filled in as "Seat N" (callers that know the seat's display
name should replace it).
"""

from __future__ import annotations

from engine.placement import far_half

from .claims import CHECKS, Facts, Search, _pair, _tile, average_pips
from .world import Knowledge, _idx


def _name(seat):
    return f"Seat {seat + 1}"


def search_of(decision) -> Search:
    return Search(decision.values, decision.index, decision.playouts)


def reason(K: Knowledge, action: dict, decision) -> dict:
    F = Facts(K.view, search_of(decision))
    for key, params in proposals(F, action, decision):
        if CHECKS[key](F, action, params):
            return {"key": key, "params": params}
    # Not reached for a choice the engine offers: a searched choice always has a close, tried
    # or ruled reason that holds, an unsearched one a generic one (tests/ai/test_hints.py).
    return _generic(action)


def _generic(action):
    text = action.get("play") or action.get("discard")
    if text is None:
        return {"key": "hint.generic_choice", "params": {}}
    return {"key": "hint.generic", "params": {"tile": _tile(text)}}


def proposals(F: Facts, action: dict, decision):
    """Every reason proposed for `action`, in order, before any is checked: (key, params)."""
    return _proposals(F, action, _runner_up(F, decision))


def _runner_up(F: Facts, decision):
    """The runner-up action: by the search's values, else by the strategy's scores."""
    j = F.search.runner_up()
    if j is None and decision.scores and len(F.legal) > 1:
        rest = [k for k in range(len(F.legal)) if k != decision.index]
        j = max(rest, key=lambda k: decision.scores[k])
    return None if j is None else F.legal[j]


def _proposals(F: Facts, c: dict, r: dict | None):
    """Candidate reasons, most telling first (each is checked before it is used)."""
    if "play" in c:
        tile = _tile(c["play"])
        yield "hint.hard_ends", {"tile": tile}
        yield "hint.go_out", {"tile": tile}
        if F.train and c.get("train") is None:
            yield "hint.engine", {"tile": tile}
    if len(F.legal) == 1 or "draw" in c or "pass" in c:
        yield from _forced(F, c)
    elif "opener" in c:
        yield from _opener(F, c)
    elif "discard" in c:
        yield from _discard(F, c, r)
    elif "done" in c:
        yield "hint.end_run", {}
    elif F.train:
        yield from _train(F, c, r)
    else:
        yield from _line(F, c, r)
    if len(F.legal) > 1:
        yield from _search(F, c, r, ("close", "tried"))
        yield from _facts(F, c)
        yield from _search(F, c, r, ("ruled",))
    g = _generic(c)
    yield g["key"], g["params"]


def _facts(F, c):
    """What is true of the chosen action alone: reached when the playouts found the runner-up
    clearly better and the strategy's ranking decided (or the runner-up shares every difference)."""
    if "play" not in c:
        return
    tile = _tile(c["play"])
    if F.train and c.get("train") is not None:
        if c["train"] == F.me:
            yield "hint.own_only", {"tile": tile}
            count = _run_length(F, c)
            yield "hint.long_run", {"count": count, "tile": tile}
            yield "hint.chain_heaviest", {"tile": tile, "count": count}
            yield "hint.chain", {"tile": tile, "count": count}
            yield "hint.own_train", {"tile": tile}
            yield "hint.chain_from", {"tile": tile, "count": count}
        else:
            yield "hint.spare", {"tile": tile}
            yield "hint.mexican_train", {"tile": tile}
        yield "hint.double_cover", {"tile": tile}
    elif not F.train:
        yield "hint.control", {"tile": tile}
        yield "hint.double", {"tile": tile}
        for n in dict.fromkeys(F.new_ends(c)):
            yield "hint.follow", {"tile": tile, "n": n}
    yield "hint.heaviest", {"tile": tile}


def _forced(F, c):
    if "draw" in c:
        yield "hint.draw", {}
    elif "pass" in c:
        yield "hint.pass", {}
    elif "play" in c:
        u = F.view["trains"]["uncovered"] if F.train else None
        if u is not None:
            d = _pair(u["tile"])[0]
            yield "hint.cover_double", {"tile": f"{d}-{d}"}
        yield "hint.only_fit", {"tile": _tile(c["play"])}


def _search(F, c, r, kinds):
    """What the search found against the runner-up, for each of `kinds`: `close` (the playouts
    found the two close), `tried` (this one clearly better), `ruled` (the runner-up better, but
    the strategy's ranking outweighed that). One of the three always holds for a searched choice."""
    if r is None:
        return
    if "opener" in c and "opener" in r:
        me = c["opener"] == F.me
        partner = r["opener"] if me else c["opener"]
        who = {"seat": partner, "name": _name(partner)}
        side = "self" if me else "partner"
        for kind in kinds:
            yield ("hint.close_opener", {}) if kind == "close" else (f"hint.{kind}_opener_{side}", who)
        return
    text = c.get("play") or c.get("discard")
    if text is None:
        return
    tile = _tile(text)
    other = r.get("play") or r.get("discard")
    if other is None and "done" in r:  # go on with the run, or end it here
        suffix, params = "_stop", {"tile": tile}
    elif other is None:
        return
    elif _tile(other) == tile:  # the same tile elsewhere
        suffix, params = "_place", {"tile": tile}
    else:
        suffix, params = "", {"tile": tile, "other": _tile(other)}
    for kind in kinds:
        yield f"hint.{kind}{suffix}", params


# -- one-line games -----------------------------------------------------------------------------
def _line(F: Facts, c, r):
    tile = _tile(c["play"])
    if r is None or "play" not in r:
        yield from _line_alone(F, c, tile)
        return
    if _tile(r["play"]) == tile:
        yield from _which_end(F, c, tile)
        return
    ends_c, ends_r = F.new_ends(c), F.new_ends(r)
    for o in F.opponents():  # a seat that lacks a number this play leaves open, the other closes
        for n in dict.fromkeys(ends_c):
            how = F.lacks.get((o, n))
            if how and n not in ends_r:
                key = "hint.opponent_drew" if how == "drew" else "hint.opponent_passed"
                yield key, {"tile": tile, "n": n, "seat": o, "name": _name(o)}
    x, y = _pair(c["play"])
    rx, ry = _pair(r["play"])
    if x == y and rx != ry:
        left = ((F.unseen | F.hand) & F.ts.suit[x] & ~(1 << _idx(c["play"]))).bit_count()
        yield "hint.double_dies", {"tile": tile, "n": x, "count": left}
        yield "hint.double", {"tile": tile}
    gain = F.pips(c["play"]) - F.pips(r["play"])
    if gain > 0:
        yield "hint.low_count", {"tile": tile}
        yield "hint.heaviest", {"tile": tile}
    yield from _line_ends(F, c, r, tile, ends_c, ends_r)
    if gain > 0:
        yield "hint.heavier", {"tile": tile, "other": _tile(r["play"]), "count": gain}


def _line_ends(F, c, r, tile, ends_c, ends_r):
    """What the ends after each play say: numbers held, tiles left for the others, the partner."""
    if CHECKS["hint.control"](F, c, {"tile": tile}) and not CHECKS["hint.control"](
        F, r, {"tile": _tile(r["play"])}
    ):
        yield "hint.control", {"tile": tile}
    fit_c, fit_r = F.fit(F.unseen, ends_c), F.fit(F.unseen, ends_r)
    if fit_c == 0 and fit_r > 0:
        yield "hint.none_fit", {"tile": tile, "other": _tile(r["play"])}
    elif fit_c < fit_r:
        yield "hint.fewer", {"tile": tile, "count": fit_c, "other": _tile(r["play"])}
    p = F.partner()
    if p is not None:
        for n in dict.fromkeys(ends_c):
            if n not in ends_r:
                yield "hint.partner", {"tile": tile, "n": n, "seat": p, "name": _name(p)}
    mine_c, mine_r = _mine(F, c, ends_c), _mine(F, r, ends_r)
    if mine_c > mine_r:
        for n in dict.fromkeys(ends_c):
            yield "hint.follow", {"tile": tile, "n": n}


def _line_alone(F, c, tile):
    """The runner-up is not a play (it cannot be, in a line game with a choice): facts of c."""
    yield "hint.heaviest", {"tile": tile}


def _mine(F, a, ends):
    return F.fit(F.after(a), ends)


def _which_end(F: Facts, c, tile):
    """The tile fits both ends (it is `left-right`): the end decides which number is left at both."""
    n = F.new_ends(c)[0]
    ends = F.ends
    assert ends is not None  # a tile on the line has two ends to choose between
    at = ends[0] if c.get("end") == "left" else ends[1]
    base = {"tile": tile, "at": at, "n": n}
    for o in F.opponents():
        if (o, n) in F.lacks and (o, at) not in F.lacks:
            yield "hint.end_void", dict(base, seat=o, name=_name(o))
    p = F.partner()
    if p is not None:
        yield "hint.end_partner", dict(base, seat=p, name=_name(p))
    rest = F.after(c)
    yield "hint.end_mine", dict(base, count=F.count(rest, n))
    left = F.count(F.unseen, n)
    yield ("hint.end_none", base) if left == 0 else ("hint.end_fewer", dict(base, count=left))


# -- choices that are not plays -----------------------------------------------------------------
def _discard(F: Facts, c, r):
    tile = _tile(c["discard"])
    x, y = _pair(c["discard"])
    count = (F.unseen & (F.ts.suit[x] | F.ts.suit[y])).bit_count()
    if count == 0:
        yield "hint.discard_dead_none", {"tile": tile}
    yield "hint.discard_dead", {"tile": tile, "count": count}
    if r is not None and "discard" in r:
        yield "hint.discard_light", {"tile": tile, "other": _tile(r["discard"])}


def _opener(F: Facts, c):
    doubles = (F.hand & F.ts.doubles).bit_count()
    o = c["opener"]
    if o == F.me:
        yield "hint.opener_self", {"count": doubles}
        yield "hint.opener_heavy", {"count": F.ts.mask_pips(F.hand), "n": average_pips(F)}
    elif doubles == 0:
        yield "hint.opener_partner_none", {"seat": o, "name": _name(o)}
    else:
        yield "hint.opener_partner", {"seat": o, "name": _name(o), "count": doubles}


# -- train games ------------------------------------------------------------------------------
def _train(F: Facts, c, r):
    tile = _tile(c["play"])
    t, me = c.get("train"), F.me
    x, y = _pair(c["play"])
    if t == me and (F.view.get("pending") == "run" or F.first_turn()):
        count = 1 + F.chain(F.after(c), far_half(x, y, F.own_end()))
        if r is None or "play" not in r or r.get("train") != me or _run_length(F, r) < count:
            yield "hint.long_run", {"count": count, "tile": tile}
    if r is None or "play" not in r:
        return
    rt = r.get("train")
    if t == me and rt != me:
        yield "hint.own_train", {"tile": tile}
    other = {"tile": _tile(r["play"])}
    for key in ("hint.chain", "hint.chain_heaviest"):
        if t == me and not CHECKS[key](F, r, dict(other, count=_run_length(F, r))):
            yield key, {"tile": tile, "count": _run_length(F, c)}
    if t != me and not CHECKS["hint.spare"](F, r, other):
        yield "hint.spare", {"tile": tile}
    if t == "mexican" and rt != "mexican":
        yield "hint.mexican_train", {"tile": tile}
    if t != me and rt == me:
        if t == "mexican":
            yield "hint.keep_own_mexican", {"tile": tile}
        else:
            yield "hint.keep_own_seat", {"tile": tile, "seat": t, "name": _name(t)}
    if _tile(r["play"]) == tile:
        return
    rx, ry = _pair(r["play"])
    if x == y and rx != ry:
        yield "hint.double_cover", {"tile": tile}
    gain = F.pips(c["play"]) - F.pips(r["play"])
    if gain > 0:
        yield "hint.heaviest", {"tile": tile}
        yield "hint.heavier", {"tile": tile, "other": _tile(r["play"]), "count": gain}


def _run_length(F, a):
    x, y = _pair(a["play"])
    return 1 + F.chain(F.after(a), far_half(x, y, F.own_end()))
