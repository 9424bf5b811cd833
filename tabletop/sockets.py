"""Websockets per client address: how many are open, how fast new ones come, who flooded.

A handshake is refused (HTTP 429, after a pause: `hub.refuse_foreign_websocket`) from an
address that had a socket closed for flooding within `config.FLOOD_BAN`, that holds
`config.SOCKETS_PER_ADDRESS` open sockets already, or that opens them faster than
`config.HANDSHAKE_RATE` a second (burst `config.HANDSHAKE_BURST`). A family's phones (one
address behind a home router) open a few each and reload now and then: far below these. The
table's own screen is never refused (the hub does not ask for it).
"""

from __future__ import annotations

import threading

from . import config
from .limits import Buckets, Tries


class Sockets:
    def __init__(self) -> None:
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()
        self._flooders = Tries(1, config.FLOOD_BAN)
        self._handshakes = Buckets(config.HANDSHAKE_RATE, config.HANDSHAKE_BURST)

    def refusal(self, address: str) -> float:
        """Seconds before `address` may open a websocket (0: now; the handshake is counted)."""
        wait = self._flooders.wait(address)
        if wait > 0:
            return wait
        with self._lock:
            if self._open.get(address, 0) >= config.SOCKETS_PER_ADDRESS:
                return float(config.PING_INTERVAL)  # a socket of it closes or is found dead by then
        if not self._handshakes.take(address):
            return 1 / config.HANDSHAKE_RATE
        return 0.0

    def opened(self, address: str) -> None:
        with self._lock:
            self._open[address] = self._open.get(address, 0) + 1

    def closed(self, address: str) -> None:
        with self._lock:
            left = self._open.get(address, 0) - 1
            if left > 0:
                self._open[address] = left
            else:
                self._open.pop(address, None)

    def flooded(self, address: str) -> None:
        """A socket of `address` was closed for flooding: it opens none for a while."""
        self._flooders.fail(address)
