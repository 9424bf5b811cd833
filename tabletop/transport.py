"""A websocket connection's transport: one per page, each with its own send lock and sender
thread. What it receives is answered by the router it was made with (`hub.answer`).

- A frame goes out at once, from the thread (greenlet) that made it, when the socket takes it
  without waiting: the room's broadcast costs no thread switch per socket. What the socket does
  not take (a phone that stopped reading fills its buffer) goes to the connection's outbox, and
  only its sender thread waits for the socket, under the send lock; from then on views are taken
  when sent (coalesced: a slow phone gets the newest view, not a backlog), so a stalled client
  never holds up a room or another connection. The room builds and encodes each view frame once
  per change for every socket of the same role and seat (`Room.frame_for`), as the bytes of
  its websocket frame (`wire.ws_frame`).
- Incoming frames are read in the socket's own greenlet (`ws_reader.Reader`); the sender, idle
  unless its socket is slow, pings the client when its outbox stayed empty for a ping interval,
  and shuts the socket of a client that did not answer the last ping.
- The outbox is a `queue.SimpleQueue` (under gevent, gevent's own): putting a frame and waking
  the sender cost far less than a condition variable, which allocates a lock per wait.
- The answer to a message (welcome, joined, ok, error...) and the view of the change it made go
  out in one write (`handle`).
- A socket sending more than its share of messages is told `rate_limited`; a flood closes it and
  bans its address for a while (`tables.sockets`, which `guard.py` reads at the handshake).
"""

from __future__ import annotations

import logging
import math
import queue
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from . import config, messages, wire, ws_reader
from .limits import Bucket

log = logging.getLogger("tabletop.transport")

_VIEW = object()  # outbox marker: send the room's current view
_CLOSED = object()  # outbox marker: the connection was closed, the sender stops
_CLOSED_BY_ERROR = object()  # the same, after a failed write: the sender closes the socket too


class Connection:
    def __init__(self, ws, tables, address: str, route: Callable[[Connection, Any], None]):
        self.ws = ws
        self._route = route  # answers one incoming message (`hub.answer`)
        self.tables = tables
        self.address = address  # the client's IP address (the TCP peer's; no proxy header is read)
        self.own_screen = address in config.OWN_SCREEN_ADDRESSES  # a browser on this machine
        self.send_lock = threading.Lock()  # whoever writes to the socket holds it
        self._lock = threading.Lock()  # `closed`, `_views`, `_queued`
        self._outbox: queue.SimpleQueue[Any] = queue.SimpleQueue()  # bytes, _VIEW and _CLOSED markers
        self._views = 0  # _VIEW markers in the outbox; when > 0, the newest item is one
        self._queued = 0  # items put in the outbox and not yet written by the sender
        self._answering: int | None = None  # the thread (greenlet) handling this socket's message, if one is
        self._answer: list[bytes] = []  # the frames it sent this socket meanwhile
        self._view_wanted = False  # a view was pushed meanwhile: it goes after the answer
        self.closed = False
        self.greeted = False  # hello answered
        self._room = None  # the room this socket is in (its role there is the room's to know)
        self.unlocked_until = 0.0  # kiosk: this socket gave the PIN; unlocked until then (monotonic)
        self.watch_token: str | None = None  # a second screen's watch token (Room.admit)
        self.watch_hash: str | None = None
        self._messages = Bucket(*tables.rate)
        self.hint_bucket = Bucket(config.HINT_RATE, config.HINT_BURST)  # hints computed for it
        self._dropped = 0
        self._dropped_since = time.monotonic()
        self._last_rate_error = 0.0
        self.reader = ws_reader.Reader(
            ws, self.write_control, config.HARD_MAX_FRAME, self.allow, config.MAX_FRAGMENTS
        )
        self._thread = threading.Thread(target=self._sender, name="ws-send", daemon=True)
        self._thread.start()

    @property
    def unlocked(self) -> bool:
        return self.unlock_left() > 0

    def unlock_left(self) -> int:
        """Whole seconds this socket stays unlocked (0: locked)."""
        return max(0, math.ceil(self.unlocked_until - time.monotonic()))

    @property
    def room(self):
        """The room this socket is in, None in the lobby (or once its room was closed)."""
        room = self._room
        return None if room is None or room.closed else room

    @room.setter
    def room(self, room) -> None:
        self._room = room

    # -- outgoing ------------------------------------------------------------------------------

    def _answering_now(self) -> bool:
        return self._answering is not None and self._answering == threading.get_ident()

    def send(self, frame: dict) -> None:
        data = wire.ws_frame(frame)
        if self._answering_now():  # written with the rest of the answer, in one go
            self._answer.append(data)
            return
        self._deliver(data)

    def _deliver(self, data: bytes) -> None:
        """Frames (their bytes, in order) out at once if the socket takes them, else queued."""
        with self._lock:
            if self.closed:
                return
            if not self._queued and self._write_now(data):
                return
            self._enqueue(data)
            if self._views:  # a view waits: one goes behind these frames too (and only it is sent)
                self._views += 1
                self._enqueue(_VIEW)

    def write_control(self, data: bytes) -> None:
        """A ping, pong or close frame of the websocket layer, in order with the others."""
        self._deliver(data)

    def push_view(self) -> None:
        """Send the current view. A view always follows the frames (welcome, joined, ok) of the
        change it shows: the socket whose message is being answered gets it after the answer.
        A socket that cannot take it now gets it later, taken when sent: only the last of the
        views waiting is sent, so a slow phone gets the newest view, not a backlog."""
        if self._answering_now():
            self._view_wanted = True
            return
        if not self._queued and not self.closed:
            room = self.room  # built before `_lock`: the room's lock comes first (`Room._notify`)
            data = None if room is None else room.frame_for(self)
            if data is None:
                return
            with self._lock:
                if self.closed or (not self._queued and self._write_now(data)):
                    return
        with self._lock:
            if self.closed or self._views:  # the newest item is a view already
                return
            self._views = 1
            self._enqueue(_VIEW)

    def _enqueue(self, item) -> None:
        self._queued += 1
        self._outbox.put(item)

    def _write_now(self, data: bytes) -> bool:
        """Under `_lock`, with nothing queued: write one frame if the socket takes it without
        waiting. What a nearly full socket did not take goes first in the outbox, so the frame is
        still sent whole and in order; False (nothing written) when the socket takes nothing or
        another writer holds it."""
        if not self.send_lock.acquire(blocking=False):
            return False
        try:
            sent = wire.send_without_waiting(self.ws, data)
        except Exception as exc:  # the socket is gone
            log.debug("send failed: %s", exc)
            self._closed_by_error()
            return True
        finally:
            self.send_lock.release()
        if sent == 0:
            return False
        if sent < len(data):
            self._enqueue(data[sent:])
        return True

    def _sender(self) -> None:
        """Writes what could not be written at once, in order, waiting for the socket as long as
        it takes: a stalled phone holds up only this thread (greenlet), never a room."""
        while True:
            try:
                item = self._outbox.get(timeout=config.PING_INTERVAL)
            except queue.Empty:  # a quiet while: is the client still there?
                if not self.reader.keepalive():
                    self._shut()
                continue
            if item is _CLOSED_BY_ERROR:
                try:
                    self.ws.close()
                except Exception:
                    pass
                return
            if self.closed or item is _CLOSED:
                return
            try:
                data = self._bytes_of(item)
                if data is not None:
                    with self.send_lock:
                        wire.send_all(self.ws, data)
            except Exception as exc:  # the socket is gone (or a frame could not be built)
                if not self.closed:
                    log.debug("send failed: %s", exc)
                self.close()
                return
            finally:
                with self._lock:
                    self._queued -= 1

    def _bytes_of(self, item) -> bytes | None:
        """What to write for an outbox item: frames' bytes (or the rest of one the socket took
        only part of) as they are; for a view marker, the newest view, or None when a later
        marker follows or the socket is no longer in a room."""
        if item is not _VIEW:
            return item
        with self._lock:
            self._views -= 1
            if self._views:  # a later view follows: this one would be stale
                return None
        room = self.room
        return None if room is None else room.frame_for(self)

    def _shut(self) -> None:
        """The client stopped answering pings: its socket is shut, which ends its reading (and,
        through it, the connection)."""
        log.info("closing a websocket that did not answer a ping")
        try:
            self.ws.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _send_now(self, frame: dict) -> None:
        try:
            with self.send_lock:
                wire.send_all(self.ws, wire.ws_frame(frame))
        except Exception:  # already gone: nothing to tell
            pass

    def _closed_by_error(self) -> None:
        """Under `_lock`: the socket failed while written to. The sender stops and closes it: a
        close that had to wait would hold up whoever wrote, with the connection's lock held."""
        self.closed = True
        self._outbox.put(_CLOSED_BY_ERROR)

    def close(self) -> None:
        with self._lock:
            if self.closed:
                return
            self.closed = True
            self._outbox.put(_CLOSED)
        try:
            with self.send_lock:
                self.ws.close()
        except Exception:
            pass

    # -- rate limit ----------------------------------------------------------------------------

    def allow(self, raw=None) -> bool:
        """Whether the message `raw` (None: a websocket ping) is within this socket's budget.
        A message over it is dropped; at most one a second is answered `rate_limited`, with
        its `ref` (read only then: a flood costs no parse per message)."""
        if self._messages.take():
            return True
        now = time.monotonic()
        if now - self._dropped_since > config.FLOOD_WINDOW:
            self._dropped, self._dropped_since = 0, now
        self._dropped += 1
        if self._dropped > config.FLOOD_CLOSE:
            log.warning("closing a flooding websocket")
            if not self.own_screen:  # the address opens no websocket for a while
                self.tables.sockets.flooded(self.address)
            # said at once, not queued: the socket closes before the sender would get to it
            self._send_now(self._rate_error("flooding: closed", raw))
            self.close()
        elif now - self._last_rate_error > 1:
            self._last_rate_error = now
            self.send(self._rate_error("too many messages", raw))
        return False

    @staticmethod
    def _rate_error(detail: str, raw) -> dict:
        frame: dict = {"type": "error", "code": "rate_limited", "detail": detail}
        ref = None if raw is None else messages.ref_of(raw)
        if ref is not None:
            frame["ref"] = ref
        return frame

    # -- incoming ------------------------------------------------------------------------------

    def handle(self, raw) -> None:
        """Answer one message. What the answer sends this socket (welcome, joined, ok, error...)
        and the view of the change it made, last, are written together: one write, not two."""
        self._answering = threading.get_ident()
        try:
            self._handle(raw)
        finally:
            self._answering = None
            answer, self._answer = self._answer, []
            view, self._view_wanted = self._view_wanted, False
            if view and not self._queued:
                room = self.room
                data = None if room is None else room.frame_for(self)
                view = False
                if data is not None:
                    answer.append(data)
            if answer:
                self._deliver(b"".join(answer))
            if view:  # the outbox is not empty: the view goes behind it, taken when sent
                self.push_view()

    def _handle(self, raw) -> None:
        self._route(self, raw)

    def error(self, code, detail, ref=None, extra=None) -> None:
        frame = {"type": "error", "code": code, "detail": detail, **(extra or {})}
        if ref is not None:
            frame["ref"] = ref
        self.send(frame)
