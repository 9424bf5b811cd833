"""The hub: the `/ws` route, and the routing of every message a socket sends.

`answer` parses a frame against every command the server takes (`protocol.parse`), answers the
socket's own commands (`socket_commands.py`) itself and hands a room's to `Room.run`, which
checks who sends them and keeps each connection's role; the hub keeps only which room a socket
is in. Every refusal is an `error` frame with a stable code and changes nothing; an unexpected
exception is logged and answered with `internal`. The client waits for `welcome`; the full view
follows it as the first `view` frame.

- The connection's transport (outbox, sender, pings, message rate) is `transport.py`; the
  handshake's guard (Host, Origin, flood ban) is `guard.py`.
- `TCP_NODELAY` on every socket (without it small frames stall ~40 ms).
- permessage-deflate is not offered (`Sec-WebSocket-Extensions` is dropped before the
  handshake, by `guard.py`): compressing every frame once per socket cost more CPU than building
  it, and a zlib stream of each direction per socket costs memory, for bytes a LAN does not miss.
"""

from __future__ import annotations

import json
import logging
import socket

from flask import Blueprint, current_app, request
from flask_sock import Sock

from . import guard, protocol, ws_reader
from .errors import Refused
from .messages import BadInput
from .socket_commands import with_ref
from .transport import Connection

log = logging.getLogger("tabletop.hub")


def answer(conn: Connection, raw) -> None:
    """Answer one incoming frame: parse it, route it to its command's handler (a room's
    through `Room.run`), say `ok` to its `ref`, or send the refusal as an `error` frame."""
    if not conn.allow(raw):
        return
    ref = None
    try:
        msg = protocol.parse(raw)
        ref = msg.get("ref")
        command = protocol.COMMANDS[msg["type"]]
        if not conn.greeted and not command.before_hello:
            raise Refused("hello_required", "send hello first")
        said = command.handler(conn, msg) if command.who is None else in_room(conn, msg)
        if ref is not None and said is not False:
            frame = {"type": "ok", "ref": ref}
            if conn.room is not None:
                frame["version"] = conn.room.version
            conn.send(frame)
    except (BadInput, Refused) as exc:
        if ref is None:
            ref = getattr(exc, "ref", None)
        conn.error(exc.code, exc.detail, ref, getattr(exc, "extra", None))
        if exc.code == "stale":
            conn.push_view()
    except Exception:
        log.exception("internal error on a %s message", _type_of(raw))
        conn.error("internal", "internal server error; nothing changed", ref)


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
bp.before_app_request(guard.refuse_foreign_websocket)


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
    conn = Connection(ws, tables, request.remote_addr or "?", answer)
    tables.sockets.opened(conn.address)
    try:
        while not conn.closed:
            conn.handle(conn.reader.receive())
    finally:
        room = conn.room
        conn.close()
        tables.sockets.closed(conn.address)
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
