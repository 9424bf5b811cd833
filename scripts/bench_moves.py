"""The table's own CPU per move (scripts/bench moves): R rooms of Draw with 4 phones and 2 table
screens each, as `scripts/bench server` plays them, in this one process, no network: each
message goes through the server's path (`Connection.handle`, the room's command, the store's
commit, every socket's view frame built, encoded and written) to sockets that take every frame
at once. The thread's CPU time inside the server's calls, per move, is what the code costs,
however busy the machine is: a shared machine moves latencies by 2x from hour to hour, this
figure by a few per cent, so two versions compared in alternating runs show their own cost.

    scripts/bench moves [--rooms 20] [--moves 3000] [--repeat 3] [--data DIR] [--json]

The data folder is in /dev/shm where there is one (a commit's fsync is the disk's cost, not
the code's); the phones act as the bench's do (a random legal action), the first table screen
deals the next round and starts a new game when one ends.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import orjson  # noqa: E402

from tabletop import hub  # noqa: E402
from tabletop.app import create_app  # noqa: E402
from tabletop.settings import Settings  # noqa: E402
from tabletop.transport import Connection  # noqa: E402

PHONES = 4
VIEW_HEAD = b'{"type":"view"'


class _Raw:
    """The OS socket: takes every frame whole; keeps the last view and the last other frame."""

    def __init__(self) -> None:
        self.view: bytes | None = None
        self.created: dict | None = None
        self.errors = 0

    def send(self, data: bytes, _flags: int = 0) -> int:
        i = 0
        while i < len(data):  # one write may hold several frames (an answer and its view)
            n, off = data[i + 1] & 0x7F, 2
            if n == 126:
                n, off = int.from_bytes(data[i + 2 : i + 4], "big"), 4
            elif n == 127:
                n, off = int.from_bytes(data[i + 2 : i + 10], "big"), 10
            payload, text = data[i + off : i + off + n], data[i] & 0x0F == 0x1
            i += off + n
            if not text:  # a ping (none is due in a short run) or a close
                continue
            if payload.startswith(VIEW_HEAD):
                self.view = payload
                continue
            frame = orjson.loads(payload)
            if frame.get("type") == "room_created":
                self.created = frame
            elif frame.get("type") == "error":
                self.errors += 1
        return len(data)


class _Sock:
    def __init__(self) -> None:
        self._sock = _Raw()  # wire.send_without_waiting writes to the wrapped socket


class _WS:
    connected = True
    close_reason = close_message = None

    def __init__(self) -> None:
        self.sock = _Sock()

    def close(self, *_args, **_kw) -> None:
        pass


class Bench:
    def __init__(self, rooms: int, data: str):
        # the bench's phones act far above a person's pace: the limit on messages is lifted
        settings = Settings(data=data, mdns=False, rate=(1e6, 1e6), computer_delay=0)
        self.app = create_app(settings)
        self.tables = self.app.extensions["tabletop"]
        self.spent = 0.0  # thread CPU seconds inside the server's calls
        self.rooms = [self._room(i) for i in range(rooms)]

    def _conn(self, address: str) -> tuple[Connection, _Raw]:
        ws = _WS()
        conn = Connection(ws, self.tables, address, hub.answer)
        conn.reader.keepalive = lambda: True  # type: ignore[method-assign]  # a socket that always answers
        return conn, ws.sock._sock

    def send(self, conn: Connection, msg: dict) -> None:
        raw = json.dumps(msg)
        t = time.thread_time()
        conn.handle(raw)
        self.spent += time.thread_time() - t

    def _room(self, i: int):
        host, host_raw = self._conn(f"10.0.{i}.{PHONES + 1}")
        self.send(host, {"type": "hello"})
        self.send(host, {"type": "create_room", "name": f"Bench {i}"})
        assert host_raw.created is not None, "no room_created"
        room_id, token = host_raw.created["room"], host_raw.created["host_token"]
        seats = [{"kind": "phone"}] * PHONES
        self.send(host, {"type": "setup", "profile": "draw", "options": {"players": PHONES}, "seats": seats})
        phones = []
        for seat in range(PHONES):
            phone = self._conn(f"10.0.{i}.{seat + 1}")
            self.send(phone[0], {"type": "hello", "room": room_id})
            self.send(phone[0], {"type": "join", "seat": seat, "name": f"P{seat}"})
            phones.append(phone)
        screen, _ = self._conn(f"10.0.{i}.{PHONES + 2}")
        self.send(screen, {"type": "hello", "room": room_id, "host_token": token})
        self.send(host, {"type": "start_round"})
        return host, host_raw, phones, random.Random(i)

    def step(self, room) -> int:
        """The room's next message: a move (1) or a deal (0)."""
        host, host_raw, phones, rng = room
        view = orjson.loads(host_raw.view)["view"]
        if view["phase"] == "round_over":
            self.send(host, {"type": "start_round"})
            return 0
        if view["phase"] == "game_over":
            self.send(host, {"type": "new_game"})
            return 0
        phone, raw = phones[view["turn"]]
        own = orjson.loads(raw.view)
        action = rng.choice(own["view"]["legal"])
        self.send(phone, {"type": "act", "action": action, "version": own["version"]})
        return 1

    def measure(self, moves: int) -> dict:
        made = 0
        while made < len(self.rooms) * 50:  # warm-up: every room plays a while first
            made += sum(self.step(room) for room in self.rooms)
        self.spent, made, sizes = 0.0, 0, []
        while made < moves:
            made += sum(self.step(room) for room in self.rooms)
            sizes.append(len(self.rooms[0][1].view or b""))
        errors = sum(raw.errors for room in self.rooms for _c, raw in [(room[0], room[1]), *room[2]])
        return {
            "cpu_us_per_move": 1e6 * self.spent / made,
            "moves": made,
            "view_bytes": statistics.median(sizes),
            "errors": errors,
        }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="scripts/bench moves", description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=20)
    p.add_argument("--moves", type=int, default=3000, help="moves measured per run (after a warm-up)")
    p.add_argument("--repeat", type=int, default=3, help="runs, each in a fresh table")
    p.add_argument("--data", help="folder for the data folders (default: /dev/shm where there is one)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    runs = []
    for _ in range(args.repeat):
        base = args.data or ("/dev/shm" if os.path.isdir("/dev/shm") else None)
        with tempfile.TemporaryDirectory(prefix="bench-moves-", dir=base) as data:
            bench = Bench(args.rooms, data)
            runs.append(bench.measure(args.moves))
            bench.tables.shutdown()
    cpu = [r["cpu_us_per_move"] for r in runs]
    if args.json:
        print(json.dumps({"rooms": args.rooms, "runs": runs}))
    else:
        print(
            f"{args.rooms} rooms x 6 sockets, {args.moves} moves a run: the server's CPU per move "
            f"{statistics.median(cpu):.0f} us (median of {len(cpu)}; {min(cpu):.0f}-{max(cpu):.0f}), "
            f"view frame {statistics.median(r['view_bytes'] for r in runs):.0f} bytes, "
            f"{sum(r['errors'] for r in runs)} error frames"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
