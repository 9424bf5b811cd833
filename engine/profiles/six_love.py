"""`six-love` (RULES.md, seed 002): partners to six, the 6-6 opening, the representative's
choice of opener, the hard-end bonus and the knock-back to 0-0."""

from __future__ import annotations

from ..actions import Action, IllegalAction
from ..outcome import RoundEnd, round_result
from .hooks import Hooks


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


class SixLove(Hooks):
    __slots__ = ()  # stateless: one shared instance per profile

    # Only passes block a round (the default `blocked`): a play resets them.
    block_by_count = True  # after a block the team of the fewest pips in one hand wins (`settle`)
    bonus_for_hard_ends = True  # going out on two hard ends scores 2 (`settle`)

    def opening(self, s) -> None:
        ctx = s.ctx
        ts = ctx.ts
        representative = ctx.carry.get("representative")
        if representative is None:  # first round, after a draw, after a knock-back: 6-6 opens
            bit = 1 << ts.double[ctx.profile.opening_double]
            s.turn = next(seat for seat, h in enumerate(s.hands) if h & bit)
            s.lead_mask = bit
        else:  # the winning team's representative names the opener, who leads any tile
            s.turn, s.lead_mask, s.pending = representative, ts.full, "opener"

    # -- the representative's choice of opener: themselves or their partner ---------------------
    def choice_actions(self, s) -> tuple:
        seat = s.turn
        return tuple(Action.make(seat, "opener", opener=o) for o in sorted({seat, (seat + 2) % 4}))

    def on_choice(self, s, action) -> None:
        s.turn, s.pending = action.opener, None

    def explain_choice(self, s, a) -> IllegalAction | None:
        if a.kind == "opener" and s.pending == "opener":
            return IllegalAction(
                "illegal_action",
                f"seat {a.seat} can only name seat {a.seat} or their partner {(a.seat + 2) % 4}",
            )
        if s.pending == "opener":
            return IllegalAction(
                "must_name_opener", f"seat {s.turn} must first name the opener (themselves or their partner)"
            )
        return super().explain_choice(s, a)

    def result_notes(self, s) -> tuple[str, ...]:
        result = s.result
        if result and result["end"] == "domino" and result["points"] == 2:  # only the bonus scores 2
            return ("hard_ends",)
        return ()

    def settle(self, s, prev, end, last) -> RoundEnd:
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
            return RoundEnd(round_result(end, None, None, 0, totals, scores), tuple(scores), None, {})
        team = winner % 2
        if scores[1 - team] == 0:
            scores[team] += points
            carry = {"representative": winner}
        else:  # knock-back: both to 0, not credited, 6-6 opens next
            scores, points, carry = [0, 0], 0, {}
        match_winner = team if scores[team] >= ctx.profile.target else None
        if match_winner is not None:
            carry["new_match"] = True
        return RoundEnd(
            round_result(end, winner, team, points, totals, scores), tuple(scores), match_winner, carry
        )


HOOKS = SixLove()
