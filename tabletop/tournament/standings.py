"""Standings: wins, then points difference, then Buchholz (the sum of the opponents' wins), then
the head-to-head result among the entrants still level; entrants level on all four share the
place and are listed in the draw order."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import groupby
from statistics import median_low

from .state import Result, Round, Table, Tournament


@dataclass(frozen=True)
class Game:
    """One entrant's game: the opponents faced, whether their side won, their points difference."""

    round: int
    opponents: tuple[int, ...]
    partners: tuple[int, ...]
    won: bool
    difference: int


@dataclass(frozen=True)
class Standing:
    place: int
    entrant: int
    names: tuple[str, ...]
    wins: int
    difference: int
    buchholz: int
    head_to_head: int  # wins over the entrants level with this one on the first three
    games: int
    byes: int
    withdrawn: bool


def side_differences(result: Result) -> tuple[int, ...]:
    """Each side's points difference: its points less each other side's, summed (with two sides,
    the margin)."""
    return tuple(sum(own - other for other in result.points) for own in result.points)


def games(t: Tournament) -> dict[int, list[Game]]:
    """Every entrant's games with a result so far, in round order."""
    out: dict[int, list[Game]] = {e.id: [] for e in t.entrants}
    for rnd in t.rounds:
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            if result is not None:
                for entrant, game in _table_games(rnd.number, table, result):
                    out[entrant].append(game)
    return out


def _table_games(round_number: int, table: Table, result: Result):
    differences = side_differences(result)
    for index, side in enumerate(table.sides):
        opponents = tuple(e for j, other in enumerate(table.sides) if j != index for e in other)
        for entrant in side:
            partners = tuple(e for e in side if e != entrant)
            yield entrant, Game(round_number, opponents, partners, index == result.winner, differences[index])


def bye_difference(t: Tournament, rnd: Round) -> int:
    """What a bye is worth in points difference: the director's figure, or the median of the
    round's winning margins (0 while no table of the round has finished)."""
    if t.settings.bye_points is not None:
        return t.settings.bye_points
    margins = [side_differences(r)[r.winner] for r in rnd.results.values()]
    return median_low(margins) if margins else 0


def standings(t: Tournament) -> list[Standing]:
    played = games(t)
    byes = Counter(e for rnd in t.rounds for e in rnd.byes)
    bye_points: Counter[int] = Counter()
    for rnd in t.rounds:
        for entrant in rnd.byes:
            bye_points[entrant] += bye_difference(t, rnd)
    wins = {e.id: sum(g.won for g in played[e.id]) + byes[e.id] * t.settings.bye_wins for e in t.entrants}
    difference = {e.id: sum(g.difference for g in played[e.id]) + bye_points[e.id] for e in t.entrants}
    buchholz = {e.id: sum(wins[o] for g in played[e.id] for o in g.opponents) for e in t.entrants}
    draw = {entrant: index for index, entrant in enumerate(t.order)}

    def level(entrant: int) -> tuple[int, int, int]:
        return (-wins[entrant], -difference[entrant], -buchholz[entrant])

    ranked = sorted((e.id for e in t.entrants), key=lambda e: (level(e), draw.get(e, len(draw) + e)))
    rows: list[Standing] = []
    for _, tied in groupby(ranked, key=level):
        group = list(tied)
        beaten = {e: sum(g.won for g in played[e] for o in g.opponents if o in group) for e in group}
        group.sort(key=lambda e: -beaten[e])  # stable: the draw order stays among equals
        for entrant in group:
            same = rows and rows[-1].entrant in group and beaten[rows[-1].entrant] == beaten[entrant]
            place = rows[-1].place if same else len(rows) + 1
            info = t.entrant(entrant)
            assert info is not None
            rows.append(
                Standing(
                    place=place,
                    entrant=entrant,
                    names=info.names,
                    wins=wins[entrant],
                    difference=difference[entrant],
                    buchholz=buchholz[entrant],
                    head_to_head=beaten[entrant],
                    games=len(played[entrant]),
                    byes=byes[entrant],
                    withdrawn=info.withdrawn,
                )
            )
    return rows
