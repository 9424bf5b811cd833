"""Actions and the typed error for illegal ones.

Actions are interned: two equal actions are the same object, so checking an action against the
legal list is a pointer comparison. Build them with `Action.make` or `Action.from_json`.
"""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar

from .placement import line_ends_table
from .tiles import Tile, parse_pair

KINDS = ("play", "draw", "pass", "discard", "done", "opener")
# Bounds that keep the table of interned actions small whatever a client sends.
MAX_SEATS = 10
MAX_PIP = 12
ENDS = ("left", "right")
LINE_ENDS = line_ends_table(MAX_PIP)  # a line play's ends afterwards, per tile and named end
# every tile up to MAX_PIP made once, and the plain way of writing each: a move's action is read
# at every message (a tile is equal to any other of the same two numbers)
_TILES = {(hi, lo): Tile(hi, lo) for hi in range(MAX_PIP + 1) for lo in range(hi + 1)}
_PAIRS = {f"{x}-{y}": (x, y) for x in range(MAX_PIP + 1) for y in range(MAX_PIP + 1)}


class IllegalAction(Exception):
    """An action the rules do not allow here. `code` is stable (clients translate it)."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code
        self.detail = detail


class Action:
    __slots__ = ("seat", "kind", "tile", "end", "train", "opener", "flip", "line_ends", "_json")
    seat: int
    kind: str  # one of KINDS
    tile: Tile | None  # play, discard
    end: str | None  # a play's named end ("left", "right") in a line game
    train: int | str | None  # a Mexican Train play's train: a seat or "mexican"
    opener: int | None  # six-love: the seat named to open
    flip: bool  # the tile was written low half first
    line_ends: list | None  # a line play: line_ends[left][right] is the line's ends after it
    _json: dict[str, object] | None
    _interned: ClassVar[dict] = {}

    def __init__(self, *_):  # use Action.make
        raise TypeError("use Action.make or Action.from_json")

    @classmethod
    def make(cls, seat, kind, tile=None, end=None, train=None, opener=None, flip=False):
        key = (seat, kind, tile, end, train, opener, flip)
        found = cls._interned.get(key)
        if found is None:
            found = object.__new__(cls)
            for name, value in zip(("seat", "kind", "tile", "end", "train", "opener", "flip"), key):
                object.__setattr__(found, name, value)
            object.__setattr__(found, "_json", None)
            # a play on a started line: line_ends[left][right] is the line's ends after it
            ends = LINE_ENDS[end][tile.index] if kind == "play" and train is None else None
            object.__setattr__(found, "line_ends", ends)
            cls._interned[key] = found
        return found

    def __setattr__(self, name, value):
        raise AttributeError("actions are immutable")

    def __reduce__(self):
        return (Action.from_json, (self.to_json(),))

    def tile_text(self) -> str:
        t = self.tile
        assert t is not None, "only plays and discards have a tile"
        return f"{t.lo}-{t.hi}" if self.flip else str(t)

    def to_json(self) -> dict:
        """The record form of RECORD.md (a fresh dict each call)."""
        return dict(self.record_form())

    def record_form(self) -> dict:
        """The record form, made once per action and shared: read-only (views hold it)."""
        d = self._json
        if d is None:
            d = {"seat": self.seat}
            if self.kind == "play":
                d["play"] = self.tile_text()
                if self.end is not None:
                    d["end"] = self.end
                if self.train is not None:
                    d["train"] = self.train
            elif self.kind == "discard":
                d["discard"] = str(self.tile)
            elif self.kind == "opener":
                d["opener"] = self.opener
            else:
                d[self.kind] = True
            object.__setattr__(self, "_json", d)
        return d

    @classmethod
    def from_json(cls, data) -> Action:
        """Parse the record form; raises IllegalAction('malformed_action', ...) on bad shape."""

        def bad(why):
            raise IllegalAction("malformed_action", why)

        if not isinstance(data, dict):
            bad("an action is a JSON object")
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_SEATS:
            bad(f"an action needs a seat number 0..{MAX_SEATS - 1}")
        kinds = [k for k in KINDS if k in data]
        if len(kinds) != 1:
            bad("an action names exactly one of play, draw, pass, discard, done, opener")
        kind = kinds[0]
        allowed = {"seat", kind} | ({"end", "train"} if kind == "play" else set())
        extra = set(data) - allowed
        if extra:
            bad(f"unexpected field {sorted(extra)[0]!r} in a {kind} action")
        value = data[kind]
        if kind in ("play", "discard"):
            pair = _PAIRS.get(value) if isinstance(value, str) else None
            if pair is None:  # not written plainly ("6-4"): parsed, or refused with the reason
                try:
                    pair = parse_pair(value)
                except ValueError as err:
                    raise IllegalAction("malformed_action", str(err)) from None
            x, y = pair
            if max(x, y) > MAX_PIP:
                bad(f"{value} is not a domino of any set used here (0 to {MAX_PIP} pips a half)")
            tile = _TILES[max(x, y), min(x, y)]
            end = data.get("end")
            if end is not None and end not in ENDS:
                bad("end is 'left' or 'right'")
            train = data.get("train")
            if (
                train is not None
                and train != "mexican"
                and (not isinstance(train, int) or isinstance(train, bool) or not 0 <= train < MAX_SEATS)
            ):
                bad("train is a seat number or 'mexican'")
            flip = kind == "play" and x < y
            return cls.make(seat, kind, tile, end, train, None, flip)
        if kind == "opener":
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_SEATS:
                bad("opener names a seat number")
            return cls.make(seat, "opener", opener=value)
        if value is not True:
            bad(f"{kind} must be true")
        return cls.make(seat, kind)

    def unflipped(self) -> Action:
        return Action.make(self.seat, self.kind, self.tile, self.end, self.train, self.opener, False)

    def __repr__(self):
        return f"Action({self.to_json()})"


class ActionTable:
    """Every line-game action of one tile set, prebuilt per seat so the rules never build one."""

    def __init__(self, ts, seats=10):
        make, tiles = Action.make, ts.tiles
        self.play = [[make(s, "play", t) for t in tiles] for s in range(seats)]
        self.left = [[make(s, "play", t, "left") for t in tiles] for s in range(seats)]
        self.right = [[make(s, "play", t, "right") for t in tiles] for s in range(seats)]
        self.discard = [[make(s, "discard", t) for t in tiles] for s in range(seats)]
        self.draw = [make(s, "draw") for s in range(seats)]
        self.pass_ = [make(s, "pass") for s in range(seats)]
        self.done = [make(s, "done") for s in range(seats)]
        self.draw_only = [(a,) for a in self.draw]
        self.pass_only = [(a,) for a in self.pass_]
        self.single = [tuple((a,) for a in row) for row in self.play]
        self._size = ts.size
        self._train: dict = {}

    @cached_property
    def by_byte(self) -> list:
        """The plain plays of any 8 tiles at once: by_byte[seat][k][b] holds the plays of the
        tiles 8k..8k+7 set in byte b. A table of the tile set, the same whatever the hands are
        (built on first use: only the line games need it)."""
        size = self._size
        return [
            [
                [
                    tuple(row[8 * k + j] for j in range(8) if b >> j & 1 and 8 * k + j < size)
                    for b in range(256)
                ]
                for k in range((size + 7) // 8)
            ]
            for row in self.play
        ]

    def plays(self, seat, mask) -> tuple:
        """The plain plays (no end named) of the tiles in `mask`, lowest index first."""
        rest = mask & (mask - 1)
        if not rest:  # one tile (the common case)
            return self.single[seat][mask.bit_length() - 1]
        if not rest & (rest - 1):  # two tiles
            play = self.play[seat]
            return (play[(mask ^ rest).bit_length() - 1], play[rest.bit_length() - 1])
        chunks = self.by_byte[seat]
        out = chunks[0][mask & 255]
        mask >>= 8
        k = 1
        while mask:
            out += chunks[k][mask & 255]
            mask >>= 8
            k += 1
        return out

    def on_train(self, seat, tile, train):
        key = (seat, tile.index, train)
        found = self._train.get(key)
        if found is None:
            found = self._train[key] = Action.make(seat, "play", tile, train=train)
        return found


_TABLES: dict = {}


def action_table(ts) -> ActionTable:
    table = _TABLES.get(ts.max_pip)
    if table is None:
        table = _TABLES[ts.max_pip] = ActionTable(ts)
    return table
