"""What a finished round produced (`RoundEnd`), the replay entry it carries, and `finish`, which
closes a round through the profile's `settle` hook. At the bottom of the engine: both families'
mechanics and every profile's hooks use it."""

from __future__ import annotations

from typing import Any


class RoundEnd:
    """What a finished round produced (never changed after construction; a plain slotted
    class, built once per round of every playout)."""

    __slots__ = ("result", "scores", "match_winner", "carry_out", "game_over")
    result: dict  # the round's entry of RECORD.md's replay output (`round_result`)
    scores: tuple  # the running scores including this round
    match_winner: Any  # a seat, a team, a list of tied seats, or None
    carry_out: dict  # what the next round needs (leader, winner, representative, placer, new_match)
    game_over: bool  # no further round is dealt (Mexican Train after its last round)

    def __init__(
        self, result: dict, scores: tuple, match_winner: Any, carry_out: dict, game_over: bool = False
    ):
        self.result = result
        self.scores = scores
        self.match_winner = match_winner
        self.carry_out = carry_out
        self.game_over = game_over

    def __repr__(self) -> str:
        return f"RoundEnd({self.result!r}, game_over={self.game_over})"


def round_result(end, winner, team, points, totals, scores) -> dict:
    """One finished round, in the form of RECORD.md's replay output."""
    return {
        "end": end,
        "winner": winner,
        "team": team,
        "points": points,
        "totals": list(totals),
        "scores": list(scores),
    }


def finish(s, prev, end: str, last) -> None:
    """Score the round through the profile's hook and close it (`end`: "domino" or "blocked")."""
    outcome = s.ctx.hooks.settle(s, prev, end, last)
    s.outcome = outcome
    s.phase = "game_over" if outcome.game_over else "round_over"
    s.turn = None
