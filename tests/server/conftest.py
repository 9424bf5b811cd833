"""A real server on loopback (werkzeug threaded, port 0) and websocket-client sockets."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
import websocket
from werkzeug.serving import make_server

from tabletop.app import create_app
from tabletop.settings import Settings


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "app_config(**fields): Settings fields of the live server (tabletop/settings.py)"
    )
    config.addinivalue_line(
        "markers", "soak: a short soak of bench_soak.py (15 s in scripts/test; scripts/bench soak: an hour)"
    )


class Live:
    def __init__(self, app):
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.port = self.server.server_port
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self.thread.start()

    @property
    def tables(self):
        return self.app.extensions["tabletop"]

    def ws(self, **kw) -> Client:
        return Client(f"ws://127.0.0.1:{self.port}/ws", **kw)

    def stop(self):
        self.server.shutdown()
        self.tables.shutdown()


class Client:
    """A websocket-client socket that remembers every frame it received.

    `take` and `until` wait `timeout` seconds in all for their frame: a per-read timeout alone
    would never end, since the server's pings (every 20 s) keep the socket busy."""

    # Generous: every move is committed with an fsync (synchronous=FULL) before its reply, and on
    # this shared machine one reply once took over 5 s (likely that fsync). No test waits out a
    # timeout, so only a failing test gets slower.
    def __init__(self, url, timeout=20, **kw):
        self.timeout = timeout
        self.sock = websocket.create_connection(url, timeout=timeout, **kw)
        self.frames: list[dict] = []  # every frame received, in order
        self.backlog: list[dict] = []  # received but not consumed yet

    def send(self, msg) -> None:
        self.sock.send(msg if isinstance(msg, str) else json.dumps(msg))

    def _read(self, deadline: float | None = None) -> dict:
        """The next frame; by `deadline` (time.monotonic()) at the latest, else AssertionError.
        A ping read meanwhile is answered (by websocket-client) and the wait goes on for what
        is left: the socket's own timeout alone restarts at every ping."""
        if deadline is None:
            frame = json.loads(self.sock.recv())
        else:
            try:
                frame = json.loads(self._data_by(deadline))
            finally:
                self.sock.settimeout(self.timeout)
        self.frames.append(frame)
        return frame

    def _data_by(self, deadline: float) -> str:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"frame not received within {self.timeout} s")
            self.sock.settimeout(left)
            try:
                opcode, data = self.sock.recv_data(control_frame=True)
            except websocket.WebSocketTimeoutException:
                raise AssertionError(f"frame not received within {self.timeout} s") from None
            if opcode == websocket.ABNF.OPCODE_TEXT:
                return data.decode()
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                return ""  # as `recv` says it: the frame after it fails to parse

    def recv(self, deadline: float | None = None) -> dict:
        return self.backlog.pop(0) if self.backlog else self._read(deadline)

    def take(self, pred, limit=100000) -> dict:
        """The first frame matching `pred`, within `timeout` seconds; frames before it stay in
        the backlog."""
        for i, f in enumerate(self.backlog):
            if pred(f):
                return self.backlog.pop(i)
        deadline = time.monotonic() + self.timeout
        for _ in range(limit):
            f = self._read(deadline)
            if pred(f):
                return f
            self.backlog.append(f)
        raise AssertionError("frame not received")

    def until(self, pred, limit=100000) -> dict:
        """The first frame matching `pred`, within `timeout` seconds; frames before it are
        consumed."""
        deadline = time.monotonic() + self.timeout
        for _ in range(limit):
            f = self.recv(deadline)
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
        """The next view frame at `version` or later; the last one read if it already is."""
        last = getattr(self, "last_view", None)
        if (
            version is not None
            and last is not None
            and last["version"] >= version
            and not any(f["type"] == "view" for f in self.backlog)
        ):
            return last
        self.last_view = self.until(
            lambda f: f["type"] == "view" and (version is None or f["version"] >= version)
        )
        return self.last_view

    def close(self):
        try:
            self.sock.close()
        except Exception:
            pass


@pytest.fixture
def live(tmp_path, request):
    fields = {"data": str(tmp_path), "computer_delay": 0, "base_url": "http://127.0.0.1:1"}
    marker = request.node.get_closest_marker("app_config")
    if marker:
        assert not marker.args, "app_config takes Settings fields by name, e.g. app_config(kiosk=True)"
        fields.update(marker.kwargs)
    app = create_app(Settings(**fields))
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


def connect_from(live, address: str) -> Client:
    """A websocket to the live server from the client address `address` (a loopback address)."""
    raw = socket.create_connection(("127.0.0.1", live.port), timeout=20, source_address=(address, 0))
    return Client(f"ws://127.0.0.1:{live.port}/ws", socket=raw)


@pytest.fixture
def clients_from(live):
    """`make(address)`: a websocket from that client address, closed after the test."""
    made = []

    def make(address: str) -> Client:
        client = connect_from(live, address)
        made.append(client)
        return client

    yield make
    for c in made:
        c.close()


def create_room(make, profile="draw", options=None, seats=None, name="Test table"):
    """A host socket with a room set up. Returns (host client, room id, host token)."""
    host = make()
    host.send({"type": "hello"})
    host.expect("welcome", role="lobby")
    host.send({"type": "create_room", "name": name})
    created = host.expect("room_created")
    host.expect("welcome", role="host")
    host.view()
    if seats is not None:
        host.send(
            {"type": "setup", "profile": profile, "options": options or {}, "seats": seats, "ref": "setup"}
        )
        host.expect("ok", ref="setup")
    return host, created["room"], created["host_token"]


def join(make, room, seat, name=None):
    """A phone socket that took `seat`. Returns (client, token)."""
    phone = make()
    phone.send({"type": "hello", "room": room})
    phone.expect("welcome", role="guest")
    phone.send({"type": "join", "seat": seat, "name": name or f"P{seat}", "lang": "en"})
    joined = phone.expect("joined", seat=seat)
    phone.view()
    return phone, joined["token"]


def start(host) -> int:
    """The host deals the next round; returns the room's version after the deal."""
    answer = ask(host, {"type": "start_round"})
    assert answer["type"] == "ok", answer
    return answer["version"]


def dealt_room(live, make, seats, profile="draw", options=None):
    """A room with `seats`, a phone joined on every phone seat and the first round dealt.
    Returns (host, room, {seat: phone client}, version after the deal)."""
    host, room_id, _ = create_room(make, profile, options or {"players": len(seats)}, seats)
    phones = {s: join(make, room_id, s)[0] for s, seat in enumerate(seats) if seat["kind"] == "phone"}
    return host, live.tables.rooms[room_id], phones, start(host)


def ask(client, msg) -> dict:
    """Send a message with a ref and return its ok/error answer."""
    ref = f"r{id(msg)}"
    client.send(dict(msg, ref=ref))
    return client.take(lambda f: f["type"] in ("ok", "error") and f.get("ref") == ref)
