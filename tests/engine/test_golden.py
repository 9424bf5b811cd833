"""Golden records (tests/golden/, made by scripts/make_golden.py): full games of every profile,
replayed through the library and the CLI, must give exactly the stored results and perft counts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Match, apply, legal_actions, replay

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json"))
ROOT = Path(__file__).resolve().parents[2]


def load(path):
    return json.loads(path.read_text())


def test_there_is_a_golden_record_for_every_profile():
    profiles = {load(p)["record"]["profile"] for p in GOLDEN}
    assert profiles == {"draw", "block", "gaple", "six-love", "mexican-train"}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_results(path):
    data = load(path)
    assert replay(data["record"]) == data["replay"]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_perft_counts(path):
    data = load(path)
    first = data["record"]["rounds"][0]
    record = dict(data["record"], rounds=[dict(first, actions=[])])
    state = Match.from_record(record).state
    while state.phase == "play" and len(legal_actions(state)) == 1:
        state = apply(state, legal_actions(state)[0])

    def perft(s, depth):
        if depth == 0 or s.phase != "play":
            return 1
        return sum(perft(apply(s, a), depth - 1) for a in legal_actions(s))

    assert [perft(state, d) for d in range(len(data["perft"]))] == data["perft"]


def test_golden_record_through_the_cli(tmp_path):
    data = load(GOLDEN[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data["record"]))
    out = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == data["replay"]
