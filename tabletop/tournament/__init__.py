"""A night's tournament across the tables: its rules as pure functions over plain data.

No input or output, no clock; the only chance is the settings' seed. The server keeps a
`Tournament` value, applies these functions to it, and stores what they return; a refused
change raises `TournamentError` and returns nothing, so the value it kept is unchanged.
docs/TOURNAMENT.md describes the rules as implemented.
"""

from .actions import correct, join, new, report, withdraw
from .data import from_data, paired_data, to_data
from .pairing import pair_next_round
from .standings import Standing, standings
from .state import Correction, Entrant, Result, Round, Settings, Table, Tournament, TournamentError

__all__ = [
    "Correction",
    "Entrant",
    "Result",
    "Round",
    "Settings",
    "Standing",
    "Table",
    "Tournament",
    "TournamentError",
    "correct",
    "from_data",
    "join",
    "new",
    "pair_next_round",
    "paired_data",
    "report",
    "standings",
    "to_data",
    "withdraw",
]
