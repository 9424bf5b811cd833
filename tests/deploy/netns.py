"""Network namespaces for the discovery tests: a table and phones on veth links, always removed.

`Lab` makes namespaces (`ip netns add`) and links between them (`ip link add ... type veth`),
runs processes inside them (`ip netns exec`) and, on close, ends those processes and deletes
every namespace it made (which takes their links with them). Needs root.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=20)


def namespaces_unavailable() -> str | None:
    """Why namespaces cannot be made here, or None."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    probe = f"dtprobe{os.getpid()}"
    try:
        ip("netns", "add", probe)
    except (OSError, subprocess.CalledProcessError) as exc:
        return f"ip netns add failed: {getattr(exc, 'stderr', '') or exc}"
    ip("netns", "del", probe)
    return None


class Lines:
    """A process whose output lines are read on a thread, to wait for one with a timeout."""

    def __init__(self, argv: list[str], **kw):
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))

    def wait_for(self, pred, timeout: float) -> tuple[float, str]:
        """(arrival time, line) of the first line matching `pred`; fails after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no matching line in {timeout} s; got:\n" + "\n".join(self.seen[-40:]))
            try:
                at, line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(line)
            if pred(line):
                return at, line

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


class Browser(Lines):
    """browse.py in a namespace: a phone looking for tables over mDNS."""

    def __init__(self, lab: Lab, ns: str, seconds: float = 40):
        super().__init__(lab.argv(ns, sys.executable, str(HERE / "browse.py"), str(seconds)))

    def event(self, kind: str, timeout: float, where=lambda e: True) -> tuple[float, dict]:
        """The first event `kind` ("removed", or "found": added or updated, and resolved)."""
        kinds = ("added", "updated") if kind == "found" else (kind,)

        def match(line: str) -> bool:
            try:
                e = json.loads(line)
            except ValueError:
                return False
            return e.get("event") in kinds and (kind != "found" or "addresses" in e) and where(e)

        at, line = self.wait_for(match, timeout)
        return at, json.loads(line)


class Lab:
    def __init__(self):
        self.tag = f"{os.getpid() % 100000}"
        self.namespaces: list[str] = []
        self.processes: list[Lines] = []
        self.links = 0

    def ns(self, role: str) -> str:
        name = f"dt{self.tag}{role}"
        ip("netns", "add", name)
        self.namespaces.append(name)
        ip("-n", name, "link", "set", "lo", "up")
        return name

    def link(self, a: str, a_addr: str, b: str, b_addr: str, up: bool = True) -> tuple[str, str]:
        """A veth pair between namespaces `a` and `b` with addresses like "10.77.1.1/24"."""
        self.links += 1
        ea, eb = f"v{self.tag}a{self.links}", f"v{self.tag}b{self.links}"
        ip("link", "add", ea, "netns", a, "type", "veth", "peer", "name", eb, "netns", b)
        ip("-n", a, "addr", "add", a_addr, "dev", ea)
        ip("-n", b, "addr", "add", b_addr, "dev", eb)
        ip("-n", b, "link", "set", eb, "up")
        if up:
            self.up(a, ea)
        return ea, eb

    def up(self, ns: str, dev: str, timeout: float = 5) -> None:
        """Set `dev` up and wait for its carrier (a veth's comes up a moment later)."""
        ip("-n", ns, "link", "set", dev, "up")
        deadline = time.monotonic() + timeout
        while "state UP" not in self.run(ns, "ip", "link", "show", "dev", dev).stdout:
            if time.monotonic() > deadline:
                raise AssertionError(f"{dev} in {ns} did not come up in {timeout} s")
            time.sleep(0.05)

    def etc(self, ns: str) -> Path:
        """/etc/netns/<ns>: files there replace /etc's for `ip netns exec` (e.g. resolv.conf);
        removed on close."""
        path = Path("/etc/netns") / ns
        path.mkdir(parents=True, exist_ok=True)
        return path

    def argv(self, ns: str, *cmd: str) -> list[str]:
        return ["ip", "netns", "exec", ns, *cmd]

    def run(self, ns: str, *cmd: str, timeout: float = 20) -> subprocess.CompletedProcess:
        return subprocess.run(self.argv(ns, *cmd), capture_output=True, text=True, timeout=timeout)

    def start(self, ns: str, *cmd: str, **kw) -> Lines:
        p = Lines(self.argv(ns, *cmd), **kw)
        self.processes.append(p)
        return p

    def browser(self, ns: str) -> Browser:
        b = Browser(self, ns)
        self.processes.append(b)
        return b

    def close(self) -> None:
        for p in self.processes:
            p.stop()
        for name in self.namespaces:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=20)
            shutil.rmtree(Path("/etc/netns") / name, ignore_errors=True)
