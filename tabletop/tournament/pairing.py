"""Pairing the next round.

1. Byes: when the entrants do not fill whole tables, the ones with the fewest byes so far sit
   out, the lowest in the standings first (so nobody has a second bye before all have one).
2. Tables: the others, in standings order, are grouped into tables of the profile's seat count
   (fixed pairs: two pairs a table) with the fewest repeats: two entrants facing each other again
   (and, rotating partners, one partner again, which weighs more than every repeated meeting of
   the round together). Among groupings with equally few repeats: one after which the later
   rounds can still go without repeats (individual and fixed pairs, when nobody has a bye),
   then the one that seats the highest standing entrants together first (the first in
   lexicographic order of standings places).
3. Rotating partners: at a table of four in standings order a b c d, the first split without
   more repeats of a, d against b, c / a, c against b, d / a, b against c, d (the strongest and
   the weakest play together).
Round 1's order is the draw order, shuffled from the settings' seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations, count

from .standings import standings
from .state import Round, Table, Tournament, TournamentError

SEARCH_STEPS = 200_000  # the search's allowance: a few seconds at most, between two rounds
LOOK_AHEAD_STEPS = 10_000  # for each grouping looked past; out of them, it is taken
SPLITS = (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3)))  # a table of four into two pairs

Group = tuple[int, ...]


def pair_next_round(t: Tournament) -> Tournament:
    s = t.settings
    if t.current is not None and not t.current.finished:
        raise TournamentError("round_unfinished", f"round {t.current.number} still has tables playing")
    if len(t.rounds) == s.rounds:
        raise TournamentError("tournament_over", f"all {s.rounds} rounds are played")
    if len(t.active) < s.units_per_table:
        raise TournamentError("too_few_players", f"a table needs {s.units_per_table} entrants")
    if not t.rounds:
        ids = [e.id for e in t.entrants]
        random.Random(s.seed).shuffle(ids)
        t = replace(t, order=tuple(ids))
    active = {e.id for e in t.active}
    ranked = [row.entrant for row in standings(t) if row.entrant in active]
    byes = choose_byes(t, ranked)
    playing = [e for e in ranked if e not in byes]
    met, partnered = history(t)
    if s.rotating:
        # a partner again outweighs all the round's repeated meetings (4 a table, each at most
        # once a round before)
        weight = 1 + 4 * (len(playing) // 4) * max(1, len(t.rounds))
        groups = arrange(playing, 4, lambda g: split_cost(g, met, partnered, weight)[1])
        tables = tuple(Table(n, split_cost(g, met, partnered, weight)[0]) for n, g in enumerate(groups, 1))
    else:
        ahead = s.rounds - len(t.rounds) - 1
        future = None if byes or not ahead else no_repeats_ahead(playing, s.units_per_table, met, ahead)
        groups = arrange(playing, s.units_per_table, lambda g: meetings(g, met), future)
        tables = tuple(Table(n, tuple((e,) for e in g)) for n, g in enumerate(groups, 1))
    rnd = Round(len(t.rounds) + 1, tables, tuple(e for e in ranked if e in byes))
    return replace(t, rounds=t.rounds + (rnd,))


def choose_byes(t: Tournament, ranked: Sequence[int]) -> set[int]:
    s = t.settings
    tables = min(s.tables, len(ranked) // s.units_per_table)
    sitting_out = len(ranked) - tables * s.units_per_table
    had = Counter(e for rnd in t.rounds for e in rnd.byes)
    place = {e: i for i, e in enumerate(ranked)}
    return set(sorted(ranked, key=lambda e: (had[e], -place[e]))[:sitting_out])


def history(t: Tournament) -> tuple[Counter, Counter]:
    """How often each two entrants met as opponents, and (rotating) played as partners; a table
    paired counts whether or not its result is in."""
    met: Counter = Counter()
    partnered: Counter = Counter()
    for rnd in t.rounds:
        for table in rnd.tables:
            for i, side in enumerate(table.sides):
                partnered.update(frozenset(p) for p in combinations(side, 2))
                for other in table.sides[i + 1 :]:
                    met.update(frozenset((a, b)) for a in side for b in other)
    return met, partnered


def meetings(group: Group, met: Counter) -> int:
    return sum(met[frozenset(p)] for p in combinations(group, 2))


def split_cost(group: Group, met: Counter, partnered: Counter, weight: int):
    """The best split of a table of four into two sides, and its cost."""
    best = None
    for split in SPLITS:
        sides = tuple(tuple(group[i] for i in side) for side in split)
        cost = weight * sum(partnered[frozenset(side)] for side in sides)
        cost += sum(met[frozenset((a, b))] for a in sides[0] for b in sides[1])
        if best is None or cost < best[1]:
            best = (sides, cost)
    assert best is not None
    return best


class OutOfSteps(Exception):
    pass


class Steps:
    """The search's allowance of steps, shared by the round's grouping and its look ahead."""

    def __init__(self, allowance: int = SEARCH_STEPS):
        self.left = allowance

    def take(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfSteps


def groupings(rest: tuple[int, ...], size: int, cost: Callable[[Group], int], limit: int, steps: Steps):
    """Every grouping of `rest` into groups of `size` costing at most `limit`, in lexicographic
    order of places (each group led by the highest-placed entrant left)."""
    if not rest:
        yield []
        return
    first, others = rest[0], rest[1:]
    for companions in combinations(others, size - 1):
        steps.take()
        group = (first, *companions)
        spent = cost(group)
        if spent <= limit:
            left = tuple(e for e in others if e not in companions)
            for more in groupings(left, size, cost, limit - spent, steps):
                yield [group, *more]


def arrange(
    ranked: Sequence[int],
    size: int,
    cost: Callable[[Group], int],
    future: Callable[[list[Group], Steps], bool] | None = None,
) -> list[Group]:
    """`ranked` into groups of `size`: the least total cost, then (at no cost) one after which
    `future` says the later rounds can still go without repeats, then the first in lexicographic
    order of places. A depth-first search in that order under a cost limit raised 0, 1, 2, ...:
    the first grouping found within a limit, all lower ones having failed, is the first in order
    at the least cost. Out of steps, the look ahead says yes, and the search takes the first
    grouping it found, or else `greedy`'s."""
    steps = Steps()
    first = None
    try:
        for limit in count():
            for found in groupings(tuple(ranked), size, cost, limit, steps):
                if first is None:
                    first = found
                if limit > 0 or future is None or future(found, steps):
                    return found
            if first is not None:
                return first  # no grouping without repeats lets the later rounds go without them
    except OutOfSteps:
        pass
    return first if first is not None else greedy(ranked, size, cost)


def greedy(ranked: Sequence[int], size: int, cost: Callable[[Group], int]) -> list[Group]:
    """When the search runs out of steps: table by table, the top entrant left with the
    companions that cost least."""
    rest = list(ranked)
    out: list[Group] = []
    while rest:
        first, others = rest[0], rest[1:]
        companions = min(combinations(others, size - 1), key=lambda c: cost((first, *c)))
        out.append((first, *companions))
        rest = [e for e in others if e not in companions]
    return out


def no_repeats_ahead(players: Sequence[int], size: int, met: Counter, rounds: int):
    """The look ahead of individual Swiss and fixed pairs: after a grouping, the same players can
    still play `rounds` more rounds without anybody meeting anybody twice."""

    def can(met: Counter, rounds: int, steps: Steps) -> bool:
        if rounds == 0:
            return True
        order = tuple(players)
        for found in groupings(order, size, lambda g: meetings(g, met), 0, steps):
            if can(met + Counter(frozenset(p) for g in found for p in combinations(g, 2)), rounds - 1, steps):
                return True
        return False

    def future(grouping: list[Group], _: Steps) -> bool:
        steps = Steps(LOOK_AHEAD_STEPS)
        try:
            after = met + Counter(frozenset(p) for g in grouping for p in combinations(g, 2))
            return can(after, rounds, steps)
        except OutOfSteps:
            return True

    return future
