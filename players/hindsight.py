"""Hindsight: what a choice would have led to with every hand known. It reads a true state (not a
seat's view), so it is kept apart from every judgement the players make: the review shows it
separately, labelled as hindsight, and only when the exact search settled it.

    hindsight(state, made, nodes=NODES) -> {"winning": [action, ...], "made_wins": bool} | None

The exact search of `play` (alpha-beta by who wins: 1, 1/2, 0 for the seat's side) on each
legal action of the seat to act, `nodes` search nodes per action at most; None when any of them
would take more (early in a round with many tiles hidden) or the seat has no choice.
"""

from __future__ import annotations

from engine import legal_actions, step

from . import play

NODES = 3000  # per action: hindsight is said late in a round, where it is cheap and telling


def outcomes(state, nodes=NODES) -> list[float] | None:
    """The exact value to the seat to act of each legal action (1 won, 1/2 nobody, 0 lost)."""
    me = state.turn
    team = play.team_of(state, me)
    values = []
    for a in legal_actions(state):
        box = [nodes]
        try:
            values.append(play._exact(step(state, a), me, team, box, {}, outcome=True))
        except play._Budget:
            return None
    return values


def hindsight(state, made: dict, nodes=NODES) -> dict | None:
    acts = legal_actions(state)
    if len(acts) < 2:
        return None
    values = outcomes(state, nodes)
    if values is None:
        return None
    legal = [a.to_json() for a in acts]
    if made not in legal:
        raise ValueError(f"{made!r} is not a legal action here")
    return {
        "winning": [a for a, v in zip(legal, values, strict=True) if v == 1.0],
        "made_wins": values[legal.index(made)] == 1.0,
    }
