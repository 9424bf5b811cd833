"""Standings: each tiebreak decides in a small night built by hand, and what a bye is worth."""

from __future__ import annotations

from tabletop import tournament as tm


def night(players: int, rounds: list[list[tuple[int, int, int, int]]], byes=(), **settings) -> tm.Tournament:
    """Two-seat tables; each game (a, b, a's points, b's points), the higher score winning."""
    t = tm.Tournament(tm.Settings("swiss", 2, 4, len(rounds), **settings))
    t = tm.Tournament(
        t.settings,
        entrants=tuple(tm.Entrant(i, (f"P{i}",)) for i in range(1, players + 1)),
        order=tuple(range(1, players + 1)),
    )
    for number, games in enumerate(rounds, 1):
        tables = tuple(tm.Table(n, ((a,), (b,))) for n, (a, b, _, _) in enumerate(games, 1))
        results = {n: tm.Result((pa, pb), 0 if pa > pb else 1) for n, (_, _, pa, pb) in enumerate(games, 1)}
        rnd = tm.Round(number, tables, tuple(byes[number - 1]) if byes else ())
        t = tm.Tournament(t.settings, t.entrants, t.order, t.rounds + (rnd,))
        for n, result in results.items():
            t = tm.report(t, number, n, result)
    return t


def table(t):
    return [(r.place, r.entrant, r.wins, r.difference, r.buchholz, r.head_to_head) for r in tm.standings(t)]


def test_wins_then_points_difference():
    t = night(4, [[(1, 2, 11, 10), (3, 4, 100, 0)], [(1, 3, 101, 100), (2, 4, 50, 0)]])
    assert [(r[1], r[2], r[3]) for r in table(t)] == [(1, 2, 2), (3, 1, 99), (2, 1, 49), (4, 0, -150)]


def test_buchholz_then_a_shared_place():
    t = night(
        6,
        [
            [(1, 2, 10, 0), (3, 4, 10, 0), (5, 6, 10, 0)],
            [(1, 3, 10, 0), (2, 6, 10, 0), (4, 5, 10, 0)],
        ],
    )
    # 2, 3, 4, 5 have a win and 0; their opponents won 2, 3, 2 and 1; 2 and 4 never met
    assert table(t) == [
        (1, 1, 2, 20, 2, 0),
        (2, 3, 1, 0, 3, 0),
        (3, 2, 1, 0, 2, 0),
        (3, 4, 1, 0, 2, 0),
        (5, 5, 1, 0, 1, 0),
        (6, 6, 0, -20, 2, 0),
    ]


def test_head_to_head_when_all_else_is_level():
    t = night(
        4,
        [
            [(1, 2, 10, 0), (3, 4, 10, 0)],
            [(1, 3, 10, 0), (2, 4, 10, 0)],
            [(4, 1, 10, 0), (2, 3, 10, 0)],
        ],
    )
    # 1 and 2: two wins, +10, Buchholz 4 each; 1 beat 2. 3 and 4: one win, -10, 5 each; 3 beat 4.
    assert table(t) == [(1, 1, 2, 10, 4, 1), (2, 2, 2, 10, 4, 0), (3, 3, 1, -10, 5, 1), (4, 4, 1, -10, 5, 0)]


def test_a_bye_is_a_win_at_the_median_winning_margin_by_default():
    t = night(5, [[(1, 2, 10, 0), (3, 4, 40, 0)]], byes=[[5]])
    rows = {r.entrant: r for r in tm.standings(t)}
    assert (rows[5].wins, rows[5].difference, rows[5].byes, rows[5].games) == (1, 10, 1, 0)
    t = night(5, [[(1, 2, 10, 0), (3, 4, 40, 0)]], byes=[[5]], bye_wins=0, bye_points=0)
    rows = {r.entrant: r for r in tm.standings(t)}
    assert (rows[5].wins, rows[5].difference) == (0, 0)


def test_a_correction_changes_the_standings_and_keeps_its_reason():
    t = night(2, [[(1, 2, 10, 0)]])
    t = tm.correct(t, 1, 1, tm.Result((0, 10), 1), "scores entered the wrong way round")
    assert [r.entrant for r in tm.standings(t)] == [2, 1]
    assert t.corrections[0].reason == "scores entered the wrong way round"
    assert t.corrections[0].before == tm.Result((10, 0), 0)
