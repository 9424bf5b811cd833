"""The server's websocket reader (tabletop/ws_reader.py): what it makes of any bytes a client
sends is what wsproto, the parser it replaced, makes of them; and on a socket it answers pings,
echoes a close, pings the client and says when it went silent, and refuses a message over the
limit before reading it."""

from __future__ import annotations

import os
import socket
import struct
import threading
import time
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from simple_websocket import ConnectionClosed
from wsproto.frame_protocol import FrameProtocol, Opcode, ParseFailed

from tabletop.ws_reader import FrameParser, ProtocolError, Reader, close_reason, unmask

CLOSE_CODES = [1000, 1001, 1002, 1005, 1006, 1007, 1011, 1015, 999, 1004, 1016, 2999, 3000, 4999, 5000]


def frame_bytes(opcode, payload: bytes, final=True, rsv=0, masked=True, wide=False) -> bytes:
    """A client's frame as it goes on the wire; `wide`: a length in more bytes than it needs."""
    n = len(payload)
    first = (0x80 if final else 0) | rsv | opcode
    bit = 0x80 if masked else 0
    if n < 126 and not wide:
        head = bytes((first, bit | n))
    elif n < 1 << 16 and not (wide and n >= 126):
        head = struct.pack("!BBH", first, bit | 126, n)
    else:
        head = struct.pack("!BBQ", first, bit | 127, n)
    if not masked:
        return head + payload
    mask = os.urandom(4)
    return head + mask + unmask(payload, mask)


text_payload = st.one_of(
    st.text(max_size=60).map(str.encode),
    st.binary(max_size=3),  # often not UTF-8
    st.text(min_size=100, max_size=200).map(str.encode),  # a 2-byte length
)
close_payload = st.one_of(
    st.just(b""),
    st.binary(min_size=1, max_size=1),
    st.tuples(st.sampled_from(CLOSE_CODES), st.text(max_size=20).map(str.encode) | st.binary(max_size=4)).map(
        lambda c: struct.pack("!H", c[0]) + c[1]
    ),
)
rare = st.sampled_from([False] * 40 + [True])


@st.composite
def client_frame(draw) -> bytes:
    kind = draw(
        st.sampled_from(["text"] * 5 + ["binary"] * 2 + ["continuation"] * 3 + ["ping", "pong", "close"])
    )
    opcode = {"text": 1, "binary": 2, "continuation": 0, "ping": 9, "pong": 10, "close": 8}[kind]
    if draw(rare):  # an opcode the RFC reserves
        opcode = draw(st.sampled_from([3, 7, 0xB, 0xF]))
    if kind == "close":
        payload = draw(close_payload)
    elif kind in ("ping", "pong"):
        payload = draw(st.binary(max_size=8) | st.binary(min_size=126, max_size=130))
    else:
        payload = draw(text_payload)
    final = not draw(rare) if opcode >= 8 else draw(st.sampled_from([True, True, False]))
    rsv = 0x40 if draw(rare) else 0
    return frame_bytes(opcode, payload, final, rsv, masked=not draw(rare), wide=draw(rare))


def cut(data: bytes, points: list[int]) -> list[bytes]:
    points = sorted({p % (len(data) + 1) for p in points})
    return [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]


def ours(chunks: list[bytes], limit: int = 1 << 30) -> list:
    parser, seen = FrameParser(limit), []
    try:
        for chunk in chunks:
            parser.buffer += chunk
            while (frame := parser.frame()) is not None:
                final, opcode, payload = frame
                if opcode in (9, 10):
                    seen.append(("ping" if opcode == 9 else "pong", payload))
                elif opcode == 8:
                    return [*seen, ("close", close_reason(payload))]
                elif (message := parser.message(final, opcode, payload)) is not None:
                    seen.append(("message", message))
    except ProtocolError as exc:
        seen.append(("error", int(exc.code)))
    return seen


def wsprotos(chunks: list[bytes]) -> list:
    proto, seen, parts = FrameProtocol(client=False, extensions=[]), [], []
    try:
        for chunk in chunks:
            proto.receive_bytes(chunk)
            for frame in proto.received_frames():
                if frame.opcode in (Opcode.PING, Opcode.PONG):
                    seen.append(("ping" if frame.opcode == Opcode.PING else "pong", bytes(frame.payload)))
                elif frame.opcode == Opcode.CLOSE:
                    code, reason = frame.payload
                    return [*seen, ("close", (int(code), reason))]
                else:
                    parts.append(frame.payload if isinstance(frame.payload, str) else bytes(frame.payload))
                    if frame.message_finished:
                        seen.append(("message", parts[0][:0].join(parts)))
                        parts = []
    except ParseFailed as exc:
        seen.append(("error", int(exc.code)))
    return seen


@settings(max_examples=600, deadline=None)
@given(st.lists(client_frame(), min_size=1, max_size=8), st.lists(st.integers(0, 10_000), max_size=6))
def test_any_bytes_read_as_wsproto_reads_them(frames, points):
    chunks = cut(b"".join(frames), points)
    assert ours(chunks) == wsprotos(chunks)


def test_a_message_in_fragments_with_a_ping_between():
    data = (
        frame_bytes(1, "é".encode()[:1], final=False)
        + frame_bytes(9, b"hi")
        + frame_bytes(0, "é".encode()[1:] + b"!", final=True)
    )
    for split in range(len(data) + 1):
        assert ours([data[:split], data[split:]]) == [("ping", b"hi"), ("message", "é!")]


def test_a_message_over_the_limit_is_refused_from_its_header():
    header = frame_bytes(1, b"x" * 70_000)[:14]  # the length and the mask: no payload yet
    assert ours([header], limit=65_536) == [("error", 1009)]
    parts = frame_bytes(1, b"x" * 40_000, final=False) + frame_bytes(0, b"x" * 30_000)[:14]
    assert ours([parts], limit=65_536) == [("error", 1009)]
    assert ours([frame_bytes(1, b"x" * 65_536)], limit=65_536) == [("message", "x" * 65_536)]


# -- on a socket -------------------------------------------------------------------------------


class Pair:
    """A Reader on one end of a socket pair; the test is the client on the other end."""

    def __init__(self, limit=65_536):
        self.server, self.client = socket.socketpair()
        self.ws = SimpleNamespace(sock=self.server, connected=True, close_reason=None, close_message=None)
        self.written: list[bytes] = []
        self.reader = Reader(self.ws, self.written.append, limit)

    def send(self, *frames: bytes) -> None:
        self.client.sendall(b"".join(frames))

    def receive(self, timeout=5.0):
        """The reader's next message, or the ConnectionClosed it raised."""
        result: list = []

        def read():
            try:
                result.append(self.reader.receive())
            except ConnectionClosed as exc:
                result.append(exc)

        t = threading.Thread(target=read, daemon=True)
        t.start()
        t.join(timeout)
        assert result, "the reader is still waiting"
        return result[0]


def test_ping_answered_and_close_echoed():
    p = Pair()
    p.send(frame_bytes(9, b"are you there"), frame_bytes(1, b'{"type": "ping"}'))
    assert p.receive() == '{"type": "ping"}'
    assert p.written == [b"\x8a\x0dare you there"]  # a pong with the ping's payload
    p.send(frame_bytes(8, struct.pack("!H", 1001) + b"bye"))
    closed = p.receive()
    assert isinstance(closed, ConnectionClosed) and closed.reason == 1001
    assert p.written[-1] == b"\x88\x05\x03\xe9bye" and not p.ws.connected
    q = Pair()
    q.send(frame_bytes(8, b""))  # no status: the echo has none either
    assert isinstance(q.receive(), ConnectionClosed) and q.written == [b"\x88\x00"]


def test_protocol_error_answered_with_its_code():
    for frame, code in (
        (frame_bytes(1, b"\xff"), 1007),
        (frame_bytes(1, b"x", masked=False), 1002),
        (frame_bytes(0, b"x"), 1002),
        (frame_bytes(8, struct.pack("!H", 1005)), 1002),
    ):
        p = Pair()
        p.send(frame)
        closed = p.receive()
        assert isinstance(closed, ConnectionClosed) and closed.reason == code
        assert p.written[-1][2:4] == struct.pack("!H", code)


def test_over_the_limit_closed_before_the_payload_arrives():
    p = Pair(limit=1000)
    p.send(frame_bytes(1, b"x" * 5000)[:8])
    closed = p.receive()
    assert isinstance(closed, ConnectionClosed) and closed.reason == 1009


def test_keepalive_pings_until_a_ping_goes_unanswered():
    p = Pair()
    assert p.reader.keepalive() and p.written == [b"\x89\x00"]
    p.send(frame_bytes(10, b""), frame_bytes(1, b"here"))  # the pong, then a message
    assert p.receive() == "here"
    assert p.reader.keepalive() and p.written == [b"\x89\x00"] * 2
    assert not p.reader.keepalive()  # that one was not answered
    assert p.written[-1] == b"\x88\x13\x03\xf0Ping/Pong timeout" and not p.ws.connected


def test_the_client_going_away_ends_reading():
    p = Pair()
    p.send(frame_bytes(1, b"half")[:4])
    p.client.close()
    closed = p.receive()
    assert isinstance(closed, ConnectionClosed) and closed.reason == 1006
    assert p.written == []  # nobody to tell


@pytest.mark.parametrize("n", [0, 1, 3, 4, 5, 125, 126, 65535, 65536])
def test_unmask_is_its_own_inverse(n):
    data, mask = os.urandom(n), os.urandom(4)
    assert unmask(unmask(data, mask), mask) == data
    assert unmask(data, mask) == bytes(b ^ mask[i % 4] for i, b in enumerate(data))


# -- on the server -----------------------------------------------------------------------------


def raw_websocket(port: int) -> socket.socket:
    """A websocket opened by hand: nothing answers the server's pings unless the test does."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def server_frames(sock: socket.socket):
    """(opcode, payload) of each frame the server sends, until it closes the connection."""
    buf = b""
    while True:
        while len(buf) < 2 or len(buf) < 2 + (buf[1] & 0x7F):  # the server's frames here are short
            chunk = sock.recv(4096)
            if not chunk:
                return
            buf += chunk
        n = buf[1] & 0x7F
        yield buf[0] & 0x0F, buf[2 : 2 + n]
        buf = buf[2 + n :]


def test_the_server_pings_and_drops_a_silent_client(live, monkeypatch):
    from tabletop import config

    monkeypatch.setattr(config, "PING_INTERVAL", 0.2)
    silent, answering = raw_websocket(live.port), raw_websocket(live.port)
    seen: list = []  # what the answering one got: it answers each ping at once

    def answer():
        try:
            for opcode, payload in server_frames(answering):
                seen.append((opcode, payload))
                if opcode == 0x9:
                    answering.sendall(frame_bytes(10, payload))
        except OSError:  # closed by the test, at its end
            pass

    threading.Thread(target=answer, daemon=True).start()
    started = time.monotonic()
    frames = list(server_frames(silent))
    assert frames[0] == (0x9, b"")  # a ping
    assert frames[-1] == (0x8, struct.pack("!H", 1008) + b"Ping/Pong timeout")
    assert 0.35 < time.monotonic() - started < 5  # unanswered for one whole interval
    time.sleep(0.5)
    answering.sendall(frame_bytes(1, b'{"type": "ping"}'))
    deadline = time.monotonic() + 5
    while (0x1, b'{"type":"pong"}') not in seen and time.monotonic() < deadline:
        time.sleep(0.01)
    assert (0x1, b'{"type":"pong"}') in seen, seen  # still served
    assert [f for f in seen if f[0] != 0x1] == [(0x9, b"")] * (len(seen) - 1)  # pings, no close
    assert len(seen) >= 5
    answering.close()
