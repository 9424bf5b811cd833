"""Websocket connections: one per page, each with its own send lock and sender thread.

- `TCP_NODELAY` on every socket (without it small frames stall ~40 ms).
- A frame goes out at once, from the thread (greenlet) that made it, when the socket takes it
  without waiting: the room's broadcast costs no thread switch per socket. What the socket does
  not take (a phone that stopped reading fills its buffer) goes to the connection's outbox, and
  only its sender thread waits for the socket, under the send lock; from then on views are taken
  when sent (coalesced: a slow phone gets the newest view, not a backlog), so a stalled client
  never holds up a room or another connection. The room builds and encodes each view frame once
  per change for every socket of the same role and seat (`Room.frame_for`), as the bytes of
  its websocket frame (`wire.ws_frame`).
- Incoming frames are read in the socket's own greenlet (`ws_reader.Reader`); the sender, idle
  unless its socket is slow, pings the client when its outbox stayed empty for a ping interval,
  and shuts the socket of a client that did not answer the last ping.
- The outbox is a `queue.SimpleQueue` (under gevent, gevent's own): putting a frame and waking
  the sender cost far less than a condition variable, which allocates a lock per wait.
- permessage-deflate is not offered (`Sec-WebSocket-Extensions` is dropped before the
  handshake): compressing every frame once per socket cost more CPU than building it, and a
  zlib stream of each direction per socket costs memory, for bytes a LAN does not miss.
- The client waits for `welcome`; the full view follows it as the first `view` frame.
- Every frame is validated by `protocol.parse`; every refusal is an `error` frame with a stable
  code and changes nothing; an unexpected exception is logged and answered with `internal`.
- The hub parses, routes and sends: a room's commands go to `Room.run`, which checks who sends
  them and keeps each connection's role; the socket's own (`socket_commands.py`) are answered
  here; the hub keeps only which room a socket is in.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import math
import queue
import socket
import threading
import time
from urllib.parse import urlsplit

import ifaddr
from flask import Blueprint, current_app, jsonify, request
from flask_sock import Sock

from . import config, protocol, wire, ws_reader
from .errors import Refused
from .limits import Bucket
from .messages import BadInput
from .socket_commands import with_ref

log = logging.getLogger("tabletop.hub")

_VIEW = object()  # outbox marker: send the room's current view
_CLOSED = object()  # outbox marker: the connection was closed, the sender stops
_CLOSED_BY_ERROR = object()  # the same, after a failed write: the sender closes the socket too


class Connection:
    def __init__(self, ws, tables, address: str = "?"):
        self.ws = ws
        self.tables = tables
        self.address = address  # the client's IP address (the TCP peer's; no proxy header is read)
        self.own_screen = address in config.OWN_SCREEN_ADDRESSES  # a browser on this machine
        self.send_lock = threading.Lock()  # whoever writes to the socket holds it
        self._lock = threading.Lock()  # `closed`, `_views`, `_queued`
        self._outbox = queue.SimpleQueue()  # frames' bytes, _VIEW markers, _CLOSED markers
        self._views = 0  # _VIEW markers in the outbox; when > 0, the newest item is one
        self._queued = 0  # items put in the outbox and not yet written by the sender
        self._answering = None  # the thread (greenlet) handling this socket's message, if one is
        self._answer: list[bytes] = []  # the frames it sent this socket meanwhile
        self._view_wanted = False  # a view was pushed meanwhile: it goes after the answer
        self.closed = False
        self.greeted = False  # hello answered
        self._room = None  # the room this socket is in (its role there is the room's to know)
        self.unlocked_until = 0.0  # kiosk: this socket gave the PIN; unlocked until then (monotonic)
        self._messages = Bucket(*tables.rate)
        self.hint_bucket = Bucket(config.HINT_RATE, config.HINT_BURST)  # hints computed for it
        self._dropped = 0
        self._dropped_since = time.monotonic()
        self._last_rate_error = 0.0
        self.reader = ws_reader.Reader(ws, self.write_control, config.HARD_MAX_FRAME)
        self._thread = threading.Thread(target=self._sender, name="ws-send", daemon=True)
        self._thread.start()

    @property
    def unlocked(self) -> bool:
        return self.unlock_left() > 0

    def unlock_left(self) -> int:
        """Whole seconds this socket stays unlocked (0: locked)."""
        return max(0, math.ceil(self.unlocked_until - time.monotonic()))

    @property
    def room(self):
        """The room this socket is in, None in the lobby (or once its room was closed)."""
        room = self._room
        return None if room is None or room.closed else room

    @room.setter
    def room(self, room) -> None:
        self._room = room

    # -- outgoing ------------------------------------------------------------------------------

    def _answering_now(self) -> bool:
        return self._answering is not None and self._answering == threading.get_ident()

    def send(self, frame: dict) -> None:
        data = wire.ws_frame(frame)
        if self._answering_now():  # written with the rest of the answer, in one go
            self._answer.append(data)
            return
        self._deliver(data)

    def _deliver(self, data: bytes) -> None:
        """Frames (their bytes, in order) out at once if the socket takes them, else queued."""
        with self._lock:
            if self.closed:
                return
            if not self._queued and self._write_now(data):
                return
            self._enqueue(data)
            if self._views:  # a view waits: one goes behind these frames too (and only it is sent)
                self._views += 1
                self._enqueue(_VIEW)

    def write_control(self, data: bytes) -> None:
        """A ping, pong or close frame of the websocket layer, in order with the others."""
        self._deliver(data)

    def push_view(self) -> None:
        """Send the current view. A view always follows the frames (welcome, joined, ok) of the
        change it shows: the socket whose message is being answered gets it after the answer.
        A socket that cannot take it now gets it later, taken when sent: only the last of the
        views waiting is sent, so a slow phone gets the newest view, not a backlog."""
        if self._answering_now():
            self._view_wanted = True
            return
        if not self._queued and not self.closed:
            room = self.room  # built before `_lock`: the room's lock comes first (`Room._notify`)
            data = None if room is None else room.frame_for(self)
            if data is None:
                return
            with self._lock:
                if self.closed or (not self._queued and self._write_now(data)):
                    return
        with self._lock:
            if self.closed or self._views:  # the newest item is a view already
                return
            self._views = 1
            self._enqueue(_VIEW)

    def _enqueue(self, item) -> None:
        self._queued += 1
        self._outbox.put(item)

    def _write_now(self, data: bytes) -> bool:
        """Under `_lock`, with nothing queued: write one frame if the socket takes it without
        waiting. What a nearly full socket did not take goes first in the outbox, so the frame is
        still sent whole and in order; False (nothing written) when the socket takes nothing or
        another writer holds it."""
        if not self.send_lock.acquire(blocking=False):
            return False
        try:
            sent = wire.send_without_waiting(self.ws, data)
        except Exception as exc:  # the socket is gone
            log.debug("send failed: %s", exc)
            self._closed_by_error()
            return True
        finally:
            self.send_lock.release()
        if sent == 0:
            return False
        if sent < len(data):
            self._enqueue(data[sent:])
        return True

    def _sender(self) -> None:
        """Writes what could not be written at once, in order, waiting for the socket as long as
        it takes: a stalled phone holds up only this thread (greenlet), never a room."""
        while True:
            try:
                item = self._outbox.get(timeout=config.PING_INTERVAL)
            except queue.Empty:  # a quiet while: is the client still there?
                if not self.reader.keepalive():
                    self._shut()
                continue
            if item is _CLOSED_BY_ERROR:
                try:
                    self.ws.close()
                except Exception:
                    pass
                return
            if self.closed or item is _CLOSED:
                return
            try:
                data = self._bytes_of(item)
                if data is not None:
                    with self.send_lock:
                        wire.send_all(self.ws, data)
            except Exception as exc:  # the socket is gone (or a frame could not be built)
                if not self.closed:
                    log.debug("send failed: %s", exc)
                self.close()
                return
            finally:
                with self._lock:
                    self._queued -= 1

    def _bytes_of(self, item) -> bytes | None:
        """What to write for an outbox item: frames' bytes (or the rest of one the socket took
        only part of) as they are; for a view marker, the newest view, or None when a later
        marker follows or the socket is no longer in a room."""
        if item is not _VIEW:
            return item
        with self._lock:
            self._views -= 1
            if self._views:  # a later view follows: this one would be stale
                return None
        room = self.room
        return None if room is None else room.frame_for(self)

    def _shut(self) -> None:
        """The client stopped answering pings: its socket is shut, which ends its reading (and,
        through it, the connection)."""
        log.info("closing a websocket that did not answer a ping")
        try:
            self.ws.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _send_now(self, frame: dict) -> None:
        try:
            with self.send_lock:
                wire.send_all(self.ws, wire.ws_frame(frame))
        except Exception:  # already gone: nothing to tell
            pass

    def _closed_by_error(self) -> None:
        """Under `_lock`: the socket failed while written to. The sender stops and closes it: a
        close that had to wait would hold up whoever wrote, with the connection's lock held."""
        self.closed = True
        self._outbox.put(_CLOSED_BY_ERROR)

    def close(self) -> None:
        with self._lock:
            if self.closed:
                return
            self.closed = True
            self._outbox.put(_CLOSED)
        try:
            with self.send_lock:
                self.ws.close()
        except Exception:
            pass

    # -- rate limit ----------------------------------------------------------------------------

    def allow(self) -> bool:
        if self._messages.take():
            return True
        now = time.monotonic()
        if now - self._dropped_since > config.FLOOD_WINDOW:
            self._dropped, self._dropped_since = 0, now
        self._dropped += 1
        if self._dropped > config.FLOOD_CLOSE:
            log.warning("closing a flooding websocket")
            if not self.own_screen:  # the address opens no websocket for a while
                self.tables.flooders.fail(self.address)
            # said at once, not queued: the socket closes before the sender would get to it
            self._send_now({"type": "error", "code": "rate_limited", "detail": "flooding: closed"})
            self.close()
        elif now - self._last_rate_error > 1:
            self._last_rate_error = now
            self.send({"type": "error", "code": "rate_limited", "detail": "too many messages"})
        return False

    # -- incoming ------------------------------------------------------------------------------

    def handle(self, raw) -> None:
        """Answer one message. What the answer sends this socket (welcome, joined, ok, error...)
        and the view of the change it made, last, are written together: one write, not two."""
        self._answering = threading.get_ident()
        try:
            self._handle(raw)
        finally:
            self._answering = None
            answer, self._answer = self._answer, []
            view, self._view_wanted = self._view_wanted, False
            if view and not self._queued:
                room = self.room
                data = None if room is None else room.frame_for(self)
                view = False
                if data is not None:
                    answer.append(data)
            if answer:
                self._deliver(b"".join(answer))
            if view:  # the outbox is not empty: the view goes behind it, taken when sent
                self.push_view()

    def _handle(self, raw) -> None:
        if not self.allow():
            return
        ref = None
        try:
            msg = protocol.parse(raw)
            ref = msg.get("ref")
            command = protocol.COMMANDS[msg["type"]]
            if not self.greeted and not command.before_hello:
                raise Refused("hello_required", "send hello first")
            answer = command.handler(self, msg) if command.who is None else in_room(self, msg)
            if ref is not None and answer is not False:
                frame = {"type": "ok", "ref": ref}
                if self.room is not None:
                    frame["version"] = self.room.version
                self.send(frame)
        except (BadInput, Refused) as exc:
            if ref is None:
                ref = getattr(exc, "ref", None)
            self._error(exc.code, exc.detail, ref, getattr(exc, "extra", None))
            if exc.code == "stale":
                self.push_view()
        except Exception:
            log.exception("internal error on a %s message", _type_of(raw))
            self._error("internal", "internal server error; nothing changed", ref)

    def _error(self, code, detail, ref=None, extra=None) -> None:
        frame = {"type": "error", "code": code, "detail": detail, **(extra or {})}
        if ref is not None:
            frame["ref"] = ref
        self.send(frame)


def _type_of(raw) -> str:
    try:
        return str(json.loads(raw).get("type"))[:32]
    except Exception:
        return "?"


def in_room(conn, msg):
    """A room's command: the room runs it (`Room.run`); a frame it returns answers the ref."""
    room = conn.room
    if room is None:
        raise Refused("no_room")
    answer = room.run(msg, conn, conn.unlocked or not conn.tables.guarded)
    if answer is None:
        return None
    conn.send(with_ref(answer, msg))
    return False


# -- the websocket route -----------------------------------------------------------------------

bp = Blueprint("hub", __name__)
sock = Sock()


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


@bp.before_app_request
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
    wait = 0.0 if address in config.OWN_SCREEN_ADDRESSES else tables.flooders.wait(address)
    if wait > 0:  # it flooded: refused, slowly, so reconnecting in a loop costs it, not the rooms
        time.sleep(config.FLOOD_TARPIT)
        retry = math.ceil(wait)
        return jsonify(error="rate_limited", retry_after=retry), 429, {"Retry-After": str(retry)}
    # no permessage-deflate: simple_websocket accepts it whenever a client offers it (browsers
    # always do), and it would compress every frame once per socket (see the module's notes)
    request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
    return None


def _nodelay(ws) -> None:
    s = getattr(ws, "sock", None)
    if s is not None:
        try:
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except (OSError, AttributeError):
            pass


@sock.route("/ws", bp=bp)
def websocket(ws):
    tables = current_app.extensions["tabletop"]
    _nodelay(ws)
    conn = Connection(ws, tables, request.remote_addr or "?")
    try:
        while not conn.closed:
            conn.handle(conn.reader.receive())
    finally:
        room = conn.room
        conn.close()
        if room is not None:
            room.detach(conn)
        ws.sock.close()  # nothing reads it any more (simple_websocket's thread closed it)


def init_app(app) -> None:
    app.config.setdefault(
        "SOCK_SERVER_OPTIONS",
        # no reading thread: the socket is read in its own greenlet (tabletop/ws_reader.py) and
        # pinged by the connection's sender
        {"thread_class": ws_reader.NoThread},
    )
    app.register_blueprint(bp)
