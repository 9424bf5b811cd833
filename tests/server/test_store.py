"""The store keeps each game as a checkpoint plus one row per action played since; a room
restored from them is the match that was in memory."""

from __future__ import annotations

import random
import sqlite3
import threading
import time

import engine
from tabletop.app import create_app
from tabletop.seats import HOST
from tabletop.settings import Settings
from tabletop.store import Store


def _app(path):
    return create_app(Settings(data=str(path), computer_delay=3600, idle_close=0))


class FakeConn:
    """Just enough of a hub connection for the room's methods."""

    def send(self, frame):
        pass

    def push_view(self):
        pass


def _play(room, host, rng, moves):
    for _ in range(moves):
        state = room.state
        if state.phase != "play":
            return
        legal = engine.view_for(state, state.turn)["legal"]
        room.run({"type": "act", "action": dict(rng.choice(legal)), "version": room.version}, host)


def _rows(path):
    db = sqlite3.connect(str(path / "tabletop.sqlite3"))
    try:
        return db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    finally:
        db.close()


def _shutdown(app):
    t = app.extensions["tabletop"]
    t.shutdown()
    t.store.close()


def test_restore_from_appended_actions_equals_the_match_in_memory(tmp_path):
    rng = random.Random(3)
    undos = 0
    for profile, options in (("draw", {"players": 3}), ("mexican-train", {"players": 2}), ("gaple", {})):
        data = tmp_path / profile
        app = _app(data)
        t = app.extensions["tabletop"]
        room, _ = t.create_room(profile)
        host = FakeConn()
        room.enter(host, HOST)
        n = engine.new_game(profile, options).players
        seats = [{"kind": "device", "name": f"D{i}"} for i in range(n)]
        room.run({"type": "setup", "profile": profile, "options": options, "seats": seats}, host)
        room.run({"type": "start_round"}, host)
        _play(room, host, rng, 12)
        assert _rows(data) > 0  # the actions went in as rows
        _play(room, host, rng, 1000)  # to the end of the round (if it ends)
        if room.state.phase == "round_over":
            room.run({"type": "start_round"}, host)  # a deal: a new checkpoint
            assert _rows(data) == 0
            _play(room, host, rng, 5)
        undone = False
        for _ in range(30):  # an undo (never of a drawn tile, never after the round): a new checkpoint
            actions = room.match.rounds[-1].actions
            if actions and room.can_undo(actions[-1].seat):
                room.run({"type": "undo", "seat": actions[-1].seat}, host)
                assert _rows(data) == 0
                undone = True
                break
            if room.state.phase != "play":
                break
            _play(room, host, rng, 1)
        undos += undone
        _play(room, host, rng, 3)
        expected_record = room.match.to_record()
        expected_views = [engine.view_for(room.state, s) for s in [None, *range(n)]]
        version = room.version
        _shutdown(app)  # no save at exit: the rows are all there is

        app = _app(data)
        again = app.extensions["tabletop"].rooms[room.id]
        assert again.version == version
        assert again.match.to_record() == expected_record
        assert [engine.view_for(again.state, s) for s in [None, *range(n)]] == expected_views
        # and play goes on from there, still appending
        again.enter(host, HOST)
        _play(again, host, rng, 2)
        _shutdown(app)
    assert undos >= 2  # the undo checkpoints were exercised


def test_rows_that_do_not_continue_the_record_are_not_used(tmp_path):
    s = Store(str(tmp_path / "t.sqlite3"))
    s.create_room("ABCDE", "T", "h" * 64, {"profile": "draw", "seats": []}, 0)
    s.save_room(
        "ABCDE",
        {},
        1,
        record={"format": "domino-record/1", "rounds": [{"seed": 1, "actions": []}]},
        new_game=True,
    )
    s.append_action("ABCDE", 2, 1, 0, {"seat": 0, "draw": True})
    s.append_action("ABCDE", 3, 1, 2, {"seat": 1, "draw": True})  # a gap: ignored from here on
    (row,) = s.load_rooms()
    assert row["version"] == 3 and row["record"]["rounds"][0]["actions"] == [{"seat": 0, "draw": True}]
    # a checkpoint replaces the rows
    s.save_room("ABCDE", {}, 4, record={"format": "domino-record/1", "rounds": [{"seed": 1, "actions": []}]})
    (row,) = s.load_rooms()
    assert row["record"]["rounds"][0]["actions"] == []
    s.close()


def test_writes_that_wait_commit_together_and_a_failing_one_alone_is_undone(tmp_path):
    """Group commit: writes queued while the connection is busy share one commit; the one whose
    body fails raises to its own caller only, and every other write of the group is stored."""
    store = Store(str(tmp_path / "t.db"))
    results: dict = {}

    def write(i):
        def fn(db):
            db.execute(
                "INSERT INTO rooms (id, name, host_hash, meta, version, game_id, created, updated)"
                " VALUES (?, 'n', 'h', '{}', 0, NULL, 0, 0)",
                (f"R{i}",),
            )
            if i == 3:
                raise ValueError("write 3 fails after its insert")
            return i

        try:
            results[i] = store._tx(fn)
        except ValueError as exc:
            results[i] = exc

    with store._lock:  # the connection is busy: every write below queues
        threads = [threading.Thread(target=write, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 10
        while len(store._pending) < 6 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(store._pending) == 6
    for t in threads:
        t.join(10)
    assert isinstance(results.pop(3), ValueError)
    assert results == {i: i for i in (0, 1, 2, 4, 5)}
    stored = {r["id"] for r in Store(str(tmp_path / "t.db")).load_rooms()}
    assert stored == {"R0", "R1", "R2", "R4", "R5"}


def test_a_write_alone_that_fails_leaves_nothing_and_the_next_one_is_stored(tmp_path):
    """A group of one write runs without a savepoint: its failure undoes the whole transaction."""
    store = Store(str(tmp_path / "t.db"))

    def insert(room_id, fail=False):
        def fn(db):
            db.execute(
                "INSERT INTO rooms (id, name, host_hash, meta, version, game_id, created, updated)"
                " VALUES (?, 'n', 'h', '{}', 0, NULL, 0, 0)",
                (room_id,),
            )
            if fail:
                raise ValueError("fails after its insert")

        return fn

    try:
        store._tx(insert("BAD", fail=True))
    except ValueError:
        pass
    else:
        raise AssertionError("the failing write must raise")
    assert not store._db.in_transaction
    store._tx(insert("GOOD"))
    assert {r["id"] for r in Store(str(tmp_path / "t.db")).load_rooms()} == {"GOOD"}


def test_the_hands_seen_are_kept_for_the_deal_in_play_only(tmp_path):
    """A room keeps what the addresses saw of one deal: noting a later deal drops the earlier
    one's rows, and deleting the room drops its rows."""
    store = Store(str(tmp_path / "t.sqlite3"))
    try:
        store.create_room("R", "Table", "h", {"seats": []}, 0)
        store.note_hands_seen("R", (1, "c1"), [("10.0.0.2", 0), ("10.0.0.3", 1)])
        store.note_hands_seen("R", (1, "c1"), [("10.0.0.2", 2)])
        (row,) = store.load_rooms()
        assert row["hands_seen"] == {
            "deal": (1, "c1"),
            "seen": [("10.0.0.2", 0), ("10.0.0.2", 2), ("10.0.0.3", 1)],
        }
        store.note_hands_seen("R", (2, "c2"), [("10.0.0.4", 1)])
        (row,) = store.load_rooms()
        assert row["hands_seen"] == {"deal": (2, "c2"), "seen": [("10.0.0.4", 1)]}
        store.delete_room("R")
        store.create_room("R", "Table", "h", {"seats": []}, 0)
        (row,) = store.load_rooms()
        assert row["hands_seen"] is None
    finally:
        store.close()
