"""How a command is declared, and the checks a declaration names.

A command is declared once, on its handler (as Flask declares a route on its view):

    @COMMANDS.declare("free_seat", {"seat": (SEAT, True)}, who=unlocked_host)
    def _free_seat(self, conn, _seat, msg) -> Change: ...

says its message's shape (checked by `messages.parse`), who may send it (step 1 of `Room.run`),
the phase it needs (step 2), whether it carries the version its sender saw (step 3) and its
handler (step 4), which returns a `Change` for the last steps (write, version + 1, frames out).
A room's commands are declared in `rooms.py` and its parts (`room_part.py`), the socket's own
(hello, create_room, unlock, lock, ping) in `socket_commands.py`; `protocol.COMMANDS` holds them
all.

The checks of steps 1 and 2 read `Facts`, plain values the room hands them, never the room.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine import State

from .errors import Refused
from .evening import match_over
from .seats import Member

COMPUTER = Member("computer")  # the sender of a computer seat's move (no connection)

Fields = Mapping[str, tuple[Callable[[str, Any], Any], bool]]  # field -> (its check, required)
Handler = TypeVar("Handler", bound=Callable[..., Any])


@dataclass(frozen=True)
class Facts:
    """What steps 1 and 2 read of a room, as plain values."""

    seats: list[dict]  # the room's seats (its meta's)
    held: Collection[int]  # the phone seats a token holds
    computer_seat: int | None  # the seat a computer is due to play now, if any
    profile: str | None  # None until the room is set up
    state: State | None  # None until the first deal
    unlocked: bool  # the sender may use the PIN-guarded host commands
    captain: int | None = None  # the captain's seat (`evening.py`)


Who = Callable[[Member, dict, Facts], "int | None"]  # step 1: the seat it acts for, or Refused
Phase = Callable[[Facts], None]  # step 2: Refused when the room is not in that phase


@dataclass(frozen=True)
class Command:
    type: str
    fields: Fields  # the message's shape
    handler: Callable[..., Any]  # a room's: (room, conn, seat, msg) -> Change; a socket's: (conn, msg)
    who: Who | None  # None: the socket answers it itself, outside any room
    phase: Phase
    versioned: bool  # a version sent with it must be the room's (`stale`)
    before_hello: bool  # a socket may send it before its `hello` is answered


class Commands(Mapping[str, Command]):
    """A set of commands, each declared once with `declare` on its handler."""

    def __init__(self) -> None:
        self._by_type: dict[str, Command] = {}

    def declare(
        self,
        type: str,
        fields: Fields | None = None,
        *,
        who: Who | None = None,
        phase: Phase | None = None,
        versioned: bool = False,
        before_hello: bool = False,
    ) -> Callable[[Handler], Handler]:
        def add(handler: Handler) -> Handler:
            if type in self._by_type:
                raise ValueError(f"the command {type!r} is declared twice")
            self._by_type[type] = Command(
                type, dict(fields or {}), handler, who, phase or anytime, versioned, before_hello
            )
            return handler

        return add

    def __or__(self, other: Commands) -> Commands:
        both = Commands()
        for command in [*self.values(), *other.values()]:
            if command.type in both._by_type:
                raise ValueError(f"the command {command.type!r} is declared twice")
            both._by_type[command.type] = command
        return both

    def __getitem__(self, type: str) -> Command:
        return self._by_type[type]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_type)

    def __len__(self) -> int:
        return len(self._by_type)


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


def player(member: Member, msg: dict, facts: Facts) -> int:
    """The seat a person (or the computer) acts for: a phone its own, the table a device seat."""
    claimed = msg["action"].get("seat") if "action" in msg else msg.get("seat")
    if member.role == "seat":
        assert member.seat is not None
        if claimed is not None and claimed != member.seat:
            raise Refused("not_your_seat")
        return member.seat
    if member.role == "host":
        if claimed is None or claimed >= len(facts.seats) or facts.seats[claimed]["kind"] != "device":
            raise Refused("not_your_seat", "the table acts only for seats played on this device")
        return claimed
    if member is COMPUTER and claimed is not None and claimed == facts.computer_seat:
        return claimed
    raise Refused("not_your_seat")


def undoer(member: Member, msg: dict, facts: Facts) -> int | None:
    """A phone (for its seat) or the table (for the device seats)."""
    if member.role not in ("seat", "host"):
        raise Refused("not_your_seat")
    return member.seat


def guest(member: Member, msg: dict, facts: Facts) -> None:
    if member.role == "seat":
        raise Refused("already_seated", "leave your seat first")
    if member.role != "guest":
        raise Refused("not_your_seat", "the table screen does not take a phone seat")


def phone(member: Member, msg: dict, facts: Facts) -> int:
    if member.role != "seat" or member.seat is None:
        raise Refused("not_your_seat")
    return member.seat


def seated(member: Member, msg: dict, facts: Facts) -> None:
    """The table or a phone holding a seat."""
    if member.role not in ("host", "seat"):
        raise Refused("not_your_seat")


def host(member: Member, msg: dict, facts: Facts) -> None:
    if member.role != "host":
        raise Refused("not_host")


def unlocked_host(member: Member, msg: dict, facts: Facts) -> None:
    host(member, msg, facts)
    if not facts.unlocked:
        raise Refused("pin_required")


def host_unlocked_once_started(member: Member, msg: dict, facts: Facts) -> None:
    """A new setup of a started room ends its game: then the PIN guards it too."""
    host(member, msg, facts)
    if facts.state is not None and not facts.unlocked:
        raise Refused("pin_required")


def captain_or_host(member: Member, msg: dict, facts: Facts) -> None:
    """The table, or the captain's phone (the first phone seated: `evening.py`)."""
    if member.role == "host":
        return
    if member.role != "seat" or member.seat is None:
        raise Refused("not_host")
    if member.seat != facts.captain:
        raise Refused("not_captain")


def captain_or_unlocked_host(member: Member, msg: dict, facts: Facts) -> None:
    """The captain's phone, or the table (behind the PIN in kiosk mode): these end a game."""
    if member.role == "host":
        return unlocked_host(member, msg, facts)
    return captain_or_host(member, msg, facts)


def setter(member: Member, msg: dict, facts: Facts) -> int | None:
    """A setup: the table (behind the PIN once a game started), or the captain between
    matches (the captain never ends a game being played). The captain's seat, None for the table."""
    if member.role == "host":
        host_unlocked_once_started(member, msg, facts)
        return None
    captain_or_host(member, msg, facts)
    if facts.state is not None and not match_over(facts.state):
        raise Refused("game_in_progress")
    return member.seat


# -- step 2: the phase ---------------------------------------------------------------------------


def anytime(facts: Facts) -> None:
    return None


def started(facts: Facts) -> None:
    if facts.state is None:
        raise Refused("not_started")


def dealable(facts: Facts) -> None:
    if not facts.profile:
        raise Refused("not_setup")
    for i, s in enumerate(facts.seats):
        if s["kind"] == "phone" and i not in facts.held and not s.get("standin"):
            raise Refused("seats_open", f"seat {i + 1} has no player yet")
    state = facts.state
    if state is not None and state.phase == "play":
        raise Refused("round_in_progress")
    if state is not None and state.phase == "game_over":
        raise Refused("game_over")


def between_rounds(facts: Facts) -> None:
    """A round has ended (the results are showing) and the next one is not dealt yet."""
    if facts.state is None:
        raise Refused("not_started")
    if facts.state.phase not in ("round_over", "game_over"):
        raise Refused("round_in_progress")


def match_ended(facts: Facts) -> None:
    """The match is decided (`evening.match_over`)."""
    between_rounds(facts)
    if not match_over(facts.state):
        raise Refused("match_not_over")
