"""Tiles, tile sets and the bitmask helpers the rules use.

A tile set of `max_pip` holds every pair (hi, lo) with max_pip >= hi >= lo >= 0. Each tile has an
index `hi*(hi+1)//2 + lo`, so a hand (or any group of tiles) is an int bitmask: testing what fits
an end is one AND, which keeps random playouts fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache


@dataclass(frozen=True, order=True)
class Tile:
    hi: int
    lo: int
    index: int = field(init=False, compare=False, repr=False)  # position in its set, for bitmasks
    name: str = field(init=False, compare=False, repr=False)  # "hi-lo", written once: views name tiles often

    def __post_init__(self):
        object.__setattr__(self, "index", self.hi * (self.hi + 1) // 2 + self.lo)
        object.__setattr__(self, "name", f"{self.hi}-{self.lo}")

    @staticmethod
    def parse(text: str) -> Tile:
        """`"6-4"` or `"4-6"` -> Tile(6, 4). Raises ValueError on anything else."""
        a, b = parse_pair(text)
        return Tile(max(a, b), min(a, b))

    def __str__(self) -> str:
        return self.name

    @property
    def pips(self) -> int:
        return self.hi + self.lo

    @property
    def is_double(self) -> bool:
        return self.hi == self.lo


def parse_pair(text) -> tuple[int, int]:
    """`"x-y"` -> (x, y) in the written order. Raises ValueError when it is not a tile."""
    if not isinstance(text, str):
        raise ValueError(f"a tile is written 'a-b', not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 2 for p in parts):
        raise ValueError(f"a tile is written 'a-b', not {text!r}")
    return int(parts[0]), int(parts[1])


class TileSet:
    """Lookup tables for one set (double-six or double-twelve)."""

    def __init__(self, max_pip: int):
        self.max_pip = max_pip
        self.tiles = [Tile(hi, lo) for hi in range(max_pip + 1) for lo in range(hi + 1)]
        self.size = len(self.tiles)
        self.full = (1 << self.size) - 1
        self.pips = [t.pips for t in self.tiles]
        self.hi = [t.hi for t in self.tiles]
        self.lo = [t.lo for t in self.tiles]
        self.suit = [0] * (max_pip + 1)  # suit[n]: tiles showing n
        for i, t in enumerate(self.tiles):
            self.suit[t.hi] |= 1 << i
            self.suit[t.lo] |= 1 << i
        self.double = [Tile(n, n).index for n in range(max_pip + 1)]
        self.doubles = sum(1 << i for i in self.double)
        # any 8 tiles at once: in_byte[k][b] are the indices of the tiles 8k..8k+7 set in byte b;
        # byte_pips counts their pips, byte_names names them (views name every hand at every move)
        in_byte = [
            [[8 * k + j for j in range(8) if b >> j & 1 and 8 * k + j < self.size] for b in range(256)]
            for k in range((self.size + 7) // 8)
        ]
        self.byte_pips = [[sum(self.pips[i] for i in tiles) for tiles in row] for row in in_byte]
        self.byte_names = [[[self.tiles[i].name for i in tiles] for tiles in row] for row in in_byte]

    def mask_pips(self, mask: int) -> int:
        """The pips of the tiles in `mask` (a byte of it at a time)."""
        total = 0
        for table in self.byte_pips:
            if not mask:
                break
            total += table[mask & 255]
            mask >>= 8
        return total

    def names(self, mask: int) -> list[str]:
        """The names of the tiles in `mask`, lowest index first (a byte of it at a time)."""
        out: list[str] = []
        for table in self.byte_names:
            if not mask:
                break
            out += table[mask & 255]
            mask >>= 8
        return out


@cache
def tile_set(max_pip: int) -> TileSet:
    return TileSet(max_pip)


def bits(mask: int):
    """Indices of the set bits of mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
