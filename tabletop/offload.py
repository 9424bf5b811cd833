"""Where work that would stop the event loop runs: CPU-heavy work (a computer's move or a hint,
up to ~100 ms of pure Python) and blocking work (the store's commit, which waits for an fsync).

As served (tabletop/serving.py) every connection is a greenlet on one OS thread, so such work
would hold up every socket of every room while it runs. It goes to a few native threads instead,
and the greenlet that asked waits without blocking the others. Under a threaded server (the
werkzeug server of `--dev` and the tests) the caller is already an OS thread
of its own and does the work itself.
"""

from __future__ import annotations


def gevent_patched() -> bool:
    """Whether this process runs greenlets (gevent patched threading: tabletop/serving.py)."""
    try:
        from gevent import monkey
    except ImportError:
        return False
    return monkey.is_module_patched("threading")


class Offload:
    def __init__(self, workers: int):
        self._pool = None
        if gevent_patched():
            from gevent.threadpool import ThreadPool

            self._pool = ThreadPool(workers)

    def run(self, fn, *args):
        """`fn(*args)`, on a native thread when the server runs greenlets. `fn` must not take
        the server's locks (under gevent they are greenlet locks)."""
        return fn(*args) if self._pool is None else self._pool.apply(fn, args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.kill()
