"""A disk that is full, read-only or slow: an action that cannot be stored is refused with
`not_saved` and nothing else changes (version, state, frames); the room recovers by itself when
the disk does; a slow disk makes answers slower, never wrong, and holds up nothing else.

The read-only and slow disks act on the live test server's own store connection (SQLite's
`query_only`, a delay in front of the group commit); the full disk is a real one: a 1 MB tmpfs
in a private mount namespace under `tabletop serve`, filled up from outside through
/proc/<pid>/root."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import time
import urllib.request

import pytest
import serverproc
import websocket
from conftest import Client, ask, create_room, dealt_room, join, start

from tabletop.store import Store

PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]
SLOW = 1.5  # seconds every commit of the slow disk takes


@contextlib.contextmanager
def read_only(store):
    """The store's disk refuses every write (as an SD card remounted read-only does)."""
    with store._lock:
        store._db.execute("PRAGMA query_only = ON")
    try:
        yield
    finally:
        with store._lock:
            store._db.execute("PRAGMA query_only = OFF")


@contextlib.contextmanager
def slow_disk(store, seconds: float):
    """Every commit of the store waits `seconds` first (a slow or busy disk)."""
    commit = store._commit

    def slow(group):
        time.sleep(seconds)
        commit(group)

    store._commit = slow
    try:
        yield
    finally:
        store._commit = commit


def drain(client: Client, seconds: float) -> list[dict]:
    """Every frame that arrives within `seconds` (and is not consumed yet)."""
    got, client.backlog = client.backlog, []
    client.sock.settimeout(0.05)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            try:
                got.append(client._read())
            except websocket.WebSocketTimeoutException:
                continue
    finally:
        client.sock.settimeout(20)
    return got


def turn_phone(room, phones):
    """(seat, phone, its latest view) of the phone whose turn it is."""
    seat = room.state.turn
    phone = phones[seat]
    return seat, phone, phone.view(room.version)


def test_a_write_the_disk_refuses_is_not_saved_and_changes_nothing(live, client_factory):
    host, room, phones, _ = dealt_room(live, client_factory, PHONES2)
    guest = client_factory()
    guest.send({"type": "hello", "room": room.id})
    guest.expect("welcome")
    guest.view()
    seat, phone, own = turn_phone(room, phones)
    action = own["view"]["legal"][0]
    store = live.tables.store
    version, record = room.version, json.dumps(room.match.to_record())
    for c in (host, guest, *phones.values()):
        drain(c, 0.2)
    with read_only(store):
        refused = ask(phone, {"type": "act", "action": action, "version": version})
        assert refused["type"] == "error" and refused["code"] == "not_saved", refused
        assert refused["ref"] and "full or failing" in refused["detail"]
        # a host command that writes is refused the same way, and so is a new room
        assert ask(host, {"type": "standin", "seat": 1 - seat, "level": "easy"})["code"] == "not_saved"
        lobby = client_factory()
        lobby.send({"type": "hello"})
        lobby.expect("welcome")
        assert ask(lobby, {"type": "create_room"})["code"] == "not_saved"
        assert ask(host, {"type": "close_room"})["code"] == "not_saved"
        # nothing changed: no frame to anyone, the same version, state and seats
        for c in (host, guest, *phones.values()):
            assert drain(c, 0.3) == [], "a refused write sent a frame"
        assert room.version == version and json.dumps(room.match.to_record()) == record
        assert not room.closed and room.id in live.tables.rooms and len(live.tables.rooms) == 1
        assert room.meta["seats"][1 - seat].get("standin") is None
    # the disk is back: the same act goes through, as if the refusal never happened
    done = ask(phone, {"type": "act", "action": action, "version": version})
    assert done["type"] == "ok" and done["version"] == version + 1, done
    assert guest.view(version + 1)["version"] == version + 1
    # and what is on disk is exactly what was acknowledged: the action once, not twice
    reopened = Store(os.path.join(live.tables.data_dir, "tabletop.sqlite3"))
    try:
        (row,) = [r for r in reopened.load_rooms() if r["id"] == room.id]
    finally:
        reopened.close()
    assert row["version"] == version + 1
    assert row["record"]["rounds"][-1]["actions"] == room.record["rounds"][-1]["actions"]
    assert row["record"]["rounds"][-1]["actions"][-1] == dict(action, seat=seat)


@pytest.mark.app_config(computer_delay=0.3)
def test_a_computer_move_the_disk_refused_is_played_once_the_disk_is_back(live, client_factory):
    seats = [{"kind": "phone"}, {"kind": "computer", "level": "easy"}]
    host, room, phones, _ = dealt_room(live, client_factory, seats)
    phone = phones[0]
    store = live.tables.store
    for _ in range(40):  # until the phone's move hands the turn to the computer
        own = phone.view(room.version)
        if own["view"]["phase"] != "play":
            pytest.fail("the round ended before the computer had a move to make")
        if own["view"]["turn"] != 0:
            phone.view(room.version + 1)
            continue
        plays = [a for a in own["view"]["legal"] if "play" in a] or own["view"]["legal"]
        assert ask(phone, {"type": "act", "action": plays[0], "version": own["version"]})["type"] == "ok"
        if room.state.phase == "play" and room.state.turn == 1:
            break
    else:
        pytest.fail("the computer never got the turn")
    with read_only(store):  # before the computer's delay is over
        waiting = room.version
        time.sleep(1.5)  # its move was tried and refused, and tried again a second later
        assert room.version == waiting and room.state.turn == 1
    deadline = time.monotonic() + 10
    while room.version == waiting and time.monotonic() < deadline:
        time.sleep(0.05)
    assert room.version == waiting + 1, "the computer did not move once the disk was back"
    assert phone.view(waiting + 1)["version"] >= waiting + 1


def test_a_slow_disk_slows_the_answer_only_and_nothing_else(live, client_factory):
    host, room, phones, _ = dealt_room(live, client_factory, PHONES2)
    other_host, _, _ = create_room(client_factory)
    store = live.tables.store
    seat, phone, own = turn_phone(room, phones)
    watcher = phones[1 - seat]
    with slow_disk(store, SLOW):
        sent = time.monotonic()
        act = {"type": "act", "action": own["view"]["legal"][0], "version": own["version"], "ref": "slow"}
        phone.send(act)
        time.sleep(0.2)  # the commit is under way
        # what does not write is answered meanwhile, before the commit can be done: another
        # table's ping, the HTTP API
        other_host.send({"type": "ping"})
        other_host.expect("pong")
        with urllib.request.urlopen(f"{live.url}/api/health", timeout=5) as r:
            assert r.status == 200
        early = drain(watcher, 0.05)  # and nobody was shown the move before it is stored
        assert time.monotonic() - sent < SLOW, "a slow commit held up what does not write"
        assert all(f.get("version", 0) <= own["version"] for f in early), early
        ok = phone.expect("ok", ref="slow")
        # the answer waited for the disk; then the others are shown the move
        assert time.monotonic() - sent >= SLOW and ok["version"] == own["version"] + 1
        assert watcher.view(ok["version"])["version"] == ok["version"]
    # the disk is fast again: so is the table
    seat, phone, own = turn_phone(room, phones)
    t0 = time.monotonic()
    answer = ask(phone, {"type": "act", "action": own["view"]["legal"][0], "version": own["version"]})
    assert answer["type"] == "ok" and time.monotonic() - t0 < SLOW
    errors = [f for c in (host, *phones.values()) for f in c.frames if f["type"] == "error"]
    assert errors == []


# -- a real full disk ------------------------------------------------------------------------------


def _no_private_tmpfs() -> str | None:
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return "needs root and unshare(1) for a tmpfs in a private mount namespace"
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True
    )
    return None if probe.returncode == 0 else f"cannot mount a private tmpfs: {probe.stderr.decode()}"


WHY_NO_TMPFS = _no_private_tmpfs()


def fill(path: str) -> None:
    """Write `path` until the file system says it is full."""
    with open(path, "wb", buffering=0) as f:
        with contextlib.suppress(OSError):
            while True:
                f.write(b"\0" * 4096)


@pytest.mark.skipif(WHY_NO_TMPFS is not None, reason=str(WHY_NO_TMPFS))
def test_a_full_disk_refuses_actions_until_space_is_freed(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    port = serverproc.free_port()
    serve = serverproc.tabletop_command(port, data, "--computer-delay", "0")
    script = f'mount -t tmpfs -o size=1m tmpfs "{data}" && exec "$@"'
    server = serverproc.Server(["unshare", "-m", "sh", "-c", script, "sh", *serve], port)
    made: list[Client] = []

    def make(**kw):
        made.append(Client(f"ws://127.0.0.1:{port}/ws", **kw))
        return made[-1]

    try:
        host, room_id, _ = create_room(make, "draw", {"players": 2}, PHONES2)
        phones = {s: join(make, room_id, s)[0] for s in (0, 1)}
        version = start(host)
        inside = f"/proc/{server.pid}/root{data}"  # the data folder as the server sees it
        assert os.path.exists(f"{inside}/tabletop.sqlite3")
        filler = f"{inside}/filler"
        fill(filler)
        refused = None
        for _ in range(80):  # the next write that needs a new block of the disk fails
            views = {s: p.view(version) for s, p in phones.items()}
            view = views[0]["view"]
            if view["phase"] != "play":
                answer = ask(host, {"type": "start_round"})
            else:
                seat = view["turn"]
                action = views[seat]["view"]["legal"][0]
                answer = ask(phones[seat], {"type": "act", "action": action, "version": version})
            if answer["type"] == "error":
                refused = answer
                break
            version = answer["version"]
        assert refused is not None and refused["code"] == "not_saved", refused
        # nothing moved: no socket got a newer version, and a newcomer sees the last stored one
        for c in (host, *phones.values()):
            assert all(f.get("version", 0) <= version for f in drain(c, 0.3))
        guest = make()
        guest.send({"type": "hello", "room": room_id})
        guest.expect("welcome")
        assert guest.view()["version"] == version
        os.remove(filler)  # the disk has room again: the room plays on
        views = {s: p.view(version) for s, p in phones.items()}
        if views[0]["view"]["phase"] != "play":
            answer = ask(host, {"type": "start_round"})
        else:
            seat = views[0]["view"]["turn"]
            action = views[seat]["view"]["legal"][0]
            answer = ask(phones[seat], {"type": "act", "action": action, "version": version})
        assert answer["type"] == "ok" and answer["version"] == version + 1, answer
        assert guest.view(version + 1)["version"] == version + 1
    finally:
        for c in made:
            c.close()
        server.kill9()
