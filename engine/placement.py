"""Where a tile goes: the one statement of how a tile joins a line or a train.

A line has two open ends (`left`, `right`; -1 for both before the first tile). A tile hi-lo
joins the right end when that end is named, or when no end is named and it fits there; else the
left end. So an unnamed tile that fits both ends goes on the right, as in RECORD.md's example
(6-6, then 6-5, then 5-4 named on the right end, where the 5 is). The first tile starts the line
as written (x on the left, y on the right). A train grows at its one open end. A double lies
crosswise: both its halves show the same number, so it leaves that number open.
"""

from __future__ import annotations

from typing import NamedTuple


class LinePlace(NamedTuple):
    at: str  # "start", "left" or "right"
    x: int  # the entry on the line, left to right: x touches the left neighbour
    y: int
    left: int  # the line's open ends afterwards
    right: int


def joins_right(right: int, hi: int, lo: int, end: str | None) -> bool:
    """Whether the tile hi-lo joins the right end (showing `right`) of a started line."""
    return end == "right" or (end is None and (hi == right or lo == right))


def far_half(hi: int, lo: int, n: int) -> int:
    """The half of hi-lo opposite a half showing n: the number it leaves open."""
    return lo if hi == n else hi


def place_on_line(left: int, right: int, hi: int, lo: int, end: str | None = None, flip: bool = False):
    """Where hi-lo goes on a line whose ends show `left` and `right` (-1: no tile yet). `flip`
    (the opening tile written low half first) sets the line's orientation; `end` as in the record."""
    if left < 0:
        x, y = (lo, hi) if flip else (hi, lo)
        return LinePlace("start", x, y, x, y)
    if joins_right(right, hi, lo, end):
        outer = far_half(hi, lo, right)
        return LinePlace("right", right, outer, left, outer)
    outer = far_half(hi, lo, left)
    return LinePlace("left", outer, left, outer, right)
