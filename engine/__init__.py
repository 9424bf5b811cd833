"""The pure rules engine: five domino profiles, game records and replay. No I/O, no clock;
randomness only from an injected seed. See docs/ENGINE_API.md."""

from .actions import Action, IllegalAction
from .deal import Deal, deal_from_seed
from .match import Match, replay
from .profiles import PROFILES, catalogue, normalize_options
from .record import RecordError
from .rules import apply, legal_actions, new_game, start_round, state_after_deal, step
from .state import State
from .tiles import Tile
from .view import public_view, seat_view, view_for

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
    "public_view",
    "replay",
    "seat_view",
    "start_round",
    "state_after_deal",
    "step",
    "view_for",
]
