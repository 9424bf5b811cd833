"""A record's fault says where it is and what kind it is (`RecordError.round`, `.action`,
`.code`), for a page to say it in the player's language; a revealed seed beside its deal is
re-checked against it."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import engine
from engine import RecordError, deal_from_seed, replay

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def golden(name):
    return json.loads((GOLDEN / name).read_text())["record"]


def fault(record) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(record)
    return caught.value


def test_an_illegal_action_names_its_round_action_and_the_rules_code():
    record = golden("draw-2p.json")
    seat = record["rounds"][0]["actions"][0]["seat"]
    record["rounds"][0]["actions"][1] = {"seat": seat, "pass": True}  # the same seat again
    err = fault(record)
    assert (err.round, err.action, err.code) == (1, 2, "not_your_turn")
    assert str(err).startswith("round 1, action 2: ")


def test_an_action_after_the_end_is_round_over():
    record = golden("draw-2p.json")
    last = record["rounds"][-1]
    last["actions"].append(dict(last["actions"][-1]))
    err = fault(record)
    assert (err.round, err.action, err.code) == (len(record["rounds"]), len(last["actions"]), "round_over")


def test_format_faults_have_their_codes():
    record = golden("draw-2p.json")
    assert fault(dict(record, profile="chess")).code == "unknown_profile"
    assert (fault(dict(record, rounds=[5])).round, fault(dict(record, rounds=[5])).code) == (1, "bad_record")
    broken = copy.deepcopy(record)
    broken["rounds"][0]["hands"][0][0] = "9-9"
    assert (fault(broken).round, fault(broken).code) == (1, "bad_deal")
    broken["rounds"][0]["actions"][0] = {"seat": 0, "play": 7}
    assert fault(broken).round == 1


def test_a_seed_beside_its_deal_is_rechecked():
    deal = deal_from_seed("draw", {"players": 2}, 42).to_json_explicit()
    record = {"format": "domino-record/1", "profile": "draw", "options": {"players": 2}}
    record["rounds"] = [dict(deal, seed=42, actions=[])]
    assert replay(record)["next"] is not None  # agrees: the deal is the seed's
    record["rounds"][0]["hands"][0] = list(reversed(deal["hands"][0]))  # a hand's order is no matter
    assert replay(record)["next"] is not None
    record["rounds"][0]["seed"] = 43
    err = fault(record)
    assert (err.round, err.action, err.code) == (1, None, "seed_mismatch")
    assert engine.Match.from_record(dict(record, rounds=[{"seed": 43, "actions": []}])).state.phase == "play"
