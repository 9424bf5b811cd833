"""Crash recovery under load: `tabletop serve` (one gevent process) is killed with SIGKILL
at random moments while several rooms play as fast as they can (phones act the moment it is
their turn, computers at zero delay, the table deals the next round), then started again on the
same port and data folder. After every kill, every action the server acknowledged with `ok` is
in the store, no socket was ever shown a version the store does not have, and every phone and
table screen reconnects by itself (seat or host token) and is shown at least the stored version.

    FAULT_KILLS=100 scripts/test tests/server/test_faults_crash.py -s   # more kills (default 8;
                                                                        # scripts/bench faults: 20)
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import threading
import time

import serverproc
import websocket
from conftest import Client, create_room, join, start

from tabletop.deals import commitment
from tabletop.store import _fold

KILLS = int(os.environ.get("FAULT_KILLS", "8"))
ROOMS = 4
SEATS = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "computer", "level": "easy"}]
PHONE_RATE = 15.0  # messages a second a phone sends at most (the server drops more than 20)


class Agent(threading.Thread):
    """One phone (seat) or table screen (seat None) that keeps reconnecting with its token and
    plays as fast as it may. What it was told is kept for the checks."""

    def __init__(self, port: int, room_id: str, seat: int | None, hello: dict, epoch):
        super().__init__(daemon=True, name=f"agent-{room_id}-{seat}")
        self.url = f"ws://127.0.0.1:{port}/ws"
        self.room_id, self.seat, self.hello, self.epoch = room_id, seat, hello, epoch
        self.rng = random.Random(f"{room_id}:{seat}")
        self.lock = threading.Lock()
        self.acked: list[tuple] = []  # ((round commitment, index in round, action), ok version)
        self.pending: dict[int, tuple] = {}  # ref -> key of an act not answered yet
        self.in_flight = 0  # acts whose answer never came (the server died first)
        self.seen = 0  # the newest version this socket was ever shown
        self.firsts: list[tuple[int, int]] = []  # (server epoch, version of the first view)
        self.errors: list[dict] = []  # any error but `stale`
        self.connected = False
        self.stopping = threading.Event()
        self._ref = 0
        self._last_send = 0.0

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                ws = websocket.create_connection(self.url, timeout=10)
            except (OSError, websocket.WebSocketException):
                time.sleep(0.05)  # the server is down: try again soon
                continue
            self.connected = True
            try:
                self._session(ws)
            except (OSError, websocket.WebSocketException, ValueError):
                pass
            finally:
                with self.lock:
                    self.in_flight += len(self.pending)
                    self.pending.clear()
                    self.connected = False
                ws.close()

    def _send(self, ws, msg: dict) -> int:
        wait = self._last_send + 1 / PHONE_RATE - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._last_send = time.monotonic()
        self._ref += 1
        ws.send(json.dumps(dict(msg, ref=self._ref)))
        return self._ref

    def _session(self, ws) -> None:
        ws.send(json.dumps(self.hello))
        epoch, first, acted_on = self.epoch(), True, -1
        while not self.stopping.is_set():
            try:
                raw = ws.recv()
            except websocket.WebSocketTimeoutException:
                continue  # nobody moved for a while (waiting for a computer): keep listening
            if not raw:
                return  # closed
            f = json.loads(raw)
            kind = f["type"]
            if kind == "welcome":
                if f["role"] != ("host" if self.seat is None else "seat") or f["seat"] != self.seat:
                    self.errors.append(f)
            elif kind == "ok":
                with self.lock:
                    key = self.pending.pop(f.get("ref"), None)
                    if key is not None:
                        self.acked.append((key, f["version"]))
            elif kind == "error":
                with self.lock:
                    self.pending.pop(f.get("ref"), None)
                    if f["code"] != "stale":
                        self.errors.append(f)
            elif kind == "view":
                version, view = f["version"], f["view"]
                with self.lock:
                    self.seen = max(self.seen, version)
                    if first:
                        self.firsts.append((epoch, version))
                        first = False
                if view is None or version <= acted_on:
                    continue
                if self.seat is None and view["phase"] in ("round_over", "game_over"):
                    acted_on = version
                    self._send(ws, {"type": "start_round" if view["phase"] == "round_over" else "new_game"})
                elif self.seat is not None and view["phase"] == "play" and view["turn"] == self.seat:
                    acted_on = version
                    action = self.rng.choice(view["legal"])
                    deal = next(d for d in f["room"]["deals"] if d["round"] == view["round"])
                    key = (deal["commitment"], len(view["history"]), json.dumps(action, sort_keys=True))
                    with self.lock:  # registered before it is sent: its ok may come at once
                        self.pending[self._ref + 1] = key
                    self._send(ws, {"type": "act", "action": action, "version": version})


def stored(path: str, room_id: str) -> tuple[int, dict[str, list[str]]]:
    """The room's stored version and every round of every game of it, by the commitment of the
    round's deal: its actions (checkpoint plus the rows appended since, as a restart reads them)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (version,) = db.execute("SELECT version FROM rooms WHERE id = ?", (room_id,)).fetchone()
        games = db.execute("SELECT id, record FROM games WHERE room = ? ORDER BY id", (room_id,)).fetchall()
        rows = db.execute(
            "SELECT game, round, seq, action FROM actions WHERE room = ? ORDER BY game, round, seq",
            (room_id,),
        ).fetchall()
    finally:
        db.close()
    rounds = {}
    for game_id, text in games:
        record = _fold(json.loads(text), [r[1:] for r in rows if r[0] == game_id], game_id)
        for r in record["rounds"]:
            rounds[commitment(r["seed"])] = [json.dumps(a, sort_keys=True) for a in r["actions"]]
    return version, rounds


def set_up_rooms(port: int) -> list[tuple[str, dict, dict]]:
    """ROOMS rooms dealt, each with its host token and its phones' seat tokens."""
    made: list[Client] = []

    def make(**kw):
        made.append(Client(f"ws://127.0.0.1:{port}/ws", **kw))
        return made[-1]

    rooms = []
    try:
        for i in range(ROOMS):
            host, room_id, host_token = create_room(make, "draw", {"players": 3}, SEATS, name=f"Crash {i}")
            tokens = {s: join(make, room_id, s)[1] for s in (0, 1)}
            start(host)
            rooms.append((room_id, host_token, tokens))
    finally:
        for c in made:
            c.close()
    return rooms


def test_sigkill_under_load_loses_no_acknowledged_action(tmp_path):
    rng = random.Random(15)
    server = serverproc.Server.tabletop(tmp_path, "--computer-delay", "0")
    db_path = str(tmp_path / "tabletop.sqlite3")
    epoch = [0]
    agents: list[Agent] = []
    try:
        for room_id, host_token, tokens in set_up_rooms(server.port):
            agents.append(
                Agent(
                    server.port,
                    room_id,
                    None,
                    {"type": "hello", "room": room_id, "host_token": host_token},
                    lambda: epoch[0],
                )
            )
            for seat, token in tokens.items():
                agents.append(
                    Agent(
                        server.port,
                        room_id,
                        seat,
                        {"type": "hello", "room": room_id, "token": token},
                        lambda: epoch[0],
                    )
                )
        for a in agents:
            a.start()
        restored: dict[str, int] = {}  # room -> the version the server restarted with
        restored_at: dict[int, dict[str, int]] = {}  # server epoch -> that, per room
        kills = 0
        for kills in range(1, KILLS + 1):
            time.sleep(rng.uniform(0.2, 1.0))  # play, then die at a random moment
            server.kill9()
            deadline = time.monotonic() + 10  # every socket read what the server sent before it died
            while any(a.connected for a in agents) and time.monotonic() < deadline:
                time.sleep(0.01)
            assert not any(a.connected for a in agents)
            for room_id in {a.room_id for a in agents}:
                version, rounds = stored(db_path, room_id)
                mine = [a for a in agents if a.room_id == room_id]
                for a in mine:
                    with a.lock:
                        acked, seen = list(a.acked), a.seen
                    for (deal, index, action), ok_version in acked:
                        assert ok_version <= version, (room_id, ok_version, version)
                        played = rounds.get(deal, [])
                        assert index < len(played) and played[index] == action, (
                            f"kill {kills}: an acknowledged act of room {room_id} is not stored"
                        )
                    assert seen <= version, f"kill {kills}: a socket was shown an unstored version"
                assert version >= restored.get(room_id, 0)  # nothing stored was ever lost
                restored[room_id] = version
            restored_at[kills] = dict(restored)
            epoch[0] = kills
            server.start()
        # after the last start every socket is back by itself and sees at least the stored version
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not all(any(e == KILLS for e, _ in a.firsts) for a in agents):
            time.sleep(0.05)
        same = later = 0
        for a in agents:
            assert a.errors == [], (a.name, a.errors[:3])
            for e, version in a.firsts:
                if e > 0:  # a reconnection: at least what was stored (a computer may move at once)
                    assert version >= restored_at[e][a.room_id], (a.name, e, version)
                    same += version == restored_at[e][a.room_id]
                    later += version > restored_at[e][a.room_id]
        acked = sum(len(a.acked) for a in agents)
        in_flight = sum(a.in_flight for a in agents)
        print(
            f"\n{kills} SIGKILLs, {acked} acknowledged acts, all stored; {in_flight} acts in flight at a"
            f" kill; reconnections: {same} saw the stored version, {later} a later one (a computer moved)"
        )
        assert kills == KILLS and acked >= 10 * KILLS and in_flight > 0
        assert all(any(e == KILLS for e, _ in a.firsts) for a in agents), "a socket did not come back"
    finally:
        for a in agents:
            a.stopping.set()
        server.kill9()
