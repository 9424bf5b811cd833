"""Rooms: one engine `Match` each, seats and tokens, one lock, a version counter.

Everything that changes a room happens under `room.lock` in the same order (who → version →
legality → write to disk → apply → version + 1 → notify). Frames are built per connection by
`frame_for`, which is the only place a view leaves the room: `view_for(state, seat)` for that
connection's seat, `view_for(state, None)` for the table.
"""

from __future__ import annotations

import copy
import hashlib
import logging
import secrets
import threading
import time

import engine

log = logging.getLogger("tabletop.rooms")

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
MAX_ROOMS = 64
PROTOCOL = 1


class Refused(Exception):
    """A request the server turns down with a stable error code (docs/PROTOCOL.md)."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(detail or code)
        self.code = code
        self.detail = detail or code.replace("_", " ")


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def commitment(seed: int) -> str:
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def _must(ok, code: str) -> None:
    if not ok:
        raise Refused(code)


def seat_count(profile: str, options: dict) -> int:
    return engine.new_game(profile, options).players


class Room:
    def __init__(
        self,
        tables,
        room_id: str,
        name: str,
        host_hash: str,
        meta: dict,
        version: int,
        tokens: dict[int, str],
        record: dict | None,
    ):
        self.tables = tables
        self.id = room_id
        self.name = name
        self.host_hash = host_hash
        self.meta = meta
        self.version = version
        self.tokens = dict(tokens)  # seat -> sha256(token)
        self.lock = threading.RLock()
        self.conns: set = set()
        self.closed = False
        self.last_undo_seat = None
        self._hints: dict = {}  # (version, seat) -> the hint frame
        self.record = record
        self.match = engine.Match.from_record(record) if record else None
        self.touched = time.monotonic()

    # -- queries (call with the lock held) ---------------------------------------------------

    @property
    def state(self):
        return self.match.state if self.match is not None else None

    @property
    def paused(self) -> bool:
        return any(c.paused for c in self.conns)

    def seat_info(self, seat: int) -> dict:
        return self.meta["seats"][seat]

    def is_computer(self, seat: int) -> bool:
        s = self.meta["seats"][seat]
        return s["kind"] == "computer" or bool(s.get("standin"))

    def humans(self) -> set[int]:
        """Seats played by people (phones and this device), for the undo rule."""
        return {i for i in range(len(self.meta["seats"])) if not self.is_computer(i)}

    def summary(self) -> dict:
        """The public room summary: no secret (tokens, seeds of rounds in play)."""
        state = self.state
        seats = []
        for i, s in enumerate(self.meta["seats"]):
            if s["kind"] == "phone":
                connected = any(c.role == "seat" and c.seat == i for c in self.conns)
                taken = i in self.tokens
            elif s["kind"] == "device":
                connected = any(c.role == "host" for c in self.conns)
                taken = True
            else:
                connected, taken = True, True
            entry = {
                "seat": i,
                "kind": s["kind"],
                "name": s.get("name"),
                "taken": taken,
                "connected": connected,
                "standin": s.get("standin"),
            }
            if s["kind"] == "computer":
                entry["level"] = s.get("level")
            if s["kind"] == "phone":
                entry["lang"] = s.get("lang")
            seats.append(entry)
        in_play = state is not None and state.phase == "play"
        deals = []
        for d in self.meta.get("deals", []):
            hidden = in_play and d["round"] == state.round_no
            deals.append(
                {"round": d["round"], "commitment": d["commitment"], "seed": None if hidden else d["seed"]}
            )
        return {
            "id": self.id,
            "name": self.name,
            "profile": self.meta.get("profile"),
            "options": self.meta.get("options"),
            "seats": seats,
            "started": self.match is not None,
            "paused": self.paused,
            "version": self.version,
            "deals": deals,
            "join_url": f"{self.tables.base_url}/join/{self.id}",
        }

    def device_seat(self):
        state = self.state
        if state is None or state.turn is None:
            return None
        s = self.meta["seats"][state.turn]
        return state.turn if s["kind"] == "device" else None

    def frame_for(self, conn) -> dict:
        """The `view` frame for one connection, built for its own seat."""
        with self.lock:
            frame = {
                "type": "view",
                "version": self.version,
                "room": self.summary(),
                "view": None,
                "device_seat": None,
                "device_view": None,
                "can_undo": False,
                "can_redo": False,
            }
            state = self.state
            if state is None or self.closed or conn.room is not self:
                return frame
            view_for = engine.view_for
            match = self.match
            if conn.role == "seat" and conn.seat is not None:
                frame["view"] = view_for(state, conn.seat)
                frame["can_undo"] = match.can_undo(conn.seat, self.humans())
                frame["can_redo"] = match.can_redo() and self.last_undo_seat == conn.seat
            elif conn.role == "host":
                frame["view"] = view_for(state, None)
                dev = self.device_seat()
                if dev is not None:
                    frame["device_seat"] = dev
                    frame["device_view"] = view_for(state, dev)
                humans = self.humans()
                devices = [i for i, s in enumerate(self.meta["seats"]) if s["kind"] == "device"]
                frame["can_undo"] = any(match.can_undo(i, humans) for i in devices)
                frame["can_redo"] = bool(devices) and match.can_redo()
            return frame

    # -- connections -------------------------------------------------------------------------

    def attach(self, conn, role: str, seat=None) -> None:
        with self.lock:
            if self.closed:
                raise Refused("no_room")
            conn.room, conn.role, conn.seat = self, role, seat
            self.conns.add(conn)
            self.touched = time.monotonic()
            conn.send(
                {
                    "type": "welcome",
                    "role": role,
                    "room": self.id,
                    "seat": seat,
                    "server": self.tables.server_info(),
                }
            )
            conn.push_view()
            self._notify(exclude=conn)

    def detach(self, conn) -> None:
        with self.lock:
            was_paused = self.paused
            self.conns.discard(conn)
            if conn.room is self:
                conn.room = None
            self._notify()
            if was_paused and not self.paused:
                self._schedule_computer()

    def hello_host(self, conn, host_token: str) -> None:
        with self.lock:
            if not secrets.compare_digest(token_hash(host_token), self.host_hash):
                raise Refused("bad_token", "this host token does not open this room")
            self.attach(conn, "host")

    def hello_seat(self, conn, token: str) -> None:
        with self.lock:
            h = token_hash(token)
            seat = next((s for s, th in self.tokens.items() if secrets.compare_digest(th, h)), None)
            if seat is None:
                raise Refused("bad_token", "this seat token is not valid here (the seat may have been freed)")
            info = self.meta["seats"][seat]
            if info.get("standin"):  # the phone is back: the computer hands the seat back
                info["standin"] = None
                self._save_meta()
            self.attach(conn, "seat", seat)

    def join(self, conn, seat: int, name: str, lang: str | None) -> str:
        with self.lock:
            seats = self.meta["seats"]
            if seat >= len(seats) or seats[seat]["kind"] != "phone":
                raise Refused("bad_seat", "no phone seat with this number")
            if seat in self.tokens:
                raise Refused("seat_taken")
            token = new_token()
            old = copy.deepcopy(self.meta)
            seats[seat]["name"] = name
            seats[seat]["lang"] = lang
            self.tokens[seat] = token_hash(token)
            try:
                self.tables.store.save_room(self.id, self.meta, self.version, seats={seat: self.tokens[seat]})
            except Exception:
                self.meta = old
                del self.tokens[seat]
                raise
            conn.role, conn.seat = "seat", seat
            conn.send({"type": "joined", "room": self.id, "seat": seat, "token": token})
            conn.push_view()
            self._notify(exclude=conn)
            return token

    def leave(self, conn) -> None:
        with self.lock:
            if conn.role != "seat":
                raise Refused("not_your_seat")
            self._free(conn.seat)

    def free_seat(self, seat: int) -> None:
        with self.lock:
            if seat >= len(self.meta["seats"]) or self.meta["seats"][seat]["kind"] != "phone":
                raise Refused("bad_seat")
            self._free(seat)

    def _free(self, seat: int) -> None:
        self.tokens.pop(seat, None)
        self.tables.store.save_room(self.id, self.meta, self.version, seats={seat: None})
        for c in list(self.conns):
            if c.role == "seat" and c.seat == seat:
                c.role, c.seat = "guest", None
                c.send(
                    {
                        "type": "welcome",
                        "role": "guest",
                        "room": self.id,
                        "seat": None,
                        "server": self.tables.server_info(),
                    }
                )
        self._notify()

    def standin(self, seat: int, level) -> None:
        with self.lock:
            if seat >= len(self.meta["seats"]) or self.meta["seats"][seat]["kind"] != "phone":
                raise Refused("bad_seat")
            self.meta["seats"][seat]["standin"] = level
            self._save_meta()
            self._notify()
            self._schedule_computer()

    def set_pause(self, conn, paused: bool) -> None:
        with self.lock:
            was = self.paused
            conn.paused = paused
            if was != self.paused:
                self._notify()
                if not self.paused:
                    self._schedule_computer()

    # -- game changes ------------------------------------------------------------------------

    def _check_version(self, version) -> None:
        if version is not None and version != self.version:
            raise Refused("stale", f"the table is at version {self.version}")

    def _acting_seat(self, conn, seat):
        n = len(self.meta["seats"])
        if conn.role == "seat":
            if seat is not None and seat != conn.seat:
                raise Refused("not_your_seat")
            return conn.seat
        if conn.role == "host":
            if seat is None or seat >= n or self.meta["seats"][seat]["kind"] != "device":
                raise Refused("not_your_seat", "the table acts only for seats played on this device")
            return seat
        raise Refused("not_your_seat")

    def act(self, conn, action: dict, version: int) -> None:
        with self.lock:
            seat = self._acting_seat(conn, action.get("seat"))
            if self.match is None:
                raise Refused("not_started")
            self._check_version(version)
            action = dict(action, seat=seat)
            self._change(lambda m: m.act(action), append=True)

    def undo(self, conn, seat, version) -> None:
        with self.lock:
            seat = self._acting_seat(conn, seat if conn.role == "host" else None)
            if self.match is None:
                raise Refused("not_started")
            self._check_version(version)
            humans = self.humans()
            if not self.match.can_undo(seat, humans):
                raise Refused("cannot_undo")
            self._change(lambda m: _must(m.undo(seat, humans), "cannot_undo"))
            self.last_undo_seat = seat

    def redo(self, conn, version) -> None:
        with self.lock:
            if self.match is None:
                raise Refused("not_started")
            if conn.role == "seat" and self.last_undo_seat != conn.seat:
                raise Refused("cannot_redo", "only the player who undid can redo")
            if conn.role not in ("seat", "host"):
                raise Refused("not_your_seat")
            self._check_version(version)
            if not self.match.can_redo():
                raise Refused("cannot_redo")
            self._change(lambda m: _must(m.redo(), "cannot_redo"))

    def hint(self, conn, seat, version) -> dict:
        """The hard computer's suggestion for a person's own decision, from that seat's view only.

        Computed outside the room lock (it can take ~100 ms), at most a few at a time per server,
        and remembered per (version, seat) so asking again costs nothing."""
        from .computer import hint, seed_for

        with self.lock:
            seat = self._acting_seat(conn, seat)
            if self.match is None:
                raise Refused("not_started")
            self._check_version(version)
            state = self.state
            if state.phase != "play" or state.turn != seat:
                raise Refused("not_your_turn", "this seat has no decision to make")
            v = self.version
            cached = self._hints.get((v, seat))
            if cached is not None:
                return dict(cached)
            view = engine.view_for(state, seat)
            seed = seed_for(self.ai_secret(), v, "hint", seat)
        with self.tables.hint_slots:
            action, reason = hint(view, seed)
        answer = {"type": "hint", "action": action, "reason": reason, "version": v, "seat": seat}
        with self.lock:
            if v == self.version:
                self._hints = {(v, seat): answer, **{k: a for k, a in self._hints.items() if k[0] == v}}
        return dict(answer)

    def setup(self, profile: str, options: dict | None, seats: list[dict]) -> None:  # noqa: C901
        with self.lock:
            if profile not in engine.PROFILES:
                raise Refused("bad_profile", "unknown profile")
            try:
                options = engine.normalize_options(profile, options or {})
                n = seat_count(profile, options)
            except (ValueError, TypeError, KeyError) as exc:
                raise Refused("bad_options", str(exc)[:200]) from None
            if len(seats) != n:
                raise Refused("bad_seats", f"{profile} with these options has {n} seats")
            old_seats = self.meta["seats"]
            new_seats, token_changes = [], {}
            for i, s in enumerate(seats):
                entry = {"kind": s["kind"], "name": s.get("name"), "standin": None}
                if s["kind"] == "computer":
                    entry["level"] = s["level"]
                    entry["name"] = entry["name"] or "Computer"
                elif s["kind"] == "device":
                    entry["name"] = entry["name"] or f"Player {i + 1}"
                if s["kind"] == "phone":
                    entry["lang"] = None
                    if i < len(old_seats) and old_seats[i]["kind"] == "phone" and i in self.tokens:
                        entry["name"], entry["lang"] = old_seats[i].get("name"), old_seats[i].get("lang")
                    elif i in self.tokens:
                        token_changes[i] = None
                elif i in self.tokens:
                    token_changes[i] = None
                new_seats.append(entry)
            for i in list(self.tokens):
                if i >= n:
                    token_changes[i] = None
            self.meta.update(profile=profile, options=options, seats=new_seats, deals=[])
            for i in token_changes:
                self.tokens.pop(i, None)
            self.match = None
            self.record = None
            self.version += 1
            self.tables.store.save_room(self.id, self.meta, self.version, seats=token_changes, end_game=True)
            for c in list(self.conns):
                if c.role == "seat" and c.seat not in self.tokens:
                    c.role, c.seat = "guest", None
                    c.send(
                        {
                            "type": "welcome",
                            "role": "guest",
                            "room": self.id,
                            "seat": None,
                            "server": self.tables.server_info(),
                        }
                    )
            self._notify()

    def _match_seats(self) -> list[dict]:
        out = []
        for i, s in enumerate(self.meta["seats"]):
            entry = {"name": s.get("name") or f"Seat {i + 1}"}
            if s["kind"] == "computer":
                entry["computer"] = s["level"]
            out.append(entry)
        return out

    def start_round(self) -> None:
        with self.lock:
            if not self.meta.get("profile"):
                raise Refused("not_setup")
            for i, s in enumerate(self.meta["seats"]):
                if s["kind"] == "phone" and i not in self.tokens and not s.get("standin"):
                    raise Refused("seats_open", f"seat {i + 1} has no player yet")
            state = self.state
            if state is not None and state.phase == "play":
                raise Refused("round_in_progress")
            if state is not None and state.phase == "game_over":
                raise Refused("game_over")
            seed = secrets.randbits(64)
            new_game = self.match is None
            if new_game:
                self.match = engine.Match(
                    self.meta["profile"], self.meta["options"], seats=self._match_seats()
                )
            round_no = state.round_no + 1 if state is not None else 1
            deal = {"round": round_no, "commitment": commitment(seed), "seed": seed}
            self._change(
                lambda m: m.start_round(seed=seed),
                new_game=new_game,
                meta_update=lambda meta: meta.setdefault("deals", []).append(deal),
            )

    def restart(self) -> None:
        with self.lock:
            if self.match is None:
                raise Refused("not_started")
            self._change(lambda m: m.restart())

    def new_game(self) -> None:
        with self.lock:
            if self.match is None:
                raise Refused("not_started")
            seed = secrets.randbits(64)
            deal = {"round": 1, "commitment": commitment(seed), "seed": seed}
            self._change(
                lambda m: m.new_game(seed=seed),
                new_game=True,
                meta_update=lambda meta: meta.__setitem__("deals", [deal]),
            )

    def _change(self, fn, new_game: bool = False, meta_update=None, append: bool = False) -> None:
        """Apply `fn(match)`, write it, then bump the version and notify.

        `append=True` (one action played in the current round): only that action is written, as
        a row after the game's checkpoint. Anything else (a deal, undo, redo, restart, new game)
        writes the whole record as the new checkpoint. An engine refusal changes nothing. If the
        write fails, the match is rebuilt from the last written record, so memory never runs
        ahead of the disk.
        """
        old_meta = None if append else copy.deepcopy(self.meta)
        try:
            fn(self.match)
        except engine.IllegalAction as exc:
            if new_game and self.record is None:
                self.match = None
            raise Refused(exc.code, exc.detail) from None
        try:
            if append:
                actions = self.match.rounds[-1].actions
                action = actions[-1].to_json()
                self.tables.store.append_action(
                    self.id, self.version + 1, len(self.match.rounds), len(actions) - 1, action
                )
                self.record["rounds"][-1]["actions"].append(action)
                record = self.record
            else:
                if meta_update:
                    meta_update(self.meta)
                record = self.match.to_record(seeds=True)  # compact: seeds, not written-out deals
                self.tables.store.save_room(
                    self.id, self.meta, self.version + 1, record=record, new_game=new_game
                )
        except BaseException:
            if old_meta is not None:
                self.meta = old_meta
            self.match = engine.Match.from_record(self.record) if self.record else None
            raise
        self.record = record
        self.version += 1
        self.touched = time.monotonic()
        self._notify()
        self._schedule_computer()

    def _save_meta(self) -> None:
        self.tables.store.save_room(self.id, self.meta, self.version)

    # -- computers ---------------------------------------------------------------------------

    def _schedule_computer(self) -> None:
        state = self.state
        if (
            state is None
            or state.turn is None
            or self.closed
            or self.paused
            or not self.is_computer(state.turn)
        ):
            return
        self.tables.runner.schedule(self, self.version)

    def ai_secret(self) -> str:
        """The room's own secret for the computers' random streams (never sent to a client)."""
        secret = self.meta.get("ai_secret")
        if not secret:  # a room stored before the secret existed
            secret = self.meta["ai_secret"] = secrets.token_hex(16)
            self._save_meta()
        return secret

    def computer_move(self, version: int) -> None:
        """Called by the runner: play one decision for the computer seat to act, if still due.

        The choice (up to ~100 ms at the hard level) is made outside the room lock from the
        seat's view only; a choice made for a version that is no longer current is dropped."""
        from .computer import choose, seed_for

        with self.lock:
            state = self.state
            if (
                self.closed
                or version != self.version
                or self.paused
                or state is None
                or state.turn is None
                or not self.is_computer(state.turn)
            ):
                return
            seat = state.turn
            info = self.meta["seats"][seat]
            level = info.get("standin") or info.get("level") or "medium"
            view = engine.view_for(state, seat)
            seed = seed_for(self.ai_secret(), version, "move", seat)
        try:
            action = choose(view, level, seed)
        except Exception:  # a bug in the player must not stall the table
            log.exception("computer player failed in room %s; playing its first legal action", self.id)
            action = view["legal"][0]
        with self.lock:
            if (
                version != self.version
                or self.paused
                or self.closed
                or self.state is None
                or self.state.turn != seat
                or not self.is_computer(seat)
            ):
                return
            self._change(lambda m: m.act(action), append=True)

    # -- notification ------------------------------------------------------------------------

    def _notify(self, exclude=None) -> None:
        self.touched = time.monotonic()
        for c in list(self.conns):
            if c is not exclude:
                c.push_view()

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.tables.store.delete_room(self.id)
            for c in list(self.conns):
                c.send({"type": "error", "code": "no_room", "detail": "the room was closed"})
                c.room, c.role, c.seat = None, "lobby", None
            self.conns.clear()


class Tables:
    """All rooms of one server, restored from the store at start."""

    def __init__(
        self,
        store,
        *,
        name: str = "Domino table",
        base_url: str = "http://127.0.0.1:8000",
        kiosk: bool = False,
        pin: str | None = None,
        computer_delay: float = 1.2,
        wifi: tuple[str, str | None] | None = None,
        rate: tuple[float, float] = (20.0, 40.0),
    ):
        from .computer import Runner

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
        self.pin_failures: list[float] = []
        self.hint_slots = threading.BoundedSemaphore(2)  # hints computed at once, all rooms
        self._stop = threading.Event()

    def server_info(self) -> dict:
        return {"name": self.name, "kiosk": self.kiosk, "protocol": PROTOCOL}

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
                room._schedule_computer()
        if self.rooms:
            log.info("restored %d room(s)", len(self.rooms))

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None or room.closed:
            raise Refused("no_room")
        return room

    def create_room(self, name: str | None = None) -> tuple[Room, str]:
        with self.lock:
            if len(self.rooms) >= MAX_ROOMS:
                raise Refused("too_many_rooms")
            while True:
                room_id = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(5))
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
        with self.lock:
            room.close()
            self.rooms.pop(room.id, None)

    def check_pin(self, pin: str) -> bool:
        now = time.monotonic()
        self.pin_failures = [t for t in self.pin_failures if now - t < 60]
        if len(self.pin_failures) >= 5:
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
            with room.lock:
                idle = now - room.touched >= idle_seconds
                phones = any(c.role == "seat" for c in room.conns)
            if idle and not phones:
                self.close_room(room)
                closed.append(room.id)
        if closed:
            log.info("closed idle room(s): %s", ", ".join(closed))
        return closed

    def start_sweeper(self, idle_seconds: float, every: float = 60.0) -> None:
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
