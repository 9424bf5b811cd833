"""Websocket connections: one per page, each with its own send lock and sender thread.

- `TCP_NODELAY` on every socket (without it small frames stall ~40 ms).
- Only the connection's sender thread writes to its socket, under its send lock; views are
  built when they are sent (coalesced: a slow phone gets the newest view, not a backlog), so a
  stalled client never holds up a room or another connection.
- The client waits for `welcome`; the full view follows it as the first `view` frame.
- Every frame is validated by `messages.parse`; every refusal is an `error` frame with a stable
  code and changes nothing; an unexpected exception is logged and answered with `internal`.
"""

from __future__ import annotations

import collections
import json
import logging
import socket
import threading
import time
from urllib.parse import urlsplit

from flask import Blueprint, current_app, jsonify, request
from flask_sock import Sock

from . import messages
from .messages import BadInput
from .rooms import Refused

log = logging.getLogger("tabletop.hub")

_VIEW = object()  # outbox marker: build and send the current view
RATE = 20.0  # messages per second
BURST = 40.0
FLOOD_CLOSE = 400  # dropped messages within a minute before the socket is closed


class Connection:
    def __init__(self, ws, tables):
        self.ws = ws
        self.tables = tables
        self.send_lock = threading.Lock()
        self._cond = threading.Condition()
        self._outbox: collections.deque = collections.deque()
        self._view_queued = False
        self.closed = False
        self.role = None  # None before hello; "lobby" | "guest" | "seat" | "host"
        self.room = None
        self.seat = None
        self.paused = False
        self.unlocked = False
        self._rate, self._burst = getattr(tables, "rate", (RATE, BURST))
        self._tokens = self._burst
        self._last = time.monotonic()
        self._dropped = 0
        self._dropped_since = time.monotonic()
        self._last_rate_error = 0.0
        self.sent = 0
        self._thread = threading.Thread(target=self._sender, name="ws-send", daemon=True)
        self._thread.start()

    # -- outgoing ------------------------------------------------------------------------------

    def send(self, frame: dict) -> None:
        with self._cond:
            if not self.closed:
                self._outbox.append(frame)
                self._cond.notify()

    def push_view(self) -> None:
        """Queue the current view. A view already waiting moves behind the newest frame, so a
        view always follows the frames (welcome, joined, ok) of the change it shows."""
        with self._cond:
            if self.closed:
                return
            if self._view_queued:
                self._outbox.remove(_VIEW)
            self._view_queued = True
            self._outbox.append(_VIEW)
            self._cond.notify()

    def _sender(self) -> None:
        while True:
            with self._cond:
                while not self._outbox and not self.closed:
                    self._cond.wait()
                if self.closed:
                    return
                item = self._outbox.popleft()
                if item is _VIEW:
                    self._view_queued = False
            try:
                if item is _VIEW:
                    room = self.room
                    if room is None:
                        continue
                    item = room.frame_for(self)
                text = json.dumps(item, separators=(",", ":"))
                with self.send_lock:
                    self.ws.send(text)
                self.sent += 1
            except Exception as exc:  # the socket is gone (or a frame could not be built)
                if not self.closed:
                    log.debug("send failed: %s", exc)
                self.close()
                return

    def _send_now(self, frame: dict) -> None:
        try:
            with self.send_lock:
                self.ws.send(json.dumps(frame, separators=(",", ":")))
        except Exception:  # already gone: nothing to tell
            pass

    def close(self) -> None:
        with self._cond:
            if self.closed:
                return
            self.closed = True
            self._cond.notify()
        try:
            with self.send_lock:
                self.ws.close()
        except Exception:
            pass

    # -- rate limit ----------------------------------------------------------------------------

    def allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        if now - self._dropped_since > 60:
            self._dropped, self._dropped_since = 0, now
        self._dropped += 1
        if self._dropped > FLOOD_CLOSE:
            log.warning("closing a flooding websocket")
            # said at once, not queued: the socket closes before the sender would get to it
            self._send_now({"type": "error", "code": "rate_limited", "detail": "flooding: closed"})
            self.close()
        elif now - self._last_rate_error > 1:
            self._last_rate_error = now
            self.send({"type": "error", "code": "rate_limited", "detail": "too many messages"})
        return False

    # -- incoming ------------------------------------------------------------------------------

    def handle(self, raw) -> None:
        if not self.allow():
            return
        ref = None
        try:
            msg = messages.parse(raw)
            ref = msg.get("ref")
            handler = HANDLERS[msg["type"]]
            if self.role is None and msg["type"] not in ("hello", "ping"):
                raise Refused("hello_required", "send hello first")
            answer = handler(self, msg)
            if ref is not None and answer is not False:
                frame = {"type": "ok", "ref": ref}
                if self.room is not None:
                    frame["version"] = self.room.version
                self.send(frame)
        except (BadInput, Refused) as exc:
            if ref is None:
                ref = getattr(exc, "ref", None)
            self._error(exc.code, exc.detail, ref)
            if exc.code == "stale":
                self.push_view()
        except Exception:
            log.exception("internal error on a %s message", _type_of(raw))
            self._error("internal", "internal server error; nothing changed", ref)

    def _error(self, code, detail, ref=None) -> None:
        frame = {"type": "error", "code": code, "detail": detail}
        if ref is not None:
            frame["ref"] = ref
        self.send(frame)


def _type_of(raw) -> str:
    try:
        return str(json.loads(raw).get("type"))[:32]
    except Exception:
        return "?"


# -- message handlers (the room methods take the room lock) ------------------------------------


def _room(conn):
    if conn.room is None or conn.room.closed:
        raise Refused("no_room")
    return conn.room


def _host(conn, guarded: bool = False):
    room = _room(conn)
    if conn.role != "host":
        raise Refused("not_host")
    if guarded and conn.tables.kiosk and conn.tables.pin and not conn.unlocked:
        raise Refused("pin_required")
    return room


def _with_ref(frame: dict, msg: dict) -> dict:
    if "ref" in msg:
        frame["ref"] = msg["ref"]
    return frame


def h_hello(conn, msg):
    if conn.role is not None:
        raise Refused("already_hello")
    tables = conn.tables
    if "room" not in msg:
        conn.role = "lobby"
        conn.send(
            {"type": "welcome", "role": "lobby", "room": None, "seat": None, "server": tables.server_info()}
        )
        return None
    try:
        room = tables.get(msg["room"])
    except Refused:
        conn.role = "lobby"
        conn.send(_with_ref({"type": "error", "code": "no_room", "detail": "no such room"}, msg))
        conn.send(
            {"type": "welcome", "role": "lobby", "room": None, "seat": None, "server": tables.server_info()}
        )
        return False
    try:
        if "host_token" in msg:
            room.hello_host(conn, msg["host_token"])
            return None
        if "token" in msg:
            room.hello_seat(conn, msg["token"])
            return None
    except Refused as exc:
        if exc.code != "bad_token":
            raise
        conn.send(_with_ref({"type": "error", "code": "bad_token", "detail": exc.detail}, msg))
        room.attach(conn, "guest")
        return False
    room.attach(conn, "guest")
    return None


def h_join(conn, msg):
    room = _room(conn)
    if conn.role == "seat":
        raise Refused("already_seated", "leave your seat first")
    if conn.role != "guest":
        raise Refused("not_your_seat", "the table screen does not take a phone seat")
    room.join(conn, msg["seat"], msg["name"], msg.get("lang"))


def h_leave(conn, msg):
    _room(conn).leave(conn)


def h_act(conn, msg):
    _room(conn).act(conn, msg["action"], msg["version"])


def h_undo(conn, msg):
    _room(conn).undo(conn, msg.get("seat"), msg.get("version"))


def h_redo(conn, msg):
    _room(conn).redo(conn, msg.get("version"))


def h_hint(conn, msg):
    answer = _room(conn).hint(conn, msg.get("seat"), msg.get("version"))
    conn.send(_with_ref(answer, msg))
    return False  # the hint frame itself answers the ref


def h_create_room(conn, msg):
    if conn.role not in ("lobby", "host"):
        raise Refused("not_host", "only a table screen creates rooms")
    room, host_token = conn.tables.create_room(msg.get("name"))
    if conn.room is not None:
        conn.room.detach(conn)
    conn.send({"type": "room_created", "room": room.id, "host_token": host_token})
    room.attach(conn, "host")


def h_setup(conn, msg):
    room = _host(conn)
    if room.match is not None:
        _host(conn, guarded=True)
    room.setup(msg["profile"], msg.get("options"), msg["seats"])


def h_start_round(conn, msg):
    room = _host(conn)
    with room.lock:
        room._check_version(msg.get("version"))
        room.start_round()


def h_restart(conn, msg):
    room = _host(conn, guarded=True)
    with room.lock:
        room._check_version(msg.get("version"))
        room.restart()


def h_new_game(conn, msg):
    room = _host(conn, guarded=True)
    with room.lock:
        room._check_version(msg.get("version"))
        room.new_game()


def h_free_seat(conn, msg):
    _host(conn, guarded=True).free_seat(msg["seat"])


def h_standin(conn, msg):
    _host(conn, guarded=True).standin(msg["seat"], msg["level"])


def h_pause(conn, msg):
    room = _room(conn)
    if conn.role not in ("host", "seat"):
        raise Refused("not_your_seat")
    room.set_pause(conn, msg["paused"])


def h_unlock(conn, msg):
    if not conn.tables.kiosk or not conn.tables.pin:
        conn.unlocked = True
        return None
    if not conn.tables.check_pin(msg["pin"]):
        raise Refused("bad_pin")
    conn.unlocked = True


def h_close_room(conn, msg):
    room = _host(conn, guarded=True)
    conn.tables.close_room(room)


def h_ping(conn, msg):
    conn.send({"type": "pong"})
    return False


HANDLERS = {
    "hello": h_hello,
    "join": h_join,
    "leave": h_leave,
    "act": h_act,
    "undo": h_undo,
    "redo": h_redo,
    "hint": h_hint,
    "create_room": h_create_room,
    "setup": h_setup,
    "start_round": h_start_round,
    "restart": h_restart,
    "new_game": h_new_game,
    "free_seat": h_free_seat,
    "standin": h_standin,
    "pause": h_pause,
    "unlock": h_unlock,
    "close_room": h_close_room,
    "ping": h_ping,
}
assert set(HANDLERS) == set(messages.SPEC)


# -- the websocket route -----------------------------------------------------------------------

bp = Blueprint("hub", __name__)
sock = Sock()


@bp.before_app_request
def refuse_cross_origin():
    """A websocket from a page of another origin is refused before the upgrade."""
    if request.path != "/ws":
        return None
    origin = request.headers.get("Origin")
    if origin and origin != "null":
        if urlsplit(origin).netloc.lower() != (request.host or "").lower():
            return jsonify(error="bad_origin"), 403
    elif origin == "null":
        return jsonify(error="bad_origin"), 403
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
    conn = Connection(ws, tables)
    try:
        while not conn.closed:
            raw = ws.receive()
            if raw is None:
                continue
            conn.handle(raw)
    finally:
        room = conn.room
        conn.close()
        if room is not None:
            room.detach(conn)


def init_app(app) -> None:
    app.config.setdefault(
        "SOCK_SERVER_OPTIONS", {"ping_interval": 20, "max_message_size": messages.HARD_MAX_FRAME}
    )
    app.register_blueprint(bp)
