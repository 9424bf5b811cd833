"""`view_for`: the only secrecy filter. A seat sees its own hand and discards, everything public,
and at a round's end every hand and discard (undealt leftovers stay hidden).

It is made of `public_view(state)`, what every seat sees, and `seat_view(state, seat, public)`,
which puts one seat's own fields into it: a table of six sockets builds the public part once."""

from __future__ import annotations

from .actions import MAX_PIP, MAX_SEATS
from .placement import far_half, place_on_line
from .profiles import TEAM_SEATS, has_teams
from .rules import legal_actions
from .train import engine_number, open_trains, round_engine, train_name


def _entries(make) -> dict:
    """`make(x, y)` for every pair of numbers: views share these entries (read-only) instead of
    writing the same few dicts again at every move."""
    pips = range(MAX_PIP + 1)
    return {(x, y): make(x, y) for x in pips for y in pips}


_LINE_ENTRIES = _entries(
    lambda x, y: {"tile": f"{max(x, y)}-{min(x, y)}", "left": x, "right": y, "double": x == y}
)
_TRAIN_ENTRIES = _entries(
    lambda x, y: {"tile": f"{max(x, y)}-{min(x, y)}", "from": x, "to": y, "double": x == y}
)
_FACE_DOWN = [{"seat": s, "discard": None} for s in range(MAX_SEATS)]  # another seat's discard


def public_history(state, seat, actions=None):
    """This round's actions as this seat may know them: other seats' discards are face down.
    `actions`: `state.actions()`, when the caller has it already. The entries are shared."""
    return [
        _FACE_DOWN[a.seat] if a.kind == "discard" and a.seat != seat else a.record_form()
        for a in (state.actions() if actions is None else actions)
    ]


def _trains(state):
    n, ts = state.ctx.players, state.ctx.ts

    def tiles(node):
        out = []
        while node is not None:
            node, (x, y) = node
            out.append(_TRAIN_ENTRIES[x, y])
        out.reverse()
        return out

    e = engine_number(state)
    playable = []  # where the seat on turn may lay, whatever it holds (none while the hub is empty)
    if state.phase == "play" and state.pending != "engine":
        playable = [train_name(state, t) for t in open_trains(state, state.turn, state.pending == "run")]
    placed = state.phase != "play" or state.pending != "engine"
    engine_played = bool(state.played >> ts.double[e] & 1) if state.played else False
    uncovered = None
    if state.uncovered is not None:
        t, d = state.uncovered
        uncovered = {"train": "mexican" if t == n else t, "tile": f"{d}-{d}"}
    return {
        "engine": f"{e}-{e}" if placed and engine_played else None,
        "mexican": {"tiles": tiles(state.trains[n]), "end": state.ends[n]},
        "personal": [
            {"tiles": tiles(state.trains[s]), "end": state.ends[s], "marker": bool(state.markers >> s & 1)}
            for s in range(n)
        ],
        "uncovered": uncovered,
        "run": state.turn if state.pending == "run" else None,
        "playable": playable,
    }


def _line_place(state, a) -> dict:
    t = a.tile
    at, x, y, left, right = place_on_line(state.left, state.right, t.hi, t.lo, a.end, a.flip)
    return {
        "at": at,
        "entry": _LINE_ENTRIES[x, y],
        "open": None if at == "start" else x if at == "left" else y,
    }


def _train_place(state, a) -> dict:
    t = a.tile
    if a.train is None:  # the engine double, placed in the hub
        return {"at": "engine", "entry": _TRAIN_ENTRIES[t.hi, t.hi], "open": t.hi}
    n = state.ctx.players
    end = state.ends[n if a.train == "mexican" else a.train]
    outer = far_half(t.hi, t.lo, end)
    return {"at": "train", "train": a.train, "entry": _TRAIN_ENTRIES[end, outer], "open": outer}


def legal_places(state, legal) -> list:
    """For each legal action, where its tile goes (None for an action that places no tile)."""
    place = _train_place if state.ctx.profile.family == "train" else _line_place
    return [place(state, a) if a.kind == "play" else None for a in legal]


def view_for(state, seat) -> dict:
    """What `seat` sees (None: the table's public view)."""
    _check_seat(state, seat)
    public = public_view(state)
    return public if seat is None else seat_view(state, seat, public)


def _check_seat(state, seat) -> None:
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < state.ctx.players):
        raise ValueError(f"no seat {seat!r} at this table")


def seat_view(state, seat: int, public: dict) -> dict:
    """`view_for(state, seat)`, made from `public = public_view(state)` of the same state: the
    public view with this seat's own fields put in (a server builds the public part once for
    every seat). The result shares the public view's values: treat both as read-only."""
    _check_seat(state, seat)
    if seat is None:
        raise ValueError("seat_view needs a seat")
    ctx, ts = state.ctx, state.ctx.ts
    legal = legal_actions(state) if seat == state.turn else ()
    own = {
        "seat": seat,
        "hand": ts.names(state.hands[seat]),
        "own_discards": ts.names(state.discards[seat]),
        "dealt": None if ctx.deal is None else ctx.deal.hand_names(seat),
        "own_draws": list(state.reading().drawn[seat]),  # it saw each tile it drew
    }
    round_over = state.phase in ("round_over", "game_over")
    if not round_over and state.discards[seat]:  # it discarded this round (gaple)
        own["history"] = public_history(state, seat)  # its own discards face up
    if legal:
        own["legal"] = [a.to_json() for a in legal]
        own["legal_places"] = legal_places(state, legal)
    return {**public, **own}  # every key is the public view's: the order stays


def public_view(state) -> dict:
    """What every seat sees, `view_for(state, None)`: no hand, no own discard, no legal action."""
    ctx = state.ctx
    ts, n, profile = ctx.ts, ctx.players, ctx.profile
    round_over = state.phase in ("round_over", "game_over")
    read = state.reading()
    actions, passed, drew = read.actions, read.passed, read.drew
    train = profile.family == "train"
    markers = state.markers if train else 0
    seats = [
        {
            "count": h.bit_count(),
            "discards": d.bit_count(),
            "passed": passed[i],
            "drew": drew[i],
            "marker": bool(markers >> i & 1),
        }
        for i, (h, d) in enumerate(zip(state.hands, state.discards))
    ]
    view = {
        "profile": profile.name,
        "options": dict(ctx.options),
        "players": n,
        "seat": None,
        "round": ctx.round_no,
        "phase": state.phase,
        "turn": state.turn,
        "pending": state.pending if state.pending in ("opener", "run", "engine") else None,
        "direction": profile.direction,
        "teams": [list(pair) for pair in TEAM_SEATS] if has_teams(profile, ctx.options) else None,
        "max_pip": profile.max_pip,
        "target": profile.target,
        "rounds_total": profile.rounds,
        # Mexican Train: every round's engine double by its number (12 for 12-12), public from
        # the start, round 1 first; a number, not a tile name: it says nothing of where tiles are
        "round_engines": [round_engine(ts.max_pip, r) for r in range(1, profile.rounds + 1)]
        if train
        else None,
        "play_default": profile.play_default,
        "move_record": profile.move_record,
        "line": [] if train else [_LINE_ENTRIES[pair] for pair in state.line_tiles()],
        "ends": None if train or state.left < 0 else {"left": state.left, "right": state.right},
        "trains": _trains(state) if train and state.phase != "new" else None,
        "seats": seats,
        "hand": None,
        "own_discards": None,
        "dealt": None,
        "own_draws": None,
        "carry": dict(ctx.carry),  # public: what the previous round handed on (leader, winner...)
        "lot_opener": (
            ctx.deal.opener
            if ctx.round_no == 1 and ctx.deal is not None and ctx.deal.start is not None
            else None
        ),  # only round 1 is drawn by lot
        "boneyard": state.boneyard,
        "scores": list(state.scores),
        "score_kind": profile.score_kind,
        "history": public_history(state, None, actions),
        "legal": [],
        "legal_places": [],
        "rounds": list(ctx.results),
        "result": state.result,
        "result_notes": list(profile.hooks.result_notes(state)) if state.result is not None else [],
        "reveal": None,
        "match_winner": state.match_winner,
    }
    if round_over and state.result is not None:
        view["reveal"] = {
            "hands": [ts.names(h) for h in state.hands],
            "discards": [ts.names(d) for d in state.discards],
        }
    return view
