"""Computer seats and hints: they play on the server, at a human pace, from their seat's view only.

`choose(view, level, seed)` gets `view_for(state, seat)` and never a state, and asks the
computer player (`players.choose`, a client of the engine). `seed_for(secret, version, ...)` derives the
computer's random stream from the room's own secret (kept in its meta) and the game version:
separate from the dealer's seeds, and the same after a restart. `Runner` is one background
thread that wakes rooms when a computer's move is due; `Hints` is a room's cache of the
suggestions it gave.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

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


def choose(view: dict, level: str = "medium", seed: int = 0) -> dict:
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


class Runner:
    """Fires `room.computer_move(version)` `delay` seconds after it is scheduled. Moves run on a
    small pool, so a slow computer in one room never holds up another room."""

    def __init__(self, delay: float = config.COMPUTER_DELAY):
        self.delay = delay
        self._heap: list = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._stopped = False
        self._pool = ThreadPoolExecutor(max_workers=config.COMPUTER_WORKERS, thread_name_prefix="computer")
        self._thread = threading.Thread(target=self._run, name="computers", daemon=True)
        self._thread.start()

    def schedule(self, room, version: int, delay: float | None = None) -> None:
        at = time.monotonic() + (self.delay if delay is None else delay)
        with self._cond:
            heapq.heappush(self._heap, (at, next(self._seq), room, version))
            self._cond.notify()

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._stopped and (not self._heap or self._heap[0][0] > time.monotonic()):
                    timeout = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._cond.wait(timeout)
                if self._stopped:
                    return
                _, _, room, version = heapq.heappop(self._heap)
            try:
                self._pool.submit(self._move, room, version)
            except RuntimeError:  # shut down
                return

    @staticmethod
    def _move(room, version) -> None:
        try:
            room.computer_move(version)
        except Exception:
            log.exception("computer move in room %s failed", getattr(room, "id", "?"))
