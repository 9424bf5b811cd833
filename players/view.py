"""The view the players read, as a type: `engine.view_for(state, seat)` of the seat to act.

The engine hands out a plain dict (docs/ENGINE_API.md). The players take it as such, check it
(`computer._check`, `world.Knowledge`) and read it through `SeatView`, so that mypy knows every
field they use and its kind. Only the fields of a seat with a decision to make are here: the
table's view (no hand) never reaches the players.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast


class LineEntry(TypedDict):
    tile: str  # high half first
    left: int  # the numbers as laid, left to right
    right: int
    double: bool


class Ends(TypedDict):
    left: int
    right: int


# A tile on a train, from the number it joins to its open end ("from" is a Python keyword).
TrainEntry = TypedDict("TrainEntry", {"tile": str, "from": int, "to": int, "double": bool})


class PublicTrain(TypedDict):
    tiles: list[TrainEntry]
    end: int


class PersonalTrain(TypedDict):
    tiles: list[TrainEntry]
    end: int
    marker: bool


class Uncovered(TypedDict):
    train: int | str  # a seat, or the public train
    tile: str


class Trains(TypedDict):
    engine: str | None  # the round's engine double once placed
    mexican: PublicTrain  # the public train
    personal: list[PersonalTrain]  # by seat
    uncovered: Uncovered | None  # a double that must be covered first
    run: int | None  # the seat laying a first-turn run
    playable: list[int | str]  # where the seat on turn may lay now


class Seat(TypedDict):
    count: int  # tiles in hand
    discards: int  # face-down discards
    passed: bool  # its last decision this round was a pass
    drew: int  # tiles drawn this round
    marker: bool


class SeatView(TypedDict):
    profile: str  # the name of the profile's data row (engine.PROFILES); never branched on
    options: dict[str, Any]
    players: int
    seat: int
    round: int
    phase: str
    turn: int | None
    pending: str | None
    direction: str
    teams: list[list[int]] | None
    max_pip: int
    target: int | None
    rounds_total: int | None
    round_engines: list[int] | None
    play_default: str
    move_record: bool
    line: list[LineEntry]  # a line game's tiles, left to right (empty in a train game)
    ends: Ends | None  # a line game's open ends (None before the first tile, or in a train game)
    trains: Trains | None  # a train game's trains (None in a line game)
    seats: list[Seat]
    hand: list[str]
    own_discards: list[str]
    dealt: list[str] | None
    own_draws: list[str]
    carry: dict[str, Any]  # what the previous round handed on
    lot_opener: int | None
    boneyard: int
    scores: list[int]
    score_kind: str
    history: list[dict[str, Any]]  # this round's actions in record form (others' discards face down)
    legal: list[dict[str, Any]]  # the actions this seat may take, in record form
    legal_places: list[dict[str, Any] | None]
    rounds: list[dict[str, Any]]
    result: dict[str, Any] | None
    result_notes: list[str]
    reveal: dict[str, Any] | None
    match_winner: Any


def seat_view(view: object) -> SeatView:
    """`view` as the players read it. Call it on a view already checked to be a seat's view
    (a plain dict from `view_for`): it changes nothing, it only names the type."""
    return cast(SeatView, view)


def trains(view: SeatView) -> Trains:
    """The trains of a train game's view (a line game's view has none: a caller's mistake)."""
    t = view["trains"]
    if t is None:
        raise ValueError("a line game's view has no trains")
    return t
