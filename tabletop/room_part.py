"""What a part of a room uses of the room's core.

`rooms.Room` is its core (seats, connections, the command pipeline, the rounds played) and the
parts it takes in as mixins, one module each: `room_evening` (ready, play again, change game,
tonight), `room_games` (`setup`, `choose_game`), `room_import` (a record file played on) and
`room_tournament` (the night's seating). A part declares its commands on its own methods, in the
room's one `COMMANDS`; what it reads or calls of the core is declared here for the type checker
and given by `rooms.Room`, so no part imports the core (nor the core a part but through `Room`'s
bases).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import engine

from .commands import Change, Commands
from .seats import Member

COMMANDS = Commands()  # a room's commands, each declared once on its method (`rooms.Room`'s)


class RoomPart:
    """The room's core as its parts see it; every one of these is `rooms.Room`'s."""

    tables: Any  # the `tables.Tables` that keeps the room
    id: str
    lock: threading.RLock
    closed: bool
    meta: dict
    tokens: dict[int, str]  # seat -> sha256(token)
    members: dict  # connection -> Member
    match: engine.Match | None
    record: dict | None
    record_file: dict | None
    last_undo_seat: int | None

    @property
    def state(self) -> Any:
        """The round being played, or between rounds (None before the first game)."""
        return self.match.state if self.match is not None else None

    # the core's methods the parts call, typed for the checker (rooms.Room defines each)
    _commit: Callable[[Change], None]
    _engine: Callable[[Callable[[engine.Match], Any]], None]
    _checkpoint: Callable[..., Callable[[int], None]]  # (new_game=False, held=None)
    _welcome: Callable[..., dict]  # (member: Member, conn=None)
    _demote: Callable[[Callable[[Member], bool]], dict]
    _next_round: Callable[[], Change]
    _close_match: Callable[..., None]  # (leaving=False); room_evening.Evening's
