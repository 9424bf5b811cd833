"""The server's websocket reader (tabletop/ws_reader.py): what it makes of any bytes a client
sends is what wsproto, the parser it replaced, makes of them; and on a socket it answers pings,
echoes a close, pings itself and closes a silent client, and refuses a message over the limit
before reading it."""

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

    def __init__(self, ping_interval=None, limit=65_536):
        self.server, self.client = socket.socketpair()
        self.ws = SimpleNamespace(sock=self.server, connected=True, close_reason=None, close_message=None)
        self.written: list[bytes] = []
        self.reader = Reader(self.ws, self.written.append, limit, ping_interval)

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


def test_pings_and_a_silent_client_is_closed():
    p = Pair(ping_interval=0.05)
    started = time.monotonic()
    closed = p.receive()
    assert isinstance(closed, ConnectionClosed) and closed.reason == 1008
    assert p.written[0] == b"\x89\x00" and p.written[-1][2:4] == struct.pack("!H", 1008)
    assert time.monotonic() - started >= 0.1  # one ping unanswered for a whole interval


def test_a_client_that_answers_pings_stays():
    p = Pair(ping_interval=0.05)
    stop = threading.Event()

    def answer():
        seen = 0
        while not stop.is_set():
            if len(p.written) > seen:
                seen = len(p.written)
                p.send(frame_bytes(10, b""))
            time.sleep(0.005)

    def talk_later():
        time.sleep(0.4)
        p.send(frame_bytes(1, b"still here"))

    threading.Thread(target=answer, daemon=True).start()
    threading.Thread(target=talk_later, daemon=True).start()
    try:
        assert p.receive() == "still here"  # read all along, through its pings
        assert len(p.written) >= 4 and all(w == b"\x89\x00" for w in p.written)
    finally:
        stop.set()


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
