"""This machine's IPv4 addresses that phones can reach, and a watcher that notices when they change.

Interfaces are listed with `ifaddr` (getifaddrs; zeroconf depends on it), so no default route is
needed: a Pi that is its own hotspot, an isolated LAN or Wi-Fi that comes up after the server all
work. On Linux an interface counts only while it is up with a carrier (/sys/class/net).
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import threading
from collections.abc import Callable
from pathlib import Path

import ifaddr

from . import config

log = logging.getLogger("tabletop.addresses")

IFF_UP = 0x1
DOWN_STATES = {"down", "lowerlayerdown", "notpresent", "dormant"}


def _link_is_up(name: str, sys_net: Path = Path("/sys/class/net")) -> bool:
    """False for an interface that is down or has no carrier; True where /sys is absent."""
    try:
        flags = int((sys_net / name / "flags").read_text(), 16)
        state = (sys_net / name / "operstate").read_text().strip()
    except (OSError, ValueError):
        return True
    return bool(flags & IFF_UP) and state not in DOWN_STATES


def _default_route_address() -> str | None:
    """The source address of the default route, if there is one (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()


def _rank(ip: str) -> int:
    addr = ipaddress.IPv4Address(ip)
    if addr.is_link_local:  # 169.254/16: a link without DHCP; still usable, last
        return 2
    return 0 if addr.is_private else 1


def usable_ipv4() -> list[str]:
    """Every non-loopback IPv4 address on an interface that is up, the best first: the default
    route's address (when there is one), then private LAN addresses, other ones, link-local."""
    found = []
    for adapter in ifaddr.get_adapters():
        if not _link_is_up(adapter.name):
            continue
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip not in found:
                found.append(ip.ip)
    default = _default_route_address()
    return sorted(found, key=lambda ip: (ip != default, _rank(ip)))


class Watcher:
    """Calls `on_change(addresses)` once at start and again within `interval` seconds of every
    change of `usable_ipv4()` (polling: portable, and a getifaddrs call costs well under 1 ms)."""

    def __init__(
        self,
        on_change: Callable[[list[str]], None],
        interval: float = config.ADDRESS_POLL,
        find=usable_ipv4,
    ):
        self.on_change = on_change
        self.interval = interval
        self.find = find
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="addresses", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        last = None
        while True:
            try:
                now = self.find()
            except OSError as exc:  # keep watching: the next poll may succeed
                log.warning("listing interfaces failed: %s", exc)
                now = last
            if now != last and not self._stop.is_set():
                last = now
                try:
                    self.on_change(list(now))
                except Exception:
                    log.exception("address change handler failed")
            if self._stop.wait(self.interval):
                return

    def stop(self) -> None:
        self._stop.set()
