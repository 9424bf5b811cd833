"""The speed benchmark runs and speaks JSON (no timing is asserted: machines differ)."""

import json

import pytest

from engine import bench


def test_bench_json_lines(capsys):
    status = bench.main(["--seconds", "0.05", "--rounds", "1", "--json", "--profile", "block-2p"])
    assert status == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    rows = [json.loads(line) for line in lines]
    assert [(r["profile"], r["options"]) for r in rows] == [("block", {"players": 2})]
    assert rows[0]["games_per_s"] > 0


def test_bench_rejects_unknown_profile(capsys):
    with pytest.raises(SystemExit) as exc:
        bench.main(["--profile", "no-such-game"])
    assert exc.value.code == 2
    assert "no-such-game" in capsys.readouterr().err


def test_bench_game_is_a_seeded_round_played_to_its_end():
    """The runner deals with the project's seeded shuffle and plays legal actions to the end."""
    import random

    from engine import deal_from_seed, new_game, start_round

    case = next(c for c in bench.CASES if c.label == "block-2p")
    runner = bench.engine_runner(case, random.Random(3))
    assert all(runner(seed) > 0 for seed in range(20))
    game = new_game("block", {"players": 2})
    assert start_round(game, seed=11).hands == list(deal_from_seed("block", {"players": 2}, 11).hand_masks)
