"""The game a room plays and its options, chosen in the lobby: `setup` (the table's lobby: the
game, its options and every seat's kind) and `choose_game` (the captain's phone: the game and
options, the seats kept). A part of `rooms.Room` (`room_part.py`).
"""

from __future__ import annotations

import copy

import engine

from . import computer, evening, seats
from .commands import Change, setter
from .errors import Refused
from .messages import OPTIONS, PROFILE, SEATS
from .room_part import COMMANDS, RoomPart


def game_of(msg: dict) -> tuple[str, dict, int]:
    """The game a `setup` or `choose_game` names: its profile, its options made whole, and its
    number of seats (refused: an unknown profile, options it does not take)."""
    profile = msg["profile"]
    if profile not in engine.PROFILES:
        raise Refused("bad_profile", "unknown profile")
    try:
        options = engine.normalize_options(profile, msg.get("options") or {})
        n = engine.new_game(profile, options).players
    except (ValueError, TypeError, KeyError) as exc:
        raise Refused("bad_options", str(exc)[:200]) from None
    return profile, options, n


def set_game(
    room: RoomPart, profile: str, options: dict, new_seats: list, revoked: dict, imported: dict | None = None
) -> Change:
    """The room's game becomes `profile` with `options` and the seats `new_seats` (`seats.lay_out`,
    the seats in `revoked` let go): the match so far is closed into tonight, and the change
    writes it all or puts it back. `imported`: where a record file's match goes on (`import`);
    without it, another game lets such a match go."""
    before = (copy.deepcopy(room.meta), dict(room.tokens), room.match, room.record)
    room._close_match(leaving=True)
    if imported is not None:
        room.meta["imported"] = imported
    elif (profile, options) != (room.meta.get("profile"), room.meta.get("options")):
        room.meta.pop("imported", None)
    room.meta.update(profile=profile, options=options, seats=new_seats, deals=[], ready=[])
    for i in revoked:
        del room.tokens[i]
    room.meta["captain"] = evening.next_captain(room.meta, room.tokens)
    room.match = room.record = None

    def restore():
        room.meta, room.tokens, room.match, room.record = before

    return Change(
        write=lambda v: room.tables.store.save_room(room.id, room.meta, v, seats=revoked, end_game=True),
        restore=restore,
        game=True,
        **room._demote(lambda m: m.role == "seat" and m.seat in revoked),
    )


class Games(RoomPart):
    @COMMANDS.declare(
        "setup",
        {"profile": (PROFILE, True), "options": (OPTIONS, False), "seats": (SEATS, True)},
        who=setter,
    )
    def _setup(self, conn, _seat, msg) -> Change:
        profile, options, n = game_of(msg)
        if len(msg["seats"]) != n:
            raise Refused("bad_seats", f"{profile} with these options has {n} seats")
        new_seats, revoked = seats.lay_out(msg["seats"], self.meta["seats"], self.tokens)
        if revoked and _seat is not None:  # the captain's phone never puts a seated player out
            raise Refused("players_seated", f"seat {min(revoked) + 1} is taken; only the table frees a seat")
        return set_game(self, profile, options, new_seats, revoked)

    @COMMANDS.declare("choose_game", {"profile": (PROFILE, True), "options": (OPTIONS, False)}, who=setter)
    def _choose_game(self, conn, seat, msg) -> Change:
        """The game and its options, the seats kept: what the captain chooses from a phone (the
        table's lobby may send `setup`). Every seat keeps who plays it; a game of more seats
        adds computers (the table's lobby makes one an open phone seat with one press), one of
        fewer drops the last seats, never a seated phone (`players_seated`)."""
        profile, options, n = game_of(msg)
        held = [i for i in self.tokens if i >= n]
        if held:
            raise Refused(
                "players_seated", f"{profile} with these options has {n} seats; seat {held[0] + 1} is taken"
            )
        asked = [seats.asked(s) for s in self.meta["seats"][:n]]
        asked += [{"kind": "computer", "level": computer.DEFAULT_LEVEL}] * (n - len(asked))
        return self._setup(conn, seat, {**msg, "profile": profile, "options": options, "seats": asked})
