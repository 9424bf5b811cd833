"""Helpers of the tournament tests: a tournament played with seeded random results, and who met."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from tabletop import tournament as tm


def entered(settings: tm.Settings, count: int) -> tm.Tournament:
    t = tm.new(settings)
    for i in range(count):
        names = (f"P{i}a", f"P{i}b") if settings.fixed_pairs else (f"P{i}",)
        t, _ = tm.join(t, *names)
    return t


def play_round(t: tm.Tournament, rng: random.Random) -> tm.Tournament:
    """Every table of the current round reports a random result; the top score wins."""
    rnd = t.current
    assert rnd is not None
    for table in rnd.tables:
        points = tuple(rng.randint(0, 150) for _ in table.sides)
        winner = max(range(len(points)), key=points.__getitem__)
        t = tm.report(t, rnd.number, table.number, tm.Result(points, winner))
    return t


def meetings(t: tm.Tournament) -> tuple[Counter, Counter]:
    """How often each two entrants faced each other, and played as partners."""
    met: Counter = Counter()
    partners: Counter = Counter()
    for rnd in t.rounds:
        for table in rnd.tables:
            for i, side in enumerate(table.sides):
                partners.update(frozenset(p) for p in combinations(side, 2))
                for other in table.sides[i + 1 :]:
                    met.update(frozenset((a, b)) for a in side for b in other)
    return met, partners
