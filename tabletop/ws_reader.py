"""A client's websocket messages, read in the connection's own thread (greenlet).

simple_websocket reads every socket in a thread of its own, through wsproto's general parser
(pure-Python unmasking, a generator per frame), with a selector per socket for its pings, and
hands each message over through an event: two thread switches per message. Under the café's
load that reading was about a sixth of the server's time (`scripts/bench server`). The handshake
stays simple_websocket's (wsproto's); from then on this reads what a client may send (RFC 6455
section 5): masked frames without extension bits (the hub negotiates none), text, binary and
continuation frames, ping, pong and close. A frame the RFC forbids is answered as wsproto answers
it: a close frame with its code (1002; 1007 for text that is not UTF-8; 1009 for a message over
the limit, before its payload is read), then the socket is closed.

Control frames (pong, ping, the close echo) are written through `write`, the connection's own
ordered path, so they never land inside a frame another thread is writing."""

from __future__ import annotations

import codecs
import struct
import time
from typing import NoReturn

from simple_websocket import ConnectionClosed
from wsproto.frame_protocol import CloseReason

from .wire import server_frame

# bytes asked of the socket per read, as simple_websocket did: a valid message is at most 4 KiB
# (PROTOCOL.md), and each read allocates a buffer this size before it is cut to what came
RECEIVE_BYTES = 4096
YIELD_EVERY = 32  # frames read in one go before the greenlet lets the others run
_CONTINUATION, _TEXT, _BINARY, _CLOSE, _PING, _PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
_DATA = (_CONTINUATION, _TEXT, _BINARY)
_CONTROL = (_CLOSE, _PING, _PONG)
_LOCAL_ONLY = (CloseReason.NO_STATUS_RCVD, CloseReason.ABNORMAL_CLOSURE, CloseReason.TLS_HANDSHAKE_FAILED)
_KNOWN = {int(c) for c in CloseReason}


class ProtocolError(Exception):
    def __init__(self, code: int, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


def control_frame(opcode: int, payload: bytes = b"") -> bytes:
    """A server's control frame (at most 125 bytes of payload)."""
    return server_frame(opcode, payload)


def close_frame(code: int, reason: str = "") -> bytes:
    """The close frame for `code` (1005, no status, as an empty payload), its reason cut to fit."""
    if code == CloseReason.NO_STATUS_RCVD:
        return control_frame(_CLOSE)
    text = reason.encode()[:123].decode(errors="ignore").encode()  # whole characters only
    return control_frame(_CLOSE, struct.pack("!H", code) + text)


def unmask(payload: bytes, mask: bytes) -> bytes:
    n = len(payload)
    if not n:
        return payload
    key = int.from_bytes((mask * (n // 4 + 1))[:n], "little")
    return (int.from_bytes(payload, "little") ^ key).to_bytes(n, "little")


def close_reason(payload: bytes) -> tuple[int, str]:
    """(code, reason) of a client's close frame; ProtocolError for one the RFC forbids."""
    if not payload:
        return CloseReason.NO_STATUS_RCVD, ""
    if len(payload) == 1:
        raise ProtocolError(CloseReason.PROTOCOL_ERROR, "CLOSE with 1 byte payload")
    (code,) = struct.unpack_from("!H", payload)
    if code < 1000 or code > 4999:
        raise ProtocolError(CloseReason.PROTOCOL_ERROR, "CLOSE with invalid code")
    if code in _LOCAL_ONLY:
        raise ProtocolError(CloseReason.PROTOCOL_ERROR, "remote CLOSE with local-only reason")
    if code <= 2999 and code not in _KNOWN:
        raise ProtocolError(CloseReason.PROTOCOL_ERROR, "CLOSE with unknown reserved code")
    try:
        return code, payload[2:].decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(CloseReason.INVALID_FRAME_PAYLOAD_DATA, "CLOSE reason is not UTF-8") from None


class FrameParser:
    """Client frames out of the bytes received so far, and messages out of the frames."""

    def __init__(self, max_message: int, max_fragments: int = 64):
        self.max_message = max_message
        self.max_fragments = max_fragments  # frames of one message (1-byte fragments cost CPU)
        self.buffer = bytearray()
        self._parts: list = []  # the fragments of the message being received (bytes, or str of text)
        self._opcode: int | None = None  # its opcode (text or binary)
        self._size = 0  # its bytes so far
        self._text: codecs.BufferedIncrementalDecoder | None = None  # a text message's in fragments

    def frame(self) -> tuple[bool, int, bytes] | None:
        """The next whole frame (final, opcode, unmasked payload), None until it has arrived."""
        buf = self.buffer
        if len(buf) < 2:
            return None
        first, second = buf[0], buf[1]
        final, opcode, n = bool(first & 0x80), first & 0x0F, second & 0x7F
        if first & 0x70:
            raise ProtocolError(CloseReason.PROTOCOL_ERROR, "Reserved bit set unexpectedly")
        if opcode not in _DATA and opcode not in _CONTROL:
            raise ProtocolError(CloseReason.PROTOCOL_ERROR, f"Invalid opcode {opcode:#x}")
        if opcode in _CONTROL and not final:
            raise ProtocolError(CloseReason.PROTOCOL_ERROR, "Invalid attempt to fragment control frame")
        if opcode in _CONTROL and n > 125:
            raise ProtocolError(CloseReason.PROTOCOL_ERROR, "Control frame with payload len > 125")
        if not second & 0x80:
            raise ProtocolError(CloseReason.PROTOCOL_ERROR, "Request from client was not masked")
        start = 2
        if n == 126:
            if len(buf) < 4:
                return None
            (n,) = struct.unpack_from("!H", buf, 2)
            start = 4
            if n <= 125:
                raise ProtocolError(CloseReason.PROTOCOL_ERROR, "Payload length used 2 bytes when 1 would do")
        elif n == 127:
            if len(buf) < 10:
                return None
            (n,) = struct.unpack_from("!Q", buf, 2)
            start = 10
            if n <= 0xFFFF or n >> 63:
                raise ProtocolError(CloseReason.PROTOCOL_ERROR, "Payload length used 8 bytes wrongly")
        if opcode in _DATA and self._size + n > self.max_message:  # said before it is all read
            raise ProtocolError(CloseReason.MESSAGE_TOO_BIG, "Message is too big")
        end = start + 4 + n
        if len(buf) < end:
            return None
        payload = unmask(bytes(buf[start + 4 : end]), bytes(buf[start : start + 4]))
        del buf[:end]
        return final, opcode, payload

    def message(self, final: bool, opcode: int, payload: bytes) -> str | bytes | None:
        """A data frame taken into the message it belongs to: the message once it is whole.
        Text is decoded as it comes, so a fragment that is not UTF-8 fails at once (as wsproto)."""
        if opcode == _CONTINUATION:
            if self._opcode is None:
                raise ProtocolError(CloseReason.PROTOCOL_ERROR, "unexpected CONTINUATION")
        elif self._opcode is not None:
            raise ProtocolError(CloseReason.PROTOCOL_ERROR, "expected CONTINUATION, got a new message")
        else:
            self._opcode = opcode
            if not final and opcode == _TEXT:
                self._text = codecs.getincrementaldecoder("utf-8")()
        try:
            part = payload if self._opcode == _BINARY else self._decode(payload, final)
        except UnicodeDecodeError:
            raise ProtocolError(CloseReason.INVALID_FRAME_PAYLOAD_DATA, "text is not UTF-8") from None
        if not final:
            self._parts.append(part)
            self._size += len(payload)
            if len(self._parts) >= self.max_fragments:
                raise ProtocolError(CloseReason.POLICY_VIOLATION, "Message in too many fragments")
            return None
        if self._parts:
            self._parts.append(part)
            part = part[:0].join(self._parts)
        self._opcode, self._parts, self._size, self._text = None, [], 0, None
        return part

    def _decode(self, payload: bytes, final: bool) -> str:
        if self._text is None:  # a message in one frame
            return payload.decode("utf-8")
        return self._text.decode(payload, final)


class Reader:
    """The messages of one server-side websocket (`ws`: simple_websocket's Server, started with
    no thread of its own). `keepalive()`, called every ping interval, pings the client; one that
    did not answer the last ping by then is gone."""

    def __init__(self, ws, write, max_message: int, allow_ping=lambda: True, max_fragments: int = 64):
        self.ws = ws
        self.write = write  # (bytes) -> None: out in order with the connection's frames
        self.allow_ping = allow_ping  # () -> bool: a client's ping is answered only within its budget
        self.parser = FrameParser(max_message, max_fragments)
        self._pong = True  # the last ping was answered (or none was sent yet)

    def receive(self) -> str | bytes:
        """The next message: str for text, bytes for binary. ConnectionClosed when the socket
        closed, after its close handshake or a protocol error (answered, the socket shut)."""
        frames = 0
        try:
            while True:
                if not self.ws.connected:  # the server closed it (a flood): read no more
                    raise ConnectionClosed(self.ws.close_reason, self.ws.close_message)
                frame = self.parser.frame()
                if frame is None:
                    self._fill()
                    continue
                frames += 1
                if frames % YIELD_EVERY == 0:  # a stream of control frames never returns a
                    time.sleep(0)  # message: let the other connections' greenlets run
                final, opcode, payload = frame
                if opcode == _PING:
                    if self.allow_ping():  # pings count as messages: else a flood of them is free
                        self.write(control_frame(_PONG, payload))
                elif opcode == _PONG:
                    self._pong = True
                elif opcode == _CLOSE:
                    code, reason = close_reason(payload)
                    self._end(code, reason)
                else:
                    message = self.parser.message(final, opcode, payload)
                    if message is not None:
                        return message
        except ProtocolError as exc:
            self._end(exc.code, exc.reason)

    def keepalive(self) -> bool:
        """Ping the client; False when it did not answer the last ping (1008 is said: the caller
        shuts the socket, which ends `receive`)."""
        if not self._pong:
            if self.ws.connected:
                self.write(close_frame(CloseReason.POLICY_VIOLATION, "Ping/Pong timeout"))
            self.ws.connected = False
            return False
        self._pong = False
        self.write(control_frame(_PING))
        return True

    def _end(self, code: int, reason: str, say: bool = True) -> NoReturn:
        """Say the close frame (unless the server closed first: it said its own), then stop."""
        if say and self.ws.connected:
            self.write(close_frame(code, reason))
        self.ws.connected = False
        self.ws.close_reason, self.ws.close_message = code, reason
        raise ConnectionClosed(code, reason)

    def _fill(self) -> None:
        """More bytes. No timeout: the socket waits in the event loop, and a client that went
        away without a word is found by `keepalive` (its socket then shut)."""
        try:
            data = self.ws.sock.recv(RECEIVE_BYTES)
        except OSError:
            data = b""
        if not data:
            self._end(CloseReason.ABNORMAL_CLOSURE, "", say=False)
        self.parser.buffer += data


class NoThread:
    """What simple_websocket is given to start its reading thread: this server reads in each
    socket's own greenlet (`Reader`), so the thread does nothing."""

    def __init__(self, target=None):
        self.name = "ws-read"

    def start(self) -> None:
        pass
