"""Deals: explicit (from a record) or from a seed through the project's own shuffle."""
from __future__ import annotations

import hashlib
import struct

from .profiles import get_profile, hand_size, normalize_options, seat_count
from .tiles import Tile, tile_set


class Deal:
    """One round's deal (never changed after construction)."""
    __slots__ = ("hands", "stock", "start", "opener", "seed", "hand_masks", "stock_indices")

    def __init__(self, hands: tuple, stock: tuple, start=None, opener=None, seed=None,
                 hand_masks=None, stock_indices=None):
        self.hands = hands      # per seat: tuple of Tile
        self.stock = stock      # every other tile, in order (boneyard draw order / left out / leftovers)
        self.start = start      # gaple 4x6/5x5: (x, y) of the turned-up tile as written (left x, right y)
        self.opener = opener    # seat drawn by lot, where a profile draws one (gaple 4x6/5x5)
        self.seed = seed
        # the same deal as bitmasks / tile indices, for the rules
        self.hand_masks = hand_masks if hand_masks is not None else tuple(
            sum(1 << t.index for t in hand) for hand in hands)
        self.stock_indices = stock_indices if stock_indices is not None else tuple(
            t.index for t in stock)

    def with_opener(self, opener) -> "Deal":
        return Deal(self.hands, self.stock, self.start, opener, self.seed, self.hand_masks,
                    self.stock_indices)

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


def uses_lot(profile_name: str, options: dict) -> bool:
    return profile_name == "gaple" and options["deal"] != "4x7"


def deal_from_seed(profile_name: str, options: dict | None, seed: int) -> Deal:
    """Shuffle the whole set with the seed's stream (SeedStream), deal hands in seat order, the
    rest is the stock; where a first player is drawn by lot, it is drawn after the shuffle from
    the same stream."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("a seed is an integer")
    return _seeded(get_profile(profile_name), normalize_options(profile_name, options), seed)


class SeedStream:
    """The project's random stream, simple enough to re-implement anywhere: the SHAKE-256
    output of the ASCII text "domino-deal/1:<seed>", read as big-endian unsigned 64-bit numbers."""

    def __init__(self, seed: int):
        self.xof = hashlib.shake_256(f"domino-deal/1:{seed}".encode())
        self.used = 0  # numbers read so far

    def take(self, count: int) -> tuple:
        """The next `count` numbers of the stream, in order."""
        start, self.used = self.used, self.used + count
        return struct.unpack(f">{count}Q", self.xof.digest(8 * self.used)[8 * start:])

    def below(self, m: int) -> int:
        """A uniform number in 0..m-1 (numbers at or above the largest multiple of m are skipped)."""
        limit = (1 << 64) - (1 << 64) % m
        u = self.take(1)[0]
        while u >= limit:
            u = self.take(1)[0]
        return u % m


def shuffle(items: list, stream: SeedStream) -> list:
    """The items sorted by the next len(items) numbers of the stream (the item given the smallest
    number first; on equal numbers, which 64-bit numbers make vanishingly rare, the earlier item
    first). Sorting by random keys is a uniform shuffle (up to such ties) in one C-level sort."""
    keys = stream.take(len(items))
    order = sorted(range(len(items)), key=keys.__getitem__)
    return [items[k] for k in order]


def _seeded(profile, options: dict, seed: int) -> Deal:
    """deal_from_seed for options already normalized. The set starts in index order
    (0-0, 1-0, 1-1, 2-0, ...), is shuffled, hands are dealt in seat order, the rest is the stock."""
    profile_name = profile.name
    ts = tile_set(profile.max_pip)
    stream = SeedStream(seed)
    order = shuffle(list(range(ts.size)), stream)  # tile indices, in the set's order before
    n, size = seat_count(profile, options), hand_size(profile, options)
    tiles = [ts.tiles[i] for i in order]
    hands = tuple(tuple(tiles[i * size:(i + 1) * size]) for i in range(n))
    stock = tuple(tiles[n * size:])
    masks = []
    for seat in range(n):
        mask = 0
        for i in order[seat * size:(seat + 1) * size]:
            mask |= 1 << i
        masks.append(mask)
    lot = uses_lot(profile_name, options)
    opener = stream.below(n) if lot else None
    start = (stock[0].hi, stock[0].lo) if lot else None
    return Deal(hands, stock, start, opener, seed, tuple(masks), tuple(order[n * size:]))


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
    if uses_lot(profile_name, options) and deal.opener is not None and not 0 <= deal.opener < n:
        raise ValueError(f"opener must be a seat 0..{n - 1}")


def explicit_deal(profile_name: str, options: dict, hands, stock, opener=None) -> Deal:
    """A deal from the record's `hands`/`stock` lists of 'a-b' strings (ValueError when broken)."""
    from .tiles import parse_pair
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise ValueError("hands must be a list of lists of tiles")
    if not isinstance(stock, list):
        raise ValueError("stock must be a list of tiles")
    parsed_hands = tuple(tuple(Tile.parse(t) for t in h) for h in hands)
    pairs = [parse_pair(t) for t in stock]
    parsed_stock = tuple(Tile(max(p), min(p)) for p in pairs)
    start = pairs[0] if uses_lot(profile_name, options) and pairs else None
    if opener is not None and (not isinstance(opener, int) or isinstance(opener, bool)):
        raise ValueError("opener must be a seat number")
    deal = Deal(parsed_hands, parsed_stock, start, opener)
    check_deal(profile_name, options, deal)
    return deal
