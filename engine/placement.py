"""Where a tile goes: the one statement of how a tile joins a line or a train.

A line has two open ends (`left`, `right`; -1 for both before the first tile). A tile hi-lo
joins the right end when that end is named, or when no end is named and it fits there; else the
left end. So an unnamed tile that fits both ends goes on the right, as in RECORD.md's example
(6-6, then 6-5, then 5-4 named on the right end, where the 5 is). The first tile starts the line
as written (x on the left, y on the right). A train grows at its one open end. A double lies
crosswise: both its halves show the same number, so it leaves that number open.

The rules place a line play through `line_ends_table` (this function, precomputed per tile and
named end: see `Action.line_ends`); the view's line and `legal_places` call it directly.
"""

from __future__ import annotations


def joins_right(right: int, hi: int, lo: int, end: str | None) -> bool:
    """Whether the tile hi-lo joins the right end (showing `right`) of a started line."""
    return end == "right" or (end is None and (hi == right or lo == right))


def far_half(hi: int, lo: int, n: int) -> int:
    """The half of hi-lo opposite a half showing n: the number it leaves open."""
    return lo if hi == n else hi


def place_on_line(
    left: int, right: int, hi: int, lo: int, end: str | None = None, flip: bool = False
) -> tuple[str, int, int, int, int]:
    """Where hi-lo goes on a line whose ends show `left` and `right` (-1: no tile yet):
    (at, x, y, new left, new right). `at` is "start", "left" or "right"; (x, y) is the tile's
    entry on the line, left to right (x touches the left neighbour). `flip` (the opening tile
    written low half first) sets the line's orientation; `end` is the record's named end."""
    if left < 0:
        return ("start", lo, hi, lo, hi) if flip else ("start", hi, lo, hi, lo)
    if joins_right(right, hi, lo, end):
        outer = far_half(hi, lo, right)
        return ("right", right, outer, left, outer)
    outer = far_half(hi, lo, left)
    return ("left", outer, left, outer, right)


def line_ends_table(max_pip: int) -> dict:
    """`place_on_line` for every case of a started line, precomputed for the rules' hot path:
    `table[end][i][left][right]` is the line's (left, right) after tile i of the set (in index
    order) joins ends `left` and `right`, `end` being None, "left" or "right"."""
    tiles = [(hi, lo) for hi in range(max_pip + 1) for lo in range(hi + 1)]
    pips = range(max_pip + 1)
    shared: dict = {}  # one tuple per (left, right): ~46,000 entries (double-12) hold 169 values

    def after(left, right, hi, lo, end):
        ends = place_on_line(left, right, hi, lo, end)[3:]
        return shared.setdefault(ends, ends)

    return {
        end: [[[after(left, right, hi, lo, end) for right in pips] for left in pips] for hi, lo in tiles]
        for end in (None, "left", "right")
    }
