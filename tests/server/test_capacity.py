"""The served table (gunicorn's gevent worker, as `tabletop serve` runs it) holds many idle
websockets and slow, unfinished HTTP requests without starving anyone: the gthread worker it
replaced stopped at 64 (one thread per websocket)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import websocket

ROOT = Path(__file__).resolve().parents[2]
IDLE_SOCKETS = 150
SLOW_REQUESTS = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def health(port: int, timeout: float = 5) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=timeout) as r:
            return r.status == 200
    except OSError:
        return False


def welcomed(port: int, timeout: float = 10) -> websocket.WebSocket:
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", timeout=timeout)
    ws.send(json.dumps({"type": "hello"}))
    while json.loads(ws.recv())["type"] != "welcome":
        pass
    return ws


def test_hundreds_of_idle_sockets_and_slow_requests_starve_nothing(tmp_path):
    port = free_port()
    cmd = [sys.executable, "-m", "tabletop", "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--data", str(tmp_path), "--no-mdns"]
    proc = subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    held = []
    try:
        deadline = time.monotonic() + 20
        while not health(port, 1):
            assert time.monotonic() < deadline and proc.poll() is None, "server did not start"
            time.sleep(0.1)
        for _ in range(IDLE_SOCKETS):  # well past the old ceiling of 64
            held.append(welcomed(port))
        for _ in range(SLOW_REQUESTS):  # connections that never finish their request
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(s)
        started = time.monotonic()
        assert health(port)
        fresh = welcomed(port, timeout=5)
        fresh.close()
        assert time.monotonic() - started < 5
        # and the first socket opened is still served
        held[0].send(json.dumps({"type": "ping"}))
        assert json.loads(held[0].recv())["type"] == "pong"
    finally:
        for s in held:
            try:
                s.close()
            except Exception:
                pass
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
