"""Deals: explicit (from a record) or from a seed through the project's own shuffle."""

from __future__ import annotations

import hashlib
import struct
from functools import cache

from .profiles import draws_lot, get_profile, hand_size, normalize_options, seat_count
from .tiles import Tile, parse_pair, tile_set


class Deal:
    """One round's deal (never changed after construction).

    `hands` (per seat, a tuple of Tile) and `stock` (every other tile, in order: the boneyard's
    draw order, the tiles left out, or gaple's leftovers) are built on first use from the index
    form the rules work with: `hand_masks` (a bitmask per seat) and `stock_indices`."""

    __slots__ = (
        "_hands",
        "_stock",
        "_order",
        "_sizes",
        "_names",
        "start",
        "opener",
        "seed",
        "hand_masks",
        "stock_indices",
    )
    _hands: tuple | None
    _stock: tuple | None
    _order: list | None  # from_order: the shuffled tile indices
    _sizes: tuple[int, int, int]  # from_order: (players, hand size, max_pip)
    _names: tuple | None  # per seat, the names of its hand as dealt (views show them at every move)
    start: tuple[int, int] | None
    opener: int | None
    seed: int | None
    hand_masks: tuple[int, ...]
    stock_indices: tuple[int, ...]

    def __init__(self, hands, stock, start=None, opener=None, seed=None):
        self.start = start  # gaple 4x6/5x5: (x, y) of the turned-up tile as written (left x, right y)
        self.opener = opener  # seat drawn by lot, where a profile draws one (gaple 4x6/5x5)
        self.seed = seed
        self._hands, self._stock, self._order, self._names = hands, stock, None, None
        self.hand_masks = tuple(sum(1 << t.index for t in hand) for hand in hands)
        self.stock_indices = tuple(t.index for t in stock)

    @classmethod
    def from_order(
        cls, order: list, players: int, size: int, max_pip: int, start=None, opener=None, seed=None
    ) -> Deal:
        """From a shuffled order of tile indices: `size` tiles to each seat in turn, then the stock."""
        deal = object.__new__(cls)
        deal.start, deal.opener, deal.seed = start, opener, seed
        deal._hands = deal._stock = deal._names = None
        deal._order, deal._sizes = order, (players, size, max_pip)
        bit = _BITS.__getitem__
        dealt = players * size
        deal.hand_masks = tuple([sum(map(bit, order[k : k + size])) for k in range(0, dealt, size)])
        deal.stock_indices = tuple(order[dealt:])
        return deal

    @property
    def hands(self) -> tuple:
        if self._hands is None:
            players, size, max_pip = self._sizes
            tiles = tile_set(max_pip).tiles
            order = self._order
            assert order is not None  # a deal built from hands has them
            self._hands = tuple(
                tuple(tiles[i] for i in order[k * size : (k + 1) * size]) for k in range(players)
            )
        return self._hands

    def hand_names(self, seat: int) -> list[str]:
        """The names of `seat`'s hand as dealt, in deal order."""
        if self._names is None:
            self._names = tuple(tuple(t.name for t in hand) for hand in self.hands)
        return list(self._names[seat])

    @property
    def stock(self) -> tuple:
        if self._stock is None:
            tiles = tile_set(self._sizes[2]).tiles
            self._stock = tuple(tiles[i] for i in self.stock_indices)
        return self._stock

    def with_opener(self, opener) -> Deal:
        return Deal(self.hands, self.stock, self.start, opener, self.seed)

    def to_json(self) -> dict:
        """The round's deal in record form: its seed when it came from one, else hands and stock."""
        if self.seed is not None:
            return {"seed": self.seed}
        return self.to_json_explicit()

    def to_json_explicit(self) -> dict:
        """Hands and stock written out (portable to any implementation of RECORD.md)."""
        stock = [str(t) for t in self.stock]
        if self.start is not None and stock:
            stock[0] = f"{self.start[0]}-{self.start[1]}"
        return {"hands": [[str(t) for t in h] for h in self.hands], "stock": stock}


def deal_from_seed(profile_name: str, options: dict | None, seed: int) -> Deal:
    """Shuffle the whole set with the seed's stream (SeedStream), deal hands in seat order, the
    rest is the stock; where a first player is drawn by lot, it is drawn after the shuffle from
    the same stream."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("a seed is an integer")
    return _seeded(get_profile(profile_name), normalize_options(profile_name, options), seed)


_BITS = tuple(1 << i for i in range(91))  # 1 << index for every tile of a double-twelve set


@cache
def _numbers(count: int) -> struct.Struct:
    return struct.Struct(f">{count}Q")


class SeedStream:
    """The project's random stream, simple enough to re-implement anywhere: the SHAKE-256
    output of the ASCII text "domino-deal/1:<seed>", read as big-endian unsigned 64-bit numbers."""

    def __init__(self, seed: int):
        self.xof = hashlib.shake_256(f"domino-deal/1:{seed}".encode())
        self.used = 0  # numbers read so far

    def take(self, count: int) -> tuple:
        """The next `count` numbers of the stream, in order."""
        start, self.used = self.used, self.used + count
        return _numbers(count).unpack_from(self.xof.digest(8 * self.used), 8 * start)

    def below(self, m: int) -> int:
        """A uniform number in 0..m-1 (numbers at or above the largest multiple of m are skipped)."""
        limit = (1 << 64) - (1 << 64) % m
        u = self.take(1)[0]
        while u >= limit:
            u = self.take(1)[0]
        return u % m


def shuffled_positions(count: int, stream: SeedStream) -> list:
    """0..count-1 sorted by the next `count` numbers of the stream (the position given the smallest
    number first; on equal numbers, which 64-bit numbers make vanishingly rare, the earlier position
    first). Sorting by random keys is a uniform shuffle (up to such ties) in one C-level sort."""
    keys = stream.take(count)
    return sorted(range(count), key=keys.__getitem__)


def _seeded(profile, options: dict, seed: int) -> Deal:
    """deal_from_seed for options already normalized."""
    return seeded_deal(
        tile_set(profile.max_pip),
        seat_count(profile, options),
        hand_size(profile, options),
        draws_lot(profile, options),
        seed,
    )


def seeded_deal(ts, players: int, size: int, lot: bool, seed: int) -> Deal:
    """The set starts in index order (0-0, 1-0, 1-1, 2-0, ...), is shuffled, hands of `size` are
    dealt in seat order, the rest is the stock; with `lot`, the first player is drawn next."""
    stream = SeedStream(seed)
    order = shuffled_positions(ts.size, stream)  # tile indices (the set starts in index order)
    opener = start = None
    if lot:
        opener = stream.below(players)
        first = ts.tiles[order[players * size]]
        start = (first.hi, first.lo)
    return Deal.from_order(order, players, size, ts.max_pip, start, opener, seed)


def check_deal(profile_name: str, options: dict, deal: Deal) -> None:
    """ValueError unless the deal has the right hand sizes and hands + stock are the whole set once."""
    profile = get_profile(profile_name)
    ts = tile_set(profile.max_pip)
    n, size = seat_count(profile, options), hand_size(profile, options)
    if len(deal.hands) != n:
        raise ValueError(f"{n} hands expected, found {len(deal.hands)}")
    seen = set()
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise ValueError(f"seat {seat} must be dealt {size} tiles, not {len(hand)}")
    for t in [t for h in deal.hands for t in h] + list(deal.stock):
        if t.hi > ts.max_pip:
            raise ValueError(f"{t} is not in a double-{ts.max_pip} set")
        if t in seen:
            raise ValueError(f"{t} is dealt twice")
        seen.add(t)
    missing = [str(t) for t in ts.tiles if t not in seen]
    if missing:
        raise ValueError(f"the stock must list every other tile; missing {', '.join(missing[:5])}")
    if draws_lot(profile, options) and deal.opener is not None and not 0 <= deal.opener < n:
        raise ValueError(f"opener must be a seat 0..{n - 1}")


def explicit_deal(profile_name: str, options: dict, hands, stock, opener=None) -> Deal:
    """A deal from the record's `hands`/`stock` lists of 'a-b' strings (ValueError when broken)."""
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise ValueError("hands must be a list of lists of tiles")
    if not isinstance(stock, list):
        raise ValueError("stock must be a list of tiles")
    parsed_hands = tuple(tuple(Tile.parse(t) for t in h) for h in hands)
    pairs = [parse_pair(t) for t in stock]
    parsed_stock = tuple(Tile(max(p), min(p)) for p in pairs)
    start = pairs[0] if draws_lot(get_profile(profile_name), options) and pairs else None
    if opener is not None and (not isinstance(opener, int) or isinstance(opener, bool)):
        raise ValueError("opener must be a seat number")
    deal = Deal(parsed_hands, parsed_stock, start, opener)
    check_deal(profile_name, options, deal)
    return deal
