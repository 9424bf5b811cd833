"""Pairings checked against a plain reference of the rules (docs/TOURNAMENT.md) written here:
every grouping of the players is listed and the best one picked by brute force."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st
from night import entered, meetings, play_round

from tabletop import tournament as tm
from tabletop.tournament import pairing


def all_groupings(players: list[int], size: int):
    """Every way to cut `players` into groups of `size`, each group led by its first player left."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for companions in _choose(rest, size - 1):
        left = [p for p in rest if p not in companions]
        for more in all_groupings(left, size):
            yield [(first, *companions), *more]


def _choose(items: list[int], k: int):
    if k == 0:
        yield ()
        return
    for i, item in enumerate(items):
        for more in _choose(items[i + 1 :], k - 1):
            yield (item, *more)


def _pairs(group):
    return [(a, b) for i, a in enumerate(group) for b in group[i + 1 :]]


def reference_round(t: tm.Tournament):
    """The next round by the written rules: (byes, tables as tuples of sides)."""
    s = t.settings
    active = {e.id for e in t.active}
    ranked = [row.entrant for row in tm.standings(t) if row.entrant in active]
    if not t.rounds:  # round 1: the seeded draw order
        ranked = list(range(1, len(t.entrants) + 1))
        random.Random(s.seed).shuffle(ranked)
        ranked = [e for e in ranked if e in active]
    unit = 2 if s.fixed_pairs else s.seats
    tables = min(s.tables, len(ranked) // unit)
    had = Counter(e for r in t.rounds for e in r.byes)
    byes = sorted(ranked, key=lambda e: (had[e], -ranked.index(e)))[: len(ranked) - tables * unit]
    playing = [e for e in ranked if e not in byes]
    met, partnered = meetings(t)
    place = {e: i for i, e in enumerate(playing)}

    def individual(group):
        sides = tuple((e,) for e in group)
        return sum(met[frozenset((a, b))] for i, a in enumerate(group) for b in group[i + 1 :]), sides

    def rotating(group):
        a, b, c, d = group
        options = []
        for order, (x, y) in enumerate((((a, d), (b, c)), ((a, c), (b, d)), ((a, b), (c, d)))):
            cost = (
                partnered[frozenset(x)] + partnered[frozenset(y)],
                sum(met[frozenset((p, q))] for p in x for q in y),
            )
            options.append((cost, order, (x, y)))
        cost, _, sides = min(options)
        return cost, sides

    def no_repeats_for(rounds, met):
        """The same players can play `rounds` more rounds meeting nobody twice."""
        if rounds == 0:
            return True
        for grouping in all_groupings(playing, unit):
            if all(met[frozenset(p)] == 0 for g in grouping for p in _pairs(g)):
                if no_repeats_for(
                    rounds - 1, met + Counter(frozenset(p) for g in grouping for p in _pairs(g))
                ):
                    return True
        return False

    ahead = 0 if s.rotating or byes else s.rounds - len(t.rounds) - 1
    judge = rotating if s.rotating else individual
    best = None
    for grouping in all_groupings(playing, 4 if s.rotating else unit):
        judged = [judge(g) for g in grouping]
        total = tuple(map(sum, zip(*[c for c, _ in judged]))) if s.rotating else sum(c for c, _ in judged)
        stuck = False
        if ahead and total == 0:
            stuck = not no_repeats_for(
                ahead, met + Counter(frozenset(p) for g in grouping for p in _pairs(g))
            )
        key = (total, stuck, [place[e] for g in grouping for e in g])
        if best is None or key < best[0]:
            best = (key, [sides for _, sides in judged])
    assert best is not None
    return set(byes), best[1]


def module_round(t: tm.Tournament):
    rnd = tm.pair_next_round(t).current
    assert rnd is not None
    return set(rnd.byes), [table.sides for table in rnd.tables]


@settings(max_examples=60, deadline=None)
@example(fmt="swiss2", count=6, tables=3, played=2, more=1, seed=0)  # round 3 must leave round 4 a way
@given(
    fmt=st.sampled_from(["swiss2", "swiss3", "swiss4", "rotating", "fixed"]),
    count=st.integers(2, 10),
    tables=st.integers(1, 3),
    played=st.integers(0, 3),
    more=st.integers(0, 2),
    seed=st.integers(0, 10_000),
)
def test_pairings_follow_the_reference(fmt, count, tables, played, more, seed):
    if fmt.startswith("swiss"):
        s = tm.Settings("swiss", int(fmt[-1]), tables, played + 1 + more, seed=seed)
    else:
        s = tm.Settings("pairs", 4, tables, played + 1 + more, partners=fmt, seed=seed)
    t = entered(s, count if fmt != "fixed" else max(2, count // 2))
    if len(t.entrants) < s.units_per_table:
        return
    rng = random.Random(seed)
    for _ in range(played):
        assert module_round(t) == reference_round(t)
        t = play_round(tm.pair_next_round(t), rng)
    assert module_round(t) == reference_round(t)


def test_sixteen_players_four_rounds_of_four_meet_nobody_twice():
    for seed in range(8):
        t = entered(tm.Settings("swiss", 4, 4, 4, seed=seed), 16)
        rng = random.Random(seed)
        for _ in range(4):
            t = play_round(tm.pair_next_round(t), rng)
        met, _ = meetings(t)
        assert len(met) == 16 * 12 // 2, seed  # each met 12 different players: 3 new a round
        assert max(met.values()) == 1, seed


def test_twelve_players_rotating_pairs_never_partner_twice():
    for seed in range(8):
        t = entered(tm.Settings("pairs", 4, 3, 4, partners="rotating", seed=seed), 12)
        rng = random.Random(seed)
        for _ in range(4):
            t = play_round(tm.pair_next_round(t), rng)
            assert all(len(table.sides) == 2 and len(table.sides[0]) == 2 for table in t.current.tables)
        _, partners = meetings(t)
        assert len(partners) == 12 * 4 // 2 and max(partners.values()) == 1, seed


@settings(max_examples=40, deadline=None)
@given(count=st.integers(3, 11), seats=st.integers(2, 4), rounds=st.integers(1, 8), seed=st.integers(0, 999))
def test_byes_are_spread(count, seats, rounds, seed):
    t = entered(tm.Settings("swiss", seats, 2, rounds, seed=seed), count)
    if count < seats:
        return
    rng = random.Random(seed)
    for _ in range(rounds):
        t = play_round(tm.pair_next_round(t), rng)
        byes = Counter(e for r in t.rounds for e in r.byes)
        counts = [byes[e.id] for e in t.entrants]
        assert max(counts) - min(counts) <= 1  # nobody has a second bye before all have one
        assert len(t.current.byes) == count - len(t.current.tables) * seats


def test_latecomer_and_withdrawn():
    rng = random.Random(3)
    t = entered(tm.Settings("swiss", 2, 4, 3, seed=3), 6)
    t = play_round(tm.pair_next_round(t), rng)
    t, late = tm.join(t, "Late")
    t = tm.withdraw(t, 1)
    t = tm.pair_next_round(t)
    seated = {e for table in t.current.tables for e in table.entrants} | set(t.current.byes)
    assert late in seated and 1 not in seated and len(seated) == 6
    t = play_round(t, rng)
    try:
        tm.join(t, "Too late")
    except tm.TournamentError as error:
        assert error.code == "too_late"
    else:
        raise AssertionError("a player joined after round 2 was paired")


def test_six_players_at_two_seats_play_a_whole_round_robin():
    """Five rounds of six leave no spare opponent: each round must keep the next ones possible."""
    for seed in range(6):
        t = entered(tm.Settings("swiss", 2, 3, 5, seed=seed), 6)
        rng = random.Random(seed)
        for _ in range(5):
            t = play_round(tm.pair_next_round(t), rng)
        met, _ = meetings(t)
        assert len(met) == 15 and max(met.values()) == 1, seed


def test_out_of_steps_the_search_still_seats_everyone_once(monkeypatch):
    monkeypatch.setattr(pairing, "SEARCH_STEPS", 5)
    monkeypatch.setattr(pairing, "LOOK_AHEAD_STEPS", 5)
    t = entered(tm.Settings("swiss", 4, 8, 3, seed=2), 32)
    rng = random.Random(2)
    for _ in range(3):
        t = play_round(tm.pair_next_round(t), rng)
        seated = [e for table in t.current.tables for e in table.entrants]
        assert sorted(seated) == list(range(1, 33)) and all(len(x.sides) == 4 for x in t.current.tables)
