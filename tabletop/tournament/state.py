"""The tournament as plain, frozen data: what the director set, who entered, the rounds paired,
their tables and results, and the director's corrections. Every change makes a new value (see
`actions`), so a refused change leaves the old one exactly as it was."""

from __future__ import annotations

from dataclasses import dataclass, field

FORMATS = ("swiss", "pairs")
PARTNERS = ("fixed", "rotating")
TEAM_SEATS = ((0, 2), (1, 3))  # as engine.profiles: a side of partners holds seats j and j + 2


class TournamentError(ValueError):
    """A change the tournament refuses; `code` is stable for the server, the text says why."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class Settings:
    format: str  # "swiss" (individual) or "pairs"
    seats: int  # seats at a table: the profile's seat count (4 for pairs)
    tables: int  # tables taking part
    rounds: int
    partners: str = "fixed"  # pairs only: "fixed" (entered together) or "rotating" (drawn each round)
    bye_wins: int = 1  # a bye counts as a win (1) or not (0)
    bye_points: int | None = None  # a bye's points difference; None: the round's median winning margin
    seed: int = 0  # the only source of chance: the draw order of round 1

    @property
    def rotating(self) -> bool:
        return self.format == "pairs" and self.partners == "rotating"

    @property
    def fixed_pairs(self) -> bool:
        return self.format == "pairs" and self.partners == "fixed"

    @property
    def names_per_entry(self) -> int:
        return 2 if self.fixed_pairs else 1

    @property
    def units_per_table(self) -> int:
        """Entrants at one table: a fixed pair is one entrant holding two seats."""
        return 2 if self.fixed_pairs else self.seats


@dataclass(frozen=True)
class Entrant:
    """A player, or a fixed pair (two names, one entrant: they play, win and stand together)."""

    id: int
    names: tuple[str, ...]
    withdrawn: bool = False


@dataclass(frozen=True)
class Result:
    """A table's result: each side's points (more is better) and the side that won."""

    points: tuple[int, ...]
    winner: int


@dataclass(frozen=True)
class Table:
    """`sides`: who plays against whom; each side lists the entrants scoring together (one player,
    a rotating pair of two, or one fixed pair)."""

    number: int
    sides: tuple[tuple[int, ...], ...]

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(e for side in self.sides for e in side)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    results: dict[int, Result] = field(default_factory=dict)  # by table number; replaced, never mutated

    def table(self, number: int) -> Table | None:
        return next((t for t in self.tables if t.number == number), None)

    @property
    def finished(self) -> bool:
        return len(self.results) == len(self.tables)


@dataclass(frozen=True)
class Correction:
    """A result the director changed, with the reason, kept for everyone to see."""

    round: int
    table: int
    before: Result | None
    after: Result
    reason: str


@dataclass(frozen=True)
class Tournament:
    settings: Settings
    entrants: tuple[Entrant, ...] = ()
    order: tuple[int, ...] = ()  # the draw order (seeded at round 1, latecomers after): the last tiebreak
    rounds: tuple[Round, ...] = ()
    corrections: tuple[Correction, ...] = ()

    def entrant(self, entrant_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.id == entrant_id), None)

    @property
    def active(self) -> tuple[Entrant, ...]:
        return tuple(e for e in self.entrants if not e.withdrawn)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def over(self) -> bool:
        return len(self.rounds) == self.settings.rounds and self.rounds[-1].finished

    def seating(self, table: Table) -> tuple[str, ...]:
        """The name at each seat: one side a seat, or (pairs) side j at seats j and j + 2."""
        if self.settings.format == "swiss":
            return tuple(self._names(side[0])[0] for side in table.sides)
        seats = [""] * 4
        for side, team_seats in zip(table.sides, TEAM_SEATS):
            names = [n for e in side for n in self._names(e)]
            for seat, name in zip(team_seats, names):
                seats[seat] = name
        return tuple(seats)

    def _names(self, entrant_id: int) -> tuple[str, ...]:
        entrant = self.entrant(entrant_id)
        assert entrant is not None
        return entrant.names
