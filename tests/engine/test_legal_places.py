"""view["legal_places"]: for each legal play, where its tile goes. Checked against the line or
train the view shows after that very action is applied, over random positions of every profile."""

from __future__ import annotations

import random

import pytest

from engine import apply, legal_actions, new_game, start_round, view_for

TABLES = [
    ("draw", {"players": 2}),
    ("draw", {"players": 4}),
    ("block", {"players": 3}),
    ("gaple", {}),
    ("gaple", {"deal": "4x6"}),
    ("gaple", {"deal": "5x5", "discard": False}),
    ("six-love", {}),
    ("mexican-train", {"players": 2}),
    ("mexican-train", {"players": 5, "first_run": False}),
]


def positions(name, options, games, seed):
    rng = random.Random(seed)
    for game in range(games):
        state = start_round(new_game(name, options), seed=seed * 1000 + game)
        while state.phase == "play":
            yield state
            state = apply(state, rng.choice(legal_actions(state)))


def check_line(before, place, after):
    line_before, line = before["line"], after["line"]
    assert len(line) == len(line_before) + 1
    if place["at"] == "start":
        assert line == [place["entry"]] and place["open"] is None
    elif place["at"] == "left":
        assert line[0] == place["entry"] and line[1:] == line_before
        assert after["ends"]["left"] == place["open"] == line[0]["left"]
    else:
        assert place["at"] == "right"
        assert line[-1] == place["entry"] and line[:-1] == line_before
        assert after["ends"]["right"] == place["open"] == line[-1]["right"]


def check_train(before, place, after):
    if place["at"] == "engine":
        assert before["trains"]["engine"] is None
        assert after["trains"]["engine"] == place["entry"]["tile"]
        assert place["entry"]["double"] and place["entry"]["from"] == place["entry"]["to"] == place["open"]
        return
    assert place["at"] == "train"
    t = place["train"]
    grown = after["trains"]["mexican"] if t == "mexican" else after["trains"]["personal"][t]
    old = before["trains"]["mexican"] if t == "mexican" else before["trains"]["personal"][t]
    assert grown["tiles"] == old["tiles"] + [place["entry"]]
    assert grown["end"] == place["open"] == place["entry"]["to"]
    assert place["entry"]["from"] == old["end"]


@pytest.mark.parametrize("name,options", TABLES)
def test_legal_places_match_the_board_after_the_action(name, options):
    plays = 0
    for state in positions(name, options, games=6, seed=len(name) + len(options)):
        seat = state.turn
        view = view_for(state, seat)
        assert len(view["legal_places"]) == len(view["legal"])
        for action, place in zip(view["legal"], view["legal_places"]):
            if "play" not in action:
                assert place is None
                continue
            after = view_for(apply(state, action), seat)
            (check_train if name == "mexican-train" else check_line)(view, place, after)
            tile = action["play"].split("-")
            assert sorted(tile) == sorted(place["entry"]["tile"].split("-"))
            plays += 1
    assert plays > 100


def test_no_places_without_a_decision():
    state = start_round(new_game("draw", {"players": 2}), seed=3)
    other = 1 - state.turn
    assert view_for(state, other)["legal_places"] == []
    assert view_for(state, None)["legal_places"] == []


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 10}, {"players": 5, "first_run": False}])
def test_playable_trains_are_public_and_hold_every_legal_play(options):
    """trains.playable, in the table's view: every train a legal play of the seat on turn names,
    only the uncovered double's train while one is open, and the marked trains otherwise."""
    seen_uncovered = seen_marked = 0
    for state in positions("mexican-train", options, games=3, seed=options["players"]):
        table = view_for(state, None)["trains"]
        seat = state.turn
        own = view_for(state, seat)
        assert own["trains"]["playable"] == table["playable"]  # the same for every seat
        playable = table["playable"]
        if own["pending"] == "engine":
            assert playable == []
            continue
        trains = {a["train"] for a in own["legal"] if "play" in a}
        assert trains <= set(playable), (trains, playable)
        if table["uncovered"] is not None:
            seen_uncovered += 1
            run_elsewhere = own["pending"] == "run" and table["uncovered"]["train"] != seat
            assert playable == ([] if run_elsewhere else [table["uncovered"]["train"]])
        elif own["pending"] != "run":
            marked = {i for i, p in enumerate(table["personal"]) if p["marker"]}
            seen_marked += bool(marked - {seat})
            assert set(playable) == {seat, "mexican"} | marked
    assert seen_uncovered > 3 and seen_marked > 3
