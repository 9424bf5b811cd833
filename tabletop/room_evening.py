"""A room's evening (`evening.py` keeps its rules, this part the commands): between rounds the
phones say they are ready (everyone ready deals the next round, or a rematch once the match is
decided), `play_again`, `change_game` back to the lobby with everyone seated, and tonight's
matches, kept as each game ends, in the room's summary. A part of `rooms.Room` (`room_part.py`).
"""

from __future__ import annotations

import copy

import engine

from . import evening, seats
from .commands import (
    Change,
    between_rounds,
    captain_or_host,
    captain_or_unlocked_host,
    match_ended,
    phone,
    started,
)
from .deals import commitment, new_seed
from .messages import BOOL, VERSION
from .room_part import COMMANDS, RoomPart
from .seats import Member


class Evening(RoomPart):
    def evening(self) -> dict:
        """The summary's part of the evening (`evening.py`): the captain, who is ready and who
        is awaited (between rounds), and tonight's matches with each player's standing."""
        tonight = list(self.meta.get("tonight") or [])
        if evening.match_over(self.state):  # recorded once the next game begins
            tonight.append(evening.entry(self.state, self.meta))
        between = evening.between_rounds(self.state)
        return {
            "captain": self.meta.get("captain"),
            "ready": sorted(self.meta.get("ready") or []) if between else [],
            "waiting_for": evening.waiting_for(self.meta, self.tokens) if between else [],
            "tonight": evening.tonight(tonight),
        }

    def _close_match(self, leaving: bool = False) -> None:
        """A decided match goes into tonight's list as the next game begins; `leaving` (the
        game ends here), also a game without a match to decide that had a round finished."""
        if evening.match_over(self.state) or (leaving and evening.kept_on_leaving(self.state)):
            entry = evening.entry(self.state, self.meta)
            self.meta["tonight"] = [*(self.meta.get("tonight") or []), entry]

    @COMMANDS.declare("ready", {"ready": (BOOL, False)}, who=phone, phase=between_rounds)
    def _ready(self, conn, seat, msg) -> Change:
        before = copy.deepcopy(self.meta)
        ready = set(self.meta.get("ready") or [])
        if msg.get("ready", True):
            ready.add(seat)
        else:
            ready.discard(seat)
        self.meta["ready"] = sorted(ready)
        if evening.all_ready(self.meta, self.tokens):
            if evening.match_over(self.state):
                return self._rematch(before)
            if self.state.phase == "round_over":
                return self._next_round_from(before)

        def restore():
            self.meta = before

        return Change(
            write=lambda v: self.tables.store.save_room(self.id, self.meta, v), restore=restore, game=True
        )

    def _next_round_from(self, before: dict) -> Change:
        meta, self.meta = self.meta, before  # the deal starts from the meta before the ready
        try:
            return self._next_round()
        except BaseException:
            self.meta = meta
            raise

    @COMMANDS.declare(
        "play_again", {"version": (VERSION, False)}, who=captain_or_host, phase=match_ended, versioned=True
    )
    def _play_again(self, conn, _seat, msg) -> Change:
        return self._rematch(copy.deepcopy(self.meta))

    def _rematch(self, before: dict) -> Change:
        """Round 1 of a new match with the same players and options; partners change seats
        (`evening.rotation`), the opener is the rules' for a first round."""
        rotation = evening.rotation(self.state, self.meta)
        tokens, match, record = dict(self.tokens), self.match, self.record
        self._close_match()
        moved: dict = {}
        if rotation:
            old = self.meta["seats"]
            self.meta["seats"] = [old[j] for j in rotation]
            self.tokens = {i: tokens[j] for i, j in enumerate(rotation) if j in tokens}
            if self.meta.get("captain") is not None:
                self.meta["captain"] = rotation.index(self.meta["captain"])
            moved = {Member("seat", j): Member("seat", i) for i, j in enumerate(rotation) if i != j}

        def restore():
            self.meta, self.tokens, self.match, self.record = before, tokens, match, record

        seed = new_seed()
        self.match = engine.Match(
            self.meta["profile"], self.meta["options"], seats=seats.match_seats(self.meta["seats"])
        )
        try:
            self._engine(lambda m: m.start_round(seed=seed))
        except BaseException:
            restore()
            raise
        self.meta["deals"] = [{"round": 1, "commitment": commitment(seed), "seed": seed}]
        self.meta["ready"] = []
        conns = [(c, moved[m]) for c, m in self.members.items() if m in moved]

        def after():
            self.last_undo_seat = None
            for c, m in conns:
                self.members[c] = m

        held = {i: self.tokens.get(i) for i in range(len(self.meta["seats"]))} if rotation else None
        return Change(
            write=self._checkpoint(True, held),
            restore=restore,
            game=True,
            after=after,
            frames=[(c, self._welcome(m)) for c, m in conns],
        )

    @COMMANDS.declare(
        "change_game",
        {"version": (VERSION, False)},
        who=captain_or_unlocked_host,
        phase=started,
        versioned=True,
    )
    def _change_game(self, conn, _seat, msg) -> Change:
        """Back to the lobby with everyone seated: same seats, the game may be chosen again.
        The captain's phone or the table (behind the PIN in kiosk mode), at any time: both ask
        first, saying what is lost, when a game is being played."""
        before = (copy.deepcopy(self.meta), self.match, self.record)
        self._close_match(leaving=True)
        self.meta.update(deals=[], ready=[])
        self.match = self.record = None

        def restore():
            self.meta, self.match, self.record = before

        return Change(
            write=lambda v: self.tables.store.save_room(self.id, self.meta, v, end_game=True),
            restore=restore,
            game=True,
        )
