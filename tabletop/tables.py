"""The registry of rooms: all rooms of one server, restored from the store at start, plus what
the rooms share (the store, the computers' runner, the hint slots and budgets, the kiosk PIN)
and the limits kept per client address (rooms opened, wrong PINs)."""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time
import weakref
from collections import Counter
from pathlib import Path
from typing import Any

from . import config
from .autoplay import Runner
from .cpu_worker import ProcessOffload
from .discovery import HOST_FILE, HostName
from .errors import Refused
from .limits import Bucket, Buckets, Tries
from .night import Night
from .offload import Offload, gevent_patched
from .regulars import Regulars
from .rooms import Room
from .seats import new_token, token_hash
from .settings import Settings
from .sockets import Sockets

log = logging.getLogger("tabletop.tables")


class Tables:
    """Lock order: a room's lock may be held when `self.lock` is taken, never the other way."""

    def __init__(self, store, settings: Settings | None = None):
        settings = settings or Settings()
        self.settings = settings
        self.store = store
        self.name = settings.name
        self.base_url = settings.first_url.rstrip("/")  # re-made as the address changes (announce.py)
        self.kiosk = settings.kiosk
        self.pin = settings.pin
        self.wifi = settings.wifi
        self.rate = settings.rate  # per connection: messages per second, burst
        self.rooms: dict[str, Room] = {}
        self.lock = threading.Lock()
        self.runner = Runner(settings.computer_delay)
        threads = config.COMPUTER_WORKERS + config.HINT_SLOTS
        # computer moves and hints: served on gevent, in a process of their own (cpu_worker.py)
        self.cpu = ProcessOffload(threads) if gevent_patched() else Offload(threads)
        # reviews of finished rounds (review.py): one decision per job, in a worker of their own at
        # the lowest priority, so a review never holds up a computer's move or a hint
        self.review_cpu = ProcessOffload(1, nice=config.REVIEW_NICE) if gevent_patched() else Offload(1)
        self.review_slots = threading.BoundedSemaphore(config.REVIEW_SLOTS)
        self.hosts = frozenset(h.lower() for h in settings.hosts)  # names it answers to, as well
        self.data_dir = settings.data if settings.stored else None  # the mDNS host name's folder
        self.pin_tries = Tries(config.PIN_TRIES, config.PIN_WINDOW)  # by connection and by address
        self.pin_tries_all = Tries(config.PIN_TRIES_ALL, config.PIN_WINDOW_ALL)  # all but own screen
        self.sockets = Sockets()  # websockets per client address: open, opened lately, flooded
        self.room_openings = Buckets(config.ROOM_OPEN_RATE, config.ROOM_OPEN_BURST)  # by address
        self.seat_takings = Buckets(config.JOIN_RATE, config.JOIN_BURST)  # by address
        self.hint_slots = threading.BoundedSemaphore(config.HINT_SLOTS)
        self._room_hints: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # room -> Bucket
        self._stop = threading.Event()
        self.night = Night(self)  # the night's tournament across the tables (night.py)
        self.regulars = Regulars(self)  # the players the house remembers (regulars.py)

    def server_info(self) -> dict:
        return {"name": self.name, "kiosk": self.kiosk, "protocol": config.PROTOCOL}

    def mdns_name(self) -> str | None:
        """This table's mDNS host name (`domino-table-<6 hex>.local`), once one was drawn."""
        try:
            label = (Path(self.data_dir) / HOST_FILE).read_text().strip() if self.data_dir else ""
        except OSError:
            return None
        return f"{label}.local" if HostName.PATTERN.match(label) else None

    @property
    def guarded(self) -> bool:
        """Kiosk mode with a PIN: some host commands need `unlock` first."""
        return bool(self.kiosk and self.pin)

    def restore(self) -> None:
        for row in self.store.load_rooms():
            try:
                room = Room(
                    self,
                    row["id"],
                    row["name"],
                    row["host_hash"],
                    row["meta"],
                    row["version"],
                    row["seats"],
                    row["record"],
                    row.get("hands_seen"),
                )
            except Exception:
                log.exception("room %s could not be restored; skipped", row["id"])
                continue
            self.rooms[room.id] = room
            with room.lock:
                room.wake_computer()
        if self.rooms:
            log.info("restored %d room(s)", len(self.rooms))
        self.night.restore()

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None or room.closed:
            raise Refused("no_room")
        return room

    def summaries(self) -> list[dict]:
        out = []
        for room in list(self.rooms.values()):
            summary = room.summary()
            if not room.closed:
                out.append(summary)
        return out

    def create_room(self, name: str | None = None, conn=None) -> tuple[Room, str]:
        """A new room opened by `conn` (None: by the server itself). The table's own screen is
        never refused: the room limit is for everybody else."""
        with self.lock:
            if len(self.rooms) >= config.MAX_ROOMS and not getattr(conn, "own_screen", False):
                raise Refused("too_many_rooms")
            while True:
                room_id = "".join(
                    secrets.choice(config.ROOM_CODE_ALPHABET) for _ in range(config.ROOM_CODE_LENGTH)
                )
                if room_id not in self.rooms:
                    break
            host_token = new_token()
            meta: dict[str, Any] = {
                "profile": None,
                "options": None,
                "seats": [],
                "deals": [],
                "ai_secret": secrets.token_hex(16),
            }
            name = name or f"Table {len(self.rooms) + 1}"
            self.store.create_room(room_id, name, token_hash(host_token), meta, 0)
            room = Room(self, room_id, name, token_hash(host_token), meta, 0, {}, None)
            room.opened_from = getattr(conn, "address", None)
            self.rooms[room_id] = room
            return room, host_token

    def close_room(self, room: Room) -> None:
        """Delete `room`; it is gone from `rooms` before its sockets hear `no_room`."""

        def forget():
            with self.lock:
                self.rooms.pop(room.id, None)

        room.close(forget)

    def check_pin(self, pin: str, conn) -> bool:
        """Whether `pin` is the table's. Wrong tries count against the connection, and against
        its client address unless it is the table's own screen (`conn.own_screen`: never locked
        out by anybody else's tries, only by its own connection's)."""
        keys = [conn] if conn.own_screen else [conn, ("address", conn.address)]
        wait = max(self.pin_tries.wait(k) for k in keys)
        if not conn.own_screen:  # many addresses share one budget: fresh ones bring no fresh tries
            wait = max(wait, self.pin_tries_all.wait("all"))
        if wait > 0:
            seconds = math.ceil(wait)
            raise Refused("rate_limited", f"too many wrong PINs; wait {seconds} s", retry_after=seconds)
        if self.pin is not None and secrets.compare_digest(pin.encode(), self.pin.encode()):
            return True
        for k in keys:
            self.pin_tries.fail(k)
        if not conn.own_screen:
            self.pin_tries_all.fail("all")
        return False

    def may_open_room(self, conn) -> None:
        """Whether `conn` may open a room. The table's own screen always may. In kiosk mode
        nobody else does without the PIN; anyone else opens rooms at a rate per client address,
        and holds at most `config.ROOMS_PER_ADDRESS` open rooms from it; when the table is full
        a room of an address holding more may make way (`_make_room_for`)."""
        if conn.own_screen:
            return
        if self.kiosk and not (self.guarded and conn.unlocked):
            raise Refused(
                "pin_required", "in kiosk mode only the table's own screen, or the PIN, opens a room"
            )
        if not self.room_openings.take(conn.address):
            raise Refused("rate_limited", "too many rooms opened from this address; wait a minute")
        held = sum(1 for r in list(self.rooms.values()) if r.opened_from == conn.address and not r.closed)
        if held >= config.ROOMS_PER_ADDRESS:
            raise Refused("device_rooms", f"{held} rooms opened from this address are open; close one first")
        if len(self.rooms) >= config.MAX_ROOMS:
            self._make_room_for(conn.address, held)

    def _make_room_for(self, address: str, held: int) -> None:
        """The room table is full and `address`, which holds `held` rooms, opens one: a room of
        an address holding at least two more than it (no phone in it; one without a game first,
        then the quietest) is closed for it, or `too_many_rooms`. Guests filling the table from
        a few addresses, a few rooms each, never keep a new table screen out; an address
        holding one room (a family's TV) never loses it; filling the table takes as many
        addresses as it has rooms, and the table's own screen is never refused anyway."""
        rooms = [r for r in list(self.rooms.values()) if not r.closed]
        by_address: Counter[str | None] = Counter(
            r.opened_from for r in rooms if r.opened_from not in config.OWN_SCREEN_ADDRESSES
        )
        by_address.pop(None, None)  # restored rooms: opened from nobody known (they expire)
        candidates = [
            r
            for r in rooms
            if by_address[r.opened_from] >= held + 2 and r.opened_from != address and not r.has_phone()
        ]
        if not candidates:
            raise Refused("too_many_rooms")
        victim = min(candidates, key=lambda r: (-by_address[r.opened_from], r.match is not None, r.touched))
        log.info(
            "room %s closed for a new table (its address held %d)", victim.id, by_address[victim.opened_from]
        )
        self.close_room(victim)

    def may_take_seat(self, conn) -> None:
        """The per-address rate of `join` (the table's own screen has none): a family's phones
        sit down together, a script taking seats again and again waits."""
        if not getattr(conn, "own_screen", True) and not self.seat_takings.take(conn.address):
            raise Refused("rate_limited", "too many seats taken from this address; wait a moment")

    def charge_hint(self, conn, room) -> None:
        """A hint is about to be computed for `conn` in `room`: one token from each budget, the
        connection's and the room's, or `rate_limited` (a hint asked again is never charged)."""
        own = getattr(conn, "hint_bucket", None)
        with self.lock:
            shared = self._room_hints.setdefault(room, Bucket(config.ROOM_HINT_RATE, config.ROOM_HINT_BURST))
        if (own is not None and not own.ready()) or not shared.take():
            raise Refused("rate_limited", "too many hints; wait a moment")
        if own is not None:
            own.take()

    def sweep_idle(
        self, idle_seconds: float, now: float | None = None, empty_seconds: float = 0
    ) -> list[str]:
        """Close rooms with no phone connected where nothing happened for `idle_seconds` (0:
        never): a kiosk table goes back to its welcome screen (its socket gets `no_room` and is
        in the lobby again), and abandoned rooms do not pile up. Rooms that no table screen
        shows and that never started a game go after `empty_seconds` already, so rooms opened
        and left (or kept over a restart, or held by idle guests' sockets) do not hold the
        slots. Their game records stay in the store."""
        now = time.monotonic() if now is None else now
        closed = []
        for room in list(self.rooms.values()):
            if self.night.takes_part(room):  # a table of tonight's tournament waits for its round
                continue
            quiet = now - room.touched
            idle = idle_seconds and quiet >= idle_seconds and not room.has_phone()
            empty = empty_seconds and quiet >= empty_seconds and room.match is None and not room.has_host()
            if idle or empty:
                self.close_room(room)
                closed.append(room.id)
        if closed:
            log.info("closed idle room(s): %s", ", ".join(closed))
        return closed

    def start_sweeper(self, idle_seconds: float, empty_seconds: float = 0) -> None:
        every = min(config.IDLE_SWEEP_EVERY, *(s / 4 for s in (idle_seconds, empty_seconds) if s))

        def loop():
            while not self._stop.wait(every):
                try:
                    self.sweep_idle(idle_seconds, empty_seconds=empty_seconds)
                except Exception:
                    log.exception("idle sweep failed")

        threading.Thread(target=loop, name="idle-sweep", daemon=True).start()

    def shutdown(self) -> None:
        self._stop.set()
        self.runner.stop()
        self.cpu.close()
        self.night.close_workers()
        self.review_cpu.close()
