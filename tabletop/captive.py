"""The table's own Wi-Fi as a captive portal: a phone that joins it is shown the join page by its
operating system's "sign in to network" sheet, without scanning or typing anything.

On the Pi's hotspot (`install-pi --hotspot`) NetworkManager's dnsmasq answers every name with the
Pi (scripts/dnsmasq-shared.conf) and port 80 is redirected to the table's port
(scripts/domino-table-port80.nft). A phone's connectivity probe (Android's generate_204, Apple's
hotspot-detect.html, Windows' connecttest.txt, Firefox's and Linux's checks) so reaches the table
under a name that is not the table's. Such a request, from an address of the hotspot's network
(`--hotspot-network`), is answered with a redirect to the join page instead of the answer the
probe expects, and the phone takes it for a portal. From any other network (a home Wi-Fi), or
without `--hotspot-network`, nothing changes.

Apple's sheet cannot keep the game (it keeps no storage, and "Done" closes it with the page and
its websocket): it is sent to /join?sheet=apple, which says in one line to open the address in
Safari. Once that page was loaded, Apple's probes from that phone are answered "Success", so the
sheet's button becomes "Done" and the phone stays on the table's Wi-Fi (cancelling the sheet of a
network still captive leaves the network).
"""

from __future__ import annotations

import ipaddress
import threading
import time
from urllib.parse import urlencode

from flask import Blueprint, Flask, Response, current_app, redirect, request

bp = Blueprint("captive", __name__)

# the names Apple's devices probe (captive.apple.com first; the others in older releases)
APPLE_HOSTS = frozenset(
    {
        "captive.apple.com",
        "www.apple.com",
        "www.appleiphonecell.com",
        "www.ibook.info",
        "www.itools.info",
        "www.airport.us",
        "www.thinkdifferent.us",
    }
)
APPLE_PROBE_AGENT = "CaptiveNetworkSupport"  # the User-Agent of Apple's probe (not of its sheet)
APPLE_SUCCESS = "<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>"
RELEASE_SECONDS = 12 * 3600  # how long a phone that saw the Apple sheet's page is let through
MAX_RELEASED = 1024  # phones remembered (a hotspot hands out far fewer addresses)


def hotspot_network(value: str | None) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    """`--hotspot-network` as a network ("10.42.0.1/24" and "10.42.0.0/24" alike); None when
    empty. ValueError for anything else."""
    if not value:
        return None
    return ipaddress.ip_network(value, strict=False)


class Portal:
    """The hotspot's network and the Apple phones let through (by address, for a while)."""

    def __init__(self, network):
        self.network = network
        self._released: dict[str, float] = {}
        self._lock = threading.Lock()

    def on_hotspot(self, address: str | None) -> bool:
        try:
            ip = ipaddress.ip_address((address or "").removeprefix("::ffff:"))
        except ValueError:
            return False
        return ip.version == self.network.version and ip in self.network

    def release(self, address: str) -> None:
        now = time.monotonic()
        with self._lock:
            if len(self._released) >= MAX_RELEASED:
                self._released = {a: t for a, t in self._released.items() if now - t < RELEASE_SECONDS}
                while len(self._released) >= MAX_RELEASED:
                    self._released.pop(next(iter(self._released)))
            self._released[address] = now

    def released(self, address: str) -> bool:
        with self._lock:
            at = self._released.get(address)
        return at is not None and time.monotonic() - at < RELEASE_SECONDS


def init_app(app: Flask, network: str | None) -> None:
    """Answer probes on the hotspot's `network` ("10.42.0.1/24"); nothing at all when None."""
    net = hotspot_network(network)
    app.extensions["captive"] = Portal(net) if net else None
    if net:
        app.register_blueprint(bp)


def active(app: Flask) -> bool:
    """Whether this table is its own Wi-Fi (and answers its probes)."""
    return app.extensions.get("captive") is not None


def _own_name(host: str) -> bool:
    """A name the table is opened under: an address, localhost, its mDNS name, a --host name."""
    if not host or host == "localhost" or host.endswith(".local"):
        return True
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        pass
    return host in current_app.extensions["tabletop"].hosts


def _host_name(host: str) -> str:
    """The Host header without its port ("[::1]:8000" -> "[::1]", "Example.com:80" -> "example.com")."""
    host = host.lower()
    if host.startswith("["):
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0]


def _join_target(apple: bool) -> str:
    """The join page of the only open room (a seat to take), else the room-code box."""
    t = current_app.extensions["tabletop"]
    rooms = [r for r in list(t.rooms.values()) if not r.closed]
    code = rooms[0].id if len(rooms) == 1 else None
    if apple:  # the sheet only says where to go: the page with the room's code filled in
        query = {"sheet": "apple", **({"code": code} if code else {})}
        return f"{t.base_url}/join?{urlencode(query)}"
    return f"{t.base_url}/join/{code}" if code else f"{t.base_url}/join"


@bp.before_app_request
def probe():
    portal: Portal = current_app.extensions["captive"]
    address = request.remote_addr or ""
    if not portal.on_hotspot(address):
        return None
    host = _host_name(request.host)
    if _own_name(host):
        if request.path == "/join" and request.args.get("sheet") == "apple":
            portal.release(address)  # the sheet showed the way: let its next probe succeed
        return None
    apple = host in APPLE_HOSTS or request.headers.get("User-Agent", "").startswith(APPLE_PROBE_AGENT)
    if apple and portal.released(address):
        return Response(APPLE_SUCCESS, mimetype="text/html", headers={"Cache-Control": "no-store"})
    resp = redirect(_join_target(apple), 302)
    resp.headers["Cache-Control"] = "no-store"
    return resp
