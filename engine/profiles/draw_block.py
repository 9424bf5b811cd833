"""`draw` and `block` (RULES.md, seed 004): who leads, when a hand is blocked, how it scores.
The two differ only in data (deal size and what a stuck player does: see profiles/__init__.py)."""
from __future__ import annotations

from ..tiles import bits
from . import round_result


def opening(s) -> None:
    """First hand of a match: the highest double dealt leads (else the heaviest tile, larger high
    half first among equal pips). Later: the previous winner, or after a tied block the previous
    leader, leads any tile."""
    ctx = s.ctx
    ts = ctx.ts
    leader = ctx.carry.get("leader")
    if leader is not None:
        s.turn, s.lead_mask = leader, ts.full
        return
    for d in range(ts.max_pip, -1, -1):
        bit = 1 << ts.double[d]
        for seat, hand in enumerate(s.hands):
            if hand & bit:
                s.turn, s.lead_mask = seat, bit
                return
    best = max((ts.pips[i], ts.hi[i], seat, i) for seat, hand in enumerate(s.hands) for i in bits(hand))
    s.turn, s.lead_mask = best[2], 1 << best[3]


# Only passes block a round: a play resets them.
BLOCKED_BY_A_PLAY = False


def blocked(s) -> bool:
    return s.passes >= s.ctx.players


def settle(s, prev, end, last):
    ctx = s.ctx
    totals = [ctx.ts.mask_pips(h) for h in s.hands]
    if end == "domino":
        winner = last.seat
    else:
        low = min(totals)
        lowest = [seat for seat, t in enumerate(totals) if t == low]
        winner = lowest[0] if len(lowest) == 1 else None
    points = sum(totals) - totals[winner] if winner is not None else 0
    scores = list(ctx.scores)
    if winner is not None:
        scores[winner] += points
    match_winner = winner if winner is not None and scores[winner] >= ctx.profile.target else None
    round_leader = s.actions()[0].seat
    carry = {"leader": winner if winner is not None else round_leader}
    result = round_result(end, winner, None, points, totals, scores)
    return result, tuple(scores), carry, match_winner, match_winner is not None
