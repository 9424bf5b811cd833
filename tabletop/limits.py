"""The abuse limits' two tools: a token bucket (`Bucket`, or one per key with `Buckets`) and a
count of wrong tries within a window (`Tries`). Each keeps its own lock; none blocks."""

from __future__ import annotations

import threading
import time


class Bucket:
    """`rate` tokens a second, at most `burst`; `take()` spends one when there is one."""

    def __init__(self, rate: float, burst: float):
        self.rate = float(rate)
        self.burst = float(burst)
        self._tokens = self.burst
        self._last = time.monotonic()
        self._lock = threading.Lock()

    def _refill(self, now: float) -> None:
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now

    def ready(self) -> bool:
        """A token is there (nothing spent)."""
        with self._lock:
            self._refill(time.monotonic())
            return self._tokens >= 1

    def take(self) -> bool:
        with self._lock:
            self._refill(time.monotonic())
            if self._tokens < 1:
                return False
            self._tokens -= 1
            return True

    def full(self) -> bool:
        with self._lock:
            self._refill(time.monotonic())
            return self._tokens >= self.burst


class Buckets:
    """One `Bucket` per key (a client address). Buckets that filled up again are dropped now and
    then, so a stream of new keys never makes the table grow for good."""

    PRUNE_ABOVE = 256

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self._buckets: dict = {}
        self._lock = threading.Lock()

    def take(self, key) -> bool:
        with self._lock:
            if len(self._buckets) > self.PRUNE_ABOVE:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full()}
            bucket = self._buckets.setdefault(key, Bucket(self.rate, self.burst))
        return bucket.take()


class Tries:
    """Wrong tries per key: a key with `limit` of them within `window` seconds is blocked until
    the oldest is `window` old."""

    def __init__(self, limit: int, window: float):
        self.limit, self.window = limit, window
        self._times: dict = {}
        self._lock = threading.Lock()

    def _recent(self, key, now: float) -> list[float]:
        times = [t for t in self._times.get(key, ()) if now - t < self.window]
        if times:
            self._times[key] = times
        else:
            self._times.pop(key, None)
        return times

    def blocked(self, key) -> bool:
        return self.wait(key) > 0

    def wait(self, key) -> float:
        """Seconds until `key` may try again (0: it may now)."""
        with self._lock:
            now = time.monotonic()
            times = self._recent(key, now)
            if len(times) < self.limit:
                return 0.0
            return max(0.0, times[-self.limit] + self.window - now)

    def fail(self, key) -> None:
        with self._lock:
            now = time.monotonic()
            if len(self._times) > Buckets.PRUNE_ABOVE:
                for k in list(self._times):
                    self._recent(k, now)
            self._times[key] = [*self._recent(key, now), now]
