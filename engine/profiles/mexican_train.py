"""`mexican-train` (RULES.md, seed 003): who places the engine double, when a round is blocked,
and the scoring over 13 rounds. The mechanics of the trains (personal trains with markers, the
public Mexican Train, doubles that must be covered, first-turn runs) are in `train.py`.
"""

from __future__ import annotations

from ..outcome import RoundEnd, round_result
from ..tiles import bits
from ..train import engine_number
from .hooks import Hooks


class MexicanTrain(Hooks):
    __slots__ = ()  # stateless: one shared instance per profile

    def opening(self, s) -> None:
        """The holder of the round's engine double places it; else seats draw for it, from the
        seat after the previous round's placer (seat 0 in round 1)."""
        ctx = s.ctx
        n, e = ctx.players, engine_number(s)
        bit = 1 << ctx.ts.double[e]
        holder = next((seat for seat, h in enumerate(s.hands) if h & bit), None)
        placer = ctx.carry.get("placer")
        s.turn = holder if holder is not None else (0 if placer is None else (placer + 1) % n)
        s.pending = "engine"
        s.ends = (e,) * (n + 1)
        s.trains = (None,) * (n + 1)

    def blocked(self, s) -> bool:
        """Every seat passed in a row and the boneyard is empty."""
        return s.passes >= s.ctx.players and s.stock_pos >= len(s.ctx.stock)

    def settle(self, s, prev, end, last) -> RoundEnd:
        ctx = s.ctx
        ts = ctx.ts
        value = list(ts.pips)
        if ctx.options["blank50"]:
            value[ts.double[0]] = 50
        totals = [sum(value[i] for i in bits(h)) for h in s.hands]
        scores = [a + b for a, b in zip(ctx.scores, totals)]
        winner = last.seat if end == "domino" else None
        placer = next(a.seat for a in s.actions() if a.kind == "play")
        game_over = ctx.round_no >= ctx.profile.rounds
        match_winner = None
        if game_over:
            low = min(scores)
            best = [seat for seat, v in enumerate(scores) if v == low]
            match_winner = best[0] if len(best) == 1 else best
        result = round_result(end, winner, None, 0, totals, scores)
        return RoundEnd(result, tuple(scores), match_winner, {"placer": placer}, game_over)


HOOKS = MexicanTrain()
