"""The loop of a worker process that takes JSON lines: one request a line on stdin, one answer
a line on stdout, until its input ends (the server closed it, or died: SIGKILL included).

It imports nothing but the standard library, so a worker process carries only the jobs it
runs: the computers' (tabletop/cpu_worker.py) or the night's pairing
(tabletop/pairing_worker.py). The server's side is `cpu_worker.ProcessOffload`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any


def serve(jobs: Mapping[str, Callable[..., Any]], nice: int) -> None:
    """Answer every request `{"id", "job", "args"}` with `{"id", "ok"}` or `{"id", "error"}`,
    at niceness `nice`; a failing request is answered with its error and the loop goes on."""
    os.nice(nice)
    for line in sys.stdin.buffer:
        request: dict = {}
        try:
            request = json.loads(line)
            answer = {"id": request.get("id"), "ok": jobs[request["job"]](*request["args"])}
        except Exception as exc:  # the server raises it for that request; the worker goes on
            answer = {"id": request.get("id"), "error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.buffer.write((json.dumps(answer) + "\n").encode())
        sys.stdout.buffer.flush()
