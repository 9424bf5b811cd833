"""A room's view frames for its current change: each built and encoded once per role and seat.

Connections of one role and seat get the same bytes (the table's screens share them), and every
frame of a change is made from one room summary, one public view (`engine.public_view`, from
which each seat's view is `engine.seat_view`) and one answer of what may be taken back
(`Match.going_back`). `changed` forgets them all when the room changes; what the summary shows of
the seats, and which seats people play, are kept while only moves are made.
"""

from __future__ import annotations

import engine
from engine.match import NOT_BACK, GoingBack

from . import seats, wire
from .seats import Member


class Frames:
    """Used under the room's lock. `room` is the `rooms.Room` whose frames these are."""

    def __init__(self, room) -> None:
        self.room = room
        self._encoded: dict = {}  # (role, seat) -> the view's websocket frame
        self._dicts: dict = {}  # the same, not encoded, for kiosk table screens (unlocked_for)
        self._summary: dict | None = None  # the room summary
        self._public: dict | None = None  # the public view (every seat's part)
        self._going_back: GoingBack | None = None  # what may be taken back
        self._humans: set[int] | None = None  # the seats people play
        self._seats_shown: list | None = None  # the summary's seats
        self._evening: dict | None = None  # the summary's evening part, while a round is played
        self._summary_kept: dict | None = None  # the summary, kept over a round's moves

    def changed(self, seats: bool = True) -> None:
        """Something changed: every frame is built again. `seats`: the seats, tokens or
        connections may have changed too (False for a move)."""
        self._encoded.clear()
        self._dicts.clear()
        self._summary = self._public = self._going_back = None
        if seats:
            self._seats_shown = self._humans = self._evening = self._summary_kept = None

    def humans(self) -> set[int]:
        """The seats people play (phones and this device)."""
        if self._humans is None:
            self._humans = seats.humans(self.room.meta["seats"])
        return self._humans

    def going_back(self) -> GoingBack:
        """What may be taken back now (`Match.going_back`)."""
        if self._going_back is None:
            match = self.room.match
            self._going_back = NOT_BACK if match is None else match.going_back(self.humans())
        return self._going_back

    def public_seats(self) -> list:
        """The summary's seats (read-only)."""
        if self._seats_shown is None:
            room = self.room
            self._seats_shown = seats.public(room.meta["seats"], room.tokens, room.members.values())
        return self._seats_shown

    def evening(self) -> dict:
        """The summary's evening part (`Room.evening`, read-only). While a round is played it
        shows the captain and tonight's finished matches, which no move changes: it is built
        once for the round's moves, not again at each (tonight's standings grow all evening)."""
        room = self.room
        if self._evening is not None and _in_play(room.state):
            return self._evening
        evening = room.evening()
        self._evening = evening if _in_play(room.state) else None
        return evening

    def summary(self) -> dict:
        """The room summary (`Room.summary`, read-only). A move within a round changes only its
        version: the rest is kept over the round's moves (seats, deals, the evening...), but for
        the addresses, which follow the table's (`announce.py`) at once."""
        room = self.room
        kept = self._summary_kept
        if kept is not None and _in_play(room.state):
            return {
                **kept,
                "version": room.version,
                "join_url": room.join_url,
                "watch_url": room.watch_url,
            }
        summary = room.summary()
        self._summary_kept = summary if _in_play(room.state) else None
        return summary

    def frame_for(self, conn, member: Member) -> bytes:
        """The `view` frame for `conn`, a connection of the room as `member`, as the bytes of its
        websocket frame (`wire.ws_frame`)."""
        key = (member.role, member.seat)
        if member.role == "host" and self.room.tables.guarded:
            # the unlock is the socket's own: its frame is the shared one plus unlocked_for
            frame = self._dicts.get(key)
            if frame is None:
                frame = self._dicts[key] = self._build(member)
            return wire.ws_frame({**frame, "unlocked_for": conn.unlock_left()})
        data = self._encoded.get(key)
        if data is None:
            data = self._encoded[key] = wire.ws_frame(self._build(member))
        return data

    def _view(self, seat: int | None) -> dict:
        """`view_for(state, seat)`, from the public view built once per change (read-only)."""
        state = self.room.state
        if self._public is None:
            self._public = engine.public_view(state)
        return self._public if seat is None else engine.seat_view(state, seat, self._public)

    def _build(self, member: Member) -> dict:
        room = self.room
        if self._summary is None:
            self._summary = self.summary()
        frame = {
            "type": "view",
            "version": room.version,
            "room": self._summary,
            "view": None,
            "device_seat": None,
            "device_view": None,
            "can_undo": False,
            "can_redo": False,
            "can_restart": False,
        }
        state, match = room.state, room.match
        if state is None:
            return frame
        if member.role == "watcher":  # a second screen: the table's view, no hand, no control
            frame["view"] = self._view(None)
            return frame
        back = self.going_back()
        if member.role == "seat":
            frame["view"] = self._view(member.seat)
            frame["can_undo"] = member.seat in back.undo
            frame["can_redo"] = match.can_redo() and room.last_undo_seat == member.seat
        elif member.role == "host":
            frame["view"] = self._view(None)
            turn = state.turn
            if turn is not None and room.meta["seats"][turn]["kind"] == "device":
                frame["device_seat"] = turn
                frame["device_view"] = self._view(turn)
            devices = seats.devices(room.meta["seats"])
            frame["can_undo"] = any(i in back.undo for i in devices)
            frame["can_redo"] = bool(devices) and match.can_redo()
            frame["can_restart"] = back.restart
        return frame


def _in_play(state) -> bool:
    return state is not None and state.phase == "play"
