"""What the night's tournament asks of a table: who sits at which seat, and the result of a
finished game, read from the engine's state (no rule of the tournament or of the game here)."""

from __future__ import annotations

import engine

from . import evening
from .tournament import Result, Table, Tournament
from .tournament.state import TEAM_SEATS

ENDINGS = ("game", "round")  # a table reports at its profile's end, or after one round


def seat_holders(t: Tournament, table: Table) -> list[tuple[int, int]]:
    """Each seat's (entrant id, index of the entrant's name), as `Tournament.seating` lays
    them out: one side a seat, or (pairs) side j at seats j and j + 2."""
    if t.settings.format == "swiss":
        return [(side[0], 0) for side in table.sides]
    holders: list[tuple[int, int]] = [(0, 0)] * 4
    for side, team_seats in zip(table.sides, TEAM_SEATS):
        names = [(e, i) for e in side for i in range(len(t.entrant(e).names))]  # type: ignore[union-attr]
        for seat, holder in zip(team_seats, names):
            holders[seat] = holder
    return holders


def finished(state, ending: str) -> bool:
    """Whether the table's game is over as the tournament counts it."""
    if ending == "round":
        return evening.between_rounds(state)
    return evening.match_over(state)


def result_of(state, sides: int) -> Result:
    """A finished game as the tournament's `Result`: each side's points (more is better: a
    game where fewer pips win is turned round) and the side that won. A tie the game left
    open goes to the side with more points, then the first side."""
    teams = state.teams
    scores = list(state.scores)
    if len(scores) != sides:  # per seat, while sides are teams: a team's seats share one score
        scores = [scores[j] for j in range(sides)]
    if state.profile.score_kind == "pips":
        scores = [-s for s in scores]
    winner = state.match_winner
    if winner is None and state.result is not None:  # one round counted: that round's winner
        winner = state.result.get("team") if teams else state.result.get("winner")
    if isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < sides:
        return Result(tuple(scores), winner)
    among = [w % sides for w in winner] if isinstance(winner, list | tuple) and winner else range(sides)
    best = max(among, key=lambda side: (scores[side], -side))
    return Result(tuple(scores), best)


def seat_count(profile: str, options: dict) -> int:
    return engine.profiles.seat_count(engine.profiles.get_profile(profile), options)


def has_teams(profile: str, options: dict) -> bool:
    return engine.profiles.has_teams(engine.profiles.get_profile(profile), options)
