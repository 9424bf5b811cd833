"""Property tests over random legal play of every profile and option set (hypothesis).

Each example deals from a seed and plays random legal actions (chosen by hypothesis) through
one or more rounds, checking after every action that the tile set is conserved, that queries do
not mutate, that views hold only what their seat may see, that illegal actions change nothing,
and at the end that the record round-trips and undo/redo restores the same position.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Action, IllegalAction, Match, legal_actions, view_for
from engine.log_read import LogRead
from engine.profiles import draws_lot

CASES = [
    ("draw", {"players": 2}),
    ("draw", {"players": 3}),
    ("draw", {"players": 4}),
    ("block", {"players": 2}),
    ("block", {"players": 3}),
    ("block", {"players": 4}),
    ("gaple", {}),
    ("gaple", {"deal": "4x6"}),
    ("gaple", {"deal": "5x5"}),
    ("gaple", {"discard": False}),
    ("gaple", {"blank25": True, "partners": True}),
    ("gaple", {"deal": "4x6", "partners": True, "discard": False}),
    ("six-love", {}),
    ("mexican-train", {"players": 2}),
    ("mexican-train", {"players": 4}),
    ("mexican-train", {"players": 7, "first_run": False}),
    ("mexican-train", {"players": 10, "blank50": True}),
]
TILE = re.compile(r"\b\d{1,2}-\d{1,2}\b")
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


CACHES = ("_legal", "_read")
READ = (
    "actions",
    "left_arm",
    "right_arm",
    "ends",
    "passed",
    "drew",
    "drawn",
)  # computed once from the other fields, not part of the state


def snapshot(state):
    return {name: getattr(state, name) for name in state.__slots__ if name not in CACHES}


def tiles_in(obj) -> set:
    return {tuple(sorted(map(int, t.split("-")))) for t in TILE.findall(json.dumps(obj))}


def as_pairs(names) -> set:
    return {tuple(sorted(map(int, t.split("-")))) for t in names}


def check_conservation(state):
    ctx = state.ctx
    stock = ctx.stock[state.stock_pos :]
    if draws_lot(ctx.profile, ctx.options):
        stock = ctx.stock[1:]  # the first leftover is on the line (in `played`)
    groups = list(state.hands) + list(state.discards) + [state.played, sum(1 << i for i in stock)]
    union = 0
    for g in groups:
        assert not union & g, "a tile is in two places"
        union |= g
    assert union == ctx.ts.full, "a tile went missing"


def check_views(state):
    n = state.players
    played = as_pairs(state.ctx.ts.names(state.played))
    over = state.phase != "play"
    everything = set()
    for seat in range(n):
        everything |= as_pairs(state.ctx.ts.names(state.hands[seat] | state.discards[seat]))
    table = view_for(state, None)
    allowed_public = played | (everything if over else set())
    assert tiles_in({k: v for k, v in table.items() if k != "options"}) <= allowed_public
    for seat in range(n):
        v = view_for(state, seat)
        own = as_pairs(v["hand"]) | as_pairs(v["own_discards"])
        assert own == as_pairs(state.ctx.ts.names(state.hands[seat] | state.discards[seat]))
        assert tiles_in({k: val for k, val in v.items() if k != "options"}) <= allowed_public | own
        assert (v["legal"] != []) == (seat == state.turn and state.phase == "play")


def illegal_candidates(state):
    """Actions that must be refused: another seat acting, a tile not held, a pass when playing."""
    seat = state.turn
    legal = legal_actions(state)
    others = (seat + 1) % state.players
    out = [Action.make(others, "pass"), Action.make(others, "draw")]
    held = state.hands[seat] | state.discards[seat]
    missing = next(i for i in range(state.ctx.ts.size) if not held >> i & 1)
    out.append(Action.make(seat, "play", state.ctx.ts.tiles[missing]))
    if any(a.kind == "play" for a in legal):
        out += [Action.make(seat, "pass"), Action.make(seat, "draw")]
    return [a for a in out if a not in legal]


def walk_log(log) -> list:
    out = []
    while log is not None:
        log, action = log
        out.append(action)
    return out[::-1]


def play_random(match, draw_index, rounds, check_every=True):
    """Play up to `rounds` rounds with hypothesis-chosen actions; return the states seen."""
    seen = []
    for _ in range(rounds):
        if match.state.phase == "game_over":
            break
        if match.state.phase in ("new", "round_over"):
            match.start_round(seed=draw_index(10**6))
        steps = 0
        while match.state.phase == "play":
            state = match.state
            before = snapshot(state)
            legal = legal_actions(state)
            assert legal, "a pending decision always has a legal action"
            if check_every:
                check_conservation(state)
                check_views(state)
                for bad in illegal_candidates(state):
                    with pytest.raises(IllegalAction):
                        from engine import apply

                        apply(state, bad)
                assert snapshot(state) == before, "a query or a refused action changed the state"
                assert state.actions() == tuple(walk_log(state.log)), "actions() read once is still the log"
                fresh = LogRead.of(state.ctx, state.log)  # read from the start, not step by step
                read = state.reading()
                assert [getattr(read, k) for k in READ] == [getattr(fresh, k) for k in READ]
                assert read.line() == fresh.line()
            match.act(legal[draw_index(len(legal))])
            seen.append(match.state)
            steps += 1
            assert steps < 2000, "a round must end"
        check_conservation(match.state)
        check_views(match.state)
    return seen


@pytest.mark.parametrize("profile,options", CASES, ids=[f"{p}-{o}" for p, o in CASES])
@SETTINGS
@given(data=st.data())
def test_random_play_keeps_every_invariant(profile, options, data):
    match = Match(profile, options)
    draw_index = lambda k: data.draw(st.integers(0, k - 1))  # noqa: E731
    # Mexican Train rounds are ~100 actions with up to ten views each: check one round, and every
    # fourth example only at the round's end, to keep the suite quick.
    rounds = 1 if profile == "mexican-train" else 3
    check_every = profile != "mexican-train" or data.draw(st.integers(0, 3)) == 0
    play_random(match, draw_index, rounds, check_every=check_every)
    results = match.results()
    # the record round-trips: replaying it reaches the same position and results
    again = Match.from_record(json.loads(json.dumps(match.to_record())))
    assert again.results() == results
    for seat in [None] + list(range(match.state.players)):
        assert view_for(again.state, seat) == view_for(match.state, seat)


@pytest.mark.parametrize("profile,options", CASES[::2], ids=[f"{p}-{o}" for p, o in CASES[::2]])
@SETTINGS
@given(data=st.data())
def test_undo_then_redo_restores_the_position(profile, options, data):
    match = Match(profile, options)
    draw_index = lambda k: data.draw(st.integers(0, k - 1))  # noqa: E731
    match.start_round(seed=data.draw(st.integers(0, 10**6)))
    for _ in range(data.draw(st.integers(1, 30))):
        if match.state.phase != "play":
            break
        legal = legal_actions(match.state)
        match.act(legal[draw_index(len(legal))])
    seat = data.draw(st.integers(0, match.state.players - 1))
    before = match.to_record()
    expected_views = [view_for(match.state, s) for s in [None] + list(range(match.state.players))]
    if match.undo(seat):
        assert match.to_record() != before
        # the undone seat's last action is gone and nothing after it remains
        assert match.redo()
    assert match.to_record() == before
    assert [view_for(match.state, s) for s in [None] + list(range(match.state.players))] == expected_views


@pytest.mark.parametrize("profile,options", CASES, ids=[f"{p}-{o}" for p, o in CASES])
def test_same_seed_same_game(profile, options):
    """A match is (profile, options, seeds, actions): the same inputs give the same game."""

    def run():
        m = Match(profile, options)
        m.start_round(seed=4242)
        k = 0
        while m.state.phase == "play":
            legal = legal_actions(m.state)
            m.act(legal[k % len(legal)])
            k += 7
        return m.results(), m.to_record()

    assert run() == run()
