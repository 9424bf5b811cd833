"""Frames to text, and text to websocket frames on the socket.

Encoding: orjson encodes a view frame several times faster than the
standard json module, and the frames are most of the server's work per move (six sockets per
table). Plain orjson first: `OPT_NON_STR_KEYS` makes every frame ~3x slower to encode, and only
a frame with a non-string key needs it. A frame orjson refuses even then (a lone surrogate in a
string) falls back to json's escaping.

Writing: the server's frames are written here, not by simple_websocket's `send`, which builds
each frame with wsproto's general serializer (pure Python, ~8 % of the serving thread's time)
and hands it to one `socket.send`, which may take only part of it. A server's text frame is a
fixed header and the text (RFC 6455 section 5.2: unmasked, final, opcode 1); wsproto keeps no
state for the frames a server sends, so the connection's own reading, pings and close are
unaffected."""

from __future__ import annotations

import json
import socket
import struct

import orjson
from simple_websocket import ConnectionClosed


def encode(frame: dict) -> bytes:
    """The frame as JSON text, in UTF-8 (what a websocket text frame carries)."""
    try:
        return orjson.dumps(frame)
    except TypeError:  # a non-string key (orjson.JSONEncodeError is a TypeError too)
        pass
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(frame, separators=(",", ":")).encode()  # ASCII: lone surrogates escaped


def ws_frame(frame: dict) -> bytes:
    """The websocket text frame that carries `frame`, ready to write."""
    return text_frame(encode(frame))


def text_frame(payload: bytes) -> bytes:
    """One final, unmasked websocket text frame holding `payload` (UTF-8 text)."""
    n = len(payload)
    if n < 126:
        head = bytes((0x81, n))
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x81, 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 127, n)
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
