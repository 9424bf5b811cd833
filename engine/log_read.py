"""What the views read from a round's log, folded one action at a time.

A served table builds views at every move, and each view reads the round's whole log: its
actions, the line's tiles, who passed last, how many tiles each seat drew and which. A `LogRead`
is all of that for one log. The next state's is made from it with the one action more
(`State.clone` hands it on and `State.reading` checks it against the log), so a move costs one
step, not the round again; any other log (an undo, a replay) is read from its start.
"""

from __future__ import annotations

from .placement import place_on_line


class LogRead:
    """Read-only, like the state it was read from."""

    __slots__ = ("log", "actions", "left_arm", "right_arm", "ends", "passed", "drew", "drawn", "_line")
    log: tuple | None  # the log this was read from (a state's `log`)
    actions: tuple  # oldest first
    left_arm: tuple  # a line game's tiles left of the first one, nearest first, as (x, y)
    right_arm: tuple  # the first tile and those right of it, in order
    ends: tuple[int, int]  # the line's open ends (-1, -1 before the first tile)
    passed: tuple[bool, ...]  # per seat: its last decision this round was a pass
    drew: tuple[int, ...]  # per seat: tiles drawn this round
    drawn: tuple[tuple[str, ...], ...]  # per seat: the names of the tiles it drew, in order
    _line: list | None

    @classmethod
    def of(cls, ctx, log) -> LogRead:
        """The whole log read from the round's start."""
        actions, node = [], log
        while node is not None:
            node, action = node
            actions.append(action)
        actions.reverse()
        read = object.__new__(cls)
        read.log, read.actions, read.left_arm, read.right_arm = None, (), (), ()
        read.ends = (-1, -1)
        read.passed = (False,) * ctx.players
        read.drew = (0,) * ctx.players
        read.drawn = ((),) * ctx.players
        read._line = None
        start = ctx.deal.start if ctx.deal is not None else None
        if start is not None and ctx.profile.family != "train":  # gaple's turned-up leftover
            read.right_arm, read.ends = (start,), start
        for action in actions:
            read = read.then(ctx, action, None)
        read.log = log
        return read

    def then(self, ctx, a, log) -> LogRead:
        """This read with action `a` more: the read of `log` (whose newest action is `a`)."""
        new = object.__new__(LogRead)
        new.log, new.actions = log, self.actions + (a,)
        new.left_arm, new.right_arm, new.ends = self.left_arm, self.right_arm, self.ends
        new.passed, new.drew, new.drawn, new._line = self.passed, self.drew, self.drawn, None
        s = a.seat
        if a.kind == "play":
            if self.passed[s]:
                new.passed = _put(self.passed, s, False)
            if ctx.profile.family != "train":
                left, right = self.ends
                at, x, y, left, right = place_on_line(left, right, a.tile.hi, a.tile.lo, a.end, a.flip)
                if at == "left":
                    new.left_arm = self.left_arm + ((x, y),)
                else:
                    new.right_arm = self.right_arm + ((x, y),)
                new.ends = (left, right)
        elif a.kind == "pass":
            new.passed = _put(self.passed, s, True)
        elif a.kind == "draw":
            tile = ctx.ts.tiles[ctx.stock[sum(self.drew)]]  # the stock is drawn in order
            new.drew = _put(self.drew, s, self.drew[s] + 1)
            new.drawn = _put(self.drawn, s, self.drawn[s] + (tile.name,))
        return new

    def line(self) -> list:
        """The line, left to right, as (x, y) pairs: x touches the left neighbour (shared)."""
        if self._line is None:
            self._line = [*reversed(self.left_arm), *self.right_arm]
        return self._line


def _put(values: tuple, i: int, value) -> tuple:
    return values[:i] + (value,) + values[i + 1 :]
