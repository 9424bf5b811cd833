"""Computer moves and hints in a process of their own, at a lower priority, when served on gevent.

A computer's move or a hint is up to ~100 ms of pure Python. On a native thread of the serving
process it takes turns with the event loop for the interpreter lock, so a phone asking for hints
slowed every room by half while one ran: limits cap how many run at once, not their share of
the CPU. In a process of its own it has its own interpreter, and at `config.CPU_WORKER_NICE` the
operating system gives the serving process the CPU first: what a hint storm costs falls on the
hints. The work is a pure function of the seat's view (`tabletop.computer.hint`, `.decide`), so
it travels as one JSON line each way. The process starts with the first move or hint (a table
with no computer and no hint never holds its ~20 MB) and again if it dies; if it cannot, the
work runs on a thread as before (`Offload`).

Reviews of finished rounds (`review.judge`, one decision per request) go to a worker of their
own at `config.REVIEW_NICE`, so a review waits behind every computer's move and hint.

    python -m tabletop.cpu_worker [NICE]   one request per line on stdin, one answer per line on
                                           stdout, at niceness NICE (default CPU_WORKER_NICE)
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

from . import computer, config, review
from .line_worker import serve
from .offload import Offload

log = logging.getLogger("tabletop.computer")

MODULE = "tabletop.cpu_worker"
JOBS: dict[str, Callable[..., Any]] = {
    "hint": computer.hint,
    "decide": computer.decide,
    "judge": review.judge,
    "look_back": review.look_back,
}


class ProcessOffload:
    """`run(fn, *args)` like `Offload.run`, for `fn` in `jobs`: in a worker process running
    `python -m module` (by default this module and its JOBS; the night's pairing has a lighter
    one, tabletop/pairing_worker.py). Calls come from many greenlets; the worker takes them one
    at a time."""

    def __init__(
        self,
        fallback_threads: int,
        nice: int = config.CPU_WORKER_NICE,
        module: str = MODULE,
        jobs: Mapping[str, Callable[..., Any]] = JOBS,
    ):
        self._nice = nice
        self._module = module
        self._jobs = jobs
        self._lock = threading.Lock()  # one request in flight (gevent's lock when served)
        self._proc: subprocess.Popen | None = None
        # Each request carries a number the worker echoes. A caller interrupted while it waits
        # (its greenlet killed when its socket closes) leaves its answer in the pipe; the next
        # caller skips it instead of taking it for its own.
        self._ids = itertools.count()
        self._fallback = Offload(fallback_threads)

    def command(self) -> list[str]:
        """The worker process's command line."""
        return [sys.executable, "-m", self._module, str(self._nice)]

    def _start(self) -> subprocess.Popen:
        package_parent = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        path = os.pathsep.join(p for p in (package_parent, os.environ.get("PYTHONPATH")) if p)
        return subprocess.Popen(
            self.command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(os.environ, PYTHONPATH=path),
        )

    def run(self, fn, *args):
        job = fn.__name__
        if self._jobs.get(job) is not fn:
            raise ValueError(f"{job} is not a worker job")
        with self._lock:
            rid = next(self._ids)
            request = (json.dumps({"id": rid, "job": job, "args": args}) + "\n").encode()
            for _attempt in range(2):  # a worker that died is started once more
                try:
                    if self._proc is None:
                        self._proc = self._start()
                    stdin, stdout = self._proc.stdin, self._proc.stdout
                    assert stdin is not None and stdout is not None  # both are pipes
                    stdin.write(request)
                    stdin.flush()
                    answer = self._answer_to(rid, stdout)
                except OSError:
                    answer = None
                if answer is not None:
                    if "error" in answer:
                        raise RuntimeError(f"{job} failed in the worker: {answer['error']}")
                    result = answer["ok"]
                    return tuple(result) if job == "hint" else result
                log.warning("the worker process (%s) is gone; starting it again", self._module)
                self._stop_worker()
        log.error("the worker process (%s) cannot run; computing on a thread", self._module)
        return self._fallback.run(fn, *args)

    @staticmethod
    def _answer_to(rid: int, stdout) -> dict | None:
        """The worker's answer to request `rid`, skipping answers to abandoned requests; None
        when the worker is gone."""
        while True:
            line = stdout.readline()
            if not line:
                return None
            answer = json.loads(line)
            if answer.get("id") == rid:
                return answer

    def _stop_worker(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                if proc.stdin is not None:
                    proc.stdin.close()  # the worker ends at the end of its input
                proc.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()

    def release(self) -> None:
        """The worker process ends and gives its memory back; the next `run` starts it again."""
        with self._lock:
            self._stop_worker()

    def close(self) -> None:
        self._stop_worker()
        self._fallback.close()


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    serve(JOBS, int(argv[0]) if argv else config.CPU_WORKER_NICE)


if __name__ == "__main__":
    main()
