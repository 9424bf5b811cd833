"""SQLite store: rooms, seats (token hashes only) and each game as its record, and which
client addresses have seen which hands of the round in play (the seat rule).

Every change of a room is one transaction, committed (synchronous=FULL) before the server
acknowledges it, so a server killed with SIGKILL restarts with every acknowledged action.
The store holds no game logic: the room hands it JSON-ready data.

A game is kept as a checkpoint (its whole record, written at a deal, undo, redo, restart or new
game) plus the actions played since, one small row each (`append_action`), so an action costs
one short insert instead of rewriting the record. Reading a game folds those rows back into the
record's last round (and the next checkpoint deletes them).

A write the disk cannot take (full, failing, read-only) is refused as `not_saved`: its transaction
is rolled back, so the caller puts its memory back and nothing changed; the next write tries the
disk again, so the table recovers by itself when the disk does.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time

from .errors import Refused
from .jsontext import text as json_text
from .offload import Offload

log = logging.getLogger("tabletop.store")

# SQLite's primary result codes that say the disk, not the query, failed (sqlite3.h)
DISK_ERRORS = {
    5: "SQLITE_BUSY",
    8: "SQLITE_READONLY",
    10: "SQLITE_IOERR",
    13: "SQLITE_FULL",
    14: "SQLITE_CANTOPEN",
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    meta TEXT NOT NULL,          -- JSON: profile, options, seat kinds/names, deals, ...
    version INTEGER NOT NULL,
    game_id INTEGER,             -- the current game (games.id) or NULL before the first deal
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    room TEXT NOT NULL,
    record TEXT NOT NULL,        -- RECORD.md format: the checkpoint (see `actions` for the rest)
    started REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_room ON games(room);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL,
    game INTEGER NOT NULL,       -- games.id
    round INTEGER NOT NULL,      -- 1-based: the record's last round when it was played
    seq INTEGER NOT NULL,        -- 0-based index of the action in that round
    action TEXT NOT NULL,        -- JSON, RECORD.md action form
    PRIMARY KEY (game, round, seq)
);
CREATE TABLE IF NOT EXISTS hands_seen (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,      -- the round in play (1-based) ...
    commitment TEXT NOT NULL,    -- ... and its seed's commitment: which deal
    address TEXT NOT NULL,       -- a client address that has seen, in that deal,
    seat INTEGER NOT NULL,       -- this seat's hand (the seat rule: hands_seen.py)
    PRIMARY KEY (room, address, seat)
);
CREATE TABLE IF NOT EXISTS witnesses (
    game INTEGER NOT NULL,       -- games.id
    round INTEGER NOT NULL,      -- 1-based
    token_hash TEXT NOT NULL,    -- a seat token that held a seat while the round was played
    PRIMARY KEY (game, round, token_hash)
);
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    data TEXT NOT NULL,          -- JSON: the night's tournament and the server's part (night.py)
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS regulars (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,   -- names.key(name): no two regulars look alike
    colour INTEGER NOT NULL,         -- an index into the screens' seat colours
    mark INTEGER NOT NULL,           -- an index into the screens' seat marks
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS regular_tokens (
    token_hash TEXT PRIMARY KEY,     -- sha256 of a phone's profile token (never the token)
    regular INTEGER NOT NULL REFERENCES regulars(id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS regular_tokens_regular ON regular_tokens(regular);
CREATE TABLE IF NOT EXISTS regular_results (
    regular INTEGER NOT NULL REFERENCES regulars(id) ON DELETE CASCADE,
    deal TEXT NOT NULL,              -- the finished round's deal: "<room>:<seed commitment>"
    kind TEXT NOT NULL,              -- "round" (a finished round) or "match" (a decided game)
    profile TEXT NOT NULL,
    name TEXT NOT NULL,              -- the name the seat showed (what a deletion anonymises)
    points INTEGER NOT NULL,         -- the round's points, or the match's final score
    won INTEGER NOT NULL,            -- 1: won that round or match
    ended REAL NOT NULL,
    PRIMARY KEY (regular, deal, kind)
);
CREATE INDEX IF NOT EXISTS regular_results_board ON regular_results(profile, kind, ended);
"""


TAKEN = "a regular of the house has that name, or one that looks like it"


class _Write:
    """One caller's transaction body, waiting for the commit that makes it durable."""

    __slots__ = ("fn", "result", "error", "lead", "woken")

    def __init__(self, fn):
        self.fn = fn
        self.result = None
        self.error: BaseException | None = None
        self.lead = False  # its caller commits what is pending (its own write among it)
        self.woken = threading.Event()  # set once it is done, or once it leads


class Store:
    """One SQLite connection shared by the server's threads, behind one lock.

    Writes are committed in groups: a write that arrives while another commit is under way joins
    the next one, so many rooms' actions share one fsync instead of queueing for one each. Each
    write still returns only once its commit is on disk, and a write that fails is rolled back to
    its own savepoint without touching the others in its group.

    One caller at a time leads: it commits what is pending, then hands the lead to a write that
    came meanwhile before it wakes its group, so the next group's commit starts while this one's
    callers answer their clients. (When the group's callers queued on one lock instead, each took
    it in turn after the commit and answered before the next could: the disk waited for them all,
    and a move at the design load waited 5.3 ms for the store at the median, commits taking 1.8.)
    """

    def __init__(self, path: str):
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._lock = threading.Lock()  # the connection
        self._pending_lock = threading.Lock()  # `_pending` and `_leading`
        self._pending: list[_Write] = []
        self._leading = False  # a caller is committing (or about to)
        self._disk = Offload(1)  # the commit's fsync must not stop a gevent worker's loop
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self._disk.close()

    # -- writes: each method is one committed transaction ------------------------------------

    def _tx(self, fn):
        """Run `fn(db)` inside a committed transaction and return its result (or raise its error,
        or the commit's)."""
        write = _Write(fn)
        with self._pending_lock:
            self._pending.append(write)
            write.lead, self._leading = not self._leading, True
        if not write.lead:
            write.woken.wait()  # done by another's commit, or told to lead the next one
        if write.lead:
            self._lead()
        if write.error is not None:
            raise _refusal(write.error)
        return write.result

    def _lead(self) -> None:
        """Commit what is pending; then the lead goes to a write that came meanwhile (woken
        first), and the group's other callers are woken."""
        group: list[_Write] = []
        try:
            with self._lock:
                with self._pending_lock:
                    group, self._pending = self._pending, []
                self._commit(group)
        finally:
            with self._pending_lock:
                following = self._pending[0] if self._pending else None
                if following is None:
                    self._leading = False
                else:
                    following.lead = True
            if following is not None:
                following.woken.set()
            for write in group:
                write.woken.set()

    def _commit(self, group: list[_Write]) -> None:
        """The group's statements run here (they only touch SQLite's page cache); the COMMIT, which
        writes the WAL and waits for its fsync, runs off the event loop in one call, so the disk
        thread takes the interpreter lock once per group, not once per statement."""
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            alone = len(group) == 1  # no other write to keep if it fails: no savepoint needed
            for write in group:
                if not alone:
                    db.execute("SAVEPOINT write")
                try:
                    write.result = write.fn(db)
                except BaseException as exc:  # this write alone is undone
                    if alone or not db.in_transaction:  # (a full disk undoes the whole group)
                        raise
                    db.execute("ROLLBACK TO write")
                    write.error = exc
                if not alone:
                    db.execute("RELEASE write")
            self._disk.run(db.execute, "COMMIT")
        except BaseException as exc:  # nothing of the group is on disk
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    log.exception("rollback failed")
            for write in group:
                write.error = write.error or exc

    def create_room(self, room_id: str, name: str, host_hash: str, meta: dict, version: int) -> None:
        now = time.time()
        self._tx(
            lambda db: db.execute(
                "INSERT INTO rooms (id, name, host_hash, meta, version, game_id, created, updated)"
                " VALUES (?, ?, ?, ?, ?, NULL, ?, ?)",
                (room_id, name, host_hash, json_text(meta), version, now, now),
            )
        )

    def save_room(
        self,
        room_id: str,
        meta: dict,
        version: int,
        *,
        record: dict | None = None,
        new_game: bool = False,
        seats: dict | None = None,
        end_game: bool = False,
    ) -> None:
        """Write the room's meta and version, and (optionally) its current game's record.

        `new_game=True` starts a new games row for `record`. `seats` maps seat -> token hash
        (None removes the seat's token); only the listed seats change. `end_game=True`: the room
        has no current game any more (a new setup); the old game's record stays.
        """
        now = time.time()

        def fn(db):
            if record is not None:
                if new_game:
                    cur = db.execute(
                        "INSERT INTO games (room, record, started, updated) VALUES (?, ?, ?, ?)",
                        (room_id, json_text(record), now, now),
                    )
                    db.execute("UPDATE rooms SET game_id = ? WHERE id = ?", (cur.lastrowid, room_id))
                else:
                    (game_id,) = db.execute("SELECT game_id FROM rooms WHERE id = ?", (room_id,)).fetchone()
                    db.execute(
                        "UPDATE games SET record = ?, updated = ? WHERE id = ?",
                        (json_text(record), now, game_id),
                    )
                    db.execute("DELETE FROM actions WHERE game = ?", (game_id,))
            if end_game:
                db.execute("UPDATE rooms SET game_id = NULL WHERE id = ?", (room_id,))
            db.execute(
                "UPDATE rooms SET meta = ?, version = ?, updated = ? WHERE id = ?",
                (json_text(meta), version, now, room_id),
            )
            for seat, token_hash in (seats or {}).items():
                if token_hash is None:
                    db.execute("DELETE FROM seats WHERE room = ? AND seat = ?", (room_id, seat))
                else:
                    db.execute(
                        "INSERT OR REPLACE INTO seats (room, seat, token_hash) VALUES (?, ?, ?)",
                        (room_id, seat, token_hash),
                    )

        self._tx(fn)

    def append_action(self, room_id: str, version: int, round_no: int, seq: int, action: dict) -> None:
        """One action of the current game's last round (`round_no`, index `seq`) and the room's
        new version, in one committed transaction."""
        now = time.time()
        text = json_text(action)

        def fn(db):
            cur = db.execute(
                "INSERT INTO actions (room, game, round, seq, action)"
                " SELECT id, game_id, ?, ?, ? FROM rooms WHERE id = ? AND game_id IS NOT NULL",
                (round_no, seq, text, room_id),
            )
            if cur.rowcount != 1:
                raise RuntimeError(f"room {room_id} has no current game to append to")
            db.execute("UPDATE rooms SET version = ?, updated = ? WHERE id = ?", (version, now, room_id))

        self._tx(fn)

    def note_witnesses(self, room_id: str, round_no: int, token_hashes) -> None:
        """These seat tokens held seats while round `round_no` of the current game was played
        (a phone may replay only the rounds it played)."""
        rows = [(round_no, h, room_id) for h in token_hashes]

        def fn(db):
            db.executemany(
                "INSERT OR IGNORE INTO witnesses (game, round, token_hash)"
                " SELECT game_id, ?, ? FROM rooms WHERE id = ? AND game_id IS NOT NULL",
                rows,
            )

        self._tx(fn)

    def create_tournament(self, data: dict) -> int:
        """A new tournament, the night's current one from now on; returns its id."""
        now = time.time()
        return self._tx(
            lambda db: (
                db.execute(
                    "INSERT INTO tournaments (data, created, updated) VALUES (?, ?, ?)",
                    (json_text(data), now, now),
                ).lastrowid
            )
        )

    def save_tournament(self, tournament_id: int, data: dict) -> None:
        """The whole tournament, in one committed transaction (a few kB even at 32 players)."""
        now = time.time()

        def fn(db):
            cur = db.execute(
                "UPDATE tournaments SET data = ?, updated = ? WHERE id = ?",
                (json_text(data), now, tournament_id),
            )
            if cur.rowcount != 1:
                raise RuntimeError(f"no tournament {tournament_id} to save")

        self._tx(fn)

    def note_hands_seen(self, room_id: str, deal: tuple[int, str], pairs) -> None:
        """These (client address, seat) pairs have seen that seat's hand in `deal` ((round,
        commitment)), the round in play; what the room kept of an earlier deal goes."""
        round_no, commitment = deal
        rows = [(room_id, round_no, commitment, address, seat) for address, seat in pairs]

        def fn(db):
            db.execute(
                "DELETE FROM hands_seen WHERE room = ? AND NOT (round = ? AND commitment = ?)",
                (room_id, round_no, commitment),
            )
            db.executemany(
                "INSERT OR REPLACE INTO hands_seen (room, round, commitment, address, seat)"
                " VALUES (?, ?, ?, ?, ?)",
                rows,
            )

        self._tx(fn)

    def delete_room(self, room_id: str) -> None:
        self._tx(lambda db: db.execute("DELETE FROM rooms WHERE id = ?", (room_id,)))

    # -- the house's regulars (regulars.py) ----------------------------------------------

    def create_regular(self, name: str, name_key: str, colour: int, mark: int, token_hash: str) -> int:
        """A new regular and its first phone's token hash; `name_taken` if the name is held."""
        now = time.time()

        def fn(db):
            if db.execute("SELECT 1 FROM regulars WHERE name_key = ?", (name_key,)).fetchone():
                raise Refused("regular_taken", TAKEN)
            rid = db.execute(
                "INSERT INTO regulars (name, name_key, colour, mark, created) VALUES (?, ?, ?, ?, ?)",
                (name, name_key, colour, mark, now),
            ).lastrowid
            db.execute("INSERT INTO regular_tokens (token_hash, regular) VALUES (?, ?)", (token_hash, rid))
            return rid

        return self._tx(fn)

    def update_regular(self, regular: int, name: str, name_key: str, colour: int, mark: int) -> None:
        def fn(db):
            other = db.execute("SELECT id FROM regulars WHERE name_key = ?", (name_key,)).fetchone()
            if other and other[0] != regular:
                raise Refused("regular_taken", TAKEN)
            cur = db.execute(
                "UPDATE regulars SET name = ?, name_key = ?, colour = ?, mark = ? WHERE id = ?",
                (name, name_key, colour, mark, regular),
            )
            if cur.rowcount != 1:
                raise Refused("no_regular", "no such regular")

        self._tx(fn)

    def merge_regulars(self, regular: int, into: int) -> None:
        """`regular`'s phones and results become `into`'s (a round both held, which cannot be,
        is kept once); `regular` is gone."""

        def fn(db):
            for rid in (regular, into):
                if not db.execute("SELECT 1 FROM regulars WHERE id = ?", (rid,)).fetchone():
                    raise Refused("no_regular", f"no regular {rid}")
            db.execute("UPDATE regular_tokens SET regular = ? WHERE regular = ?", (into, regular))
            db.execute("UPDATE OR IGNORE regular_results SET regular = ? WHERE regular = ?", (into, regular))
            db.execute("DELETE FROM regulars WHERE id = ?", (regular,))

        self._tx(fn)

    def delete_regular(self, regular: int, anonymise) -> None:
        """`regular` and all that was kept of them (phones, results) are gone, and
        `anonymise(db)` rewrites the stored records in the same transaction."""

        def fn(db):
            if db.execute("DELETE FROM regulars WHERE id = ?", (regular,)).rowcount != 1:
                raise Refused("no_regular", "no such regular")
            anonymise(db)

        self._tx(fn)

    def add_regular_results(self, rows: list[tuple]) -> None:
        """(regular, deal, kind, profile, name, points, won, ended) rows; a row already kept
        (the same round seen again) is left as it is."""

        def fn(db):
            db.executemany(
                "INSERT OR IGNORE INTO regular_results"
                " (regular, deal, kind, profile, name, points, won, ended)"
                " SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM regulars WHERE id = ?)",
                [(*r, r[0]) for r in rows],
            )

        self._tx(fn)

    def regular_of_token(self, token_hash: str) -> dict | None:
        with self._lock:
            row = self._db.execute(
                "SELECT r.id, r.name, r.colour, r.mark"
                " FROM regular_tokens t JOIN regulars r ON r.id = t.regular"
                " WHERE t.token_hash = ?",
                (token_hash,),
            ).fetchone()
        return None if row is None else dict(zip(("id", "name", "colour", "mark"), row, strict=True))

    def regulars(self) -> list[dict]:
        """Every regular with their phone count and matches played, by name."""
        with self._lock:
            rows = self._db.execute(
                "SELECT r.id, r.name, r.colour, r.mark,"
                " (SELECT COUNT(*) FROM regular_tokens t WHERE t.regular = r.id),"
                " (SELECT COUNT(*) FROM regular_results x WHERE x.regular = r.id AND x.kind = 'match')"
                " FROM regulars r ORDER BY r.name_key"
            ).fetchall()
        keys = ("id", "name", "colour", "mark", "phones", "games")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    def regular_names(self, regular: int) -> list[str]:
        """Every name `regular` is known by or played under."""
        with self._lock:
            rows = self._db.execute(
                "SELECT name FROM regulars WHERE id = ?"
                " UNION SELECT name FROM regular_results WHERE regular = ?",
                (regular, regular),
            ).fetchall()
        return [r[0] for r in rows]

    def regular_stats(
        self, since: float = 0.0, profile: str | None = None, regular: int | None = None
    ) -> list:
        """Per regular and profile, over results ended at `since` or later: (regular, name,
        colour, mark, profile, games, wins, average points, rounds, best round, worst round)."""
        where, args = ["x.ended >= ?"], [since]  # type: list[str], list[object]
        if profile is not None:
            where.append("x.profile = ?")
            args.append(profile)
        if regular is not None:
            where.append("x.regular = ?")
            args.append(regular)
        with self._lock:
            return self._db.execute(
                "SELECT r.id, r.name, r.colour, r.mark, x.profile,"
                " SUM(x.kind = 'match'), SUM(CASE WHEN x.kind = 'match' THEN x.won ELSE 0 END),"
                " AVG(CASE WHEN x.kind = 'match' THEN x.points END),"
                " SUM(x.kind = 'round'),"
                " MAX(CASE WHEN x.kind = 'round' THEN x.points END),"
                " MIN(CASE WHEN x.kind = 'round' THEN x.points END)"
                " FROM regular_results x JOIN regulars r ON r.id = x.regular"
                f" WHERE {' AND '.join(where)} GROUP BY r.id, x.profile",
                args,
            ).fetchall()

    # -- reads -------------------------------------------------------------------------------

    def load_rooms(self) -> list[dict]:
        """Every room with its seats' token hashes and its current game's record (or None)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT r.id, r.name, r.host_hash, r.meta, r.version, g.record, r.game_id"
                " FROM rooms r LEFT JOIN games g ON g.id = r.game_id ORDER BY r.created"
            ).fetchall()
            seats = self._db.execute("SELECT room, seat, token_hash FROM seats").fetchall()
            appended = self._db.execute(
                "SELECT a.game, a.round, a.seq, a.action FROM actions a JOIN rooms r ON r.game_id = a.game"
                " ORDER BY a.game, a.round, a.seq"
            ).fetchall()
            seen = self._db.execute(
                "SELECT room, round, commitment, address, seat FROM hands_seen ORDER BY room, address, seat"
            ).fetchall()
        hands_seen: dict[str, dict] = {}
        for room, round_no, commitment, address, seat in seen:
            kept = hands_seen.setdefault(room, {"deal": (round_no, commitment), "seen": []})
            if kept["deal"] == (round_no, commitment):  # one deal a room (note_hands_seen)
                kept["seen"].append((address, seat))
        by_room: dict[str, dict[int, str]] = {}
        for room, seat, token_hash in seats:
            by_room.setdefault(room, {})[seat] = token_hash
        by_game: dict[int, list] = {}
        for game, round_no, seq, action in appended:
            by_game.setdefault(game, []).append((round_no, seq, action))
        return [
            {
                "id": rid,
                "name": name,
                "host_hash": host_hash,
                "meta": json.loads(meta),
                "version": version,
                "game_id": game_id,
                "seats": by_room.get(rid, {}),
                "hands_seen": hands_seen.get(rid),  # {"deal": (round, commitment), "seen": [...]}
                "record": _fold(json.loads(record), by_game.get(game_id, ()), game_id) if record else None,
            }
            for rid, name, host_hash, meta, version, record, game_id in rows
        ]

    def latest_tournament(self) -> tuple[int, dict] | None:
        """The newest tournament (id, data), or None."""
        with self._lock:
            row = self._db.execute("SELECT id, data FROM tournaments ORDER BY id DESC LIMIT 1").fetchone()
        return (row[0], json.loads(row[1])) if row else None

    def games_of(self, room_id: str) -> list[dict]:
        """Every game this room has played, oldest first: its id, start time and record (the
        appended actions folded in)."""
        with self._lock:
            games = self._db.execute(
                "SELECT id, started, record FROM games WHERE room = ? ORDER BY id", (room_id,)
            ).fetchall()
            appended = self._db.execute(
                "SELECT a.game, a.round, a.seq, a.action FROM actions a"
                " JOIN games g ON g.id = a.game WHERE g.room = ? ORDER BY a.game, a.round, a.seq",
                (room_id,),
            ).fetchall()
        by_game: dict[int, list] = {}
        for game, round_no, seq, action in appended:
            by_game.setdefault(game, []).append((round_no, seq, action))
        return [
            {"game": gid, "started": started, "record": _fold(json.loads(record), by_game.get(gid, ()), gid)}
            for gid, started, record in games
        ]

    def witnessed(self, room_id: str, token_hash: str) -> set[tuple[int, int]]:
        """The (game, round) pairs of this room that the seat token `token_hash` played."""
        with self._lock:
            rows = self._db.execute(
                "SELECT w.game, w.round FROM witnesses w JOIN games g ON g.id = w.game"
                " WHERE g.room = ? AND w.token_hash = ?",
                (room_id, token_hash),
            ).fetchall()
        return {(g, r) for g, r in rows}


def _refusal(error: BaseException) -> BaseException:
    """What a failed write raises: `not_saved` when the disk failed, else the error itself."""
    code = getattr(error, "sqlite_errorcode", None)
    if not isinstance(error, sqlite3.Error) or code is None or code & 0xFF not in DISK_ERRORS:
        return error
    log.warning("a change was not stored (%s: %s); it is refused", error.sqlite_errorname, error)
    refused = Refused("not_saved", "the table could not store this change (its disk is full or failing)")
    refused.__cause__ = error
    return refused


def _fold(record: dict, rows, game_id) -> dict:
    """The checkpoint `record` with its appended actions put back into its last round. Rows that
    do not continue the record exactly (which a committed store never holds) are not used."""
    rounds = record.get("rounds") or []
    for round_no, seq, text in rows:
        if round_no != len(rounds) or seq != len(rounds[-1].setdefault("actions", [])):
            log.error(
                "game %s: appended action (round %s, #%s) does not continue its record; "
                "later actions ignored",
                game_id,
                round_no,
                seq,
            )
            break
        rounds[-1]["actions"].append(json.loads(text))
    return record
