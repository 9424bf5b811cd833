"""The command table of a room: for each command, who may send it and the phase it needs (steps 1
and 2 of `Room.run`), whether it carries a version (step 3), and `Change`, what a command's own
step (4) hands to the last steps (write, version + 1, frames out)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import Refused
from .seats import Member

if TYPE_CHECKING:
    from .rooms import Room

COMPUTER = Member("computer")  # the sender of a computer seat's move (no connection)


@dataclass(frozen=True)
class Rule:
    """Steps 1 to 3 of a command: who may send it, the phase it needs, whether it is versioned."""

    who: str  # a key of WHO
    phase: str | None = None  # a key of PHASE
    versioned: bool = False


RULES = {
    "join": Rule("guest"),
    "leave": Rule("phone"),
    "pause": Rule("member"),
    "act": Rule("player", "started", versioned=True),
    "undo": Rule("player", "started", versioned=True),
    "redo": Rule("undoer", "started", versioned=True),
    "hint": Rule("player", "started", versioned=True),
    "setup": Rule("host, unlocked once started"),
    "start_round": Rule("host", "dealable", versioned=True),
    "restart": Rule("unlocked host", "started", versioned=True),
    "new_game": Rule("unlocked host", "started", versioned=True),
    "free_seat": Rule("unlocked host"),
    "standin": Rule("unlocked host"),
    "close_room": Rule("unlocked host"),
}


@dataclass
class Change:
    """What step 4 did, for steps 5 to 7."""

    write: Callable[[int], None] | None = None  # persists the change at the given version
    restore: Callable[[], None] | None = None  # puts memory back if the write fails
    game: bool = False  # the game changed: version + 1, the match is rebuilt if the write fails
    after: Callable[[], None] | None = None  # memory changes that wait for the write (roles)
    frames: list = field(default_factory=list)  # (connection, frame), sent before the views
    notify: bool = True  # a fresh view to every connection
    seats: bool = True  # the seats, their tokens or connections may have changed (not by a move)
    wake: bool | None = None  # look for a computer's turn (default: when the game changed)
    reply: dict | None = None  # the frame answering the command (instead of `ok`)
    later: Callable[[], dict] | None = None  # the reply, computed after the lock is released


# -- step 1: who sends it -------------------------------------------------------------------------------


def _player(room: Room, member: Member, msg: dict, unlocked: bool) -> int:
    """The seat a person (or the computer) acts for: a phone its own, the table a device seat."""
    claimed = msg["action"].get("seat") if "action" in msg else msg.get("seat")
    if member.role == "seat":
        if claimed is not None and claimed != member.seat:
            raise Refused("not_your_seat")
        return member.seat
    if member.role == "host":
        if (
            claimed is None
            or claimed >= len(room.meta["seats"])
            or room.meta["seats"][claimed]["kind"] != "device"
        ):
            raise Refused("not_your_seat", "the table acts only for seats played on this device")
        return claimed
    if member is COMPUTER and claimed is not None and claimed == room.computer_to_act():
        return claimed
    raise Refused("not_your_seat")


def _undoer(room: Room, member: Member, msg: dict, unlocked: bool) -> int | None:
    if member.role not in ("seat", "host"):
        raise Refused("not_your_seat")
    return member.seat


def _guest(room: Room, member: Member, msg: dict, unlocked: bool) -> None:
    if member.role == "seat":
        raise Refused("already_seated", "leave your seat first")
    if member.role != "guest":
        raise Refused("not_your_seat", "the table screen does not take a phone seat")


def _phone(room: Room, member: Member, msg: dict, unlocked: bool) -> int:
    if member.role != "seat":
        raise Refused("not_your_seat")
    return member.seat


def _member(room: Room, member: Member, msg: dict, unlocked: bool) -> None:
    if member.role not in ("host", "seat"):
        raise Refused("not_your_seat")


def _host(room: Room, member: Member, msg: dict, unlocked: bool) -> None:
    if member.role != "host":
        raise Refused("not_host")


def _unlocked_host(room: Room, member: Member, msg: dict, unlocked: bool) -> None:
    _host(room, member, msg, unlocked)
    if not unlocked:
        raise Refused("pin_required")


def _setup_host(room: Room, member: Member, msg: dict, unlocked: bool) -> None:
    """A new setup of a started room ends its game: then the PIN guards it too."""
    _host(room, member, msg, unlocked)
    if room.match is not None and not unlocked:
        raise Refused("pin_required")


WHO = {
    "player": _player,
    "undoer": _undoer,
    "guest": _guest,
    "phone": _phone,
    "member": _member,
    "host": _host,
    "unlocked host": _unlocked_host,
    "host, unlocked once started": _setup_host,
}


# -- step 2: the phase ---------------------------------------------------------------------------


def _started(room: Room) -> None:
    if room.match is None:
        raise Refused("not_started")


def _dealable(room: Room) -> None:
    if not room.meta.get("profile"):
        raise Refused("not_setup")
    for i, s in enumerate(room.meta["seats"]):
        if s["kind"] == "phone" and i not in room.tokens and not s.get("standin"):
            raise Refused("seats_open", f"seat {i + 1} has no player yet")
    state = room.state
    if state is not None and state.phase == "play":
        raise Refused("round_in_progress")
    if state is not None and state.phase == "game_over":
        raise Refused("game_over")


PHASE = {None: lambda room: None, "started": _started, "dealable": _dealable}
