"""mDNS/zeroconf advertisement of the table, in the background.

`register_service` blocks about 1.6 s and `Zeroconf()` raises at once where no interface is
usable: both happen on a daemon thread; a failure is logged in one line and the server runs on
without discovery. The service is restricted to the advertised interface and unregistered at exit.
"""

from __future__ import annotations

import atexit
import logging
import socket
import threading

log = logging.getLogger("tabletop.discovery")

SERVICE_TYPE = "_domino-table._tcp.local."
HTTP_TYPE = "_http._tcp.local."


def lan_address() -> str:
    """The address other devices on the LAN reach us at (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def _safe_label(name: str) -> str:
    label = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    return (label or "domino-table")[:40]


class Advertiser:
    def __init__(self, name: str, address: str, port: int, path: str = "/"):
        self.name = name
        self.address = address
        self.port = port
        self.path = path
        self._zc = None
        self._infos = []
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="zeroconf", daemon=True)
        self._thread.start()
        atexit.register(self.close)

    def _run(self) -> None:
        try:
            from zeroconf import ServiceInfo, Zeroconf

            host = _safe_label(self.name)
            props = {"path": self.path, "name": self.name}
            infos = [
                ServiceInfo(
                    stype,
                    f"{self.name[:50]}.{stype}",
                    addresses=[socket.inet_aton(self.address)],
                    port=self.port,
                    properties=props,
                    server=f"{host}.local.",
                )
                for stype in (SERVICE_TYPE, HTTP_TYPE)
            ]
            zc = Zeroconf(interfaces=[self.address])
            with self._lock:
                if self._closed:
                    zc.close()
                    return
                self._zc = zc
            for info in infos:
                zc.register_service(info, allow_name_change=True)
                self._infos.append(info)
            log.info("advertised %r as %s.local on %s:%d", self.name, host, self.address, self.port)
        except Exception as exc:  # no usable interface, name clash, ...: run without discovery
            log.warning("zeroconf disabled: %s: %s", type(exc).__name__, exc)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            for info in self._infos:
                zc.unregister_service(info)
            zc.close()
        except Exception as exc:
            log.warning("zeroconf unregister failed: %s", exc)
