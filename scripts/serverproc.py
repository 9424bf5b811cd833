"""A server in a subprocess on a free loopback port, for the benchmarks and the tests that need a
real `tabletop serve` (as served: one gevent process) rather than the in-process test server.

    with serverproc.Server.tabletop(data_dir, "--computer-delay", "0") as server:
        ...  # server.port, server.url, server.kill9(), server.rss_mb()

`Server(cmd, port)` runs any command that serves `/api/health` on that port (the bare benchmark
server, an installed wheel's `tabletop`). The scripts import this file from their own folder;
pytest finds it through `pythonpath` in pyproject.toml.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(port: int, timeout: float = 1) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=timeout) as r:
            return r.status == 200
    except OSError:
        return False


def tabletop_command(port: int, data, *extra: str) -> list[str]:
    """`python -m tabletop serve` on 127.0.0.1:`port` with the data folder `data`, no mDNS."""
    return [
        sys.executable,
        "-m",
        "tabletop",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data",
        str(data),
        "--no-mdns",
        *extra,
    ]


class Server:
    """`cmd` in its own process group (so a signal reaches it and any child at once),
    started and waited for until `/api/health` answers. `output`: where its stdout and stderr go
    (a path, or None for nowhere)."""

    def __init__(self, cmd, port: int, *, cwd=ROOT, env=None, output=None, timeout: float = 20):
        self.cmd, self.port, self.cwd, self.env, self.output = list(cmd), port, cwd, env, output
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None
        self.start(timeout)

    @classmethod
    def tabletop(cls, data, *extra: str, port: int | None = None, **kw) -> Server:
        port = port or free_port()
        return cls(tabletop_command(port, data, *extra), port, **kw)

    def start(self, timeout: float = 20) -> None:
        """Start (again, after a kill: same command, same port) and wait until it is healthy."""
        out = open(self.output, "ab") if self.output else subprocess.DEVNULL
        try:
            self.proc = subprocess.Popen(
                self.cmd,
                cwd=self.cwd,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        finally:
            if self.output:
                out.close()
        deadline = time.monotonic() + timeout
        while not healthy(self.port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.kill9()
                raise RuntimeError(f"the server did not start: {' '.join(self.cmd)}{self._tail()}")
            time.sleep(0.05)

    def _tail(self) -> str:
        if not self.output or not os.path.exists(self.output):
            return ""
        return "\n" + Path(self.output).read_text(errors="replace")[-3000:]

    @property
    def pid(self) -> int:
        return self.proc.pid

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill9(self) -> None:
        """SIGKILL to every process of the server at once: no chance to clean up."""
        self._signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self, timeout: float = 10) -> None:
        """SIGTERM (the server stops gracefully), SIGKILL if it is not gone within `timeout`."""
        if not self.running():
            return
        self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill9()

    def _signal(self, sig) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            pass

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- what it costs ---------------------------------------------------------------------------

    def rss_mb(self) -> float:
        """Resident memory of the server's processes (the process and its children), in MB."""
        total = 0.0
        for p in process_tree(self.pid):
            try:
                total += process_rss_mb(p)
            except (OSError, StopIteration):
                continue
        return total

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server's processes so far."""
        total, tick = 0.0, os.sysconf("SC_CLK_TCK")
        for p in process_tree(self.pid):
            try:
                fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick
            except OSError:
                continue
        return total


def process_rss_mb(pid: int) -> float:
    """Resident memory of the one process `pid`, in MB (OSError once it is gone)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) / 1024


def process_tree(pid: int) -> list[int]:
    """`pid` and its descendants (Linux /proc)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            continue
    return found
