"""`mexican-train` (RULES.md, seed 003): the engine double in the hub, personal trains with
markers, the public Mexican Train, doubles that must be covered, first-turn runs, 13 rounds.

Train indices: 0..n-1 are the seats' personal trains, n is the Mexican Train. An unstarted
train's open end is the engine's number, since its first tile must match the engine.
"""

from __future__ import annotations

from ..actions import IllegalAction
from ..line import finish
from ..tiles import bits
from . import round_result

MEXICAN = "mexican"


def engine_number(s) -> int:
    return s.ctx.ts.max_pip + 1 - s.ctx.round_no  # round 1: 12-12 ... round 13: 0-0


def train_index(s, train) -> int:
    return s.ctx.players if train == MEXICAN else train


def train_name(s, t):
    return MEXICAN if t == s.ctx.players else t


def opening(s) -> None:
    ctx = s.ctx
    n, e = ctx.players, engine_number(s)
    bit = 1 << ctx.ts.double[e]
    holder = next((seat for seat, h in enumerate(s.hands) if h & bit), None)
    placer = ctx.carry.get("placer")
    s.turn = holder if holder is not None else (0 if placer is None else (placer + 1) % n)
    s.pending = "engine"
    s.ends = (e,) * (n + 1)
    s.trains = (None,) * (n + 1)


def _plays(s, seat, mask, run=False) -> list:
    ts, n = s.ctx.ts, s.ctx.players
    on_train = s.ctx.acts.on_train
    out = []
    if s.uncovered is not None:
        t, d = s.uncovered
        if run and t != seat:
            return out
        name = train_name(s, t)
        for i in bits(mask & ts.suit[d]):
            out.append(on_train(seat, ts.tiles[i], name))
        return out
    trains = [seat] if run else [seat, n] + [o for o in range(n) if o != seat and s.markers >> o & 1]
    for t in trains:
        name = train_name(s, t)
        for i in bits(mask & ts.suit[s.ends[t]]):
            out.append(on_train(seat, ts.tiles[i], name))
    return out


def legal(s) -> tuple:
    ctx, seat = s.ctx, s.turn
    ts, acts = ctx.ts, ctx.acts
    hand = s.hands[seat]
    if s.pending == "engine":
        engine = ts.double[engine_number(s)]
        if hand >> engine & 1:
            return (acts.play[seat][engine],)
        return (acts.draw[seat],)
    if s.drawn >= 0:  # a drawn tile must be played at once if it can be, else pass
        return tuple(_plays(s, seat, 1 << s.drawn)) or (acts.pass_[seat],)
    run = s.pending == "run"
    plays = _plays(s, seat, hand, run)
    if plays:
        if run and s.uncovered is None:
            plays.append(acts.done[seat])
        return tuple(plays)
    if s.stock_pos < len(ctx.stock):
        return (acts.draw[seat],)
    return (acts.pass_[seat],)


def accepts_variant(s, a) -> bool:
    """A tile written low half first is the same play (a tile's orientation follows its train)."""
    return a.kind == "play" and a.flip and a.unflipped() in legal(s)


def _begin_turn(s, seat) -> None:
    s.turn = seat
    s.drawn = -1
    s.pending = None
    s.in_first = bool(s.first_pending >> seat & 1) and s.ctx.options["first_run"]
    s.first_pending &= ~(1 << seat)


def _end_turn(s, seat) -> None:
    _begin_turn(s, (seat + 1) % s.ctx.players)


def do(s, prev, a) -> None:
    ctx = s.ctx
    ts, n, seat = ctx.ts, ctx.players, a.seat
    s.log = (s.log, a)
    if a.kind == "draw":
        i = ctx.stock[s.stock_pos]
        s.stock_pos += 1
        hands = list(s.hands)
        hands[seat] |= 1 << i
        s.hands = hands
        if s.pending == "engine":
            if i != ts.double[engine_number(s)]:
                s.turn = (seat + 1) % n
            return
        s.drawn, s.pending = i, None  # a draw ends a first-turn run
        return
    if a.kind == "pass":
        s.markers |= 1 << seat
        s.passes += 1
        _end_turn(s, seat)
        if s.passes >= n and s.stock_pos >= len(ctx.stock):
            finish(s, prev, "blocked", a)
        return
    if a.kind == "done":
        _end_turn(s, seat)
        return
    i = a.tile.index
    hands = list(s.hands)
    hands[seat] &= ~(1 << i)
    s.hands = hands
    s.played |= 1 << i
    s.passes = 0
    if s.pending == "engine":
        s.pending = None
        s.first_pending = (1 << n) - 1
        if not hands[seat]:
            finish(s, prev, "domino", a)
        else:
            _end_turn(s, seat)
        return
    t = train_index(s, a.train)
    end = s.ends[t]
    outer = ts.other(i, end)
    ends = list(s.ends)
    ends[t] = outer
    s.ends = tuple(ends)
    trains = list(s.trains)
    trains[t] = (trains[t], (end, outer))
    s.trains = tuple(trains)
    if t == seat:
        s.markers &= ~(1 << seat)
    if s.pending != "run" and s.in_first and t == seat and s.drawn < 0:
        s.pending = "run"  # a first turn that starts on one's own train may lay a run
    s.in_first = False
    s.drawn = -1
    if not hands[seat]:
        finish(s, prev, "domino", a)
        return
    if a.tile.is_double:
        s.uncovered = (t, a.tile.hi)  # its player plays again, and it must be covered first
        return
    s.uncovered = None
    if s.pending == "run" and hands[seat] & ts.suit[s.ends[seat]]:
        return  # the run goes on while a tile fits the player's own train
    _end_turn(s, seat)


def explain(s, a) -> IllegalAction:  # noqa: C901
    ctx, seat = s.ctx, a.seat
    ts, n = ctx.ts, ctx.players
    legal_now = legal(s)
    if a.kind in ("opener", "discard"):
        return IllegalAction("illegal_action", f"{a.kind} is not an action of Mexican Train")
    if a.kind == "play":
        if a.tile.hi > ts.max_pip:
            return IllegalAction("malformed_action", f"{a.tile} is not in a double-12 set")
        if a.end is not None:
            return IllegalAction("malformed_action", "Mexican Train plays name a train, not an end")
        if not s.hands[seat] >> a.tile.index & 1:
            return IllegalAction("tile_not_in_hand", f"seat {seat} does not hold {a.tile}")
        if s.pending == "engine":
            return IllegalAction(
                "engine_first", f"the engine {engine_number(s)}-{engine_number(s)} must be placed first"
            )
        if a.train is None:
            return IllegalAction("train_required", "a play names its train (a seat or 'mexican')")
        t = train_index(s, a.train)
        if t > n:
            return IllegalAction("malformed_action", f"there is no train {a.train}")
        if s.drawn >= 0 and a.tile.index != s.drawn:
            return IllegalAction(
                "must_play_drawn", f"only the drawn tile {ts.tiles[s.drawn]} may be played now"
            )
        if s.uncovered is not None:
            u, d = s.uncovered
            return IllegalAction(
                "must_cover", f"the double {d}-{d} on train {train_name(s, u)} must be covered first"
            )
        if s.pending == "run" and t != seat:
            return IllegalAction("run_own_train", "a first-turn run goes on the player's own train")
        if t != seat and t != n and not s.markers >> t & 1:
            return IllegalAction("train_closed", f"train {t} has no marker: only its owner plays there")
        return IllegalAction("does_not_fit", f"{a.tile} does not fit train {a.train} (open end {s.ends[t]})")
    plays = [x for x in legal_now if x.kind == "play"]
    if plays:
        verb = {"draw": "draw", "pass": "pass", "done": "end the turn"}[a.kind]
        if a.kind == "done" and s.uncovered is not None:
            return IllegalAction("must_cover", f"seat {seat} cannot end the run on an uncovered double")
        p = plays[0]
        where = f"train {p.train}" if p.train is not None else "the hub"
        return IllegalAction("must_play", f"seat {seat} cannot {verb} while {p.tile} fits {where}")
    if a.kind == "done":
        return IllegalAction("illegal_action", f"seat {seat} is not laying a first-turn run")
    if a.kind == "draw":
        if s.drawn >= 0:
            return IllegalAction("already_drew", f"seat {seat} has drawn this turn already")
        return IllegalAction("boneyard_empty", f"seat {seat} cannot draw: the boneyard is empty")
    return IllegalAction("must_draw", f"seat {seat} cannot pass while the boneyard has tiles")


def settle(s, prev, end, last):
    ctx = s.ctx
    ts = ctx.ts
    value = list(ts.pips)
    if ctx.options["blank50"]:
        value[ts.double[0]] = 50
    totals = [sum(value[i] for i in bits(h)) for h in s.hands]
    scores = [a + b for a, b in zip(ctx.scores, totals)]
    winner = last.seat if end == "domino" else None
    placer = next(a.seat for a in s.actions() if a.kind == "play")
    game_over = ctx.round_no >= ctx.profile.rounds
    match_winner = None
    if game_over:
        low = min(scores)
        best = [seat for seat, v in enumerate(scores) if v == low]
        match_winner = best[0] if len(best) == 1 else best
    result = round_result(end, winner, None, 0, totals, scores)
    return result, tuple(scores), {"placer": placer}, match_winner, game_over
