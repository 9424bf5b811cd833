"""engine.catalogue(): every fact a screen needs about each profile, as data, agreeing with
what the engine does with that profile (seats and hands dealt, teams, refused options)."""

from __future__ import annotations

import itertools
import json
import re

import pytest

import engine
from engine import catalogue, new_game, normalize_options, start_round, view_for

KEYS = {
    "name",
    "play_default",
    "move_record",
    "pictures",
    "icon",
    "order",
    "family",
    "max_pip",
    "options",
    "defaults",
    "seats",
    "hand_size",
    "teams",
    "opening_double",
    "lot",
    "target",
    "rounds",
    "score_kind",
    "direction",
    "stuck",
    "forbidden",
}


def every_option_combination(entry):
    names = [o["name"] for o in entry["options"]]
    for values in itertools.product(*(o["choices"] for o in entry["options"])):
        yield dict(zip(names, values))


def test_catalogue_is_json_and_keyed_by_profile():
    table = catalogue()
    assert list(table) == list(engine.PROFILES)
    assert json.loads(json.dumps(table)) == table
    for name, entry in table.items():
        assert set(entry) == KEYS
        assert entry["name"] == name
        assert entry["defaults"] == normalize_options(name, {})
        assert entry["defaults"] == {o["name"]: o["default"] for o in entry["options"]}


def test_catalogue_is_a_fresh_copy():
    table = catalogue()
    table["draw"]["options"].clear()
    assert catalogue()["draw"]["options"]


@pytest.mark.parametrize("name", list(engine.PROFILES))
def test_seats_hands_and_teams_are_what_the_engine_deals(name):
    entry = catalogue()[name]
    checked = 0
    for options in every_option_combination(entry):
        refused = [r for r in entry["forbidden"] if all(options[k] == v for k, v in r["options"].items())]
        if refused:
            with pytest.raises(ValueError, match=re.escape(refused[0]["reason"])):
                normalize_options(name, options)
            continue
        state = start_round(new_game(name, options), seed=7)
        key = str(options[entry["seats"]["option"]])
        seats = entry["seats"]["counts"][key]
        assert state.players == seats
        assert [h.bit_count() for h in state.hands] == [entry["hand_size"]["sizes"][key]] * seats
        view = view_for(state, 0)
        teams = entry["teams"]
        on = teams is not None and (teams["option"] is None or options[teams["option"]])
        assert view["teams"] == (teams["seats"] if on else None)
        lot = entry["lot"]
        assert (view["lot_opener"] is not None) == (
            lot is not None and options[lot["option"]] in lot["values"]
        )
        assert view["max_pip"] == entry["max_pip"]
        assert view["target"] == entry["target"]
        assert view["rounds_total"] == entry["rounds"]
        assert view["score_kind"] == entry["score_kind"]
        assert view["direction"] == entry["direction"]
        checked += 1
    assert checked


def test_known_facts():
    table = catalogue()
    assert table["draw"]["hand_size"]["sizes"] == {"2": 7, "3": 5, "4": 5}
    assert table["mexican-train"]["seats"]["counts"]["10"] == 10
    assert table["mexican-train"]["hand_size"]["sizes"]["10"] == 8
    assert table["mexican-train"]["rounds"] == 13 and table["mexican-train"]["max_pip"] == 12
    assert table["six-love"]["teams"] == {"seats": [[0, 2], [1, 3]], "option": None}
    assert table["gaple"]["teams"] == {"seats": [[0, 2], [1, 3]], "option": "partners"}
    assert table["gaple"]["forbidden"] == [
        {
            "options": {"partners": True, "deal": "5x5"},
            "reason": "gaple partners needs four players (deal 4x7 or 4x6)",
        }
    ]
    assert table["draw"]["target"] == 100 and table["six-love"]["target"] == 6
    assert table["block"]["teams"] is None and table["block"]["rounds"] is None


def test_screen_facts_come_from_the_profile_rows():
    """The play mode a screen starts in, six-love's move record and its hard-ends note are data
    of the engine (the client holds no list of profiles that preview or score a bonus)."""
    from engine import Match, view_for
    from engine.profiles import PROFILES

    table = engine.catalogue()
    assert {n for n, e in table.items() if e["play_default"] == "preview"} == {"gaple", "six-love"}
    assert {n for n, e in table.items() if e["move_record"]} == {"six-love"}
    # the Rules panel's pictures of a profile's own rules: six-love's hard ends only
    assert {n: e["pictures"] for n, e in table.items() if e["pictures"]} == {"six-love": ["hard-ends"]}
    for name, profile in PROFILES.items():
        m = Match(name)
        m.start_round(seed=3, opener=0) if profile.lot and name == "gaple" else m.start_round(seed=3)
        v = view_for(m.state, None)
        assert v["play_default"] == profile.play_default and v["result_notes"] == []
    # six-love: a round won by 2 points (the hard-ends bonus) says so, a 1-point win does not
    from players import heaviest

    seen = set()
    for seed in range(60):
        m = Match("six-love")
        m.start_round(seed=seed)
        while m.state.phase == "play":
            m.act(heaviest(view_for(m.state, m.state.turn)))
        result = m.state.result
        notes = view_for(m.state, None)["result_notes"]
        assert notes == (["hard_ends"] if result["end"] == "domino" and result["points"] == 2 else [])
        seen.add(tuple(notes))
    assert () in seen
