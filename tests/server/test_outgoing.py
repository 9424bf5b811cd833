"""The hub's outgoing path: frames written at once when the socket takes them, the rest in order
by the connection's sender, and a phone that stops reading never holds up the room's thread.

A real socket pair stands in for the websocket (small buffers, so the writer's side fills), read
by a websocket frame parser written from RFC 6455 here, not by the server's own code."""

from __future__ import annotations

import json
import socket
import struct
import threading
from types import SimpleNamespace

import pytest

from tabletop import wire
from tabletop.hub import answer
from tabletop.transport import Connection


class FakeWS:
    """simple_websocket's Server as the hub uses it: a connected socket, close()."""

    def __init__(self, sock):
        self.sock = sock
        self.connected = True
        self.close_reason = self.close_message = None

    def close(self):
        self.connected = False


class FakeRoom:
    """A room whose view is a counter: `frame_for` says which change it shows."""

    closed = False

    def __init__(self):
        self.version = 0

    def frame_for(self, conn):
        return wire.ws_frame({"type": "view", "version": self.version, "pad": "v" * 3000})


def read_frames(sock, count=None) -> list[dict]:
    """Websocket frames from `sock` until it has `count` of them (or, with None, until the
    socket has nothing more for 0.5 s)."""
    buf, out = b"", []
    sock.settimeout(0.5)
    while count is None or len(out) < count:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            if count is None:
                break
            raise
        if not chunk:
            break
        buf += chunk
        while len(buf) >= 2:
            b0, b1 = buf[0], buf[1]
            assert b0 == 0x81 and not b1 & 0x80  # final text frame, unmasked (a server's)
            n, head = b1 & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    break
                (n,), head = struct.unpack("!H", buf[2:4]), 4
            elif n == 127:
                if len(buf) < 10:
                    break
                (n,), head = struct.unpack("!Q", buf[2:10]), 10
            if len(buf) < head + n:
                break
            out.append(json.loads(buf[head : head + n].decode()))
            buf = buf[head + n :]
    assert buf == b""  # nothing half-sent
    return out


@pytest.fixture
def pair():
    ours, phone = socket.socketpair()
    for s in (ours, phone):
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    yield ours, phone
    ours.close()
    phone.close()


def _connection(sock):
    tables = SimpleNamespace(rate=(1000, 1000), flooders=None)
    return Connection(FakeWS(sock), tables, "192.0.2.1", answer)


def _watching(sock) -> tuple[Connection, FakeRoom]:
    """A connection in a room whose view is a counter."""
    conn, room = _connection(sock), FakeRoom()
    conn.room = room
    return conn, room


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_text_frame_header_holds_every_length(size):
    text = "é" * (size // 2) + "x" * (size % 2)  # UTF-8: the length is the bytes', not the text's
    payload = text.encode()
    frame = wire.text_frame(payload)
    n = len(payload)
    head = frame[: len(frame) - n]
    assert frame[len(head) :] == payload
    assert head[0] == 0x81
    if n < 126:
        assert head[1] == n and len(head) == 2
    elif n < 65536:
        assert head[1] == 126 and struct.unpack("!H", head[2:]) == (n,)
    else:
        assert head[1] == 127 and struct.unpack("!Q", head[2:]) == (n,)


def test_a_phone_that_stops_reading_holds_up_nobody_and_loses_no_frame(pair):
    ours, phone = pair
    conn = _connection(ours)
    sent = threading.Event()

    def room_thread():  # what a room's broadcast does: it must never wait for this phone
        for i in range(200):
            conn.send({"type": "event", "n": i, "pad": "e" * 1000})
        sent.set()

    t = threading.Thread(target=room_thread, daemon=True)
    t.start()
    assert sent.wait(10), "send() waited for a socket nobody reads"
    frames = read_frames(phone, 200)  # now the phone reads: every frame, whole and in order
    assert [f["n"] for f in frames] == list(range(200))
    conn.close()


def test_views_queued_behind_a_full_socket_are_coalesced_to_the_newest(pair):
    ours, phone = pair
    conn, room = _watching(ours)
    for version in range(1, 101):
        room.version = version
        conn.push_view()
    conn.send({"type": "ok", "ref": 7})
    got = read_frames(phone)
    versions = [f["version"] for f in got if f["type"] == "view"]
    assert versions == sorted(versions) and versions[-1] == 100
    assert len(versions) < 100  # the socket filled: views waiting were dropped for the newest
    assert got[-1]["type"] == "view"  # the ok was followed by a view again
    assert any(f["type"] == "ok" and f["ref"] == 7 for f in got)
    conn.close()


def test_the_answered_socket_gets_its_answer_before_the_view_of_the_change(pair):
    ours, phone = pair
    conn, room = _watching(ours)
    conn.greeted = True

    def pretend_handle(raw):  # a command that changes the room, then the hub's ok
        room.version += 1
        conn.push_view()
        conn.send({"type": "ok", "ref": 1, "version": room.version})

    conn._handle = pretend_handle
    conn.handle("{}")
    got = read_frames(phone, 2)
    assert [f["type"] for f in got] == ["ok", "view"]
    assert got[1]["version"] == 1
    conn.close()


def test_a_socket_gone_while_written_closes_the_connection(pair):
    ours, phone = pair
    conn = _connection(ours)
    phone.close()
    for i in range(50):  # the first writes may still be taken by the kernel; then it fails
        conn.send({"type": "event", "n": i, "pad": "e" * 1000})
        if conn.closed:
            break
    assert conn.closed
