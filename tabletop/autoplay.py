"""When the computer seats play: the runner that wakes a room when a computer's move is due, and
the move itself (`move`), which goes through `Room.run` like a person's.

A room asks for a move (`Room.wake_computer`, after a change that may have given a computer the
turn) with `Runner.schedule(room, version)`; the runner plays it `delay` seconds later, at a human
pace, and only if the room is still at that version with a computer to act.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import engine

from . import computer, config
from .errors import Refused

log = logging.getLogger("tabletop.autoplay")


def move(room, version: int) -> None:
    """Play one decision for the computer seat to act in `room`, if still due at `version`.

    The choice (up to ~100 ms at the hard level) is made outside the room lock from the
    seat's view only, then goes through `run` like a person's move: a choice made for a
    version that is no longer current is refused there, and dropped."""
    with room.lock:
        seat = room.computer_to_act()
        if seat is None or version != room.version:
            return
        entry = room.meta["seats"][seat]
        view = engine.view_for(room.state, seat)
        seed = computer.seed_for(room.ai_secret(), version, "move", seat)
    level = entry.get("standin") or entry.get("level")
    action = room.tables.cpu.run(computer.decide, view, level, seed, room.id)
    try:
        room.run({"type": "act", "action": action, "version": version})
    except Refused as exc:
        if exc.code == "not_saved":  # the disk refused it: try again later, or the room stalls
            room.tables.runner.schedule(room, version, delay=config.NOT_SAVED_RETRY)
        log.info("room %s: the computer's move at version %s was dropped (%s)", room.id, version, exc.code)


class Runner:
    """Plays `move(room, version)` `delay` seconds after it is scheduled. Moves run on a small
    pool, so a slow computer in one room never holds up another room."""

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
            move(room, version)
        except Exception:
            log.exception("computer move in room %s failed", getattr(room, "id", "?"))
