"""mDNS/zeroconf advertisement of the table, in the background.

The table is advertised as `_domino-table._tcp` and `_http._tcp` on every address it is given,
under a host name of its own (`domino-table-<6 hex>.local`, kept in the data folder; a fresh one
is drawn when another machine answers for it). `update()` re-registers when the addresses
change; `close()` says goodbye at once (the first goodbye packet leaves before it returns).
Registration blocks for about two seconds and `Zeroconf()` raises where no address is usable:
both happen on a daemon thread; a failure is logged in one line and the server runs on without
discovery.
"""

from __future__ import annotations

import atexit
import logging
import os
import re
import secrets
import socket
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when mDNS starts (zeroconf takes a while to import)
    from zeroconf import Zeroconf

log = logging.getLogger("tabletop.discovery")

SERVICE_TYPE = "_domino-table._tcp.local."
HTTP_TYPE = "_http._tcp.local."
LABEL_BYTES = 63  # a DNS label's limit, in bytes of UTF-8
RENAME_ROOM = 4  # bytes kept free for zeroconf's "-2", "-3", ... when a service name is taken
TXT_BYTES = 255  # one TXT string: key=value
HOST_PREFIX = "domino-table-"
HOST_FILE = "mdns-host"
HOST_CHECK_MS = 500  # how long to listen for another machine that answers for our host name


def cut_utf8(text: str, limit: int) -> str:
    """`text` cut to at most `limit` bytes of UTF-8, at a character boundary."""
    return text.encode("utf-8")[:limit].decode("utf-8", "ignore")


def instance_label(name: str) -> str:
    """The service instance name for a table name: one DNS label (a dot would split the name
    into two labels, so dots become spaces), printable, at most 59 bytes of UTF-8."""
    text = " ".join("".join(c if c.isprintable() else " " for c in name).replace(".", " ").split())
    return cut_utf8(text, LABEL_BYTES - RENAME_ROOM).strip() or "Domino table"


def txt_value(key: str, value: str) -> str:
    """`value` cut so that `key=value` fits one TXT string."""
    return cut_utf8(value, TXT_BYTES - len(key.encode()) - 1)


class HostName:
    """This table's mDNS host label, kept in `folder` so it survives restarts (a new random one
    where the folder cannot be written). `renew()` draws another after a conflict."""

    PATTERN = re.compile(rf"^{HOST_PREFIX}[0-9a-f]{{6}}$")

    def __init__(self, folder: str | os.PathLike | None):
        self.folder = str(folder) if folder else None
        self.path = Path(folder) / HOST_FILE if folder else None
        self._label: str | None = None

    def label(self) -> str:
        if self._label is None:
            try:
                text = self.path.read_text().strip() if self.path else ""
            except OSError:
                text = ""
            self._label = text if self.PATTERN.match(text) else self.renew()
        return self._label

    def renew(self) -> str:
        self._label = f"{HOST_PREFIX}{secrets.token_hex(3)}"
        if self.path:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                tmp = self.path.with_suffix(".tmp")
                tmp.write_text(self._label + "\n")
                tmp.replace(self.path)
            except OSError as exc:
                log.warning("cannot keep the mDNS host name in %s: %s", self.path, exc)
        return self._label


class Advertiser:
    def __init__(
        self,
        name: str,
        addresses: str | list[str],
        port: int,
        path: str = "/join",
        url: str | None = None,
        host: HostName | None = None,
    ):
        self.name = name
        self.port = port
        self.path = path
        self.host = host or HostName(None)
        self._wanted = ([addresses] if isinstance(addresses, str) else list(addresses), url)
        self._zc: Zeroconf | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()  # guards _zc, _closed, _wanted
        self._work = threading.Lock()  # one (re)registration at a time
        self._closed = False

    @property
    def addresses(self) -> list[str]:
        return self._wanted[0]

    def start(self) -> None:
        atexit.register(self.close)
        if self.addresses:
            self._spawn(self._wanted)

    def update(self, addresses: list[str], url: str | None = None) -> None:
        """Advertise on `addresses` from now on (the old records say goodbye first)."""
        with self._lock:
            if self._closed or (list(addresses), url) == self._wanted:
                return
            wanted = self._wanted = (list(addresses), url)
        self._spawn(wanted)

    def _spawn(self, wanted) -> None:
        self._thread = threading.Thread(target=self._run, args=(wanted,), name="zeroconf", daemon=True)
        self._thread.start()

    def _run(self, wanted) -> None:
        with self._work:
            with self._lock:
                if self._closed or wanted != self._wanted:
                    return  # closed, or a newer update has its own thread
                old, self._zc = self._zc, None
            if old is not None:
                old.close()  # goodbye for the old addresses
            addresses, url = wanted
            if not addresses:
                log.info("no usable network interface: not advertised until one comes up")
                return
            try:
                self._register(addresses, url)
            except Exception as exc:  # no usable interface, name clash, closed meanwhile...
                if not self._closed:
                    log.warning("zeroconf disabled: %s: %s", type(exc).__name__, exc)

    def _register(self, addresses: list[str], url: str | None) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        zc = Zeroconf(interfaces=addresses)
        with self._lock:
            if self._closed:
                zc.close()
                return
            self._zc = zc
        host = self._free_host(zc, addresses)
        props = {"path": self.path, "name": txt_value("name", self.name)}
        if url:
            props["url"] = txt_value("url", url)
        label = instance_label(self.name)
        for stype in (SERVICE_TYPE, HTTP_TYPE):
            info = ServiceInfo(
                stype,
                f"{label}.{stype}",
                addresses=[socket.inet_aton(a) for a in addresses],
                port=self.port,
                properties=props,
                server=f"{host}.local.",
            )
            zc.register_service(info, allow_name_change=True)
        log.info("advertised %r as %s.local on %s port %d", self.name, host, ", ".join(addresses), self.port)

    def _free_host(self, zc, addresses: list[str]) -> str:
        """Our host label, after checking that no other machine answers for it."""
        from zeroconf import AddressResolverIPv4

        for _ in range(3):
            label = self.host.label()
            probe = AddressResolverIPv4(f"{label}.local.")
            if probe.request(zc, HOST_CHECK_MS):
                theirs = set(probe.parsed_addresses()) - set(addresses)
                if theirs:
                    log.info(
                        "%s.local is taken by %s: drawing another name", label, ", ".join(sorted(theirs))
                    )
                    self.host.renew()
                    continue
            return label
        return self.host.label()

    def close(self) -> None:
        """Goodbye now: the records are withdrawn before this returns (about 0.3 s)."""
        with self._lock:
            self._closed = True
            zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            zc.close()  # sends the goodbye packets for every registered service
        except Exception as exc:
            log.warning("zeroconf goodbye failed: %s", exc)
