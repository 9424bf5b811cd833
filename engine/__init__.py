"""The pure rules engine: five domino profiles, game records and replay. No I/O, no clock;
randomness only from an injected seed. See docs/ENGINE_API.md."""

from .actions import Action, IllegalAction
from .deal import Deal, deal_from_seed
from .match import Match
from .profiles import PROFILES, catalogue, normalize_options
from .record import RecordError, replay
from .rules import apply, legal_actions, new_game, start_round
from .state import State
from .tiles import Tile
from .view import view_for

__all__ = [
    "Action",
    "Deal",
    "IllegalAction",
    "Match",
    "PROFILES",
    "RecordError",
    "State",
    "Tile",
    "apply",
    "catalogue",
    "deal_from_seed",
    "legal_actions",
    "new_game",
    "normalize_options",
    "replay",
    "start_round",
    "view_for",
]
