"""`gaple` (RULES.md, seeds 000 and 001): lowest count wins, face-down discards, the 0-0 opening
with 4x7, a turned-up leftover with 4x6/5x5, the blank-25 rule and the tie-breaks."""

from __future__ import annotations

from ..outcome import RoundEnd, round_result
from ..tiles import bits
from .hooks import Hooks


class Gaple(Hooks):
    __slots__ = ()  # stateless: one shared instance per profile

    # A play can leave nobody able to play (checked after every action).
    blocked_by_a_play = True
    block_by_count = True  # the lowest count wins every round, blocked or not (`settle`)

    def opening(self, s) -> None:
        ctx = s.ctx
        ts, n = ctx.ts, ctx.players
        previous_winner = ctx.carry.get("winner")
        if ctx.options["deal"] == "4x7":
            if previous_winner is None:  # round 1: the holder of 0-0 opens with it
                bit = 1 << ts.double[ctx.profile.opening_double]
                s.turn = next(seat for seat, h in enumerate(s.hands) if h & bit)
                s.lead_mask = bit
                return
            # the previous individual winner opens with a double of their choice, or the next who has one
            for k in range(n):
                seat = (previous_winner + k) % n
                if s.hands[seat] & ts.doubles:
                    s.turn, s.lead_mask = seat, ts.doubles
                    return
            raise AssertionError("all 28 tiles are dealt, so somebody holds a double")
        # 4x6 / 5x5: the first leftover is turned up as the start of the line
        x, y = ctx.deal.start
        i = ctx.stock[0]
        s.played = 1 << i
        s.left, s.right = x, y
        s.turn = previous_winner if previous_winner is not None else ctx.deal.opener

    def opening_tells(self, ts, players, options, carry, opener, tile) -> list[int]:
        """With 4x7 after round 1, the previous winner opens with a double of their choice, else
        the next seat that holds one: the seats passed over hold no double."""
        out = [0] * players
        seat = carry.get("winner")
        if options["deal"] != "4x7" or seat is None:
            return out
        while seat != opener:
            out[seat] = ts.doubles
            seat = (seat + 1) % players
        return out

    def blocked(self, s) -> bool:
        """Checked after every action: nobody holds a tile that fits either end."""
        ts = s.ctx.ts
        fit = ts.suit[s.left] | ts.suit[s.right]
        return not any(h & fit for h in s.hands)

    def values(self, s) -> list:
        """Counted value of each tile index still held (hand or discards): pips, except 0-0 under
        blank25, which counts 25 when no other held tile has a blank."""
        ts = s.ctx.ts
        value = list(ts.pips)
        if s.ctx.options["blank25"]:
            held = 0
            for h, d in zip(s.hands, s.discards):
                held |= h | d
            blank_double = 1 << ts.double[0]
            if held & blank_double and not held & ts.suit[0] & ~blank_double:
                value[ts.double[0]] = 25
        return value

    def settle(self, s, prev, end, last) -> RoundEnd:
        ctx = s.ctx
        ts, n = ctx.ts, ctx.players
        value = self.values(s)
        held = [h | d for h, d in zip(s.hands, s.discards)]
        totals = [sum(value[i] for i in bits(m)) for m in held]
        low = min(totals)

        def tie_key(seat):
            # no tile at all beats any tile; else the lowest counted tile, then its smaller low half
            tiles = list(bits(held[seat]))
            if not tiles:
                return (-1, -1, seat)
            return min((value[i], ts.lo[i]) for i in tiles) + (seat,)

        winner = min((seat for seat in range(n) if totals[seat] == low), key=tie_key)
        partners = ctx.options["partners"]
        team = winner % 2 if partners else None
        scores = list(ctx.scores)
        for seat in range(n):
            if seat == winner or (partners and seat % 2 == team):
                scores[seat] += 1
        result = round_result(end, winner, team, 1, totals, scores)
        return RoundEnd(result, tuple(scores), None, {"winner": winner})


HOOKS = Gaple()
