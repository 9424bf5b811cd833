"""`Match.going_back`: what a table may take back (RULES.md, Conduct of play). One walk of the
round's actions gives every seat's undo and the restart; checked here against the rule written
out seat by seat (the room's former two walks), over random play with every set of people."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import Match, legal_actions

CASES = [
    ("draw", {"players": 2}),
    ("draw", {"players": 3}),
    ("block", {"players": 4}),
    ("gaple", {}),
    ("six-love", {}),
    ("mexican-train", {"players": 3}),
]


def may_undo(match: Match, seat: int, humans: set[int]) -> bool:
    """Seat by seat: the newest action of `seat` or of a person decides."""
    if match.state.phase != "play" or not match.rounds:
        return False
    for a in reversed(match.rounds[-1].actions):
        if a.kind == "draw" and (a.seat == seat or a.seat in humans):
            return False
        if a.seat == seat:
            return match.can_undo(seat, humans)
        if a.seat in humans:
            return False
    return False


def may_restart(match: Match, humans: set[int]) -> bool:
    if match.state.phase != "play" or not match.rounds:
        return False
    actions = match.rounds[-1].actions
    if any(a.kind == "draw" and a.seat in humans for a in actions):
        return False
    return len(humans) <= 1 or not actions


@pytest.mark.parametrize(("profile", "options"), CASES)
def test_going_back_is_the_rule_seat_by_seat(profile, options):
    rng = random.Random(f"{profile}{options}")
    checked = 0
    for _ in range(3):
        match = Match(profile, options)
        n = match.state.players
        people = [set(c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
        for _ in range(4):  # a few rounds, each until it ends
            if match.state.phase == "game_over":
                break
            match.start_round(seed=rng.getrandbits(64))
            while True:
                for humans in people:
                    back = match.going_back(humans)
                    assert back.undo == {s for s in range(n) if may_undo(match, s, humans)}
                    assert back.restart == may_restart(match, humans)
                    checked += 1
                if match.state.phase != "play":
                    break
                match.act(rng.choice(legal_actions(match.state)))
    assert checked > 100
