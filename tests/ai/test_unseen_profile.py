"""A sixth profile gets a correct computer player without a line of players/ changed.

`short-draw` exists only here: a Draw variant with another match target (40) and hand size (6
tiles with three players, 9 with two), registered in the engine's table of profiles for the
length of a test. The players know it only through its data row and hooks, as they know the
five of the catalogue: every level plays whole matches of it, what they say about hidden tiles
holds in the true deal, and its hints hold under `players.hintcheck`.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from engine import PROFILES, Match, catalogue, view_for
from engine.actions import KINDS
from engine.profiles import Option
from players import hintcheck
from players.claims import holds
from players.computer import decide
from players.reasons import search_of
from players.sameinfo import alternatives, check, positions
from players.world import Knowledge

NAME = "short-draw"
TARGET = 40


def short_draw():
    """The test-only profile: Draw's row and hooks with another target and hand sizes."""
    return dataclasses.replace(
        PROFILES["draw"],
        name=NAME,
        options=(Option("players", 3, (2, 3)),),
        deals=((2, 2, 9), (3, 3, 6)),
        target=TARGET,
    )


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(PROFILES, NAME, short_draw())
    return NAME


PLAYERS = Path(__file__).resolve().parents[2] / "players"


def test_players_name_no_profile():
    """No string of players/ is a profile's name or a table label made of one (an action kind
    such as "draw" is no profile), and no profile name that is not also an everyday word of the
    rules appears in its text at all."""
    names = set(PROFILES)
    for path in sorted(PLAYERS.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                value = node.value
                assert value not in names - set(KINDS), (path.name, value)
                assert not any(value.startswith(name + "-") for name in names), (path.name, value)
        for name in names - set(KINDS) - {"block"}:
            assert name not in text.lower(), (path.name, name)


def test_the_profile_is_the_tests_own():
    assert NAME not in PROFILES and NAME not in catalogue()  # not in the product catalogue


@pytest.mark.parametrize("players", [3, 2])
def test_every_level_plays_matches_to_the_end(registered, players):
    levels = ("easy", "medium", "hard")
    for game in range(2):
        m = Match(NAME, {"players": players})
        assert m.state.players == players and m.state.profile.target == TARGET
        rounds, k = 0, 0
        while m.state.phase != "game_over":
            m.start_round(seed=70 + 10 * game + rounds)
            assert len(view_for(m.state, 0)["hand"]) == (6 if players == 3 else 9)
            while m.state.phase == "play":
                seat = m.state.turn
                view = view_for(m.state, seat)
                level = levels[(seat + game + rounds) % 3]
                action, reason, decision = decide(view, level, k, 16 if level == "hard" else None)
                assert action in view["legal"]
                assert holds(view, action, reason, search_of(decision)), (level, reason)
                m.act(action)
                k += 1
            rounds += 1
            assert rounds < 40
        assert max(m.state.scores) >= TARGET
        assert m.state.match_winner is not None


def test_the_opening_says_who_was_not_dealt_a_higher_double(registered):
    """The profile's hooks say what a first-round opening proves; the computer reads it (and
    only what the true deal bears out)."""
    told = 0
    for state, seat in positions(NAME, {"players": 3}, 30, seed=5):
        forbid = Knowledge(view_for(state, seat))._opening_forbid()
        for s, mask in enumerate(forbid):
            dealt = 0
            for t in state.deal.hands[s]:
                dealt |= 1 << t.index
            assert not dealt & mask, (s, state.deal.hands[s])
        told += any(forbid)
    assert told >= 10


def test_sampled_worlds_and_same_information(registered):
    rng = random.Random(3)
    for state, seat in positions(NAME, {"players": 3}, 6, seed=6):
        view = view_for(state, seat)
        K = Knowledge(view)
        for _ in range(3):
            w = K.world(rng)
            assert w is not None
            got = view_for(w, seat)
            got["dealt"], want_dealt = sorted(got["dealt"]), sorted(view["dealt"])
            assert dict(view, dealt=want_dealt) == got
        alts = alternatives(state, seat, 6, rng)
        assert len(alts) == 6
        assert check(state, seat, alts, seed=9, budget=12) == []


def test_its_hints_hold_under_hintcheck(registered, capsys):
    tables = {"short-draw-3p": (NAME, {"players": 3}), "short-draw-2p": (NAME, {"players": 2})}
    argv = ["--per-table", "40", "--budget", "24", "--seed", "3"]
    assert hintcheck.main(argv, tables=tables) == 0
    out = capsys.readouterr().out
    assert "short-draw-3p: 40/40 claims hold" in out
    assert "short-draw-2p: 40/40 claims hold" in out
