"""Who has seen which hand of the round being played: nobody sees two hands of one round.

A connection that holds a phone seat while a round is played has seen that seat's hand; a table
screen of a room with device seats has seen every device seat's hand (the single device passes
them round). Its client address has seen them too: a new socket, another tab or a copied token
on the same device is the same person. During the round, `join` takes a seat only for a
connection whose connection and address have seen no other hand of it (its own seat back, after
a `leave` or a `free_seat`, is fine: nothing new). The record starts again at every deal
(`start_round`, `new_game`; a `restart` deals the same hands, so it is kept) and is dropped
while no round is being played (a finished round showed every hand).

What the addresses have seen is stored with the room (`unsaved`, `saved`; the room writes it
before the views that show those hands go out), so a restart of the server, even a SIGKILL,
forgets none of it; the connections are new after a restart anyway.
"""

from __future__ import annotations

import weakref

from .seats import Member


class HandsSeen:
    def __init__(self, deal=None, seen=()) -> None:
        """`deal` and `seen` ((address, seat) pairs): what the store kept of the round in play."""
        self._deal = deal  # the round these records are for (None: no round in play)
        self._by_conn: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # conn -> seats
        self._by_address: dict[str, set[int]] = {}
        for address, seat in seen:
            self._by_address.setdefault(address, set()).add(seat)
        self._stored = set(seen) if deal is not None else set()  # (address, seat) on disk

    @property
    def deal(self):
        return self._deal

    def note(self, deal, members: dict, devices: list[int]) -> None:
        """After a change: `deal` says which round is in play (None: none); every connection of
        `members` (connection -> Member) holding a seat has seen its hand, a host every device's."""
        if deal != self._deal:
            self._deal = deal
            self._by_conn = weakref.WeakKeyDictionary()
            self._by_address = {}
            self._stored = set()
        if deal is None:
            return
        for conn, member in members.items():
            if member.role == "seat":
                self._saw(conn, {member.seat})
            elif member == Member("host") and devices:
                self._saw(conn, set(devices))

    def _saw(self, conn, seats: set[int]) -> None:
        self._by_conn.setdefault(conn, set()).update(seats)
        address = getattr(conn, "address", None)
        if address is not None:
            self._by_address.setdefault(address, set()).update(seats)

    def unsaved(self) -> list[tuple[str, int]]:
        """The (address, seat) pairs of the round in play not stored yet."""
        if self._deal is None:
            return []
        seen = {(a, s) for a, seats in self._by_address.items() for s in seats}
        return sorted(seen - self._stored)

    def saved(self, pairs) -> None:
        self._stored.update(pairs)

    def other_hands(self, conn, seat: int) -> set[int]:
        """The hands of this round, other than `seat`'s, that `conn` (or its address) has seen."""
        if self._deal is None:
            return set()
        seen = set(self._by_conn.get(conn, ()))
        address = getattr(conn, "address", None)
        if address is not None:
            seen |= self._by_address.get(address, set())
        return seen - {seat}
