"""The websocket handshake's guard, run before the upgrade: a websocket whose `Host` is not this
table's (`bad_host`, DNS rebinding), opened by a page of another origin (`bad_origin`), or from
an address that flooded within `config.FLOOD_BAN` (`rate_limited`) is refused. It also drops the
offer of permessage-deflate (`hub.py` says why).
"""

from __future__ import annotations

import ipaddress
import math
import time
from urllib.parse import urlsplit

import ifaddr
from flask import current_app, jsonify, request

from . import config


def _local_addresses() -> set[str]:
    """Every address of this machine's interfaces (IPv4 and IPv6, loopback included)."""
    found = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            found.add(ip.ip if isinstance(ip.ip, str) else ip.ip[0])
    return found


def host_is_ours(host: str, tables) -> bool:
    """Whether a request's `Host` names this table: localhost, a loopback address, an address of
    one of this machine's interfaces, the host of the advertised base URL (it may change at run
    time), the mDNS name or a configured name (`tables.hosts`). Anything else is a name some DNS
    server points here (DNS rebinding: a page of another site speaking to the table)."""
    try:
        name = urlsplit("//" + host).hostname if host else None
    except ValueError:  # e.g. an unclosed "[" of an IPv6 address
        return False
    if not name:
        return False
    if name in config.LOCAL_HOST_NAMES or name in tables.hosts or name == tables.mdns_name():
        return True
    if name == (urlsplit(tables.base_url).hostname or "").lower():
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    return ip.is_loopback or str(ip) in _local_addresses()


def refuse_foreign_websocket():
    """Before the upgrade: a websocket whose Host is not this table's (`bad_host`), or opened by a
    page of another origin (`bad_origin`: the Origin must be exactly `http://<Host>`), is refused,
    and so is one from an address that flooded within `config.FLOOD_BAN` (`rate_limited`)."""
    if request.path != "/ws":
        return None
    tables = current_app.extensions["tabletop"]
    host = (request.host or "").lower()
    if not host_is_ours(host, tables):
        return jsonify(error="bad_host"), 403
    origin = request.headers.get("Origin")
    if origin is not None and origin.lower() != f"http://{host}":
        return jsonify(error="bad_origin"), 403
    address = request.remote_addr or "?"
    wait = 0.0 if address in config.OWN_SCREEN_ADDRESSES else tables.sockets.refusal(address)
    if wait > 0:  # it flooded, holds too many sockets or reconnects in a loop: refused, slowly,
        # so that costs it, not the rooms (tabletop/sockets.py)
        time.sleep(config.FLOOD_TARPIT)
        retry = math.ceil(wait)
        return jsonify(error="rate_limited", retry_after=retry), 429, {"Retry-After": str(retry)}
    # no permessage-deflate: simple_websocket accepts it whenever a client offers it (browsers
    # always do), and it would compress every frame once per socket (`hub.py` says why not)
    request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
    return None
