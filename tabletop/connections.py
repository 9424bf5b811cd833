"""TCP connections per client address, counted where the server accepts them.

Every connection is a greenlet of the server's pool (`config.WORKER_CONNECTIONS` at once, all
addresses): one address opening hundreds of connections that never finish a request (a slow
"slowloris" client) would take the pool from everybody, the table's own screen included, before
any websocket limit could see them. So one client address holds at most
`config.CONNECTIONS_PER_ADDRESS` connections at once; the next is closed as soon as it is
accepted. A phone's browser keeps a handful (its pages, its websocket); the table's own screen
is never counted.
"""

from __future__ import annotations

import threading

from . import config


class PerAddress:
    def __init__(self, limit: int | None = None):
        self.limit = limit
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def enter(self, address: str) -> bool:
        """A connection from `address` was accepted: False when it is one too many."""
        if address in config.OWN_SCREEN_ADDRESSES:
            return True
        limit = config.CONNECTIONS_PER_ADDRESS if self.limit is None else self.limit
        with self._lock:
            n = self._open.get(address, 0)
            if n >= limit:
                return False
            self._open[address] = n + 1
            return True

    def leave(self, address: str) -> None:
        if address in config.OWN_SCREEN_ADDRESSES:
            return
        with self._lock:
            n = self._open.get(address, 0) - 1
            if n > 0:
                self._open[address] = n
            else:
                self._open.pop(address, None)
