"""`six-love` (RULES.md, seed 002): partners to six, the 6-6 opening, the representative's
choice of opener, the hard-end bonus and the knock-back to 0-0."""

from __future__ import annotations

from . import round_result


def opening(s) -> None:
    ctx = s.ctx
    ts = ctx.ts
    representative = ctx.carry.get("representative")
    if representative is None:  # first round, after a draw, after a knock-back: 6-6 opens
        bit = 1 << ts.double[6]
        s.turn = next(seat for seat, h in enumerate(s.hands) if h & bit)
        s.lead_mask = bit
    else:  # the winning team's representative names the opener, who leads any tile
        s.turn, s.lead_mask, s.pending = representative, ts.full, "opener"


def on_opener(s, action) -> None:
    s.turn, s.pending = action.opener, None


# Only passes block a round: a play resets them.
BLOCKED_BY_A_PLAY = False


def blocked(s) -> bool:
    return s.passes >= 4


def faces_on_line(s, n) -> int:
    ts = s.ctx.ts
    on_line = s.played & ts.suit[n]
    return on_line.bit_count() + (1 if on_line >> ts.double[n] & 1 else 0)


def hard_end_bonus(prev, last) -> bool:
    """Going out with a non-double a-b on ends a and b, each with 7 of its 8 faces on the line."""
    t = last.tile
    if t.is_double or {prev.left, prev.right} != {t.hi, t.lo}:
        return False
    return faces_on_line(prev, t.hi) == 7 and faces_on_line(prev, t.lo) == 7


def settle(s, prev, end, last):
    ctx = s.ctx
    totals = [ctx.ts.mask_pips(h) for h in s.hands]
    scores = list(ctx.scores)
    if end == "domino":
        winner = last.seat
        points = 2 if hard_end_bonus(prev, last) else 1
    else:
        low = min(totals)
        lowest = [seat for seat, t in enumerate(totals) if t == low]
        winner = None if len({seat % 2 for seat in lowest}) > 1 else lowest[0]
        points = 1
    if winner is None:  # a draw: scores kept, 6-6 opens next
        return (round_result(end, None, None, 0, totals, scores), tuple(scores), {}, None, False)
    team = winner % 2
    if scores[1 - team] == 0:
        scores[team] += points
        carry = {"representative": winner}
    else:  # knock-back: both to 0, not credited, 6-6 opens next
        scores, points, carry = [0, 0], 0, {}
    match_winner = team if scores[team] >= ctx.profile.target else None
    if match_winner is not None:
        carry["new_match"] = True
    return round_result(end, winner, team, points, totals, scores), tuple(scores), carry, match_winner, False
