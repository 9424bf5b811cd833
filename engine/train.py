"""Mechanics of the train family (Mexican Train): legal plays on the trains, laying a tile,
drawing and passing, markers, doubles that must be covered, first-turn runs and the turn order.
Who opens and how a round scores are the profile's hooks (`profiles/mexican_train.py`).

Train indices: 0..n-1 are the seats' personal trains, n is the Mexican Train. An unstarted
train's open end is the engine's number, since its first tile must match the engine.
"""

from __future__ import annotations

from .actions import IllegalAction
from .outcome import finish
from .placement import far_half
from .tiles import bits

MEXICAN = "mexican"


def round_engine(max_pip: int, round_no: int) -> int:
    """The engine double of round `round_no`: 12-12 in round 1 ... 0-0 in round 13 (of a
    double-12 set)."""
    return max_pip + 1 - round_no


def engine_number(s) -> int:
    """The current round's engine double."""
    return round_engine(s.ctx.ts.max_pip, s.ctx.round_no)


def train_index(s, train) -> int:
    return s.ctx.players if train == MEXICAN else train


def train_name(s, t):
    return MEXICAN if t == s.ctx.players else t


def open_trains(s, seat, run=False) -> list:
    """The trains (indices) `seat` may lay on now, whatever it holds: only the uncovered double's
    train while one is open, only its own during a first-turn run, else its own, the Mexican
    Train and every train with a marker. Public: it follows from the table alone."""
    n = s.ctx.players
    if s.uncovered is not None:
        t = s.uncovered[0]
        return [] if run and t != seat else [t]
    return [seat] if run else [seat, n] + [o for o in range(n) if o != seat and s.markers >> o & 1]


def _plays(s, seat, mask, run=False) -> list:
    ts = s.ctx.ts
    on_train = s.ctx.acts.on_train
    out: list = []
    n = s.ctx.players
    for t in open_trains(s, seat, run):
        name = MEXICAN if t == n else t  # train_name, inlined: this is the playouts' hot path
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
        if ctx.hooks.blocked(s):
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
    outer = far_half(ts.hi[i], ts.lo[i], end)
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


def explain(s, a) -> IllegalAction:
    """Why `a` is not legal in `s` (a clear sentence for people and a stable code for clients)."""
    if a.kind in ("opener", "discard"):
        return IllegalAction("illegal_action", f"{a.kind} is not an action of Mexican Train")
    if a.kind == "play":
        return _explain_play(s, a)
    seat = a.seat
    plays = [x for x in legal(s) if x.kind == "play"]
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


def _explain_play(s, a) -> IllegalAction:
    ctx, seat = s.ctx, a.seat
    ts, n = ctx.ts, ctx.players
    if a.tile.hi > ts.max_pip:
        return IllegalAction("malformed_action", f"{a.tile} is not in a double-12 set")
    if a.end is not None:
        return IllegalAction("malformed_action", "Mexican Train plays name a train, not an end")
    if not s.hands[seat] >> a.tile.index & 1:
        return IllegalAction("tile_not_in_hand", f"seat {seat} does not hold {a.tile}")
    if s.pending == "engine":
        e = engine_number(s)
        return IllegalAction("engine_first", f"the engine {e}-{e} must be placed first")
    if a.train is None:
        return IllegalAction("train_required", "a play names its train (a seat or 'mexican')")
    t = train_index(s, a.train)
    if t > n:
        return IllegalAction("malformed_action", f"there is no train {a.train}")
    if s.drawn >= 0 and a.tile.index != s.drawn:
        return IllegalAction("must_play_drawn", f"only the drawn tile {ts.tiles[s.drawn]} may be played now")
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
