"""A lean websocket client for the server benchmark: the load must cost less than what it
measures.

`scripts/bench server` drives every socket of its load from one asyncio process on one core.
With the `websockets` library each frame went through a task wake-up, a future and the
standard json parser, and that process needed 0.74 ms of CPU per move of the table (six frames
of 3 KB) against the server's 0.65 ms: it ran at 98 % of its core, so part of every latency it
reported was its own queue. Here each socket is one `asyncio.Protocol`: bytes are split into
frames as they arrive (RFC 6455 section 5.2) and each text frame is handed to a callback at
once, parsed by orjson; no task or future per frame.

What a client must do and the servers measured here use: the opening handshake, masked client
frames, unmasked server frames of any length, pings answered, the close handshake, and
permessage-deflate (RFC 7692) when offered and accepted (`--deflate`; the table declines it, the
bare flask-sock server accepts it). Fragmented messages are refused: neither server sends them.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import zlib
from collections.abc import Callable

TEXT, CLOSE, PING, PONG = 0x1, 0x8, 0x9, 0xA
DEFLATE_TAIL = b"\x00\x00\xff\xff"  # RFC 7692 7.2.2: taken off by the sender, put back to inflate


class HandshakeError(ConnectionError):
    pass


def client_frame(opcode: int, payload: bytes, key: bytes | None = None) -> bytes:
    """One final frame from a client: masked, as RFC 6455 requires (5.3)."""
    key = os.urandom(4) if key is None else key
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    mask = (key * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(mask, "big")).to_bytes(n, "big")
    return head + key + masked


class Link(asyncio.Protocol):
    """One websocket. `on_text(payload)` gets each text message (UTF-8 bytes) as it arrives;
    `opened` is done once the server accepted the handshake; `closed` once the connection ended."""

    def __init__(self, host: str, port: int, on_text: Callable[[bytes], None], deflate: bool = False):
        self.host, self.port, self.on_text, self.offer_deflate = host, port, on_text, deflate
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future = loop.create_future()
        self.closed: asyncio.Future = loop.create_future()
        self.transport: asyncio.Transport | None = None
        self._buf = bytearray()
        self._upgraded = False
        self._inflate = None  # a zlib stream once permessage-deflate was accepted
        self._fresh_inflate = False  # server_no_context_takeover: a new stream per message

    @classmethod
    async def connect(cls, host: str, port: int, on_text, deflate: bool = False) -> Link:
        loop = asyncio.get_running_loop()
        _transport, link = await loop.create_connection(lambda: cls(host, port, on_text, deflate), host, port)
        await link.opened
        return link

    # -- asyncio.Protocol ----------------------------------------------------------------------

    def connection_made(self, transport) -> None:
        self.transport = transport
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        offer = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if self.offer_deflate else ""
        transport.write(
            (
                f"GET /ws HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"{offer}\r\n"
            ).encode()
        )

    def data_received(self, data: bytes) -> None:
        self._buf += data
        if not self._upgraded and not self._read_handshake():
            return
        self._read_frames()

    def connection_lost(self, exc) -> None:
        if not self.opened.done():
            self.opened.set_exception(HandshakeError(f"closed during the handshake: {exc}"))
        if not self.closed.done():
            self.closed.set_result(None)

    # -- writing -------------------------------------------------------------------------------

    def send_text(self, text: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(client_frame(TEXT, text))

    async def close(self) -> None:
        """The close handshake: our close frame, then wait (briefly) for the server to end it."""
        if self.transport is None or self.transport.is_closing():
            return
        self.transport.write(client_frame(CLOSE, (1000).to_bytes(2, "big")))
        try:
            await asyncio.wait_for(asyncio.shield(self.closed), 2)
        except TimeoutError:
            pass
        self.transport.close()

    # -- reading -------------------------------------------------------------------------------

    def _read_handshake(self) -> bool:
        end = self._buf.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self._buf[:end]).decode("latin-1")
        del self._buf[: end + 4]
        status = head.split("\r\n", 1)[0]
        if status.split(" ")[1:2] != ["101"]:
            self.opened.set_exception(HandshakeError(status))
            self.transport.close()
            return False
        lines = head.lower().split("\r\n")
        extensions = ",".join(h.split(":", 1)[1] for h in lines if h.startswith("sec-websocket-extensions:"))
        if "permessage-deflate" in extensions:
            self._inflate = zlib.decompressobj(-15)
            self._fresh_inflate = "server_no_context_takeover" in extensions
        self._upgraded = True
        self.opened.set_result(None)
        return True

    def _read_frames(self) -> None:
        buf, pos = self._buf, 0
        while len(buf) - pos >= 2:
            b0, b1 = buf[pos], buf[pos + 1]
            n, head = b1 & 0x7F, 2
            if n == 126:
                if len(buf) - pos < 4:
                    break
                n, head = int.from_bytes(buf[pos + 2 : pos + 4], "big"), 4
            elif n == 127:
                if len(buf) - pos < 10:
                    break
                n, head = int.from_bytes(buf[pos + 2 : pos + 10], "big"), 10
            if b1 & 0x80:
                raise ValueError("a server's frame must not be masked")
            if len(buf) - pos < head + n:
                break
            payload = bytes(buf[pos + head : pos + head + n])
            pos += head + n
            self._frame(b0, payload)
        del buf[:pos]

    def _frame(self, b0: int, payload: bytes) -> None:
        opcode = b0 & 0x0F
        if not b0 & 0x80 or opcode == 0:
            raise ValueError("fragmented messages are not expected from these servers")
        if b0 & 0x40:  # RSV1: a compressed message
            if self._inflate is None:
                raise ValueError("a compressed frame without permessage-deflate")
            if self._fresh_inflate:
                self._inflate = zlib.decompressobj(-15)
            payload = self._inflate.decompress(payload + DEFLATE_TAIL)
        if opcode == TEXT:
            self.on_text(payload)
        elif opcode == PING:
            self.transport.write(client_frame(PONG, payload))
        elif opcode == CLOSE:
            if not self.transport.is_closing():
                self.transport.write(client_frame(CLOSE, payload[:2]))
                self.transport.close()
