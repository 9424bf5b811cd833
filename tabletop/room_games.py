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


class Games(RoomPart):
    @COMMANDS.declare(
        "setup",
        {"profile": (PROFILE, True), "options": (OPTIONS, False), "seats": (SEATS, True)},
        who=setter,
    )
    def _setup(self, conn, _seat, msg) -> Change:
        profile = msg["profile"]
        if profile not in engine.PROFILES:
            raise Refused("bad_profile", "unknown profile")
        try:
            options = engine.normalize_options(profile, msg.get("options") or {})
            n = engine.new_game(profile, options).players
        except (ValueError, TypeError, KeyError) as exc:
            raise Refused("bad_options", str(exc)[:200]) from None
        if len(msg["seats"]) != n:
            raise Refused("bad_seats", f"{profile} with these options has {n} seats")
        new_seats, revoked = seats.lay_out(msg["seats"], self.meta["seats"], self.tokens)
        if revoked and _seat is not None:  # the captain's phone never puts a seated player out
            raise Refused("players_seated", f"seat {min(revoked) + 1} is taken; only the table frees a seat")
        before = (copy.deepcopy(self.meta), dict(self.tokens), self.match, self.record)
        self._close_match(leaving=True)
        if (profile, options) != (self.meta.get("profile"), self.meta.get("options")):
            self.meta.pop("imported", None)  # another game: the match from the file is let go
        self.meta.update(profile=profile, options=options, seats=new_seats, deals=[], ready=[])
        for i in revoked:
            del self.tokens[i]
        self.meta["captain"] = evening.next_captain(self.meta, self.tokens)
        self.match = self.record = None

        def restore():
            self.meta, self.tokens, self.match, self.record = before

        return Change(
            write=lambda v: self.tables.store.save_room(self.id, self.meta, v, seats=revoked, end_game=True),
            restore=restore,
            game=True,
            **self._demote(lambda m: m.role == "seat" and m.seat in revoked),
        )

    @COMMANDS.declare("choose_game", {"profile": (PROFILE, True), "options": (OPTIONS, False)}, who=setter)
    def _choose_game(self, conn, seat, msg) -> Change:
        """The game and its options, the seats kept: what the captain chooses from a phone (the
        table's lobby may send `setup`). Every seat keeps who plays it; a game of more seats
        adds computers (the table's lobby makes one an open phone seat with one press), one of
        fewer drops the last seats, never a seated phone (`players_seated`)."""
        profile = msg["profile"]
        if profile not in engine.PROFILES:
            raise Refused("bad_profile", "unknown profile")
        try:
            options = engine.normalize_options(profile, msg.get("options") or {})
            n = engine.new_game(profile, options).players
        except (ValueError, TypeError, KeyError) as exc:
            raise Refused("bad_options", str(exc)[:200]) from None
        held = [i for i in self.tokens if i >= n]
        if held:
            raise Refused(
                "players_seated", f"{profile} with these options has {n} seats; seat {held[0] + 1} is taken"
            )
        asked = [seats.asked(s) for s in self.meta["seats"][:n]]
        asked += [{"kind": "computer", "level": computer.DEFAULT_LEVEL}] * (n - len(asked))
        return self._setup(conn, seat, {**msg, "profile": profile, "options": options, "seats": asked})
