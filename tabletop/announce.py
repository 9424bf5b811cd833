"""Keeps what the table tells the world about its address true: the base URL of the rooms' QR
codes and of /api/server, the mDNS records and the console banner, re-made within a few seconds
when the interfaces change. Runs in the serving process."""

from __future__ import annotations

import logging
from collections.abc import Callable

from . import config
from .addresses import Watcher
from .discovery import Advertiser, HostName
from .mdns_process import ProcessAdvertiser
from .offload import gevent_patched

log = logging.getLogger("tabletop.announce")

JOIN_PATH = "/join"  # the page phones open: the QR code and the mDNS TXT point here


class Announcer:
    def __init__(
        self,
        tables,
        name: str,
        port: int,
        *,
        fixed: str | None = None,
        mdns: bool = True,
        host: HostName | None = None,
        show: Callable[[str], None] | None = None,
        interval: float = config.ADDRESS_POLL,
    ):
        self.tables = tables  # rooms.Tables: its base_url is what QR codes and /api/server use
        self.port = port
        self.fixed = fixed  # --advertise (or a --host address): never re-chosen
        self.show = show  # prints the banner for a new base URL
        self.advertiser: Advertiser | ProcessAdvertiser | None = None
        if mdns and gevent_patched():  # zeroconf's thread would be a greenlet: its own process
            self.advertiser = ProcessAdvertiser(name, port, JOIN_PATH, host.folder if host else None)
        elif mdns:
            self.advertiser = Advertiser(name, [], port, path=JOIN_PATH, host=host)
        self.watcher = None if fixed else Watcher(self._apply, interval=interval)
        self._shown: str | None = None

    def start(self) -> None:
        if self.advertiser:
            self.advertiser.start()
        if self.watcher:
            self.watcher.start()
        else:  # no watcher: the address is fixed
            assert self.fixed is not None
            self._apply([self.fixed])

    def _apply(self, addresses: list[str]) -> None:
        address = self.fixed or (addresses[0] if addresses else "127.0.0.1")
        base = f"http://{address}:{self.port}"
        if base != self.tables.base_url:
            log.info("phones join at %s%s (addresses: %s)", base, JOIN_PATH, ", ".join(addresses) or "none")
        self.tables.base_url = base
        if self.advertiser:
            self.advertiser.update([a for a in addresses if not a.startswith("127.")], base + JOIN_PATH)
        if self.show and base != self._shown:
            self._shown = base
            self.show(base)

    def close(self) -> None:
        if self.watcher:
            self.watcher.stop()
        if self.advertiser:
            self.advertiser.close()
