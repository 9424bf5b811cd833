"""The commands a socket answers itself, outside any room's pipeline: `hello` (into the lobby or a
room), `create_room`, `unlock` and `lock` (the kiosk PIN is the socket's own) and `ping`.

A handler takes (connection, message) and returns None (the router then says `ok` to a `ref`)
or False (it answered the message itself).
"""

from __future__ import annotations

import time

from . import config
from .commands import Commands
from .errors import Refused
from .messages import BOOL, PIN, ROOM, ROOM_NAME, TOKEN
from .pin import pin_problem
from .seats import HOST

COMMANDS = Commands()


def with_ref(frame: dict, msg: dict) -> dict:
    if "ref" in msg:
        frame["ref"] = msg["ref"]
    return frame


def _lobby(conn) -> None:
    conn.greeted = True
    conn.send(
        {"type": "welcome", "role": "lobby", "room": None, "seat": None, "server": conn.tables.server_info()}
    )


def _not_watching(conn) -> None:
    """A second screen (role `watcher`) sends no command: it only shows the table."""
    room = conn.room
    if room is not None and room.role_of(conn) == "watcher":
        raise Refused("view_only", "this screen only shows the table: it sends no command")


def _enter(conn, room, **credentials) -> None:
    conn.room = room
    room.admit(conn, **credentials)
    conn.greeted = True


@COMMANDS.declare(
    "hello",
    {
        "room": (ROOM, False),
        "token": (TOKEN, False),
        "host_token": (TOKEN, False),
        "watch": (BOOL, False),
        "watch_token": (TOKEN, False),
    },
    before_hello=True,
)
def hello(conn, msg):
    if conn.greeted:
        raise Refused("already_hello")
    watch = msg.get("watch", False)
    if watch and ("room" not in msg or "token" in msg or "host_token" in msg):
        raise Refused("bad_message", "watch names a room and no token: a second screen holds none")
    if "watch_token" in msg and not watch:
        raise Refused("bad_message", "watch_token comes with watch")
    if "room" not in msg:
        _lobby(conn)
        return None
    try:
        room = conn.tables.get(msg["room"])
    except Refused:
        conn.send(with_ref({"type": "error", "code": "no_room", "detail": "no such room"}, msg))
        _lobby(conn)
        return False
    if watch:
        _enter(conn, room, watch=True, watch_token=msg.get("watch_token"))
        return None
    try:
        _enter(conn, room, host_token=msg.get("host_token"), token=msg.get("token"))
    except Refused as exc:
        if exc.code != "bad_token":
            raise
        conn.send(with_ref({"type": "error", "code": "bad_token", "detail": exc.detail}, msg))
        _enter(conn, room)
        return False
    return None


@COMMANDS.declare("create_room", {"name": (ROOM_NAME, False)})
def create_room(conn, msg):
    """One open room per socket: a socket that is the table of an open room is refused
    (`room_open`) until that room is closed; a client address opens rooms at a limited rate."""
    _not_watching(conn)
    old = conn.room
    if old is not None:
        if old.role_of(conn) != "host":
            raise Refused("not_host", "only a table screen creates rooms")
        raise Refused("room_open", f"this socket is the table of room {old.id}; close it first")
    conn.tables.may_open_room(conn)
    room, host_token = conn.tables.create_room(msg.get("name"), conn)
    conn.send({"type": "room_created", "room": room.id, "host_token": host_token})
    conn.room = room
    room.enter(conn, HOST)


def _lock_changed(conn, msg):
    """Answer `unlock`/`lock`: `ok` with `unlocked_for` (seconds), then the view that says it too."""
    if "ref" in msg:
        frame = {"type": "ok", "ref": msg["ref"], "unlocked_for": conn.unlock_left()}
        if conn.room is not None:
            frame["version"] = conn.room.version
        conn.send(frame)
    conn.push_view()  # a kiosk table's views carry `unlocked_for`, counting down
    return False


def _table_screen(conn) -> bool:
    """A table page: the table's own screen, a page with no room yet, or a room's table. A
    phone (a guest or a seat of a room) is not one."""
    room = conn.room
    return conn.own_screen or room is None or room.role_of(conn) == "host"


@COMMANDS.declare("unlock", {"pin": (PIN, True)})
def unlock(conn, msg):
    _not_watching(conn)
    if not _table_screen(conn):  # a phone learns nothing of the PIN, right or wrong
        raise Refused("not_host", "only a table screen may give the PIN")
    # a PIN outside the rule `tabletop serve --pin` enforces can never be the table's
    if conn.tables.guarded and (pin_problem(msg["pin"]) or not conn.tables.check_pin(msg["pin"], conn)):
        raise Refused("bad_pin")
    conn.unlocked_until = time.monotonic() + config.UNLOCK_SECONDS
    return _lock_changed(conn, msg)


@COMMANDS.declare("lock")
def lock(conn, msg):
    """Locked again before the unlock runs out (the table's "Lock now")."""
    _not_watching(conn)
    conn.unlocked_until = 0.0
    return _lock_changed(conn, msg)


@COMMANDS.declare("ping", before_hello=True)
def ping(conn, msg):
    conn.send({"type": "pong"})
    return False
