"""The night's tournament at a room (`night.py` runs it): a round's table seated, and the table
its own again once the tournament is closed. A part of `rooms.Room` (`room_part.py`).
"""

from __future__ import annotations

import copy

from . import evening
from .commands import Change
from .errors import Refused
from .room_part import RoomPart


class Tournament(RoomPart):
    def seat_tournament(
        self, tag: dict, profile: str, options: dict, names: list, hashes: list, regulars: list | None = None
    ) -> None:
        """The night's tournament seats a round here (`night.py`): the game set up, each seat a
        phone held by its player's tournament token (the phone comes with it: `hello`), the
        phones seated before made guests; `regulars`: the house's regular at each seat, or None.
        Through `_commit` as a command's change is."""
        with self.lock:
            if self.closed:
                raise Refused("no_room")
            before = (copy.deepcopy(self.meta), dict(self.tokens), self.match, self.record)
            self._close_match(leaving=True)
            held = regulars or [None] * len(names)
            laid = [
                {"kind": "phone", "name": n, "lang": None, "standin": None, "regular": r}
                for n, r in zip(names, held, strict=True)
            ]
            self.meta.update(profile=profile, options=options, seats=laid, deals=[], ready=[], tournament=tag)
            changed: dict = {i: None for i in self.tokens if i >= len(hashes)}
            changed.update(enumerate(hashes))
            self.tokens = dict(enumerate(hashes))
            self.meta["captain"] = evening.next_captain(self.meta, self.tokens)
            self.match = self.record = None

            def restore():
                self.meta, self.tokens, self.match, self.record = before

            self._commit(
                Change(
                    write=lambda v: self.tables.store.save_room(
                        self.id, self.meta, v, seats=changed, end_game=True
                    ),
                    restore=restore,
                    game=True,
                    **self._demote(lambda m: m.role == "seat"),
                )
            )

    def end_tournament(self, tournament_id: int) -> None:
        """The night's tournament `tournament_id` is closed: this table is its own again."""
        with self.lock:
            tag = self.meta.get("tournament")
            if self.closed or not tag or tag.get("id") != tournament_id:
                return
            del self.meta["tournament"]
            self._commit(
                Change(
                    write=lambda v: self.tables.store.save_room(self.id, self.meta, v),
                    restore=lambda: self.meta.__setitem__("tournament", tag),
                    game=True,
                )
            )
