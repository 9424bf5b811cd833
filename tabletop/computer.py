"""Computer seats: they play on the server, at a human pace, from their seat's view only.

`choose(view, level)` gets `view_for(state, seat)` and never a state. It uses the engine's own
computer player when the engine provides one; until then it plays the legal action with the
most pips. `Runner` is one background thread that wakes rooms when a computer's move is due.
"""
from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger("tabletop.computer")


def _engine_player():
    """The engine's computer player, `fn(view, level)` or `fn(view)`, when it has one."""
    try:
        from engine import players
    except ImportError:
        return None
    for name in ("choose", "choose_action"):
        fn = getattr(players, name, None)
        if callable(fn):
            return fn
    heaviest = getattr(players, "heaviest", None)
    if callable(heaviest):
        return lambda view, level: heaviest(view)
    return None


def _pips(text) -> int:
    try:
        a, b = str(text).split("-")
        return int(a) + int(b)
    except ValueError:
        return 0


KIND_ORDER = {"play": 0, "opener": 1, "done": 2, "draw": 3, "discard": 4, "pass": 5}


def most_pips(view: dict) -> dict:
    """The fallback player: play the heaviest fitting tile; otherwise draw, discard the heaviest
    tile, or pass, whichever the view's legal list allows."""
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("no legal action in this view")

    def key(a):
        kind = next((k for k in KIND_ORDER if k in a), "pass")
        tile = a.get("play") or a.get("discard")
        return (KIND_ORDER[kind], -_pips(tile) if tile else 0)
    return min(legal, key=key)


def choose(view: dict, level: str = "normal") -> dict:
    fn = _engine_player()
    if fn is not None:
        try:
            action = fn(view, level)
            return action.to_json() if hasattr(action, "to_json") else action
        except Exception:
            log.exception("engine computer player failed; playing the heaviest legal tile")
    return most_pips(view)


class Runner:
    """Fires `room.computer_move(version)` `delay` seconds after it is scheduled. Moves run on a
    small pool, so a slow computer in one room never holds up another room."""

    def __init__(self, delay: float = 1.2):
        self.delay = delay
        self._heap: list = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._stopped = False
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="computer")
        self._thread = threading.Thread(target=self._run, name="computers", daemon=True)
        self._thread.start()

    def schedule(self, room, version: int) -> None:
        with self._cond:
            heapq.heappush(self._heap, (time.monotonic() + self.delay, next(self._seq), room, version))
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
