"""The table server under a café's load, side by side with a bare flask-sock broadcast server.

For each server: R rooms of S websockets on loopback (four phones, the table and one more table
screen per room by default). Every phone acts the moment the view says it is its turn; when a
round ends the table deals the next one. The figure is the time from a phone's `act` until every
socket of that room holds a view of the new version (p50/p95/p99), with actions per second and
the server's resident memory (the process and its children).

The bare server (scripts/bench_bare.py) does only what any broadcast server must: on an `act` it
bumps its room's version and sends every socket of the room a frame of the same size as the
table's view frames, under the same worker class and thread count. The ratio of the two says
what the table's own work costs.

    scripts/bench server [--rooms 20] [--sockets 6] [--seconds 20] [--threads 256] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
PHONES = 4  # seats per room (draw, four players, every seat a phone)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port: int, proc: subprocess.Popen, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise SystemExit("scripts/bench server: the server did not start") from None
            time.sleep(0.05)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children so far."""
    total, todo = 0.0, [pid]
    tick = os.sysconf("SC_CLK_TCK")
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            continue
    return total


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children, in MB."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
            todo += [int(c) for c in children]
        except (OSError, StopIteration):
            continue
    return total / 1024


class Room:
    """What the sockets of one room saw: when each act was sent and when each socket held each
    version, so a latency is measured once every socket of the room caught up. The load runs in
    one asyncio loop, so no lock is needed."""

    def __init__(self, sockets: int):
        self.sent: dict[int, float] = {}  # version an act will make -> when it was sent
        self.held = [0] * sockets  # newest version each socket holds
        self.latencies: list[float] = []

    def acted(self, new_version: int) -> None:
        self.sent.setdefault(new_version, time.perf_counter())

    def saw(self, index: int, version: int) -> None:
        if version <= self.held[index]:
            return
        self.held[index] = version
        low = min(self.held)
        now = time.perf_counter()
        for v in [v for v in self.sent if v <= low]:
            self.latencies.append(now - self.sent.pop(v))


class Socket:
    """One websocket of the load (the `websockets` asyncio client: one process drives every
    socket without a thread each, so the load itself is not what limits the figures)."""

    def __init__(self, ws, room: Room, index: int):
        self.ws, self.room, self.index = ws, room, index
        self.frame_bytes: list[int] = []

    @classmethod
    async def open(cls, port: int, room: Room, index: int) -> Socket:
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None, compression=None)
        ws.transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(ws, room, index)

    async def send(self, msg: dict) -> None:
        await self.ws.send(json.dumps(msg))

    async def recv(self) -> dict:
        raw = await self.ws.recv()
        frame = json.loads(raw)
        if frame.get("type") == "view":
            self.frame_bytes.append(len(raw))
        return frame

    async def expect(self, kind: str) -> dict:
        while True:
            frame = await self.recv()
            if frame.get("type") == kind:
                return frame
            if frame.get("type") == "error":
                raise SystemExit(f"scripts/bench server: {frame}")


async def run_table_socket(sock: Socket, seat, rng: random.Random) -> None:
    """A phone (seat) or a table screen (seat None; the first one deals the next round)."""
    acted_on = -1
    dealer = seat is None and sock.index == PHONES
    while True:
        frame = await sock.recv()
        if frame.get("type") != "view":
            continue
        version, view = frame["version"], frame["view"]
        sock.room.saw(sock.index, version)
        if view is None:
            continue
        if seat is not None and view["phase"] == "play" and view["turn"] == seat and version > acted_on:
            acted_on = version
            sock.room.acted(version + 1)
            await sock.send({"type": "act", "action": rng.choice(view["legal"]), "version": version})
        elif dealer and view["phase"] == "round_over":
            await sock.send({"type": "start_round"})
        elif dealer and view["phase"] == "game_over":
            await sock.send({"type": "new_game"})


async def setup_table_room(port: int, sockets: int, index: int) -> tuple[Room, list]:
    room = Room(sockets)
    host = await Socket.open(port, room, PHONES)
    await host.send({"type": "hello"})
    await host.expect("welcome")
    await host.send({"type": "create_room", "name": f"Bench {index}"})
    created = await host.expect("room_created")
    room_id, host_token = created["room"], created["host_token"]
    seats = [{"kind": "phone"}] * PHONES
    await host.send(
        {"type": "setup", "profile": "draw", "options": {"players": PHONES}, "seats": seats, "ref": 1}
    )
    await host.expect("ok")
    plan = [(host, None)]
    for seat in range(PHONES):
        phone = await Socket.open(port, room, seat)
        await phone.send({"type": "hello", "room": room_id})
        await phone.expect("welcome")
        await phone.send({"type": "join", "seat": seat, "name": f"P{seat}"})
        await phone.expect("joined")
        plan.append((phone, seat))
    for extra in range(PHONES + 1, sockets):  # more table screens
        screen = await Socket.open(port, room, extra)
        await screen.send({"type": "hello", "room": room_id, "host_token": host_token})
        await screen.expect("welcome")
        plan.append((screen, None))
    await host.send({"type": "start_round", "ref": 2})
    return room, plan


async def run_bare_socket(sock: Socket, seat, _rng) -> None:
    acted_on = -1
    while True:
        frame = await sock.recv()
        version = frame["version"]
        sock.room.saw(sock.index, version)
        if seat is not None and frame["turn"] == seat and version > acted_on:
            acted_on = version
            sock.room.acted(version + 1)
            await sock.send({"type": "act", "version": version})


async def setup_bare_room(port: int, sockets: int, index: int) -> tuple[Room, list]:
    room = Room(sockets)
    plan = []
    for k in range(sockets):
        sock = await Socket.open(port, room, k)
        await sock.send({"type": "hello", "room": index, "seats": PHONES, "sockets": sockets})
        plan.append((sock, k if k < PHONES else None))
    room.acted(1)  # the first socket's act starts the room's loop
    await plan[0][0].send({"type": "act", "version": 0})
    return room, plan


def start_server(kind: str, args, port: int, frame_bytes: int) -> subprocess.Popen:
    data = tempfile.mkdtemp(prefix="bench-server-")
    if kind == "table":
        cmd = [
            sys.executable,
            "-m",
            "tabletop",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data",
            data,
            "--no-mdns",
            "--computer-delay",
            "0",
            "--threads",
            str(args.threads),
            "--worker",
            args.worker,
        ]
        env = dict(os.environ)
    else:
        cmd = [
            sys.executable,
            "-m",
            "gunicorn",
            "-w",
            "1",
            "-k",
            args.worker,
            "--threads",
            str(args.threads),
            "-b",
            f"127.0.0.1:{port}",
            "--timeout",
            "0",
            "bench_bare:app",
        ]
        env = dict(os.environ, BENCH_FRAME_BYTES=str(frame_bytes), PYTHONPATH=str(ROOT / "scripts"))
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    wait_healthy(port, proc)
    return proc


def stop_server(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


async def load(kind: str, args, proc: subprocess.Popen, port: int) -> dict:
    setup = setup_table_room if kind == "table" else setup_bare_room
    run = run_table_socket if kind == "table" else run_bare_socket
    rooms = [await setup(port, args.sockets, i) for i in range(args.rooms)]
    tasks = [
        asyncio.ensure_future(run(sock, seat, random.Random(i * 100 + sock.index)))
        for i, (_room, plan) in enumerate(rooms)
        for sock, seat in plan
    ]
    await asyncio.sleep(args.warmup)
    for room, _plan in rooms:
        room.latencies.clear()
    peak, start, cpu0 = 0.0, time.perf_counter(), cpu_seconds(proc.pid)
    while time.perf_counter() - start < args.seconds:
        await asyncio.sleep(0.5)
        peak = max(peak, rss_mb(proc.pid))
    elapsed = time.perf_counter() - start
    cpu = cpu_seconds(proc.pid) - cpu0
    latencies = [x for room, _plan in rooms for x in room.latencies]
    for task in tasks:
        task.cancel()
    sizes = [b for _room, plan in rooms for sock, _ in plan for b in sock.frame_bytes]
    for _room, plan in rooms:
        for sock, _ in plan:
            await sock.ws.close()
    return summary(kind, latencies, elapsed, peak, sizes, cpu)


def measure(kind: str, args, frame_bytes: int) -> dict:
    port = free_port()
    proc = start_server(kind, args, port, frame_bytes)
    try:
        return asyncio.run(load(kind, args, proc, port))
    finally:
        stop_server(proc)


def summary(
    kind: str, latencies: list[float], elapsed: float, rss: float, sizes: list[int], cpu: float
) -> dict:
    ms = sorted(x * 1000 for x in latencies)

    def pct(p):
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))] if ms else float("nan")

    return {
        "server": kind,
        "actions": len(ms),
        "actions_per_s": len(ms) / elapsed,
        "p50_ms": pct(50),
        "p95_ms": pct(95),
        "p99_ms": pct(99),
        "rss_mb": rss,
        "frame_bytes": int(statistics.mean(sizes)) if sizes else 0,
        "cpu_ms_per_action": 1000 * cpu / len(ms) if ms else float("nan"),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="scripts/bench server", description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=20)
    p.add_argument(
        "--sockets", type=int, default=6, help="websockets per room (at least 5: 4 phones, 1 table)"
    )
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--warmup", type=float, default=3)
    p.add_argument("--threads", type=int, default=256, help="the worker's threads, for both servers")
    p.add_argument(
        "--worker", default="gevent", help="gunicorn worker class of both servers (gevent, gthread)"
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.sockets < PHONES + 1:
        p.error("--sockets must be at least 5")
    table = measure("table", args, 0)
    bare = measure("bare", args, table["frame_bytes"] or 2000)
    rows = [table, bare]
    ratio = {
        "p99": table["p99_ms"] / bare["p99_ms"],
        "throughput": bare["actions_per_s"] / table["actions_per_s"],
    }
    if args.json:
        print(json.dumps({"rooms": args.rooms, "sockets": args.sockets, "rows": rows, "ratio": ratio}))
        return 0
    print(f"{args.rooms} rooms x {args.sockets} websockets, phones act at once, {args.seconds:.0f} s")
    print(
        f"{'server':8s} {'actions/s':>10s} {'p50 ms':>8s} {'p95 ms':>8s} {'p99 ms':>8s} "
        f"{'RSS MB':>8s} {'frame B':>8s}"
    )
    for r in rows:
        print(
            f"{r['server']:8s} {r['actions_per_s']:10.1f} {r['p50_ms']:8.1f} {r['p95_ms']:8.1f} "
            f"{r['p99_ms']:8.1f} {r['rss_mb']:8.1f} {r['frame_bytes']:8d} {r['cpu_ms_per_action']:10.2f}"
        )
    print(f"table/bare p99 {ratio['p99']:.1f}x; bare/table throughput {ratio['throughput']:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
