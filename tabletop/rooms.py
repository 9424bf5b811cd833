"""A room: one engine `Match`, its seats, the connections that watch it, one lock, a version.

Every command a room takes goes through `Room.run`, in one fixed order (as boardgame.io's
master handles an action):

1. who sends it (its connection's role and seat in this room, the kiosk PIN),
2. the room and round are in the right phase,
3. the version the sender saw (when it sent one) is the room's,
4. the check: the engine's (an `IllegalAction` becomes a refusal) or the room's own; the change
   is made in memory,
5. it is written to disk (if the write fails, memory is put back: it never runs ahead of it),
6. a game change adds one to the version,
7. frames out: role changes (`welcome`, `joined`), then a fresh view for every connection.

Each command is declared once, on its method (`@COMMANDS.declare`): its message's shape,
which check each of steps 1 to 3 makes, and the method itself, step 4, which returns a
`commands.Change` for steps 5 to 7. A refusal at any step changes nothing. The seats' and the
rounds' commands are here; the room's parts, each a mixin of `Room` in a module of its own
(`room_part.py`), declare theirs: the evening (`room_evening.py`), the game chosen
(`room_games.py`), a record file played on (`room_import.py`), the night's tournament
(`room_tournament.py`).

The room keeps which connection holds which role (`members`); the hub only routes messages.
Frames are built per connection by `frame_for` (`frames.Frames`, once per role and seat of a
change), the only place a view leaves the room: `view_for(state, seat)` for a phone's seat,
`view_for(state, None)` for the table. What may be taken back (undo, restart) is the engine's
rule, `Match.going_back`; when the computers play is `autoplay.py`'s.
"""

from __future__ import annotations

import copy
import logging
import secrets
import threading
import time
from collections.abc import Callable

import engine
from engine.match import GoingBack

from . import computer, config, evening, names, seats
from .commands import (
    COMPUTER,
    Change,
    Facts,
    captain_or_host,
    dealable,
    guest,
    phone,
    player,
    seated,
    started,
    undoer,
    unlocked_host,
)
from .deals import commitment, new_seed
from .errors import Refused
from .frames import Frames
from .hands_seen import HandsSeen
from .messages import (
    ACTION,
    BOOL,
    LANG,
    LEVEL_OR_NULL,
    NAME,
    REASON,
    SEAT,
    TOKEN,
    VERSION,
)
from .room_evening import Evening
from .room_games import Games
from .room_import import RecordImport
from .room_part import COMMANDS, RoomPart
from .room_tournament import Tournament
from .seats import GUEST, HOST, WATCHER, Member
from .squatting import FreedSeats

log = logging.getLogger("tabletop.rooms")


def _must(ok, code: str) -> None:
    if not ok:
        raise Refused(code)


class Room(Evening, Games, RecordImport, Tournament, RoomPart):
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
        hands_seen: dict | None = None,
    ):
        self.tables = tables
        self.id = room_id
        self.name = name
        self.host_hash = host_hash
        self.meta = meta
        self.version = version
        self.tokens = dict(tokens)  # seat -> sha256(token)
        self.lock = threading.RLock()
        self.members: dict = {}  # connection -> Member
        self.frames = Frames(self)  # the view frames of the current change
        self.pausing: set = set()  # connections with a pause set (rules or results open)
        self.closed = False
        self.last_undo_seat = None
        self.hints = computer.Hints()
        self.freed_seats = FreedSeats()  # a seat the host freed is not taken back at once
        self.witnessed: tuple = (None, frozenset())  # (deal in play, tokens noted as its witnesses)
        self.holders_stored = False  # the last `_note_holders` stored all it noted
        self.watch_hashes: set[str] = set()  # the watch tokens handed to second screens (seats.watch_hash)
        self.record = record
        self.match = engine.Match.from_record(record) if record else None
        # nobody sees two hands of one round (the seat rule); what the store kept of the round
        # in play (`hands_seen`: {"deal", "seen"}) holds on
        kept = hands_seen if hands_seen and tuple(hands_seen["deal"]) == self._deal_in_play() else None
        self.hands_seen = HandsSeen(self._deal_in_play(), kept["seen"]) if kept else HandsSeen()
        self.record_file: dict | None = None  # the checked file the table chose (`recordfiles`)
        self.touched = time.monotonic()
        self.opened_from: str | None = None  # the client address that opened it (None: unknown)

    # -- queries -----------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return bool(self.pausing)

    @property
    def join_url(self) -> str:
        return f"{self.tables.base_url}/join/{self.id}"

    @property
    def watch_url(self) -> str:
        """The address of a second screen of this table (view only)."""
        return f"{self.tables.base_url}/watch/{self.id}"

    def is_computer(self, seat: int) -> bool:
        return seats.is_computer(self.meta["seats"][seat])

    def going_back(self) -> GoingBack:
        """What may be taken back now: the engine's rule (`Match.going_back`), for this change."""
        return self.frames.going_back()

    def can_undo(self, seat: int) -> bool:
        return seat in self.going_back().undo

    def humans(self) -> set[int]:
        return self.frames.humans()

    def role_of(self, conn) -> str | None:
        member = self.members.get(conn)
        return member.role if member is not None else None

    def has_host(self) -> bool:
        """A table screen shows the room."""
        with self.lock:
            return any(m.role == "host" for m in self.members.values())

    def has_phone(self) -> bool:
        with self.lock:
            return any(m.role == "seat" for m in self.members.values())

    def summary(self) -> dict:
        """The public room summary: no secret (tokens, seeds of rounds in play)."""
        with self.lock:
            state = self.state
            in_play = state is not None and state.phase == "play"
            deals = [
                {
                    "round": d["round"],
                    "commitment": d["commitment"],
                    # a string: a 64-bit seed is no JavaScript number (it would be rounded)
                    "seed": None if in_play and d["round"] == state.round_no else str(d["seed"]),
                }
                for d in self.meta.get("deals", [])
            ]
            return {
                "id": self.id,
                "name": self.name,
                "profile": self.meta.get("profile"),
                "options": self.meta.get("options"),
                "seats": self.frames.public_seats(),
                "started": self.match is not None,
                "paused": self.paused,
                "version": self.version,
                "deals": deals,
                "imported": self._imported(),
                "join_url": self.join_url,
                "tournament": self.meta.get("tournament"),  # {id, round, table} of the night's
                "watch_url": self.watch_url,
                **self.frames.evening(),
            }

    def download(self, may_see: Callable[[], object]) -> dict:
        """The current game's record with its deals written out (portable) beside their revealed
        seeds (which deal exactly those tiles: a replay re-checks it), between rounds only
        (mid-round it would show hidden tiles), and only when `may_see()` (which raises
        `bad_token` for a client not entitled) lets it out."""
        with self.lock:
            if self.record is None:
                raise Refused("not_started")
            assert self.match is not None  # a record is the match's
            if self.state.phase == "play":
                raise Refused("round_in_progress")
            may_see()
            record = self.match.to_record()
            for entry, played in zip(record["rounds"], self.match.rounds):
                if played.deal.seed is not None:  # revealed by now: a file can be re-checked
                    entry["seed"] = played.deal.seed
            return record

    def frame_for(self, conn) -> bytes | None:
        """The `view` frame for one connection, built for its own seat, as the bytes of its
        websocket frame (None: not in the room); built and encoded once per change for every
        connection of one role and seat (`frames.Frames`)."""
        with self.lock:
            member = self.members.get(conn)
            if member is None or self.closed:
                return None
            return self.frames.frame_for(conn, member)

    # -- connections -------------------------------------------------------------------------

    def _welcome(self, member: Member, conn=None) -> dict:
        welcome = {
            "type": "welcome",
            "role": member.role,
            "room": self.id,
            "seat": member.seat,
            "server": self.tables.server_info(),
        }
        if member.role == "watcher" and getattr(conn, "watch_token", None):
            welcome["watch_token"] = conn.watch_token
        return welcome

    def enter(self, conn, member: Member) -> None:
        """`conn` watches the room as `member`: `welcome`, then its first view."""
        with self.lock:
            if self.closed:
                raise Refused("no_room")
            self.members[conn] = member
            conn.send(self._welcome(member, conn))
            self._notify()

    def admit(
        self,
        conn,
        host_token: str | None = None,
        token: str | None = None,
        watch: bool = False,
        watch_token: str | None = None,
    ) -> None:
        """A `hello` for this room: the host token makes the table, a seat token reclaims its
        seat (a computer stand-in hands it back), `watch` a second screen of the table (view
        only), none of them a guest. A second screen gets a watch token (the one it had from
        this room, or a new one): the rounds it sees played are noted under it, and it opens
        their replays."""
        # Not through `run`: the socket is no member yet (the token check is its step 1), and
        # its one write, a stand-in handing the seat back, is put back if refused as in step 5.
        with self.lock:
            if watch:
                self._may_watch(conn)
                if not (watch_token and self.watch_token_known(watch_token)):
                    watch_token = seats.new_token()
                conn.watch_token = watch_token
                conn.watch_hash = seats.watch_hash(watch_token)
                self.watch_hashes.add(conn.watch_hash)
                return self.enter(conn, WATCHER)
            if host_token is not None:
                if not secrets.compare_digest(seats.token_hash(host_token), self.host_hash):
                    raise Refused("bad_token", "this host token does not open this room")
                return self.enter(conn, HOST)
            if token is None:
                self._may_watch(conn)
                return self.enter(conn, GUEST)
            seat = seats.seat_of_token(self.tokens, token)
            if seat is None:
                raise Refused("bad_token", "this seat token is not valid here (the seat may have been freed)")
            entry = self.meta["seats"][seat]
            standin = entry.get("standin")
            if standin:
                entry["standin"] = None
                try:
                    self._save_meta()
                except BaseException:  # not stored (not_saved): the stand-in plays on
                    entry["standin"] = standin
                    raise
            return self.enter(conn, Member("seat", seat))

    def watch_token_known(self, watch_token: str) -> bool:
        """Whether this room handed out this watch token (since it started, or a round noted it)."""
        h = seats.watch_hash(watch_token)
        return h in self.watch_hashes or bool(self.tables.store.witnessed(self.id, h))

    def _may_watch(self, conn) -> None:
        """A guest (or a second screen) gets a view at every change: a room takes
        `config.ROOM_GUESTS` of them together (the table's own screen aside), so a pile of idle
        sockets cannot slow its players down."""
        if getattr(conn, "own_screen", False):
            return
        guests = sum(
            1
            for c, m in self.members.items()
            if m.role in ("guest", "watcher") and not getattr(c, "own_screen", False)
        )
        if guests >= config.ROOM_GUESTS:
            raise Refused("room_full", f"{guests} sockets are waiting to join this room already")

    def detach(self, conn) -> None:
        """`conn` closed: it leaves the room (its seat stays held by its token)."""
        # Not through `run`: nothing to check or write (a closed socket always leaves); the
        # views and the computer's wake-up go out as in step 7.
        with self.lock:
            was_paused = self.paused
            self.members.pop(conn, None)
            self.pausing.discard(conn)
            self._notify()
            if was_paused and not self.paused:
                self.wake_computer()

    def close(self, forget=lambda: None) -> None:
        """The room is deleted: every connection gets `no_room` and is in the lobby again.
        `forget` runs once it is deleted, before anyone is told (the table's list of rooms)."""
        with self.lock:
            self.tables.store.delete_room(self.id)  # first: a refused write leaves the room open
            self.closed = True
            forget()
            for c in list(self.members):
                c.send({"type": "error", "code": "no_room", "detail": "the room was closed"})
            self.members.clear()
            self.pausing.clear()

    # -- the command pipeline ----------------------------------------------------------------

    def run(self, msg: dict, conn=None, unlocked: bool = True) -> dict | None:
        """Take one command (a validated message) from `conn` (None: this room's computer).
        `unlocked`: the sender may use the PIN-guarded host commands. Returns the frame that
        answers it, or None (the hub then says `ok`)."""
        command = COMMANDS[msg["type"]]
        assert command.who is not None
        with self.lock:
            if self.closed:
                raise Refused("no_room")
            member = COMPUTER if conn is None else self.members.get(conn)
            if member is None:
                raise Refused("no_room")
            if member.role == "watcher":
                raise Refused("view_only", "this screen only shows the table: it sends no command")
            facts = Facts(
                self.meta["seats"],
                self.tokens,
                self.computer_to_act(),
                self.meta.get("profile"),
                self.state,
                unlocked,
                self.meta.get("captain"),
            )
            seat = command.who(member, msg, facts)  # 1
            command.phase(facts)  # 2
            if command.versioned and msg.get("version") not in (None, self.version):  # 3
                raise Refused("stale", f"the table is at version {self.version}")
            change = command.handler(self, conn, seat, msg)  # 4
            self._commit(change)  # 5, 6, 7
        return change.later() if change.later else change.reply

    def _commit(self, change: Change) -> None:
        try:
            if change.write:
                change.write(self.version + 1 if change.game else self.version)
        except BaseException:
            if change.game:
                self.match = engine.Match.from_record(self.record) if self.record else None
            if change.restore:
                change.restore()
            raise
        if change.game:
            self.version += 1
            if self.meta.get("tournament"):  # a tournament's table: its result when it ends
                self.tables.night.table_changed(self)
            self.tables.regulars.room_changed(self)  # a round finished: its regulars' statistics
        if change.after:
            change.after()
        for conn, frame in change.frames:
            conn.send(frame)
        if change.notify:
            self._notify(seats=change.seats)
        wake = change.game if change.wake is None else change.wake
        if wake:
            self.wake_computer()

    def _notify(self, seats: bool = True) -> None:
        """Every connection gets a fresh view. `seats`: the seats, tokens or connections may have
        changed too (False for a move: what the summary shows of the seats is kept)."""
        self.frames.changed(seats)  # every frame is built again
        self.touched = time.monotonic()
        self._note_holders(seats)
        for c in list(self.members):
            c.push_view()

    def _note_holders(self, seats_changed: bool = True) -> None:
        """Who holds which seat now: for the seat rule and for freed seats. A move
        (`seats_changed` False) that keeps the deal in play changes none of it: the same
        connections hold the same seats of the same round, and nothing is left to store (a
        write that failed is tried again at the next change, a move included)."""
        deal = self._deal_in_play()
        if not seats_changed and deal == self.hands_seen.deal and self.holders_stored:
            return
        self.holders_stored = True
        self.hands_seen.note(deal, self.members, seats.devices(self.meta["seats"]))
        self._store_hands_seen(deal)
        self.freed_seats.note(self.members)
        self._note_witnesses(deal)

    def _store_hands_seen(self, deal) -> None:
        """The hands the addresses saw since the last change are stored before the views that
        show them go out, so the seat rule outlives a restart (even a SIGKILL). A failed write
        is logged: the rule holds in memory, and the write is tried again at the next change."""
        new = self.hands_seen.unsaved()
        if not new:
            return
        try:
            self.tables.store.note_hands_seen(self.id, deal, new)
        except Exception:
            log.exception("room %s: the hands seen in round %s were not stored", self.id, deal[0])
            self.holders_stored = False
            return
        self.hands_seen.saved(new)

    def _note_witnesses(self, deal) -> None:
        """The seat tokens playing the round in play, and the watch tokens of the second screens
        showing it, are stored as its witnesses (a phone replays only rounds it played or
        watched). Only new ones cost a write; a failed write is logged, not fatal: the game goes
        on, and that phone may not find that round among its replays."""
        if deal is None:
            return
        noted = self.witnessed[1] if self.witnessed[0] == deal else frozenset()
        watching = {
            c.watch_hash
            for c, m in self.members.items()
            if m.role == "watcher" and getattr(c, "watch_hash", None)
        }
        new = (set(self.tokens.values()) | watching) - noted
        if not new:
            return
        try:
            self.tables.store.note_witnesses(self.id, deal[0], sorted(new))
        except Exception:
            log.exception("room %s: the players of round %s were not stored", self.id, deal[0])
            self.holders_stored = False
            return
        self.witnessed = (deal, noted | new)

    def _deal_in_play(self):
        """Which deal is being played ((round, commitment)), None between rounds."""
        state = self.state
        if state is None or state.phase != "play":
            return None
        deals = self.meta.get("deals") or [{}]
        return (state.round_no, deals[-1].get("commitment"))

    # step 4, one method per command -----------------------------------------------------------

    @COMMANDS.declare(
        "join",
        {"seat": (SEAT, True), "name": (NAME, True), "lang": (LANG, False), "regular": (TOKEN, False)},
        who=guest,
    )
    def _join(self, conn, _seat, msg) -> Change:
        seat = msg["seat"]
        if not seats.is_phone(self.meta["seats"], seat):
            raise Refused("bad_seat", "no phone seat with this number")
        if seat in self.tokens:
            raise Refused("seat_taken")
        wait = self.freed_seats.wait(seat, conn)
        if wait:
            raise Refused("seat_freed", f"the table freed this seat; wait {wait} s", retry_after=wait)
        self.tables.may_take_seat(conn)
        if self.hands_seen.other_hands(conn, seat):
            raise Refused("hand_seen", "you have seen another hand of this round; wait for it to end")
        bad = names.refusal(
            msg["name"], self._names_at_table(seat), names.reserved_patterns(self.tables.settings.locales_dir)
        )
        if bad is not None:
            raise Refused(bad.code, bad.detail)
        # a regular of the house (their phone's profile token): their rounds count to their statistics
        regular = self.tables.regulars.known(msg["regular"])["id"] if msg.get("regular") else None
        entry = self.meta["seats"][seat]
        old = dict(entry)
        token = seats.new_token()
        entry.update(
            name=msg["name"], lang=msg.get("lang"), standin=None, regular=regular
        )  # a stand-in hands it back
        self.tokens[seat] = seats.token_hash(token)
        captain = self.meta.get("captain")
        self.meta["captain"] = evening.next_captain(self.meta, self.tokens)  # the first phone in

        def restore():
            entry.clear()
            entry.update(old)
            del self.tokens[seat]
            self.meta["captain"] = captain

        return Change(
            write=lambda v: self.tables.store.save_room(
                self.id, self.meta, v, seats={seat: self.tokens[seat]}
            ),
            restore=restore,
            after=lambda: self._seated(conn, seat),
            frames=[(conn, {"type": "joined", "room": self.id, "seat": seat, "token": token})],
        )

    def _names_at_table(self, but: int) -> list[str]:
        """The names the other seats show: taken phone seats, stand-ins, devices, computers."""
        return [
            s.get("name") or ""
            for i, s in enumerate(self.meta["seats"])
            if i != but and (s["kind"] != "phone" or i in self.tokens or s.get("standin"))
        ]

    def _seated(self, conn, seat: int) -> None:
        self.members[conn] = Member("seat", seat)
        self.freed_seats.taken(seat, conn)

    @COMMANDS.declare("leave", who=phone)
    def _leave(self, conn, seat, msg) -> Change:
        return self._free(seat, self.freed_seats.left)

    @COMMANDS.declare("free_seat", {"seat": (SEAT, True)}, who=unlocked_host)
    def _free_seat(self, conn, _seat, msg) -> Change:
        if not seats.is_phone(self.meta["seats"], msg["seat"]):
            raise Refused("bad_seat")
        return self._free(msg["seat"], self.freed_seats.freed)

    def _free(self, seat: int, then: Callable[[int], None]) -> Change:
        """The seat's token is revoked; its connections become guests; the captain passes on;
        `then(seat)`."""
        old = self.tokens.pop(seat, None)
        captain, ready = self.meta.get("captain"), self.meta.get("ready")
        self.meta["captain"] = evening.next_captain(self.meta, self.tokens, leaving=seat)
        self.meta["ready"] = [s for s in ready or [] if s != seat]
        regular = self.meta["seats"][seat].pop("regular", None)  # the next one to sit is not them

        def restore():
            if old is not None:
                self.tokens[seat] = old
            self.meta["captain"], self.meta["ready"] = captain, ready
            if regular is not None:
                self.meta["seats"][seat]["regular"] = regular

        demote = self._demote(lambda m: m == Member("seat", seat))

        def after():
            then(seat)
            demote["after"]()

        return Change(
            write=lambda v: self.tables.store.save_room(self.id, self.meta, v, seats={seat: None}),
            restore=restore,
            after=after,
            frames=demote["frames"],
        )

    def _demote(self, pred) -> dict:
        """`after` and `frames` making guests of the connections whose membership matches."""
        moved = [c for c, m in self.members.items() if pred(m)]

        def after():
            for c in moved:
                self.members[c] = GUEST

        return {"after": after, "frames": [(c, self._welcome(GUEST)) for c in moved]}

    @COMMANDS.declare("standin", {"seat": (SEAT, True), "level": (LEVEL_OR_NULL, True)}, who=unlocked_host)
    def _standin(self, conn, _seat, msg) -> Change:
        seat = msg["seat"]
        if not seats.is_phone(self.meta["seats"], seat):
            raise Refused("bad_seat")
        entry = self.meta["seats"][seat]
        old = entry.get("standin")
        entry["standin"] = msg["level"]
        return Change(
            write=lambda v: self.tables.store.save_room(self.id, self.meta, v),
            restore=lambda: entry.__setitem__("standin", old),
            wake=True,
        )

    @COMMANDS.declare("pause", {"paused": (BOOL, True), "reason": (REASON, False)}, who=seated)
    def _pause(self, conn, _seat, msg) -> Change:
        was = self.paused
        if msg["paused"]:
            self.pausing.add(conn)
        else:
            self.pausing.discard(conn)
        changed = was != self.paused
        return Change(notify=changed, wake=changed and not self.paused)

    @COMMANDS.declare("close_room", who=unlocked_host)
    def _close_room(self, conn, _seat, msg) -> Change:
        self.tables.close_room(self)
        return Change(notify=False)

    @COMMANDS.declare(
        "act",
        {"action": (ACTION, True), "version": (VERSION, True)},
        who=player,
        phase=started,
        versioned=True,
    )
    def _act(self, conn, seat, msg) -> Change:
        action = dict(msg["action"], seat=seat)
        self._engine(lambda m: m.act(action))
        return Change(write=self._append_last_action, game=True, seats=False)

    @COMMANDS.declare(
        "undo",
        {"seat": (SEAT, False), "version": (VERSION, False)},
        who=player,
        phase=started,
        versioned=True,
    )
    def _undo(self, conn, seat, msg) -> Change:
        if not self.can_undo(seat):
            raise Refused(
                "cannot_undo", "nothing of yours to take back in this round (a drawn tile stays drawn)"
            )
        humans = self.humans()
        self._engine(lambda m: _must(m.undo(seat, humans), "cannot_undo"))
        return Change(
            write=self._checkpoint(), game=True, after=lambda: setattr(self, "last_undo_seat", seat)
        )

    @COMMANDS.declare("redo", {"version": (VERSION, False)}, who=undoer, phase=started, versioned=True)
    def _redo(self, conn, seat, msg) -> Change:
        if seat is not None and self.last_undo_seat != seat:
            raise Refused("cannot_redo", "only the player who undid can redo")
        assert self.match is not None  # the phase is `started`
        if not self.match.can_redo():
            raise Refused("cannot_redo")
        self._engine(lambda m: _must(m.redo(), "cannot_redo"))
        return Change(write=self._checkpoint(), game=True)

    @COMMANDS.declare(
        "hint",
        {"seat": (SEAT, False), "version": (VERSION, False)},
        who=player,
        phase=started,
        versioned=True,
    )
    def _hint(self, conn, seat, msg) -> Change:
        """The hard computer's suggestion for a person's own decision, from that seat's view
        only, computed outside the room lock and remembered for this version."""
        state = self.state
        if state.phase != "play" or state.turn != seat:
            raise Refused("not_your_turn", "this seat has no decision to make")
        v = self.version
        cached = self.hints.get(v, seat)
        if cached is not None:
            return Change(notify=False, reply=dict(cached))
        self.tables.charge_hint(conn, self)  # the connection's and the room's hint budgets
        view = engine.view_for(state, seat)
        seed = computer.seed_for(self.ai_secret(), v, "hint", seat)

        def answer() -> dict:
            with self.tables.hint_slots:  # a few hints at once, over all rooms
                action, reason = self.tables.cpu.run(computer.hint, view, seed)
            frame = {"type": "hint", "action": action, "reason": reason, "version": v, "seat": seat}
            with self.lock:
                if v == self.version:
                    self.hints.put(v, seat, frame)
            return dict(frame)

        return Change(notify=False, later=answer)

    @COMMANDS.declare(
        "start_round", {"version": (VERSION, False)}, who=captain_or_host, phase=dealable, versioned=True
    )
    def _start_round(self, conn, _seat, msg) -> Change:
        return self._next_round()

    def _next_round(self) -> Change:
        """The next round is dealt (after a Six-Love match, the next match's first)."""
        state = self.state
        before = copy.deepcopy(self.meta)
        self._close_match()
        seed = new_seed()
        new_game = self.match is None
        if new_game and self.meta.get("imported"):  # play goes on from the record file's move
            record = self.meta.pop("imported")["record"]
            self.match = engine.Match.from_record(record)
            self.match.seats = seats.match_seats(self.meta["seats"])
            return self._deal([], True, before)
        if new_game:
            self.match = engine.Match(
                self.meta["profile"], self.meta["options"], seats=seats.match_seats(self.meta["seats"])
            )
        try:
            self._engine(lambda m: m.start_round(seed=seed))
        except Refused:
            if new_game:
                self.match = None
            self.meta = before
            raise
        round_no = state.round_no + 1 if state is not None else 1
        deal = {"round": round_no, "commitment": commitment(seed), "seed": seed}
        return self._deal([*self.meta.get("deals", []), deal], new_game, before)

    @COMMANDS.declare(
        "restart", {"version": (VERSION, False)}, who=unlocked_host, phase=started, versioned=True
    )
    def _restart(self, conn, _seat, msg) -> Change:
        if not self.going_back().restart:
            raise Refused("cannot_restart", "restarting now would replay tiles someone has seen")
        self._engine(lambda m: m.restart())
        return Change(write=self._checkpoint(), game=True)

    @COMMANDS.declare(
        "new_game", {"version": (VERSION, False)}, who=unlocked_host, phase=started, versioned=True
    )
    def _new_game(self, conn, _seat, msg) -> Change:
        seed = new_seed()
        before = copy.deepcopy(self.meta)
        self._close_match(leaving=True)  # the game left, as it was before the new one
        try:
            self._engine(lambda m: m.new_game(seed=seed))
        except Refused:
            self.meta = before
            raise
        return self._deal([{"round": 1, "commitment": commitment(seed), "seed": seed}], True, before)

    def _deal(self, deals: list[dict], new_game: bool, before: dict | None = None) -> Change:
        """A round was dealt: its seed's commitment goes public with the new checkpoint, and
        nobody is ready any more. `before`: the meta to put back if the write fails."""
        old = before if before is not None else copy.deepcopy(self.meta)
        self.meta["deals"] = deals
        self.meta["ready"] = []

        def restore():
            self.meta = old

        return Change(write=self._checkpoint(new_game), restore=restore, game=True)

    # the engine's check, the writes ----------------------------------------------------------

    def _engine(self, fn) -> None:
        """`fn(match)`; the engine refuses before it changes anything."""
        try:
            fn(self.match)
        except engine.IllegalAction as exc:
            raise Refused(exc.code, exc.detail) from None

    def _append_last_action(self, version: int) -> None:
        """One action played in the current round: written as a row after the checkpoint."""
        match, record = self.match, self.record
        assert match is not None and record is not None  # a move follows the round's deal
        actions = match.rounds[-1].actions
        action = actions[-1].to_json()
        self.tables.store.append_action(self.id, version, len(match.rounds), len(actions) - 1, action)
        record["rounds"][-1]["actions"].append(action)

    def _checkpoint(self, new_game: bool = False, held: dict | None = None) -> Callable[[int], None]:
        """A deal, undo, redo, restart or new game: the whole record is the new checkpoint.
        `held`: the seats' token hashes, when the players changed seats (a rematch)."""

        def write(version: int) -> None:
            assert self.match is not None
            record = self.match.to_record(seeds=True)  # compact: seeds, not written-out deals
            self.tables.store.save_room(
                self.id, self.meta, version, record=record, new_game=new_game, seats=held
            )
            self.record = record

        return write

    def _save_meta(self) -> None:
        self.tables.store.save_room(self.id, self.meta, self.version)

    # -- computer seats (`autoplay.py` plays them) ------------------------------------------

    def ai_secret(self) -> str:
        """The room's own secret for the computers' random streams (never sent to a client)."""
        # Not through `run`: no command asks for it, and it changes no version and nothing a
        # client sees; a refused write takes it back out of memory, as step 5 would.
        secret = self.meta.get("ai_secret")
        if not secret:  # a room stored before the secret existed
            secret = self.meta["ai_secret"] = secrets.token_hex(16)
            try:
                self._save_meta()
            except BaseException:
                del self.meta["ai_secret"]
                raise
        return secret

    def computer_to_act(self) -> int | None:
        state = self.state
        if self.closed or self.paused or state is None or state.turn is None:
            return None
        return state.turn if self.is_computer(state.turn) else None

    def wake_computer(self) -> None:
        """A computer whose turn it is plays, at a human pace (`autoplay.Runner`)."""
        if self.computer_to_act() is not None:
            self.tables.runner.schedule(self, self.version)
