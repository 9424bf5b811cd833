"""Computer seats and hints: they play on the server, at a human pace, from their seat's view only.

`choose(view, level, seed)` gets `view_for(state, seat)` and never a state, and asks the
computer player (`players.choose`, a client of the engine). `seed_for(secret, version, ...)` derives the
computer's random stream from the room's own secret (kept in its meta) and the game version:
separate from the dealer's seeds, and the same after a restart. `Hints` is a room's cache of the
suggestions it gave. When the computers play is `autoplay.py`'s.
"""

from __future__ import annotations

import hashlib
import logging

import players as ai

from . import config

log = logging.getLogger("tabletop.computer")

LEVELS = ai.LEVELS  # easy, medium, hard
DEFAULT_LEVEL = ai.DEFAULT_LEVEL


def level_of(level) -> str:
    """A stored level as one of the players' (`normal` is medium); an unknown one plays the default."""
    level = config.LEVEL_ALIASES.get(level, level)
    return level if level in LEVELS else DEFAULT_LEVEL


def seed_for(secret: str, version: int, purpose: str = "move", seat: int | None = None) -> int:
    """A 64-bit seed from the room's AI secret and the game version (never the dealer's seed)."""
    text = f"tabletop-ai/1:{secret}:{purpose}:{version}:{seat}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def choose(view: dict, level: str = DEFAULT_LEVEL, seed: int = 0) -> dict:
    """The computer's action for the seat whose view this is (one of `view["legal"]`)."""
    action, _reason = ai.choose(view, level_of(level), seed)
    return action


def decide(view: dict, level, seed: int, room_id: str) -> dict:
    """`choose`, and if the player ever raises, the first legal action: a bug in the player
    must not stall the table."""
    try:
        return choose(view, level, seed)
    except Exception:
        log.exception("computer player failed in room %s; playing its first legal action", room_id)
        return view["legal"][0]


def hint(view: dict, seed: int = 0) -> tuple[dict, dict]:
    """(action, reason) suggested to a person for their own seat's view."""
    return ai.hint(view, seed)


class Hints:
    """A room's hint frames for its current version, by seat: asking again costs nothing.
    Used under the room's lock."""

    def __init__(self):
        self.version = None
        self.by_seat: dict[int, dict] = {}

    def get(self, version: int, seat: int) -> dict | None:
        return self.by_seat.get(seat) if version == self.version else None

    def put(self, version: int, seat: int, answer: dict) -> None:
        if version != self.version:
            self.version, self.by_seat = version, {}
        self.by_seat[seat] = answer
