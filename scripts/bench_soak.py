"""Soak: the served table (`tabletop serve`, one gevent process) with R rooms playing for a
long time, to find what only time shows: memory that grows, errors that come now and then.

Each room is Draw for four, three phones and one computer, with the table, one more table
screen and a guest watching (six websockets). Phones think 0.2 to 0.8 s before each move
(`--think`), ask for a hint now and then, and reconnect with their seat token now and then, as
phones that sleep do; the table deals the next round and the next game. The server's resident
memory is sampled every few seconds: its growth is the last samples' median over the median
just after the warm-up (the first fifth of the run, at most five minutes).

    scripts/bench soak [--minutes 60] [--rooms 20] [--think 0.5] [--trace-memory] [--json]

The resident memory is reported for the server's processes together and for the table's own
process (the rest is the computers' worker). `--trace-memory` also traces the table's Python
heap (`tracemalloc`, through scripts/memtrace/sitecustomize.py), which tells live objects that
grow from an allocator that keeps what was freed; tracing costs the server CPU, so take the
other figures without it.

Exits 1 when an error frame came (any but `stale`), a socket broke, the log holds a traceback,
or the memory grew more than 10 %.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import serverproc
import websocket

PHONES = 3
SEATS = [{"kind": "phone"}] * PHONES + [{"kind": "computer", "level": "medium"}]
GROWTH_LIMIT = 0.10
MEMTRACE = Path(__file__).resolve().parent / "memtrace"  # its sitecustomize.py traces the heap
# a phone asks a hint at most this often (seconds), its room's phones together at most every
# ROOM_HINT_GAP: within the table's hint limits (PROTOCOL.md, "Limits": one per 2 s per socket,
# one a second per room), so a `rate_limited` answer is the server's fault, not the phones'
HINT_GAP = 2.5
ROOM_HINT_GAP = 1.5


class Tally:
    """What every socket of the run saw, under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.acts = self.hints = self.reconnects = self.rounds = 0
        self.errors: dict[str, int] = {}
        self.broken: list[str] = []

    def add(self, name: str, n: int = 1) -> None:
        with self.lock:
            setattr(self, name, getattr(self, name) + n)

    def error(self, code: str) -> None:
        with self.lock:
            self.errors[code] = self.errors.get(code, 0) + 1

    def may_hint(self, room: dict, last: float) -> bool:
        """Whether a phone whose last hint was at `last` may ask one now (then it is counted)."""
        now = time.monotonic()
        with self.lock:
            if now - last < HINT_GAP or now - room.get("last_hint", -1e9) < ROOM_HINT_GAP:
                return False
            room["last_hint"] = now
            return True


class Socket:
    def __init__(self, port: int, hello: dict):
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", timeout=30)
        self.ws.send(json.dumps(hello))

    def send(self, msg: dict) -> None:
        self.ws.send(json.dumps(msg))

    def recv(self) -> dict:
        return json.loads(self.ws.recv())


def welcomed(port: int, hello: dict, tally: Tally) -> Socket:
    s = Socket(port, hello)
    while (f := s.recv())["type"] != "welcome":
        if f["type"] == "error":
            tally.error(f["code"])
    return s


def set_up_room(port: int, index: int) -> dict:
    host = Socket(port, {"type": "hello"})
    while host.recv()["type"] != "welcome":
        pass
    host.send({"type": "create_room", "name": f"Soak {index}"})
    while (created := host.recv())["type"] != "room_created":
        pass
    host.send({"type": "setup", "profile": "draw", "options": {"players": 4}, "seats": SEATS, "ref": 1})
    while host.recv()["type"] != "ok":
        pass
    tokens = []
    for seat in range(PHONES):
        p = Socket(port, {"type": "hello", "room": created["room"]})
        p.send({"type": "join", "seat": seat, "name": f"P{seat}"})
        while (f := p.recv())["type"] != "joined":
            pass
        tokens.append(f["token"])
        p.ws.close()
    host.send({"type": "start_round"})
    host.ws.close()
    return {"id": created["room"], "host_token": created["host_token"], "tokens": tokens}


def phone(port, room, seat, think, stop, tally, rng) -> None:
    hello = {"type": "hello", "room": room["id"], "token": room["tokens"][seat]}
    last_hint = -1e9
    while not stop.is_set():
        s = welcomed(port, hello, tally)
        acted_on = -1
        try:
            while not stop.is_set():
                f = s.recv()
                if f["type"] == "error":
                    if f["code"] != "stale":  # with the request it answers (ref), if any
                        tally.error(f["code"] if f.get("ref") is None else f"{f['code']} (ref {f['ref']})")
                    continue
                if f["type"] == "hint":
                    tally.add("hints")
                    continue
                if f["type"] != "view" or f["view"] is None:
                    continue
                view, version = f["view"], f["version"]
                if view["phase"] != "play" or view["turn"] != seat or version <= acted_on:
                    continue
                acted_on = version
                time.sleep(rng.uniform(0.4, 1.6) * think)
                if rng.random() < 0.15 and tally.may_hint(room, last_hint):
                    last_hint = time.monotonic()
                    s.send({"type": "hint", "ref": "hint"})
                s.send({"type": "act", "action": rng.choice(view["legal"]), "version": version})
                tally.add("acts")
                if rng.random() < 0.03:  # the phone sleeps and wakes up: a new socket, same token
                    break
        except (OSError, websocket.WebSocketException) as exc:
            if not stop.is_set():
                tally.broken.append(f"phone {room['id']}/{seat}: {exc!r}")
                return
        s.ws.close()
        tally.add("reconnects")


def table(port, room, dealer, stop, tally) -> None:
    """A table screen (the dealer deals the next round and game), or a guest (dealer None)."""
    credentials = {} if dealer is None else {"host_token": room["host_token"]}
    s = welcomed(port, {"type": "hello", "room": room["id"], **credentials}, tally)
    dealt_on = -1
    try:
        while not stop.is_set():
            f = s.recv()
            if f["type"] == "error":
                if f["code"] != "stale":
                    tally.error(f["code"])
                continue
            if not dealer or f["type"] != "view" or f["view"] is None or f["version"] <= dealt_on:
                continue
            phase = f["view"]["phase"]
            if phase in ("round_over", "game_over"):
                dealt_on = f["version"]
                time.sleep(0.5)
                s.send({"type": "start_round" if phase == "round_over" else "new_game"})
                tally.add("rounds")
    except (OSError, websocket.WebSocketException) as exc:
        if not stop.is_set():
            tally.broken.append(f"screen {room['id']}: {exc!r}")
    s.ws.close()


def run(args) -> dict:
    with tempfile.TemporaryDirectory(prefix="soak-") as data:
        return soak(args, Path(data))


def soak(args, data: Path) -> dict:
    log = data / "server.log"
    seconds = args.minutes * 60
    warmup = min(seconds / 5, 300)
    tally, stop = Tally(), threading.Event()
    delay = str(args.think)
    env, trace = None, data / "memtrace.txt"
    if args.trace_memory:
        path = os.pathsep.join(p for p in (str(MEMTRACE), os.environ.get("PYTHONPATH")) if p)
        env = dict(os.environ, PYTHONPATH=path, TABLE_MEMTRACE=str(trace))
    with serverproc.Server.tabletop(data, "--computer-delay", delay, output=log, env=env) as server:
        rooms = [set_up_room(server.port, i) for i in range(args.rooms)]
        threads = []
        for i, room in enumerate(rooms):
            for seat in range(PHONES):
                rng = random.Random(f"{i}:{seat}")
                threads.append((phone, (server.port, room, seat, args.think, stop, tally, rng)))
            for dealer in (True, False, None):  # the table, one more table screen, a guest
                threads.append((table, (server.port, room, dealer, stop, tally)))
        threads = [threading.Thread(target=fn, args=a, daemon=True) for fn, a in threads]
        for t in threads:
            t.start()
        started, samples = time.monotonic(), []  # (seconds since start, RSS MB, the table's own)
        while (now := time.monotonic() - started) < seconds and server.running():
            samples.append((now, server.rss_mb(), own_rss_mb(server.pid)))
            if args.progress:
                print(f"{now / 60:5.1f} min  {samples[-1][1]:6.1f} MB  {tally.acts} acts", file=sys.stderr)
            time.sleep(min(5.0, max(0.5, seconds / 60)))
        alive = server.running()
        samples.append((time.monotonic() - started, server.rss_mb(), own_rss_mb(server.pid)))
        stop.set()
    base, end = settled([(t, mb) for t, mb, _own in samples], warmup)
    own_base, own_end = settled([(t, own) for t, _mb, own in samples], warmup)
    tracebacks = log.read_text(errors="replace").count("Traceback")
    report = {
        "minutes": args.minutes,
        "rooms": args.rooms,
        "websockets": args.rooms * (PHONES + 3),
        "acts": tally.acts,
        "hints": tally.hints,
        "rounds": tally.rounds,
        "reconnects": tally.reconnects,
        "errors": dict(tally.errors),
        "broken_sockets": tally.broken[:10],
        "server_alive": alive,
        "log_tracebacks": tracebacks,
        "rss_start_mb": round(samples[0][1], 1),
        "rss_after_warmup_mb": round(base, 1),
        "rss_end_mb": round(end, 1),
        "rss_peak_mb": round(max(mb for _t, mb, _own in samples), 1),
        "growth": round(end / base - 1, 4),
        "table_rss_after_warmup_mb": round(own_base, 1),
        "table_rss_end_mb": round(own_end, 1),
    }
    if args.trace_memory:
        report["python_heap"] = python_heap(trace, warmup)
    report["ok"] = (
        not tally.errors
        and not tally.broken
        and alive
        and not tracebacks
        and report["growth"] <= GROWTH_LIMIT
    )
    return report


def own_rss_mb(pid: int) -> float:
    """Resident memory of the process `pid` alone (the table, without its worker), in MB."""
    try:
        return serverproc.process_rss_mb(pid)
    except OSError:
        return float("nan")


def settled(samples: list[tuple[float, float]], warmup: float) -> tuple[float, float]:
    """(just after the warm-up, at the end): the medians of the first and last tenth of the
    samples taken after `warmup` seconds (at least three each)."""
    after = [mb for t, mb in samples if t >= warmup]
    tenth = max(3, len(after) // 10)
    return statistics.median(after[:tenth]), statistics.median(after[-tenth:])


def python_heap(trace: Path, warmup: float) -> dict:
    """The table's traced Python heap (MB) after the warm-up, at the end, lowest and highest
    after the warm-up, from the lines `seconds traced_bytes rss_kb` memtrace wrote."""
    rows = [line.split() for line in trace.read_text().splitlines()] if trace.exists() else []
    heap = [(float(t), int(b) / 1e6) for t, b, _rss in rows if float(t) >= warmup]
    if len(heap) < 6:
        return {}
    first, last = settled(heap, warmup)
    return {
        "after_warmup_mb": round(first, 1),
        "end_mb": round(last, 1),
        "low_mb": round(min(mb for _t, mb in heap), 1),
        "high_mb": round(max(mb for _t, mb in heap), 1),
        "growth": round(last / first - 1, 4),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="scripts/bench soak", description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=60)
    p.add_argument("--rooms", type=int, default=20)
    p.add_argument("--think", type=float, default=0.5, help="seconds a phone (and a computer) takes per move")
    p.add_argument("--progress", action="store_true", help="print the memory now and then (stderr)")
    p.add_argument(
        "--trace-memory", action="store_true", help="trace the table's Python heap too (slower server)"
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    r = run(args)
    if args.json:
        print(json.dumps(r))
    else:
        errors = sum(r["errors"].values())
        print(
            f"{r['minutes']:g} min, {r['rooms']} rooms x {PHONES + 3} websockets: {r['acts']} acts,"
            f" {r['rounds']} rounds dealt, {r['hints']} hints, {r['reconnects']} reconnections\n"
            f"errors {errors} {r['errors'] or ''}, broken sockets {len(r['broken_sockets'])},"
            f" tracebacks in the log {r['log_tracebacks']}, server alive {r['server_alive']}\n"
            f"RSS {r['rss_start_mb']} MB at start, {r['rss_after_warmup_mb']} MB after the warm-up,"
            f" {r['rss_end_mb']} MB at the end (peak {r['rss_peak_mb']}): growth {100 * r['growth']:+.1f} %"
            f" (limit {100 * GROWTH_LIMIT:.0f} %); the table's own process"
            f" {r['table_rss_after_warmup_mb']} MB after the warm-up, {r['table_rss_end_mb']} MB at the end"
        )
        heap = r.get("python_heap")
        if heap:
            print(
                f"Python heap of the table (traced): {heap['after_warmup_mb']} MB after the warm-up,"
                f" {heap['end_mb']} MB at the end ({100 * heap['growth']:+.1f} %), between"
                f" {heap['low_mb']} and {heap['high_mb']} MB after the warm-up"
            )
    return 0 if r["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
