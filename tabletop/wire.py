"""Frames to text, and text to websocket frames on the socket.

Encoding: `jsontext.encode` (orjson): the frames are most of the server's work per move (six
sockets per table).

Writing: the server's frames are written here, not by simple_websocket's `send`, which builds
each frame with wsproto's general serializer (pure Python, ~8 % of the serving thread's time)
and hands it to one `socket.send`, which may take only part of it. A server's text frame is a
fixed header and the text (RFC 6455 section 5.2: unmasked, final, opcode 1); wsproto keeps no
state for the frames a server sends, so the reading (ws_reader.py) and close are
unaffected."""

from __future__ import annotations

import socket
import struct

from simple_websocket import ConnectionClosed

from .jsontext import encode


def ws_frame(frame: dict) -> bytes:
    """The websocket text frame that carries `frame`, ready to write."""
    return text_frame(encode(frame))


def text_frame(payload: bytes) -> bytes:
    """One final, unmasked websocket text frame holding `payload` (UTF-8 text)."""
    return server_frame(0x1, payload)


def server_frame(opcode: int, payload: bytes) -> bytes:
    """One final, unmasked websocket frame (a server's) of `opcode` holding `payload`."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, n))
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x80 | opcode, 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 127, n)
    return head + payload


def _socket_of(ws):
    if not ws.connected:
        raise ConnectionClosed(ws.close_reason, ws.close_message)
    return ws.sock


def send_all(ws, data: bytes) -> None:
    """Write `data` whole, waiting for the socket as long as it takes."""
    _socket_of(ws).sendall(data)


def send_without_waiting(ws, data: bytes) -> int:
    """Write as much of `data` as the socket takes now: the bytes written (0: none)."""
    sock = _socket_of(ws)
    raw = getattr(sock, "_sock", sock)  # gevent's socket wraps the OS socket, which never blocks
    try:
        return raw.send(data, socket.MSG_DONTWAIT)
    except (BlockingIOError, InterruptedError):
        return 0
