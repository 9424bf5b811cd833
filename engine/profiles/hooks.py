"""The one interface of a profile's hooks: what its data row cannot say.

Each profile module (`draw_block.py`, `gaple.py`, `six_love.py`, `mexican_train.py`) subclasses
`Hooks` and overrides what it needs; the mechanics of its family (`line.py` or `train.py`) call
these and nothing else of the profile. `s` is the state being changed (a clone), `prev` the
state before the action.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from ..actions import Action, IllegalAction
from ..outcome import RoundEnd


class Hooks(ABC):
    __slots__ = ()  # stateless: one shared instance per profile

    # Whether a play can block the round (then `blocked` is checked after every play too),
    # not only passes and discards.
    blocked_by_a_play = False
    # Whether a blocked round goes to the lowest count (what `settle` does with "blocked"): then
    # the pips one still holds matter once the line is closing. The computer players read it.
    block_by_count = False
    # Whether going out with a non-double on two hard ends scores a bonus (`settle`); the hint
    # that says so is checked against it.
    bonus_for_hard_ends = False

    @abstractmethod
    def opening(self, s) -> None:
        """Set who acts first in a freshly dealt round (`s.turn`) and what they may lead
        (`s.lead_mask`; or a pending choice, `s.pending`)."""

    def opening_tells(
        self, ts, players: int, options: dict, carry: dict, opener: int, tile: int
    ) -> list[int]:
        """What the round's opening play proves about the deal, for players reading it from the
        public record: per seat, a mask of the tiles it was not dealt. `tile` (an index of `ts`)
        is the round's first tile played, by `opener`; `carry` is what the previous round handed
        on. Default: nothing (who opens says nothing of the other hands)."""
        return [0] * players

    def blocked(self, s) -> bool:
        """Whether nobody can move any more. Default: every seat passed in a row."""
        return s.passes >= s.ctx.players

    @abstractmethod
    def settle(self, s, prev, end: str, last: Action) -> RoundEnd:
        """Score the round that just ended (`end`: "domino" or "blocked") by `last`."""

    # -- a choice pending before play (six-love: the representative names the opener) ---------
    def choice_actions(self, s) -> tuple:
        """The legal actions while `s.pending` holds a choice of the profile (none by default:
        only a profile that sets `pending` has a choice)."""
        return ()

    def on_choice(self, s, action: Action) -> None:
        """Carry out the choice `action` (a profile without choices never gets one: the rules
        only offer what `choice_actions` lists)."""
        raise IllegalAction("illegal_action", f"no choice is pending for {action.kind}")

    def explain_choice(self, s, a: Action) -> IllegalAction | None:
        """Why `a` is illegal when it concerns the pending choice (None: not about it)."""
        if a.kind == "opener":
            return IllegalAction("illegal_action", f"seat {a.seat} cannot name an opener now")
        return None

    def result_notes(self, s) -> tuple[str, ...]:
        """What a screen should say about how the finished round scored, beyond its result
        (e.g. six-love's bonus for going out on two hard ends): keys of `results.<note>`."""
        return ()
