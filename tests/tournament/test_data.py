"""A tournament survives the trip to JSON and back whole, and the seating it gives the tables."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from night import entered, play_round

from tabletop import tournament as tm


@settings(max_examples=25, deadline=None)
@given(
    fmt=st.sampled_from(["swiss", "fixed", "rotating"]),
    count=st.integers(4, 12),
    played=st.integers(0, 3),
    seed=st.integers(0, 999),
)
def test_to_json_and_back(fmt, count, played, seed):
    if fmt == "swiss":
        s = tm.Settings("swiss", 3, 3, 4, seed=seed, bye_points=5)
    else:
        s = tm.Settings("pairs", 4, 2, 4, partners=fmt, seed=seed)
    t = entered(s, count)
    rng = random.Random(seed)
    for _ in range(played):
        t = play_round(tm.pair_next_round(t), rng)
    if played:
        t = tm.withdraw(t, 2)
        t = tm.correct(t, 1, 1, tm.Result((0,) * len(t.rounds[0].tables[0].sides), 1), "wrong scores")
    back = tm.from_data(json.loads(json.dumps(tm.to_data(t))))
    assert back == t
    assert tm.standings(back) == tm.standings(t)


def test_stored_nonsense_is_refused():
    with pytest.raises(tm.TournamentError) as caught:
        tm.from_data({"settings": {"format": "swiss"}})
    assert caught.value.code == "bad_data"


def test_seating_puts_partners_across_the_table():
    t = entered(tm.Settings("pairs", 4, 1, 1, seed=0), 2)  # fixed: P0a & P0b, P1a & P1b
    t = tm.pair_next_round(t)
    table = t.current.tables[0]
    first, second = (t.entrant(side[0]).names for side in table.sides)
    assert t.seating(table) == (first[0], second[0], first[1], second[1])
    t = tm.pair_next_round(entered(tm.Settings("pairs", 4, 1, 1, partners="rotating"), 4))
    table = t.current.tables[0]
    (a, b), (c, d) = table.sides
    assert t.seating(table) == tuple(t.entrant(e).names[0] for e in (a, c, b, d))
