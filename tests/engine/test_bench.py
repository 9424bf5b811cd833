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
