"""Scores follow RULES.md: random full matches of every profile, each finished round re-scored
by a deliberately naive, independent reading of the rules and compared with the engine's result.
"""

from __future__ import annotations

import random

import pytest

from engine import Match, legal_actions


def pips(tile: str) -> int:
    a, b = map(int, tile.split("-"))
    return a + b


def low_half(tile: str) -> int:
    return min(map(int, tile.split("-")))


def oracle_draw_block(view, last_seat, end, scores_before):
    hands = view["reveal"]["hands"]
    totals = [sum(map(pips, h)) for h in hands]
    if end == "domino":
        winner = next(s for s, h in enumerate(hands) if not h)
        assert winner == last_seat
    else:
        lowest = [s for s, t in enumerate(totals) if t == min(totals)]
        winner = lowest[0] if len(lowest) == 1 else None
    points = sum(totals) - totals[winner] if winner is not None else 0
    scores = list(scores_before)
    if winner is not None:
        scores[winner] += points
    return {"winner": winner, "points": points, "totals": totals, "scores": scores}


def oracle_gaple(view, options, scores_before):
    hands, discards = view["reveal"]["hands"], view["reveal"]["discards"]
    held = [h + d for h, d in zip(hands, discards)]
    everything = [t for tiles in held for t in tiles]

    def value(t):
        if t == "0-0" and options["blank25"]:
            others_with_blank = [u for u in everything if u != "0-0" and "0" in u.split("-")]
            return 25 if not others_with_blank else 0
        return pips(t)

    totals = [sum(value(t) for t in tiles) for tiles in held]
    tied = [s for s, t in enumerate(totals) if t == min(totals)]

    def key(s):
        if not held[s]:
            return (-1, -1)
        return min((value(t), low_half(t)) for t in held[s])

    winner = min(tied, key=key)
    scores = list(scores_before)
    for s in range(len(held)):
        if s == winner or (options["partners"] and s % 2 == winner % 2):
            scores[s] += 1
    return {
        "winner": winner,
        "points": 1,
        "totals": totals,
        "scores": scores,
        "team": winner % 2 if options["partners"] else None,
    }


def oracle_six_love(view, history, end, scores_before):
    hands = view["reveal"]["hands"]
    totals = [sum(map(pips, h)) for h in hands]
    if end == "domino":
        winner = history[-1]["seat"]
        # the hard-end bonus, recomputed from the line before the last tile
        last = history[-1]["play"]
        a, b = map(int, last.split("-"))
        line_before = [h["play"] for h in history[:-1] if "play" in h]
        faces = lambda n: sum(t.split("-").count(str(n)) for t in line_before)  # noqa: E731
        left, right = ends_before(history[:-1])
        bonus = a != b and {left, right} == {a, b} and faces(a) == 7 and faces(b) == 7
        points = 2 if bonus else 1
    else:
        lowest = [s for s, t in enumerate(totals) if t == min(totals)]
        if len({s % 2 for s in lowest}) > 1:
            return {"winner": None, "points": 0, "totals": totals, "scores": list(scores_before)}
        winner, points = lowest[0], 1
    team = winner % 2
    scores = list(scores_before)
    if scores[1 - team] == 0:
        scores[team] += points
    else:
        scores, points = [0, 0], 0
    return {"winner": winner, "team": team, "points": points, "totals": totals, "scores": scores}


def ends_before(history):
    """Replay the plays of a one-line game to find the two open ends (naively, from the text)."""
    left = right = None
    for h in history:
        if "play" not in h:
            continue
        a, b = map(int, h["play"].split("-"))
        if left is None:
            left, right = a, b
            continue
        end = h.get("end")
        fits_right = right in (a, b)  # unnamed and fitting both: the right end (RECORD.md's example)
        if end == "right" or (end is None and fits_right):
            right = b if a == right else a
        else:
            left = b if a == left else a
    return left, right


def oracle_mexican(view, options, scores_before):
    def value(t):
        return 50 if t == "0-0" and options["blank50"] else pips(t)

    totals = [sum(value(t) for t in h) for h in view["reveal"]["hands"]]
    return {"totals": totals, "scores": [a + b for a, b in zip(scores_before, totals)]}


CASES = [
    ("draw", {"players": 2}),
    ("draw", {"players": 4}),
    ("block", {"players": 2}),
    ("block", {"players": 3}),
    ("gaple", {}),
    ("gaple", {"deal": "5x5", "blank25": True}),
    ("gaple", {"deal": "4x6", "partners": True}),
    ("gaple", {"blank25": True, "discard": False}),
    ("six-love", {}),
    ("mexican-train", {"players": 3}),
    ("mexican-train", {"players": 6, "blank50": True}),
]


@pytest.mark.parametrize("profile,options", CASES, ids=[f"{p}-{o}" for p, o in CASES])
def test_every_round_scores_as_the_rules_say(profile, options):
    from engine import view_for

    rng = random.Random(7)
    rounds_checked = 0
    for _game in range(6 if profile != "mexican-train" else 1):
        match = Match(profile, options)
        opts = match.options
        for _ in range(40):
            if match.state.phase == "game_over":
                break
            match.start_round(seed=rng.randrange(10**9))
            scores_before = list(match.state.ctx.scores)
            while match.state.phase == "play":
                legal = legal_actions(match.state)
                # prefer plays half the time so rounds end both ways (domino and blocked)
                plays = [a for a in legal if a.kind == "play"]
                match.act(rng.choice(plays if plays and rng.random() < 0.5 else legal))
            result = match.state.result
            view = view_for(match.state, None)
            history = view["history"]
            if profile in ("draw", "block"):
                expected = oracle_draw_block(view, history[-1]["seat"], result["end"], scores_before)
            elif profile == "gaple":
                expected = oracle_gaple(view, opts, scores_before)
            elif profile == "six-love":
                expected = oracle_six_love(view, history, result["end"], scores_before)
            else:
                expected = oracle_mexican(view, opts, scores_before)
            for key, value in expected.items():
                assert result[key] == value, (key, result, expected, history)
            rounds_checked += 1
    assert rounds_checked >= 6
