"""Helpers of the deployment tests: free ports, waiting for a server, plain HTTP GETs."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen | None = None, timeout: float = 30.0) -> None:
    """Wait until `url` answers (any status), failing early if `proc` died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            out = proc.stdout.read() if proc.stdout else ""
            pytest.fail(f"server exited with {proc.returncode}:\n{out}")
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"{url} did not answer within {timeout} s")


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return resp.status, resp.headers.get_content_type(), resp.read()
