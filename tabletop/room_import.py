"""A record file the table chose (`recordfiles.py` reads and checks it): summed up and stepped
through for the page, and its match, cut at a move, set up as the room's game to play on
(`import`). A part of `rooms.Room` (`room_part.py`).
"""

from __future__ import annotations

from engine.record import options_of

from . import recordfiles, seats
from .commands import Change, unlocked_host
from .errors import Refused
from .messages import COUNT, SEATS
from .room_games import set_game
from .room_part import COMMANDS, RoomPart


class RecordImport(RoomPart):
    def _imported(self) -> dict | None:
        """Where the match set up from a record file goes on (until its first deal)."""
        imported = self.meta.get("imported")
        return {"round": imported["round"], "move": imported["move"]} if imported else None

    def choose_record_file(self, raw: bytes) -> dict:
        """A record file the table chose: checked (`recordfiles.read`; a refused one changes
        nothing), kept as the room's file, and summed up for the page."""
        record = recordfiles.read(raw)
        with self.lock:
            self.record_file = record
        return recordfiles.summary(record)

    def record_file_steps(self, round_no: int) -> dict:
        with self.lock:
            record = self.record_file
        if record is None:
            raise Refused("no_record_file", "choose a record file first")
        return recordfiles.steps(record, round_no)

    @COMMANDS.declare(
        "import", {"round": (COUNT, True), "move": (COUNT, True), "seats": (SEATS, True)}, who=unlocked_host
    )
    def _import(self, conn, _seat, msg) -> Change:
        """The match of the chosen record file up to a move becomes this table's game to play
        on: its game and options are set up, the seats laid out as a `setup` lays them out (phones
        then sit down as in the lobby), and the first `start_round` plays on from that move."""
        if self.record_file is None:
            raise Refused("no_record_file", "choose a record file first")
        record = recordfiles.cut(self.record_file, msg["round"], msg["move"])
        profile, options = options_of(record)
        if len(msg["seats"]) != len(recordfiles.seats_of(record)):
            raise Refused("bad_seats", f"the record has {len(recordfiles.seats_of(record))} seats")
        new_seats, revoked = seats.lay_out(msg["seats"], self.meta["seats"], self.tokens)
        imported = {"record": record, "round": msg["round"], "move": msg["move"]}
        return set_game(self, profile, options, new_seats, revoked, imported)
