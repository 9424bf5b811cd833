"""Where work that would stop the event loop runs: CPU-heavy work (a computer's move or a hint,
up to ~100 ms of pure Python) and blocking work (the store's commit, which waits for an fsync).

As served (tabletop/serving.py) every connection is a greenlet on one OS thread, so such work
would hold up every socket of every room while it runs. It goes to a few native threads instead,
and the greenlet that asked waits without blocking the others. Under a threaded server (the
werkzeug server of `--dev` and the tests) the caller is already an OS thread
of its own and does the work itself.

The handoff is kept small because the store makes one per commit group: a job goes to the
threads through CPython's own `queue.SimpleQueue` (in C: a blocked `get` waits outside the
interpreter lock), and comes back through one libev async watcher, which wakes the loop from
any thread. gevent's `ThreadPool` did the same with a hub, a condition variable and a timeout
per worker, and its Python code took ~17 % of the serving thread's share of the lock under the
server benchmark (py-spy `--gil`).
"""

from __future__ import annotations

import collections
import queue
from typing import Any


def native_simple_queue() -> type[queue.SimpleQueue]:
    """CPython's `queue.SimpleQueue`, in C, even where gevent patched `queue` with its own (whose
    `get` would wait for the event loop, which native threads do not run)."""
    try:
        from gevent.monkey import get_original
    except ImportError:
        return queue.SimpleQueue
    return get_original("queue", "SimpleQueue")


def gevent_patched() -> bool:
    """Whether this process runs greenlets (gevent patched threading: tabletop/serving.py)."""
    try:
        from gevent import monkey
    except ImportError:
        return False
    return monkey.is_module_patched("threading")


class _Job:
    __slots__ = ("fn", "args", "result", "error", "waiter")

    def __init__(self, fn, args, waiter):
        self.fn, self.args, self.waiter = fn, args, waiter
        self.result = None
        self.error: BaseException | None = None


_STOP = None  # a thread that takes it ends


class Offload:
    def __init__(self, workers: int):
        self._workers = workers
        self._patched = gevent_patched()
        self._jobs: queue.SimpleQueue[_Job | None] = native_simple_queue()()
        self._done: collections.deque[_Job] = collections.deque()  # append/popleft are atomic
        self._wake: Any = None  # the loop's async watcher, made on the first run (in the loop's thread)
        self._started = 0

    def run(self, fn, *args):
        """`fn(*args)`, on a native thread when the server runs greenlets. `fn` must not take
        the server's locks (under gevent they are greenlet locks)."""
        if not self._patched:
            return fn(*args)
        from gevent.hub import Waiter

        if self._wake is None:
            self._start()
        job = _Job(fn, args, Waiter())
        self._jobs.put(job)
        try:
            job.waiter.get()
        finally:
            job.waiter = None  # a greenlet killed while it waited is not woken later
        if job.error is not None:
            raise job.error
        return job.result

    def _start(self) -> None:
        from gevent import get_hub
        from gevent.monkey import get_original

        self._wake = get_hub().loop.async_()
        self._wake.start(self._deliver)
        start_thread = get_original("_thread", "start_new_thread")
        for _ in range(self._workers):
            start_thread(self._work, ())
            self._started += 1

    def _work(self) -> None:
        """A native thread: run jobs until told to stop. The only Python it runs per job is this."""
        jobs, done = self._jobs, self._done
        while (job := jobs.get()) is not _STOP:
            try:
                job.result = job.fn(*job.args)
            except BaseException as exc:  # handed to the caller
                job.error = exc
            done.append(job)
            self._wake.send()

    def _deliver(self) -> None:
        """In the loop (the watcher's callback): wake every greenlet whose job is done."""
        done = self._done
        while done:
            job = done.popleft()
            waiter = job.waiter
            if waiter is not None:
                waiter.switch(None)

    def close(self) -> None:
        for _ in range(self._started):
            self._jobs.put(_STOP)
        self._started = 0
        if self._wake is not None:
            self._wake.stop()
            self._wake.close()
            self._wake = None
