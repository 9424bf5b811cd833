"""A seat the host freed is not taken back at once from where it was held.

A squatter's script takes a seat again within milliseconds of the host freeing it, so the real
player never sits. The room remembers the client addresses that held each phone seat (every
socket holding it: a copied token on another device too); when the host frees the seat
(`free_seat`), none of them takes that seat again for `config.FREED_SEAT_WAIT` seconds
(`seat_freed`, with `retry_after`). Other seats, and other addresses, are not held up: four
phones behind one home router share an address, and each keeps its own seat. A player's own
`leave` starts no wait (a player may sit down again at once).
"""

from __future__ import annotations

import math
import time

from . import config


class FreedSeats:
    def __init__(self) -> None:
        self._holders: dict[int, set[str]] = {}  # seat -> addresses of the sockets that held it
        self._waits: dict[int, tuple[frozenset[str], float]] = {}  # seat -> (addresses, until)

    def note(self, members: dict) -> None:
        """After a change: the addresses of the sockets holding each seat now."""
        for conn, member in members.items():
            address = getattr(conn, "address", None)
            if member.role == "seat" and address is not None:
                self._holders.setdefault(member.seat, set()).add(address)

    def taken(self, seat: int, conn) -> None:
        """`conn` took `seat` (`join`): its holders are from now on its own sockets' addresses."""
        address = getattr(conn, "address", None)
        self._holders[seat] = {address} if address is not None else set()

    def freed(self, seat: int) -> None:
        """The host freed `seat`: its holders wait before taking it again."""
        holders = self._holders.pop(seat, set())
        if holders:
            self._waits[seat] = (frozenset(holders), time.monotonic() + config.FREED_SEAT_WAIT)

    def left(self, seat: int) -> None:
        self._holders.pop(seat, None)

    def wait(self, seat: int, conn) -> int:
        """Whole seconds before `conn` may take `seat` (0: now)."""
        held = self._waits.get(seat)
        if held is None or getattr(conn, "own_screen", False):  # the table's own screen: no wait
            return 0
        addresses, until = held
        left = until - time.monotonic()
        if left <= 0:
            del self._waits[seat]
            return 0
        return math.ceil(left) if getattr(conn, "address", None) in addresses else 0
