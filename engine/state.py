"""The state of a game: one immutable-by-convention object per position.

`apply` clones a state and changes the clone, so a state that was handed out never changes.
What stays fixed for a whole round (profile, options, the deal, scores before the round) lives in
`RoundContext`, shared by reference between the states of that round.
"""

from __future__ import annotations

from typing import Self

from .deal import Deal
from .log_read import LogRead
from .outcome import RoundEnd
from .profiles import Profile, has_teams
from .tiles import TileSet


class RoundContext:
    """Fixed for a round (never changed after construction)."""

    __slots__ = (
        "profile",
        "options",
        "ts",
        "players",
        "round_no",
        "deal",
        "stock",
        "scores",
        "results",
        "carry",
        "match_no",
        "hooks",
        "mech",
        "acts",
        "hand_size",
        "lot",
    )

    def __init__(
        self,
        profile: Profile,
        options: dict,
        ts: TileSet,
        players: int,
        round_no: int,
        deal: Deal | None,
        stock: tuple,
        scores: tuple,
        results: tuple,
        carry=None,
        match_no: int = 1,
        hooks=None,
        mech=None,
        acts=None,
        hand_size=None,
        lot=False,
    ):
        self.profile = profile
        self.options = options
        self.ts = ts
        self.players = players
        self.round_no = round_no  # 1-based; 0 before the first deal
        self.deal = deal
        self.stock = stock  # tile indices, in order
        self.scores = scores  # before this round
        self.results = results  # finished rounds (RECORD.md replay entries)
        self.carry = carry or {}  # what the previous round hands on (leader, winner...)
        self.match_no = match_no
        self.hooks = hooks  # the profile's hooks (a profiles.hooks.Hooks)
        self.mech = mech  # the family's mechanics module (line.py or train.py)
        self.acts = acts  # the interned actions of this tile set
        self.hand_size = hand_size  # tiles dealt to each seat
        self.lot = lot  # the first player is drawn by lot (gaple 4x6, 5x5)


class State:
    """A position of a one-line game (and what every game has). `TrainState` adds Mexican Train's
    trains. What a finished round produced is one `RoundEnd` in `outcome`, None while it is played,
    so the copy made at every action carries no more fields than play changes."""

    __slots__ = (
        "ctx",
        "phase",
        "turn",
        "hands",
        "discards",
        "stock_pos",
        "played",
        "passes",
        "log",
        "left",
        "right",
        "lead_mask",
        "pending",
        "outcome",
        "_legal",
        "_read",
    )
    ctx: RoundContext
    phase: str  # "new" | "play" | "round_over" | "game_over"
    turn: int | None  # the seat whose decision is pending
    hands: list[int]  # per seat, a bitmask of tile indices
    discards: list[int]  # per seat, its face-down discards (gaple)
    stock_pos: int  # tiles drawn from the stock so far
    played: int  # bitmask of the tiles on the table
    passes: int  # passes in a row
    log: tuple | None  # this round's actions, newest first: (older log, action)
    left: int  # the line's open ends (-1 before the first tile)
    right: int
    lead_mask: int | None  # tiles the opening play may be
    pending: str | None  # "opener" (six-love), "engine", "run" (Mexican Train)
    outcome: RoundEnd | None  # what the finished round produced
    _legal: tuple | None  # legal_actions, computed once
    _read: LogRead | None  # what views read from a log: this state's, or its parent's (`reading`)

    def clone(self) -> Self:
        new = object.__new__(self.__class__)
        new.ctx = self.ctx
        new.phase = self.phase
        new.turn = self.turn
        new.hands = self.hands
        new.discards = self.discards
        new.stock_pos = self.stock_pos
        new.played = self.played
        new.passes = self.passes
        new.log = self.log
        new.left = self.left
        new.right = self.right
        new.lead_mask = self.lead_mask
        new.pending = self.pending
        new.outcome = self.outcome
        new._legal = None
        new._read = self._read  # the parent's: `reading` takes it one action on
        return new

    # -- the round's end ------------------------------------------------------------------------
    @property
    def result(self):
        """The finished round's result (RECORD.md replay entry), None while it is played."""
        return None if self.outcome is None else self.outcome.result

    @property
    def scores(self) -> tuple:
        """Running scores: those before the round until it ends, then including it."""
        return self.ctx.scores if self.outcome is None else self.outcome.scores

    @property
    def match_winner(self):
        return None if self.outcome is None else self.outcome.match_winner

    @property
    def carry_out(self):
        """What this round hands on to the next one (leader, winner...)."""
        return None if self.outcome is None else self.outcome.carry_out

    # -- convenient read-only facts ------------------------------------------------------------
    @property
    def profile(self) -> Profile:
        return self.ctx.profile

    @property
    def options(self) -> dict:
        return dict(self.ctx.options)

    @property
    def players(self) -> int:
        return self.ctx.players

    @property
    def round_no(self) -> int:
        return self.ctx.round_no

    @property
    def tile_set(self) -> TileSet:
        """The set's lookup tables (tiles by index, suits, pips)."""
        return self.ctx.ts

    @property
    def teams(self) -> bool:
        """Whether partners play as teams (seats 0+2 and 1+3: a seat's team is seat % 2)."""
        return has_teams(self.ctx.profile, self.ctx.options)

    @property
    def deal(self) -> Deal | None:
        """This round's deal (None before the first deal)."""
        return self.ctx.deal

    @property
    def carry(self) -> dict:
        """What the previous round handed on (leader, winner, representative, placer)."""
        return dict(self.ctx.carry)

    @property
    def results(self) -> tuple:
        """The finished rounds before this one (RECORD.md replay entries)."""
        return self.ctx.results

    @property
    def boneyard(self) -> int:
        """Tiles that can still be drawn."""
        if self.ctx.profile.stuck != "draw":
            return 0
        return len(self.ctx.stock) - self.stock_pos

    def reading(self) -> LogRead:
        """What views read from this round's log (engine/log_read.py), made once per state: from
        the parent state's in one step when this state's log is the parent's and one action."""
        read, log = self._read, self.log
        if read is not None and read.log is log:
            return read
        if read is not None and log is not None and log[0] is read.log:
            read = read.then(self.ctx, log[1], log)
        else:
            read = LogRead.of(self.ctx, log)
        self._read = read
        return read

    def actions(self) -> tuple:
        """This round's actions, oldest first."""
        return self.reading().actions

    def line_tiles(self) -> list:
        """The line, left to right, as (x, y) pairs: x touches the left neighbour (shared: do not
        change it). Placed as `placement.place_on_line` says, from the round's plays."""
        return self.reading().line()

    def __repr__(self):
        return f"<State {self.ctx.profile.name} round {self.ctx.round_no} {self.phase} turn={self.turn}>"


class TrainState(State):
    """A Mexican Train position: the one-line fields plus trains, markers and turn details."""

    __slots__ = ("trains", "ends", "markers", "uncovered", "first_pending", "in_first", "drawn")
    trains: tuple | None  # per train (seats' then the Mexican Train): its tiles, newest first, linked
    ends: tuple[int, ...] | None  # per train, its open number (None until dealt)
    markers: int  # bitmask of the seats whose train carries a marker
    uncovered: tuple[int, int] | None  # (train, number) of a double that must be covered
    first_pending: int  # bitmask of the seats yet to take their first turn
    in_first: bool  # the seat to act is in its first turn
    drawn: int  # the tile index drawn this turn (-1: none)

    def clone(self) -> Self:
        new = State.clone(self)
        new.trains = self.trains
        new.ends = self.ends
        new.markers = self.markers
        new.uncovered = self.uncovered
        new.first_pending = self.first_pending
        new.in_first = self.in_first
        new.drawn = self.drawn
        return new


def blank_state(ctx: RoundContext) -> State:
    train = ctx.profile.family == "train"
    s: State = object.__new__(TrainState) if train else object.__new__(State)
    s.ctx = ctx
    s.phase = "new"
    s.turn = None
    s.hands = [0] * ctx.players
    s.discards = [0] * ctx.players
    s.stock_pos = 0
    s.played = 0
    s.passes = 0
    s.log = None
    s.left = s.right = -1
    s.lead_mask = None
    s.pending = None
    s.outcome = None
    s._legal = None
    s._read = None
    if isinstance(s, TrainState):
        s.trains = None
        s.ends = None
        s.markers = 0
        s.uncovered = None
        s.first_pending = 0
        s.in_first = False
        s.drawn = -1
    return s
