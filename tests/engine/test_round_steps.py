"""Stepping through finished rounds (engine.round_steps): one position per action, every hand
face up, ending on the result `engine.replay` gives; a round in play is not stepped through."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Action, Match, RecordError, apply, legal_actions, replay
from engine.round_steps import finished_rounds, round_steps

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_every_finished_round_steps_to_the_replayed_result(path):
    record = json.loads(path.read_text())["record"]
    results = replay(record)["rounds"]
    listed = finished_rounds(record)
    assert [r["round"] for r in listed] == list(range(1, len(results) + 1))
    for entry, expected in zip(listed, results):
        out = round_steps(record, entry["round"])
        steps = out["steps"]
        assert len(steps) == entry["actions"] + 1 == len(record["rounds"][entry["round"] - 1]["actions"]) + 1
        assert out["result"]["totals"] == expected["totals"] and steps[-1]["scores"] == expected["scores"]
        # an action was forced exactly where the rules offered nothing else; a pass always is
        actions = record["rounds"][entry["round"] - 1]["actions"]
        assert len(out["forced"]) == len(actions)
        assert all(f for f, a in zip(out["forced"], actions) if a.get("pass"))
        head = dict(
            record,
            rounds=record["rounds"][: entry["round"] - 1]
            + [dict(record["rounds"][entry["round"] - 1], actions=[])],
        )
        state = Match.from_record(head).state
        for f, a in zip(out["forced"], actions):
            assert f == (len(legal_actions(state)) == 1)
            state = apply(state, Action.from_json(a))
        assert steps[0]["phase"] == "play" and steps[-1]["phase"] in ("round_over", "game_over")
        # every hand face up at every position: each holds what its seat's view counts
        for view in steps:
            assert [len(h) for h in view["reveal"]["hands"]] == [s["count"] for s in view["seats"]]


def test_a_round_in_play_or_missing_is_refused():
    record = json.loads(GOLDEN[0].read_text())["record"]
    first = record["rounds"][0]
    half = dict(record, rounds=[dict(first, actions=first["actions"][:3])])
    assert finished_rounds(half) == []
    for bad in (1, 0, 2, "1", True):
        with pytest.raises(RecordError):
            round_steps(half, bad)
