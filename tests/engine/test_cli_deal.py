"""`python -m engine deal` turns a revealed seed back into its deal: the same deal a record with
that seed replays, and the same one written out as hands and stock."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Match, deal_from_seed, replay, view_for
from players import heaviest

ROOT = Path(__file__).resolve().parents[2]


def run_deal(*args):
    out = subprocess.run(
        [sys.executable, "-m", "engine", "deal", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    return out


@pytest.mark.parametrize(
    "args,profile,options",
    [
        (["--profile", "draw", "--seed", "42", "--players", "3"], "draw", {"players": 3}),
        (["--profile", "gaple", "--seed", "7", "--option", "deal=5x5"], "gaple", {"deal": "5x5"}),
        (
            ["--profile", "mexican-train", "--seed", "123456789", "--players", "8"],
            "mexican-train",
            {"players": 8},
        ),
    ],
)
def test_deal_cli_prints_the_seeded_deal(args, profile, options):
    out = run_deal(*args)
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    deal = deal_from_seed(profile, options, int(args[3]))
    assert printed["hands"] == [[str(t) for t in h] for h in deal.hands]
    assert printed["stock"] == [str(t) for t in deal.stock]
    assert printed.get("opener") == deal.opener


def test_seeded_record_and_written_out_record_are_the_same_game():
    seed = 99
    printed = json.loads(run_deal("--profile", "block", "--seed", str(seed), "--players", "2").stdout)
    match = Match("block", {"players": 2})
    match.start_round(seed=seed)
    while match.state.phase == "play":
        view = view_for(match.state, match.state.turn)
        match.act(heaviest(view))
    actions = match.to_record()["rounds"][0]["actions"]
    base = {"format": "domino-record/1", "profile": "block", "options": {"players": 2}}
    seeded = dict(base, rounds=[{"seed": seed, "actions": actions}])
    written = dict(base, rounds=[{"hands": printed["hands"], "stock": printed["stock"], "actions": actions}])
    assert replay(seeded) == replay(written) == match.results()
    assert match.results()["rounds"][0]["end"] in ("domino", "blocked")


def test_deal_cli_rejects_bad_options():
    out = run_deal("--profile", "gaple", "--seed", "1", "--option", "deal=9x9")
    assert out.returncode == 2 and "deal" in out.stderr and out.stdout == ""
