"""The served table (one gevent process, as `tabletop serve` runs it) holds many idle
websockets and slow, unfinished HTTP requests without starving anyone: the gthread worker it
replaced (gunicorn's gthread worker) stopped at 64 (one thread per websocket)."""

from __future__ import annotations

import json
import socket
import time

import websocket
from serverproc import Server, healthy

IDLE_SOCKETS = 150
SLOW_REQUESTS = 30


def welcomed(port: int, timeout: float = 10) -> websocket.WebSocket:
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", timeout=timeout)
    ws.send(json.dumps({"type": "hello"}))
    while json.loads(ws.recv())["type"] != "welcome":
        pass
    return ws


def test_hundreds_of_idle_sockets_and_slow_requests_starve_nothing(tmp_path):
    server = Server.tabletop(tmp_path)
    port = server.port
    held = []
    try:
        for _ in range(IDLE_SOCKETS):  # well past the old ceiling of 64
            held.append(welcomed(port))
        for _ in range(SLOW_REQUESTS):  # connections that never finish their request
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(s)
        started = time.monotonic()
        assert healthy(port, timeout=5)
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
        server.stop()
