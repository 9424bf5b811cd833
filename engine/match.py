"""A match as a log: (profile, options, each round's deal, actions). Every position is a replay
of the log, so undo, redo, restart, new game, records and crash recovery are log operations."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from . import record as rec
from .actions import Action, IllegalAction
from .deal import Deal, seeded_deal
from .record import RecordError
from .rules import apply, new_game, start_round
from .state import State


@dataclass
class RoundLog:
    deal: Deal
    actions: list = field(default_factory=list)


@dataclass(frozen=True)
class GoingBack:
    """What a table may take back now (`Match.going_back`)."""

    undo: frozenset[int]  # the seats whose last decision may be taken back
    restart: bool  # whether the round being played may be dealt again


NOT_BACK = GoingBack(frozenset(), False)


class Match:
    def __init__(self, profile_name: str, options: dict | None = None, seats: list | None = None):
        self.profile_name = profile_name
        self._state = new_game(profile_name, options)
        self.options = dict(self._state.ctx.options)  # normalized: every option with its value
        self.rounds: list[RoundLog] = []
        self._starts: list[State] = []  # state right after each round's deal
        self._empty = self._state
        self._redo: list[list] = []  # batches of ("deal", Deal) / ("act", Action), oldest first
        self._seats = seats

    @property
    def state(self):
        return self._state

    @property
    def seats(self) -> list:
        """Who sits where ({"name": ...} per seat); named "Seat N" until told otherwise."""
        if self._seats is None:
            self._seats = [{"name": f"Seat {i + 1}"} for i in range(self._state.players)]
        return self._seats

    @seats.setter
    def seats(self, seats: list) -> None:
        self._seats = seats

    # -- moving forward ----------------------------------------------------------------------
    def start_round(self, seed: int | None = None, deal: Deal | None = None, opener: int | None = None):
        if deal is None:
            if seed is None:
                raise ValueError("a round needs a seed or a deal")
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise ValueError("a seed is an integer")
            ctx = self._state.ctx
            deal = seeded_deal(ctx.ts, ctx.players, ctx.hand_size, ctx.lot, seed)
        if opener is not None:
            deal = deal.with_opener(opener)
        if self._state.ctx.lot and self._state.phase == "new" and deal.opener is None:
            raise ValueError("the first player of this round is drawn by lot: give the opener")
        self._deal(deal)
        self._redo.clear()
        return self._state

    def _deal(self, deal: Deal) -> None:
        new = start_round(self._state, deal)
        self.rounds.append(RoundLog(deal))
        self._starts.append(new)
        self._state = new

    def act(self, action):
        if not isinstance(action, Action):
            action = Action.from_json(action)
        if not self.rounds:
            raise IllegalAction("round_over", "no round has been dealt yet")
        self._state = apply(self._state, action)
        self.rounds[-1].actions.append(action)
        self._redo.clear()
        return self._state

    # -- going back --------------------------------------------------------------------------
    def _positions(self):
        """(round index, action index) of every action, newest first."""
        for r in range(len(self.rounds) - 1, -1, -1):
            for k in range(len(self.rounds[r].actions) - 1, -1, -1):
                yield r, k

    def can_undo(self, seat: int, humans=None) -> bool:
        """True when `seat` has an action to take back; with `humans` (the seats played by people)
        only while every action after it was a computer's."""
        for r, k in self._positions():
            a = self.rounds[r].actions[k]
            if a.seat == seat:
                return True
            if humans is not None and a.seat in humans:
                return False
        return False

    def going_back(self, humans: Collection[int]) -> GoingBack:
        """What may be taken back without telling anyone something they should not know, where
        `humans` are the seats people play (RULES.md, Conduct of play; docs/RULES_DECISIONS.md).
        Only inside the round being played: a finished round showed every hand, and the next
        one's seed would become known.

        - Undo: a seat's last decision, with the computers' replies after it, while no person
          decided since; never a drawn tile, of that seat or of any person since (they would
          know the next tile of the boneyard).
        - Restart (the round's deal again): never after a person drew (they would know the
          boneyard's order), and with more than one person at the table only before anyone
          acted (a play, a pass or a discard told the others something of that hand).

        One walk of the round's actions, newest first."""
        if not self.rounds or self._state.phase != "play":
            return NOT_BACK
        actions = self.rounds[-1].actions
        undo: set[int] = set()
        decided: set[int] = set()  # seats whose newest decision was seen
        restart = len(humans) <= 1 or not actions
        person_decided = False  # nobody before a person's decision may undo
        for a in reversed(actions):
            if a.kind == "draw" and a.seat in humans:
                restart = False
            if person_decided:
                if not restart:
                    break
                continue
            if a.seat not in decided:
                decided.add(a.seat)
                if a.kind != "draw":
                    undo.add(a.seat)
            person_decided = a.seat in humans
        return GoingBack(frozenset(undo), restart)

    def undo(self, seat: int, humans=None) -> bool:
        """Take back `seat`'s last action and everything after it (computer replies, later deals)."""
        if not self.can_undo(seat, humans):
            return False
        r, k = next((r, k) for r, k in self._positions() if self.rounds[r].actions[k].seat == seat)
        batch = [("act", a) for a in self.rounds[r].actions[k:]]
        for later in self.rounds[r + 1 :]:
            batch.append(("deal", later.deal))
            batch.extend(("act", a) for a in later.actions)
        self.rounds = self.rounds[: r + 1]
        self._starts = self._starts[: r + 1]
        self.rounds[r].actions = self.rounds[r].actions[:k]
        self._state = self._replay_round(r)
        self._redo.append(batch)
        return True

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> bool:
        if not self._redo:
            return False
        for kind, item in self._redo.pop():
            if kind == "deal":
                self._deal(item)
            else:
                self._state = apply(self._state, item)
                self.rounds[-1].actions.append(item)
        return True

    def restart(self) -> None:
        """The current round's deal again; scores from before it are kept."""
        if not self.rounds:
            return
        self.rounds[-1].actions = []
        self._state = self._starts[-1]
        self._redo.clear()

    def new_game(self, seed: int | None = None, deal: Deal | None = None, opener: int | None = None):
        """Round 1 of a fresh match (same profile, options and seats)."""
        self.rounds, self._starts, self._redo = [], [], []
        self._state = self._empty
        if seed is not None or deal is not None:
            self.start_round(seed=seed, deal=deal, opener=opener)
        return self._state

    def _replay_round(self, r: int):
        state = self._starts[r]
        for a in self.rounds[r].actions:
            state = apply(state, a)
        return state

    # -- records -----------------------------------------------------------------------------
    def to_record(self, seeds: bool = False) -> dict:
        """RECORD.md form; deals written out in full unless `seeds` (then seeded deals by seed)."""
        return rec.match_to_record(self, seeds)

    @classmethod
    def from_record(cls, record: dict) -> Match:
        """The match a record describes, every action checked (raises RecordError)."""
        rec.check_header(record)
        profile_name, options = rec.options_of(record)
        match = cls(profile_name, options)
        seats = rec.seats_of(record, match.state.players)
        if seats is not None:
            match.seats = seats
        for r, entry in enumerate(rec.rounds_of(record), start=1):
            match._replay_entry(entry, r)
        return match

    def _replay_entry(self, entry, r: int) -> None:
        """Deal and play round `r` of a record."""
        if not isinstance(entry, dict):
            raise RecordError(f"round {r}: a round is an object", round=r)
        if self.state.phase == "play":
            raise RecordError(f"round {r}: round {r - 1} has not ended", round=r)
        if self.state.phase == "game_over":
            raise RecordError(f"round {r}: the game was already over", round=r, code="round_over")
        try:
            deal, opener = rec.round_deal(self.profile_name, self.options, entry, r, self.state.players)
            self.start_round(deal=deal, opener=opener)
        except (ValueError, TypeError, IllegalAction) as err:
            code = "seed_mismatch" if isinstance(err, rec.SeedMismatch) else "bad_deal"
            raise RecordError(f"round {r}: {err}", round=r, code=code) from None
        for k, data in enumerate(rec.round_actions(entry, r), start=1):
            try:
                self.act(Action.from_json(data))
            except IllegalAction as err:
                raise RecordError(
                    f"round {r}, action {k}: {err.detail}", round=r, action=k, code=err.code
                ) from None

    def results(self) -> dict:
        return rec.results_of(self._state)


def replay(record) -> dict:
    """RECORD.md's replay: check every action, return the results (raises RecordError)."""
    return Match.from_record(record).results()
