"""`draw` and `block` (RULES.md, seed 004): who leads, when a hand is blocked, how it scores.
The two differ only in data (deal size and what a stuck player does: see profiles/__init__.py)."""

from __future__ import annotations

from ..outcome import RoundEnd, round_result
from ..tiles import bits
from .hooks import Hooks


class DrawBlock(Hooks):
    __slots__ = ()  # stateless: one shared instance per profile

    # Only passes block a round (the default `blocked`): a play resets them.
    block_by_count = True  # a blocked round goes to the lowest count (`settle`)

    def opening(self, s) -> None:
        """First hand of a match: the highest double dealt leads (else the heaviest tile, larger
        high half first among equal pips). Later: the previous winner, or after a tied block the
        previous leader, leads any tile."""
        ctx = s.ctx
        ts = ctx.ts
        leader = ctx.carry.get("leader")
        if leader is not None:
            s.turn, s.lead_mask = leader, ts.full
            return
        doubles = 0
        for hand in s.hands:
            doubles |= hand & ts.doubles
        if doubles:  # a double's index grows with its number: the highest set bit is the highest double
            top = doubles.bit_length() - 1
            s.turn = next(seat for seat, hand in enumerate(s.hands) if hand >> top & 1)
            s.lead_mask = 1 << top
            return
        best = max((ts.pips[i], ts.hi[i], seat, i) for seat, hand in enumerate(s.hands) for i in bits(hand))
        s.turn, s.lead_mask = best[2], 1 << best[3]

    def opening_tells(self, ts, players, options, carry, opener, tile) -> list[int]:
        """In a match's first hand the highest double dealt opened (else the heaviest tile): no
        seat was dealt a higher double, nor, when no double opened, any double or a heavier
        tile. Later hands say nothing (the leader leads any tile)."""
        if carry.get("leader") is not None:
            return [0] * players
        hi, lo = ts.hi[tile], ts.lo[tile]
        if hi == lo:
            f = 0
            for d in range(hi + 1, ts.max_pip + 1):
                f |= 1 << ts.double[d]
        else:
            f = ts.doubles
            for i in range(ts.size):
                if (ts.pips[i], ts.hi[i]) > (hi + lo, hi):
                    f |= 1 << i
        return [f] * players

    def settle(self, s, prev, end, last) -> RoundEnd:
        ctx = s.ctx
        pips = ctx.ts.mask_pips
        totals = [pips(h) for h in s.hands]
        if end == "domino":
            winner = last.seat
        else:  # the lowest count wins; a tie for it, nobody
            low = min(totals)
            winner = totals.index(low) if totals.count(low) == 1 else None
        points = sum(totals) - totals[winner] if winner is not None else 0
        scores = list(ctx.scores)
        if winner is not None:
            scores[winner] += points
        match_winner = winner if winner is not None and scores[winner] >= ctx.profile.target else None
        # the next round's leader: the winner, or after a tie whoever led this one
        carry = {"leader": winner if winner is not None else s.actions()[0].seat}
        result = round_result(end, winner, None, points, totals, scores)
        return RoundEnd(result, tuple(scores), match_winner, carry, match_winner is not None)


HOOKS = DrawBlock()
