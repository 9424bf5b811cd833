"""Stepping through a finished round of a game record: the table's view after each action, with
every hand face up (the round is over, so nothing in it is secret any more). A replay screen
renders these views as it renders play; it holds no rules of its own.

    finished_rounds(record)      [{"round", "result", "actions"}] of every round that has ended
    round_steps(record, r)       {"round", "result", "steps": [view, ...], "forced": [bool, ...]}:
                                 the deal, then each action's position, and per action whether
                                 it was the only legal one; raises RecordError (bad record, or
                                 round r not finished)
    seat_decisions(record, r, s) [{"move", "view", "action"}] of each action seat s chose among
                                 several in round r: its own view then (`view_for`, what it could
                                 know at that moment) and the action it took
    state_before(record, r, k)   the round's true state just before its action k (every hand:
                                 for hindsight, never for a seat's judgement)
"""

from __future__ import annotations

from .match import Match
from .record import RecordError
from .rules import apply, legal_actions
from .view import public_view, view_for


def _finished(match: Match) -> list[int]:
    """Indexes of the match's rounds that have ended (every round but a last one in play)."""
    n = len(match.rounds)
    if n and match.state.phase == "play":
        n -= 1
    return list(range(n))


def finished_rounds(record) -> list[dict]:
    match = Match.from_record(record)
    results = list(match.state.ctx.results)
    if match.state.result is not None:
        results.append(match.state.result)
    return [
        {
            "round": r + 1,
            "result": results[r] if r < len(results) else None,
            "actions": len(match.rounds[r].actions),
        }
        for r in _finished(match)
    ]


def _face_up(state) -> dict:
    """The public view with every hand and discard shown, at any point of the round."""
    view = public_view(state)
    ts = state.ctx.ts
    view["reveal"] = {
        "hands": [ts.names(h) for h in state.hands],
        "discards": [ts.names(d) for d in state.discards],
    }
    return view


def round_steps(record, round_no) -> dict:
    """Round `round_no` (1-based) of `record`, position by position; it must have ended."""
    match = Match.from_record(record)
    if not isinstance(round_no, int) or isinstance(round_no, bool) or round_no - 1 not in _finished(match):
        raise RecordError(f"round {round_no!r}: no finished round with this number")
    state = match._starts[round_no - 1]
    steps, forced = [_face_up(state)], []
    for action in match.rounds[round_no - 1].actions:
        forced.append(len(legal_actions(state)) == 1)  # the rules left this seat no choice
        state = apply(state, action)
        steps.append(_face_up(state))
    return {"round": round_no, "result": state.result, "steps": steps, "forced": forced}


def seat_decisions(record, round_no, seat) -> list[dict]:
    """Every choice `seat` made in finished round `round_no` (1-based): the move's index in the
    round's actions, the seat's own view just before it (nothing it could not see then) and the
    action taken (as in the view's `legal`). Moves the rules forced are left out."""
    match = Match.from_record(record)
    if not isinstance(round_no, int) or isinstance(round_no, bool) or round_no - 1 not in _finished(match):
        raise RecordError(f"round {round_no!r}: no finished round with this number")
    state = match._starts[round_no - 1]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise RecordError(f"seat {seat!r}: no such seat at this table")
    out = []
    for k, action in enumerate(match.rounds[round_no - 1].actions):
        if action.seat == seat and state.turn == seat and len(legal_actions(state)) > 1:
            out.append({"move": k, "view": view_for(state, seat), "action": action.to_json()})
        state = apply(state, action)
    return out


def state_before(record, round_no, move):
    """The true state of finished round `round_no` just before its action `move` (0-based)."""
    match = Match.from_record(record)
    if not isinstance(round_no, int) or isinstance(round_no, bool) or round_no - 1 not in _finished(match):
        raise RecordError(f"round {round_no!r}: no finished round with this number")
    actions = match.rounds[round_no - 1].actions
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < len(actions):
        raise RecordError(f"move {move!r}: no such move in round {round_no}")
    state = match._starts[round_no - 1]
    for action in actions[:move]:
        state = apply(state, action)
    return state
