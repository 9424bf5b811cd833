"""A bare flask-sock broadcast server: the yardstick of scripts/bench_server.py.

A socket says {"type": "hello", "room": R, "seats": n, "sockets": k}; an {"type": "act"} from any
socket of room R bumps the room's version and sends every socket of the room a frame of
BENCH_FRAME_BYTES bytes carrying the version and whose turn it is (round robin over the seats).
No rules, no store: only what any broadcast server does for one move. Served the way the table
is (tabletop/serving.py): `python -m bench_bare PORT` with scripts/ on the path.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading

from flask import Flask
from flask_sock import Sock

from tabletop import serving

FRAME_BYTES = int(os.environ.get("BENCH_FRAME_BYTES", "2000"))


class BareRoom:
    def __init__(self, seats: int):
        self.lock = threading.Lock()
        self.seats = seats
        self.version = 0
        self.sockets: list = []  # (ws, send lock)


def create_app() -> Flask:
    app = Flask(__name__)
    sock = Sock(app)
    rooms: dict = {}
    rooms_lock = threading.Lock()

    @app.get("/api/health")
    def health():
        return {"ok": True}

    def frame(room: BareRoom) -> str:
        head = {"type": "view", "version": room.version, "turn": room.version % room.seats, "pad": ""}
        head["pad"] = "x" * max(0, FRAME_BYTES - len(json.dumps(head)))
        return json.dumps(head)

    @sock.route("/ws")
    def ws(ws):
        raw = ws.sock if hasattr(ws, "sock") else None
        if raw is not None:
            raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        hello = json.loads(ws.receive())
        with rooms_lock:
            room = rooms.setdefault(hello["room"], BareRoom(hello["seats"]))
        me = (ws, threading.Lock())
        with room.lock:
            room.sockets.append(me)
        while True:
            msg = json.loads(ws.receive())
            if msg.get("type") != "act":
                continue
            with room.lock:
                if msg.get("version") != room.version:
                    continue
                room.version += 1
                text = frame(room)
                targets = list(room.sockets)
            for target, lock in targets:
                with lock:
                    target.send(text)

    return app


if __name__ == "__main__":
    serving.run(create_app, "127.0.0.1", int(sys.argv[1]))
