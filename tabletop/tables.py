"""The registry of rooms: all rooms of one server, restored from the store at start, plus what
the rooms share (the store, the computers' runner, the hint slots, the kiosk PIN)."""

from __future__ import annotations

import logging
import secrets
import threading
import time

from . import config
from .computer import Runner
from .errors import Refused
from .offload import Offload
from .rooms import Room
from .seats import new_token, token_hash

log = logging.getLogger("tabletop.tables")


class Tables:
    """Lock order: a room's lock may be held when `self.lock` is taken, never the other way."""

    def __init__(
        self,
        store,
        *,
        name: str = config.NAME,
        base_url: str = config.BASE_URL,
        kiosk: bool = False,
        pin: str | None = None,
        computer_delay: float = config.COMPUTER_DELAY,
        wifi: tuple[str, str | None] | None = None,
        rate: tuple[float, float] = (config.RATE, config.BURST),
    ):
        self.store = store
        self.name = name
        self.base_url = base_url.rstrip("/")
        self.kiosk = kiosk
        self.pin = pin
        self.wifi = wifi
        self.rate = rate  # per connection: messages per second, burst
        self.rooms: dict[str, Room] = {}
        self.lock = threading.Lock()
        self.runner = Runner(computer_delay)
        self.cpu = Offload(config.COMPUTER_WORKERS + config.HINT_SLOTS)  # computer moves, hints
        self.pin_failures: list[float] = []
        self.hint_slots = threading.BoundedSemaphore(config.HINT_SLOTS)
        self._stop = threading.Event()

    def server_info(self) -> dict:
        return {"name": self.name, "kiosk": self.kiosk, "protocol": config.PROTOCOL}

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
                )
            except Exception:
                log.exception("room %s could not be restored; skipped", row["id"])
                continue
            self.rooms[room.id] = room
            with room.lock:
                room._wake_computer()
        if self.rooms:
            log.info("restored %d room(s)", len(self.rooms))

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

    def create_room(self, name: str | None = None) -> tuple[Room, str]:
        with self.lock:
            if len(self.rooms) >= config.MAX_ROOMS:
                raise Refused("too_many_rooms")
            while True:
                room_id = "".join(
                    secrets.choice(config.ROOM_CODE_ALPHABET) for _ in range(config.ROOM_CODE_LENGTH)
                )
                if room_id not in self.rooms:
                    break
            host_token = new_token()
            meta = {
                "profile": None,
                "options": None,
                "seats": [],
                "deals": [],
                "ai_secret": secrets.token_hex(16),
            }
            name = name or f"Table {len(self.rooms) + 1}"
            self.store.create_room(room_id, name, token_hash(host_token), meta, 0)
            room = Room(self, room_id, name, token_hash(host_token), meta, 0, {}, None)
            self.rooms[room_id] = room
            return room, host_token

    def close_room(self, room: Room) -> None:
        room.close()
        with self.lock:
            self.rooms.pop(room.id, None)

    def check_pin(self, pin: str) -> bool:
        now = time.monotonic()
        self.pin_failures = [t for t in self.pin_failures if now - t < config.PIN_WINDOW]
        if len(self.pin_failures) >= config.PIN_TRIES:
            raise Refused("rate_limited", "too many wrong PINs; wait a minute")
        if self.pin is not None and secrets.compare_digest(pin, self.pin):
            return True
        self.pin_failures.append(now)
        return False

    def sweep_idle(self, idle_seconds: float, now: float | None = None) -> list[str]:
        """Close rooms with no phone connected where nothing happened for `idle_seconds`: a
        kiosk table goes back to its welcome screen (its socket gets `no_room` and is in the
        lobby again), and abandoned rooms do not pile up. Their game records stay in the store."""
        now = time.monotonic() if now is None else now
        closed = []
        for room in list(self.rooms.values()):
            if now - room.touched >= idle_seconds and not room.has_phone():
                self.close_room(room)
                closed.append(room.id)
        if closed:
            log.info("closed idle room(s): %s", ", ".join(closed))
        return closed

    def start_sweeper(self, idle_seconds: float, every: float = config.IDLE_SWEEP_EVERY) -> None:
        def loop():
            while not self._stop.wait(every):
                try:
                    self.sweep_idle(idle_seconds)
                except Exception:
                    log.exception("idle sweep failed")

        threading.Thread(target=loop, name="idle-sweep", daemon=True).start()

    def shutdown(self) -> None:
        self._stop.set()
        self.runner.stop()
        self.cpu.close()
