"""Deals: explicit (from a record) or from a seed through the project's own shuffle."""
from __future__ import annotations

import random
from dataclasses import dataclass

from .profiles import get_profile, hand_size, normalize_options, seat_count
from .tiles import Tile, tile_set


@dataclass(frozen=True)
class Deal:
    hands: tuple            # per seat: tuple of Tile
    stock: tuple            # every other tile, in order (boneyard draw order / left out / leftovers)
    start: tuple | None = None  # gaple 4x6/5x5: (x, y) of the turned-up tile as written (left x, right y)
    opener: int | None = None   # seat drawn by lot, where a profile draws one (gaple 4x6/5x5)
    seed: int | None = None

    def to_json(self) -> dict:
        if self.seed is not None:
            return {"seed": self.seed}
        stock = [str(t) for t in self.stock]
        if self.start is not None and stock:
            stock[0] = f"{self.start[0]}-{self.start[1]}"
        return {"hands": [[str(t) for t in h] for h in self.hands], "stock": stock}


def uses_lot(profile_name: str, options: dict) -> bool:
    return profile_name == "gaple" and options["deal"] != "4x7"


def deal_from_seed(profile_name: str, options: dict | None, seed: int) -> Deal:
    """Shuffle the whole set with random.Random(seed), deal hands in seat order, the rest is the
    stock; where a first player is drawn by lot, it is drawn after the shuffle from the same stream."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("a seed is an integer")
    profile = get_profile(profile_name)
    options = normalize_options(profile_name, options)
    tiles = list(tile_set(profile.max_pip).tiles)
    rng = random.Random(seed)
    rng.shuffle(tiles)
    n, size = seat_count(profile, options), hand_size(profile, options)
    hands = tuple(tuple(tiles[i * size:(i + 1) * size]) for i in range(n))
    stock = tuple(tiles[n * size:])
    opener = rng.randrange(n) if uses_lot(profile_name, options) else None
    start = (stock[0].hi, stock[0].lo) if uses_lot(profile_name, options) else None
    return Deal(hands, stock, start, opener, seed)


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
