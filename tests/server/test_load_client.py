"""The server benchmark's own websocket client (scripts/load_client.py) and a short run of the
benchmark itself: the figures in docs/BENCHMARKS.md come from them."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from load_client import Link, client_frame  # noqa: E402


def run_async(make_coro):
    """`asyncio.run(make_coro())` on a thread of its own: the suite's browser tests leave an event
    loop marked running on the main thread, where asyncio.run refuses to start."""
    out: dict = {}

    def go():
        try:
            out["value"] = asyncio.run(make_coro())
        except BaseException as exc:  # handed to the test
            out["error"] = exc

    thread = threading.Thread(target=go)
    thread.start()
    thread.join(30)
    if "error" in out:
        raise out["error"]
    return out["value"]


class FakeTransport:
    def __init__(self):
        self.written: list[bytes] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True


def server_frame(opcode: int, payload: bytes, rsv1: bool = False) -> bytes:
    n = len(payload)
    first = 0x80 | opcode | (0x40 if rsv1 else 0)
    if n < 126:
        return bytes((first, n)) + payload
    if n < 1 << 16:
        return bytes((first, 126)) + n.to_bytes(2, "big") + payload
    return bytes((first, 127)) + n.to_bytes(8, "big") + payload


def unmask(frame: bytes) -> tuple[int, bytes]:
    """(opcode, payload) of a client's frame, checking it is masked."""
    assert frame[1] & 0x80, "a client's frame is masked"
    n, at = frame[1] & 0x7F, 2
    if n == 126:
        n, at = int.from_bytes(frame[2:4], "big"), 4
    elif n == 127:
        n, at = int.from_bytes(frame[2:10], "big"), 10
    key, body = frame[at : at + 4], frame[at + 4 :]
    assert len(body) == n
    return frame[0] & 0x0F, bytes(b ^ key[i % 4] for i, b in enumerate(body))


def fed_link(handshake: bytes, *chunks: bytes) -> tuple[Link, list[bytes], FakeTransport]:
    """A link fed the server's bytes in the given chunks (any split), and what it received."""
    got: list[bytes] = []

    async def go():
        link = Link("127.0.0.1", 1, got.append, deflate=True)
        transport = FakeTransport()
        link.transport = transport
        link.data_received(handshake)
        for chunk in chunks:
            link.data_received(chunk)
        assert link.opened.done() and link.opened.exception() is None
        return link, transport

    link, transport = run_async(go)
    return link, got, transport


def test_frames_of_every_length_split_anywhere_arrive_whole():
    texts = [b'{"a":1}', json.dumps({"pad": "x" * 300}).encode(), json.dumps({"pad": "y" * 70000}).encode()]
    stream = b"".join(server_frame(0x1, t) for t in texts)
    accepted = b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"
    for step in (1, 3, 126, 4096, len(stream)):
        _link, got, _t = fed_link(accepted, *(stream[i : i + step] for i in range(0, len(stream), step)))
        assert got == texts, step


def test_deflated_messages_are_inflated_and_pings_answered():
    accepted = b"HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n"
    deflate = zlib.compressobj(wbits=-15)
    texts = [b'{"version":1}', b'{"version":2,"pad":"' + b"z" * 500 + b'"}']
    frames = b""
    for t in texts:  # one stream for both messages: the context is taken over
        body = deflate.compress(t) + deflate.flush(zlib.Z_SYNC_FLUSH)
        assert body.endswith(b"\x00\x00\xff\xff")
        frames += server_frame(0x1, body[:-4], rsv1=True)
    frames += server_frame(0x9, b"hi")
    _link, got, transport = fed_link(accepted, frames)
    assert got == texts
    assert unmask(transport.written[-1]) == (0xA, b"hi")  # the pong carries the ping's payload


def test_a_refused_handshake_fails_the_link():
    async def go():
        link = Link("127.0.0.1", 1, lambda _b: None)
        link.transport = FakeTransport()
        link.data_received(b"HTTP/1.1 403 Forbidden\r\n\r\n")
        return link

    link = run_async(go)
    assert isinstance(link.opened.exception(), ConnectionError)


def test_client_frames_are_masked_for_every_length_class():
    for n in (0, 5, 125, 126, 65535, 65536):
        payload = bytes(i % 251 for i in range(n))
        assert unmask(client_frame(0x1, payload)) == (0x1, payload)


def test_a_short_benchmark_run_plays_on_both_servers_without_error():
    cmd = [
        sys.executable,
        str(ROOT / "scripts" / "bench_server.py"),
        *("--rooms", "2", "--seconds", "2", "--warmup", "0.5"),
        *("--no-search", "--no-ram", "--no-pin", "--json"),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=ROOT, check=True)
    result = json.loads(out.stdout)
    ((table, bare),) = result["runs"]
    for run in (table, bare):
        assert run["actions"] > 20, run  # two rooms acting for two seconds
        assert run["errors"] == 0, run
        assert run["frame_bytes"] > 1000, run  # a view of a four-player Draw round
        assert 0 < run["load_cpu_pct"] < 100, run
    assert table["server"] == "table" and bare["server"] == "bare"


def test_a_short_benchmark_run_with_a_tournament_beside_the_load():
    cmd = [
        sys.executable,
        str(ROOT / "scripts" / "bench_server.py"),
        *("--rooms", "2", "--seconds", "4", "--warmup", "0.5", "--no-search", "--no-ram", "--no-pin"),
        *("--tournament", "2x4", "--tournament-seats", "phones", "--tournament-delay", "0", "--json"),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=180, cwd=ROOT, check=True)
    ((table, _bare, night),) = json.loads(out.stdout)["runs"]
    assert night["server"] == "table + tournament (phones)" and table["server"] == "table"
    assert night["actions"] > 20 and night["errors"] == 0 and night["night_errors"] == 0, night
    # both tables played their round out and the standings showed each result
    assert night["night_ends"] >= 2 and night["night_rounds"] >= 1, night
    assert -1000 < night["standings_min_ms"] <= night["standings_max_ms"] < 5000, night
    assert night["night_polls"] > 0, night  # the players' phones followed their page


def test_a_short_benchmark_run_with_reviews_beside_the_load():
    cmd = [
        sys.executable,
        str(ROOT / "scripts" / "bench_server.py"),
        *("--rooms", "2", "--seconds", "3", "--warmup", "0.5", "--no-search", "--no-ram", "--no-pin"),
        *("--review", "--json"),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=180, cwd=ROOT, check=True)
    ((table, _bare, reviewed),) = json.loads(out.stdout)["runs"]
    assert reviewed["server"] == "table, reviews running" and table["server"] == "table"
    assert reviewed["actions"] > 20 and reviewed["errors"] == 0, reviewed
    assert reviewed["reviews"] >= 1, reviewed  # a review of the finished round was read to its end
