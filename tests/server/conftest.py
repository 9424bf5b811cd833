"""A real server on loopback (werkzeug threaded, port 0) and websocket-client sockets."""
from __future__ import annotations

import json
import threading

import pytest
import websocket
from werkzeug.serving import make_server

from tabletop.app import create_app


class Live:
    def __init__(self, app):
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.port = self.server.server_port
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def tables(self):
        return self.app.extensions["tabletop"]

    def ws(self, **kw) -> "Client":
        return Client(f"ws://127.0.0.1:{self.port}/ws", **kw)

    def stop(self):
        self.server.shutdown()
        self.tables.shutdown()


class Client:
    """A websocket-client socket that remembers every frame it received."""

    def __init__(self, url, timeout=5, **kw):
        self.sock = websocket.create_connection(url, timeout=timeout, **kw)
        self.frames: list[dict] = []

    def send(self, msg) -> None:
        self.sock.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self) -> dict:
        frame = json.loads(self.sock.recv())
        self.frames.append(frame)
        return frame

    def until(self, pred, limit=200) -> dict:
        for _ in range(limit):
            f = self.recv()
            if pred(f):
                return f
        raise AssertionError("frame not received")

    def expect(self, type_, **fields) -> dict:
        return self.until(lambda f: f["type"] == type_ and all(f.get(k) == v for k, v in fields.items()))

    def error(self, code) -> dict:
        f = self.until(lambda f: f["type"] in ("error", "ok"))
        assert f["type"] == "error" and f["code"] == code, f
        return f

    def view(self, version=None) -> dict:
        return self.until(lambda f: f["type"] == "view" and (version is None or f["version"] >= version))

    def close(self):
        try:
            self.sock.close()
        except Exception:
            pass


@pytest.fixture
def live(tmp_path):
    app = create_app({"DATA": str(tmp_path), "COMPUTER_DELAY": 0, "BASE_URL": "http://127.0.0.1:1"})
    server = Live(app)
    yield server
    server.stop()


@pytest.fixture
def client_factory(live):
    made = []

    def make(**kw):
        c = live.ws(**kw)
        made.append(c)
        return c
    yield make
    for c in made:
        c.close()
