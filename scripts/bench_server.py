"""The table server under a café's load, side by side with a bare flask-sock broadcast server.

For each server: R rooms of S websockets on loopback (four phones, the table and one more table
screen per room by default). Every phone acts the moment the view says it is its turn; when a
round ends the table deals the next one; computers are not involved (every seat is a phone) and
the server runs with `--computer-delay 0`. The figure is the time from a phone's `act` until
every socket of that room holds a view of the new version (p50/p95/p99), with actions per second
(closed loop: each room's next act waits for the last view), the CPU time per action and the
server's resident memory (its process and any children, summed).

The bare server (scripts/bench_bare.py) does only what any broadcast server must: on an `act` it
bumps its room's version and sends every socket of the room one frame of the same size as the
table's view frames, served the same way (tabletop/serving.py: one gevent process). No rules, no
store, no views: the ratio of the two says what the table's own work costs. A third row, "table
in RAM", is the table with its data folder in /dev/shm, where the store's fsync costs nothing:
the difference to the first row is the disk's. They are measured one after the other, `--repeat`
times (table, bare, table in RAM, table, ...), so all see the same machine; each repeat gives
its own ratios, and the table shows the median with the spread (lowest-highest).

Then the search: one table server, rooms added 10, 20, 40, 64 (the server's room limit) with S
sockets each, measured `--step-seconds` each, until p99 passes `--limit-ms` (15 ms). The largest
load under the limit is how many tables one process serves at that pace.

With `--tournament 8x4` each run has more rows, "table + tournament": the same load on a table
server that also runs a night's tournament (docs/TOURNAMENT.md) of 8 tables of 4 players, Draw,
one round a table. The tables are rooms of that server, each with its table screen, which deals.
Who plays them (`--tournament-seats`, a row each): `phones`, each player's phone seated by its
tournament token and acting `--tournament-delay` seconds after its turn comes (a night as it
is: people on phones; no computer); `computers`, every seat a computer standing in for its
player (`standin`, at `--tournament-level`, the server's `--computer-delay` set to the same
delay), so the computers' worker process shares the server's core with the load. The director
(this script, over HTTP as the director's page) enters the 32 players and starts each round
once the last one is finished (the pairing runs in a worker process of the server's); each
player's phone also waits on its own page (`/api/tournament/me`, a long poll) and one standings
screen follows `/api/tournament?after=` as the page does. The tournament's figure: the time
from a table's screen getting the view that ends its game to the standings' long poll
answering with that table's result (negative: the standings knew first; the result is stored
in the commit of the last move, before the view goes out).

`--review` adds one more row, "table, reviews running": the table again, with one more room, a
two-player Draw round played to its end by two computers, whose seats' reviews (the hard
player's judgement of every choice, `GET .../replays/<game>/<round>/review`) are asked for again
and again throughout the measurement, as many at once as the server runs (`REVIEW_SLOTS`). Its
p99 beside the first row's says whether a review slows the games at the other tables.

    scripts/bench server [--rooms 20] [--sockets 6] [--seconds 15] [--repeat 1] [--no-search]
                         [--no-ram] [--data DIR] [--deflate] [--tournament 8x4]
                         [--tournament-seats phones,computers] [--review] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import orjson
from load_client import Link
from serverproc import Server, free_port, process_tree  # scripts/ is this script's own folder

from tabletop.config import COMPUTER_DELAY

ROOT = Path(__file__).resolve().parents[1]
PHONES = 4  # seats per room (draw, four players, every seat a phone)
VIEW_HEAD = b'{"type":"view","version":'
SEARCH_ROOMS = (10, 20, 40, 64)  # 64: tabletop.config.MAX_ROOMS
RAM = "/dev/shm"  # a tmpfs: the store's fsync costs nothing there
BENCH_MESSAGE_RATE = 1000  # messages per second a socket may send to the table under the bench


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children so far (those that ended too, such
    as the tournament's pairing worker: in their parent's cutime and cstime)."""
    total, tick = 0.0, os.sysconf("SC_CLK_TCK")
    for p in process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(fields[k]) for k in (11, 12, 13, 14)) / tick
        except OSError:
            continue
    return total


def cpu_ticks(cores: set[int] | None) -> tuple[int, int]:
    """(steal, all) clock ticks of `cores` so far (every core when None), from /proc/stat: on a
    virtual machine, steal is the time the host gave the core to another machine, which no
    program on it can see except as its own work going slower."""
    names = {"cpu"} if cores is None else {f"cpu{c}" for c in cores}
    steal = total = 0
    try:
        lines = Path("/proc/stat").read_text().splitlines()
    except OSError:
        return 0, 0
    for line in lines:
        fields = line.split()
        if fields and fields[0] in names:
            ticks = [int(x) for x in fields[1:9]]  # user nice system idle iowait irq softirq steal
            steal, total = steal + ticks[7], total + sum(ticks)
    return steal, total


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of a process and its children, in MB. RSS sums each process's resident pages
    (pages shared between them count twice); PSS splits them."""
    rss = pss = 0
    for p in process_tree(pid):
        try:
            rss += _kb(Path(f"/proc/{p}/status").read_text(), "VmRSS:")
            pss += _kb(Path(f"/proc/{p}/smaps_rollup").read_text(), "Pss:")
        except (OSError, StopIteration):
            continue
    return rss / 1024, pss / 1024


class FsyncProbe:
    """Times a 4 KiB write and its fsync in a folder every 50 ms on a thread of its own, while a
    run is measured: the disk's own pace, which no change to the server moves. On a shared
    machine it varies from run to run, and with every phone waiting on its move's commit a slow
    fsync is a slow move (the "table in RAM" row has none)."""

    def __init__(self, folder: str):
        self.path = os.path.join(folder, "fsync-probe")
        self.times: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> FsyncProbe:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        os.unlink(self.path)

    def _run(self) -> None:
        block = os.urandom(4096)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while not self._stop.wait(0.05):
                start = time.perf_counter()
                os.pwrite(fd, block, 0)
                os.fsync(fd)
                self.times.append(time.perf_counter() - start)
        finally:
            os.close(fd)

    def median_ms(self) -> float:
        return 1000 * statistics.median(self.times) if self.times else float("nan")


def _kb(text: str, key: str) -> int:
    return int(next(line.split()[1] for line in text.splitlines() if line.startswith(key)))


class Room:
    """What the sockets of one room saw: when each act was sent and when each socket held each
    version, so a latency is measured once every socket of the room caught up. The load runs in
    one asyncio loop, so no lock is needed."""

    def __init__(self, sockets: int):
        self.sent: dict[int, float] = {}  # version an act will make -> when it was sent
        self.held = [0] * sockets  # newest version each socket holds
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}  # error frames by code

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
    """One websocket of the load (scripts/load_client.py: one process drives every socket, each
    frame handed to a callback as it arrives, so the load itself is not what limits the
    figures). While a room is set up its frames wait in `inbox`; `start(handler)` then gives
    each frame to `handler` at once."""

    def __init__(self, room: Room, index: int):
        self.room, self.index = room, index
        self.link: Link | None = None
        self.frame_bytes: list[int] = []
        self.last_sent: dict | None = None
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.handler = None

    @classmethod
    async def open(cls, port: int, room: Room, index: int, deflate: bool) -> Socket:
        sock = cls(room, index)
        sock.link = await Link.connect("127.0.0.1", port, sock._text, deflate)
        return sock

    def _text(self, raw: bytes) -> None:
        if b'"view"' in raw[:20]:  # a view, of either server
            self.frame_bytes.append(len(raw))
        if self.handler is None:
            self.inbox.put_nowait(raw)
        else:
            self.handler(raw)

    def send(self, msg: dict) -> None:
        self.last_sent = msg
        self.link.send_text(orjson.dumps(msg))

    async def expect(self, kind: str) -> dict:
        while True:
            frame = orjson.loads(await self.inbox.get())
            if frame.get("type") == kind:
                return frame
            if frame.get("type") == "error":
                raise SystemExit(f"scripts/bench server: {frame}")

    def start(self, handler) -> None:
        """`handler(raw)` gets each frame's text (UTF-8 bytes) from now on."""
        self.handler = handler
        while not self.inbox.empty():  # what came while the room was set up
            handler(self.inbox.get_nowait())


def view_version(raw: bytes) -> int | None:
    """The version of a view frame, read from its head (the table writes `type` and `version`
    first), or None for another frame."""
    if not raw.startswith(VIEW_HEAD):
        return None
    end = raw.find(b",", len(VIEW_HEAD))
    return int(raw[len(VIEW_HEAD) : end]) if end > 0 else None


def table_socket(sock: Socket, seat, rng: random.Random):
    """A phone (seat) or a table screen (seat None; the first one deals the next round): the
    handler of each frame it gets. A view counts as held when it arrives, read from its head;
    it is parsed only when it may ask something of this socket (its seat's turn, or a round
    over for the dealer): six parses of 3 KB per move were a fifth of the load's CPU, which
    one process spends for 120 sockets that are phones of their own in a café."""
    acted_on = -1
    dealer = seat is None and sock.index == PHONES
    my_turn = [f'"turn":{seat},'.encode(), f'"turn":{seat}}}'.encode()]
    loop = asyncio.get_running_loop()

    def may_concern(raw: bytes) -> bool:
        if seat is not None:
            return any(m in raw for m in my_turn)
        return dealer and (b'"phase":"round_over"' in raw or b'"phase":"game_over"' in raw)

    def on_frame(raw: bytes) -> None:
        version = view_version(raw)
        if version is not None:
            sock.room.saw(sock.index, version)
            if may_concern(raw):
                on_view(orjson.loads(raw))
            return
        frame = orjson.loads(raw)
        if frame.get("type") == "error":  # counted; one refused for the rate is sent again
            sock.room.errors[frame["code"]] = sock.room.errors.get(frame["code"], 0) + 1
            if frame["code"] == "rate_limited" and sock.last_sent is not None:
                loop.call_later(0.1, sock.send, sock.last_sent)
            return
        if frame.get("type") == "view":  # (a view not written as `view_version` reads it)
            sock.room.saw(sock.index, frame["version"])
            on_view(frame)

    def on_view(frame: dict) -> None:
        nonlocal acted_on
        version, view = frame["version"], frame["view"]
        if view is None:
            return
        if seat is not None and view["phase"] == "play" and view["turn"] == seat and version > acted_on:
            acted_on = version
            sock.room.acted(version + 1)
            sock.send({"type": "act", "action": rng.choice(view["legal"]), "version": version})
        elif dealer and view["phase"] == "round_over":
            sock.send({"type": "start_round"})
        elif dealer and view["phase"] == "game_over":
            sock.send({"type": "new_game"})

    return on_frame


async def setup_table_room(port: int, sockets: int, index: int, deflate: bool) -> tuple[Room, list]:
    room = Room(sockets)
    host = await Socket.open(port, room, PHONES, deflate)
    host.send({"type": "hello"})
    await host.expect("welcome")
    host.send({"type": "create_room", "name": f"Bench {index}"})
    created = await host.expect("room_created")
    room_id, host_token = created["room"], created["host_token"]
    seats = [{"kind": "phone"}] * PHONES
    host.send({"type": "setup", "profile": "draw", "options": {"players": PHONES}, "seats": seats, "ref": 1})
    await host.expect("ok")
    plan = [(host, None)]
    for seat in range(PHONES):
        phone = await Socket.open(port, room, seat, deflate)
        phone.send({"type": "hello", "room": room_id})
        await phone.expect("welcome")
        phone.send({"type": "join", "seat": seat, "name": f"P{seat}"})
        await phone.expect("joined")
        plan.append((phone, seat))
    for extra in range(PHONES + 1, sockets):  # more table screens
        screen = await Socket.open(port, room, extra, deflate)
        screen.send({"type": "hello", "room": room_id, "host_token": host_token})
        await screen.expect("welcome")
        plan.append((screen, None))
    host.send({"type": "start_round", "ref": 2})
    return room, plan


def bare_socket(sock: Socket, seat, _rng):
    acted_on = -1

    def on_frame(raw: bytes) -> None:
        nonlocal acted_on
        frame = orjson.loads(raw)  # a version, a turn and a string: no cost worth saving
        version = frame["version"]
        sock.room.saw(sock.index, version)
        if seat is not None and frame["turn"] == seat and version > acted_on:
            acted_on = version
            sock.room.acted(version + 1)
            sock.send({"type": "act", "version": version})

    return on_frame


async def setup_bare_room(port: int, sockets: int, index: int, deflate: bool) -> tuple[Room, list]:
    room = Room(sockets)
    plan = []
    for k in range(sockets):
        sock = await Socket.open(port, room, k, deflate)
        sock.send({"type": "hello", "room": index, "seats": PHONES, "sockets": sockets})
        plan.append((sock, k if k < PHONES else None))
    room.acted(1)  # the first socket's act starts the room's loop
    plan[0][0].send({"type": "act", "version": 0})
    return room, plan


def cores() -> tuple[set[int], set[int]] | None:
    """(the server's core, the clients' cores) when this machine has two or more, else None."""
    mine = sorted(os.sched_getaffinity(0))
    return ({mine[-1]}, set(mine[:-1])) if len(mine) >= 2 else None


def start_server(kind: str, args, frame_bytes: int) -> Server:
    data = tempfile.mkdtemp(prefix="bench-server-", dir=RAM if kind == "table in RAM" else args.data)
    if kind.startswith("table"):
        # its phones act the moment they can, far above a person's pace and so above the limit
        # on messages per socket that stops a flooding client (PROTOCOL.md, "Limits"): lifted.
        # Only the tournament's tables have computers: they play at its pace.
        delay = str(args.tournament_delay) if kind == night_row("computers") else "0"
        server = Server.tabletop(data, "--computer-delay", delay, "--message-rate", str(BENCH_MESSAGE_RATE))
    else:
        port = free_port()
        path = os.pathsep.join([str(ROOT), str(ROOT / "scripts")])
        env = dict(os.environ, BENCH_FRAME_BYTES=str(frame_bytes), PYTHONPATH=path)
        server = Server([sys.executable, "-m", "bench_bare", str(port)], port, env=env)
    server.data = data  # the fsync probe's folder: the table's data folder, or one beside it
    if args.cores:  # the server on a core of its own: the clients do not take its time
        for task in Path(f"/proc/{server.pid}/task").iterdir():  # every thread it started so far
            os.sched_setaffinity(int(task.name), args.cores[0])
    return server


class Load:
    """Rooms on one running server; more can be added while the others play."""

    def __init__(self, kind: str, args, server: Server):
        self.kind, self.args, self.server, self.port = kind, args, server, server.port
        self.rooms: list[tuple[Room, list]] = []

    async def grow(self, rooms: int) -> None:
        table = self.kind.startswith("table")
        setup = setup_table_room if table else setup_bare_room
        handler = table_socket if table else bare_socket
        while len(self.rooms) < rooms:
            i = len(self.rooms)
            room, plan = await setup(self.port, self.args.sockets, i, self.args.deflate)
            self.rooms.append((room, plan))
            for sock, seat in plan:
                sock.start(handler(sock, seat, random.Random(i * 100 + sock.index)))

    async def measure(self, seconds: float, warmup: float) -> dict:
        await asyncio.sleep(warmup)
        for room, plan in self.rooms:
            room.latencies.clear()
            room.errors.clear()
            for sock, _ in plan:
                sock.frame_bytes.clear()
        rss = pss = 0.0
        start, cpu0, load0 = time.perf_counter(), cpu_seconds(self.server.pid), time.process_time()
        server_cores = self.args.cores[0] if self.args.cores else None
        steal0, ticks0 = cpu_ticks(server_cores)
        with FsyncProbe(self.server.data) as probe:
            samples = []
            while time.perf_counter() - start < seconds:
                await asyncio.sleep(0.5)
                r, p = memory_mb(self.server.pid)
                rss, pss = max(rss, r), max(pss, p)
                samples.append(r)
        elapsed = time.perf_counter() - start
        cpu = cpu_seconds(self.server.pid) - cpu0
        load_busy = (time.process_time() - load0) / elapsed  # this process: the load's own CPU
        steal1, ticks1 = cpu_ticks(server_cores)
        stolen = (steal1 - steal0) / (ticks1 - ticks0) if ticks1 > ticks0 else float("nan")
        latencies = [x for room, _plan in self.rooms for x in room.latencies]
        sizes = [b for _room, plan in self.rooms for sock, _ in plan for b in sock.frame_bytes]
        errors = sum(n for room, _plan in self.rooms for n in room.errors.values())
        return summary(
            self.kind,
            len(self.rooms),
            latencies,
            elapsed,
            rss,
            pss,
            sizes,
            cpu,
            errors,
            load_busy,
            stolen,
            probe.median_ms(),
            statistics.median(samples) if samples else float("nan"),
            cpu / elapsed,
        )

    async def close(self) -> None:
        for _room, plan in self.rooms:
            for sock, _ in plan:
                sock.handler = lambda _frame: None
        await asyncio.gather(*(sock.link.close() for _room, plan in self.rooms for sock, _ in plan))


# -- a night's tournament beside the load (`--tournament TxP`) --------------------------------

TOURNAMENT_ROW = "table + tournament"
SEATED = ("phones", "computers")  # who plays the tournament's tables


def night_row(seated: str) -> str:
    return f"{TOURNAMENT_ROW} ({seated})"


TOURNAMENT_ROUNDS = 5  # more than a run plays: the director never runs out of rounds
DEAL_REF = 7  # the `ref` of a tournament table's deal, so its `ok` (and version) is known
# the players' names ("Player 1" is a word the screens show, refused as a name)
FIRST_NAMES = ("Ana", "Bayu", "Chloé", "Dewi", "Emil", "Farid", "Gro", "Hana")
LAST_NAMES = ("Aas", "Bakar", "Costa", "Dahl", "Eko", "Fauzi", "Giraud", "Hamid")


def http(port: int, method: str, path: str, body=None, token: str | None = None, timeout: float = 60):
    """(status, JSON answer) of one request to the table server's tournament API."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else orjson.dumps(body)
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tournament{path}", data=data, method=method, headers=headers
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, orjson.loads(r.read())
    except urllib.error.HTTPError as e:
        body = e.read()
        try:
            return e.code, orjson.loads(body)
        except orjson.JSONDecodeError:  # the server stopping under a long poll at the end of a run
            return e.code, {"error": body[:200].decode(errors="replace")}
    except OSError as e:  # (the same, its connection gone)
        return 0, {"error": str(e)}


def director(port: int, method: str, path: str, body=None):
    status, answer = http(port, method, path, body)
    if status not in (200, 201):
        raise SystemExit(f"scripts/bench server: {method} /api/tournament{path}: {status} {answer}")
    return answer


def player_name(i: int) -> str:
    first, last = FIRST_NAMES[i % len(FIRST_NAMES)], LAST_NAMES[i // len(FIRST_NAMES) % len(LAST_NAMES)]
    return f"{first} {last}" + (f" {i // 64 + 1}" if i >= 64 else "")


class NightTable:
    """One table of the tournament: its table screen (the room's host), which deals each round
    it is seated for and hands every seat to a computer; when its game ends (the first view
    after the deal whose phase is over) is noted."""

    def __init__(self, number: int, sock: Socket, room_id: str):
        self.number, self.sock, self.room = number, sock, room_id
        self.round = 0
        self.dealt: int | None = None  # the version the deal made
        self.ends: dict[int, float] = {}  # round -> when the view that ended it arrived

    def on_frame(self, raw: bytes) -> None:
        version = view_version(raw)
        if version is not None:
            if (
                self.dealt is not None
                and version > self.dealt
                and self.round not in self.ends
                and (b'"phase":"round_over"' in raw or b'"phase":"game_over"' in raw)
            ):
                self.ends[self.round] = time.perf_counter()
            return
        frame = orjson.loads(raw)
        if frame.get("type") == "ok" and frame.get("ref") == DEAL_REF:
            self.dealt = frame["version"]
        elif frame.get("type") == "error":
            self.sock.room.errors[frame["code"]] = self.sock.room.errors.get(frame["code"], 0) + 1

    def seat(self, round_no: int, players: int, level: str | None) -> None:
        """Seated for `round_no`: with a `level`, every seat a computer standing in for its
        player; then the deal."""
        self.round, self.dealt = round_no, None
        for seat in range(players if level else 0):
            self.sock.send({"type": "standin", "seat": seat, "level": level})
        self.sock.send({"type": "start_round", "ref": DEAL_REF})


def night_phone(sock: Socket, seat: int, delay: float, rng: random.Random):
    """A player's phone at its tournament seat: on its turn, a legal action `delay` seconds
    later (a person's pace), at the version it saw."""
    acted_on = -1
    mine = [f'"turn":{seat},'.encode(), f'"turn":{seat}}}'.encode()]
    loop = asyncio.get_running_loop()

    def on_frame(raw: bytes) -> None:
        nonlocal acted_on
        if raw.startswith(b'{"type":"error"'):
            code = orjson.loads(raw)["code"]
            sock.room.errors[code] = sock.room.errors.get(code, 0) + 1
            return
        if not raw.startswith(VIEW_HEAD) or not any(m in raw for m in mine):
            return
        frame = orjson.loads(raw)
        view, version = frame["view"], frame["version"]
        if view and view["phase"] == "play" and view["turn"] == seat and version > acted_on:
            acted_on = version
            msg = {"type": "act", "action": rng.choice(view["legal"]), "version": version}
            loop.call_later(delay, sock.send, msg)

    return on_frame


class NightLoad:
    """The tournament of `--tournament TxP` on the server measured: its table screens, its
    director, its players' phones waiting on their page and one standings screen."""

    def __init__(self, port: int, args, seated: str):
        self.port, self.args, self.seated = port, args, seated
        self.tables_n, self.players = args.tournament
        self.phones: list[Socket] = []  # the players' phones at their seats this round
        self.phone_errors = Room(1)
        self.tables: list[NightTable] = []
        self.shown: dict[tuple[int, int], float] = {}  # (round, table) -> on the standings
        self.pairing_s: list[float] = []
        self.stopping = threading.Event()
        self.threads: list[threading.Thread] = []
        self.finished = 0  # the last round the standings showed finished
        self.director_task: asyncio.Task | None = None
        self.tokens: list[str] = []
        self.polls = 0

    async def start(self) -> None:
        for number in range(1, self.tables_n + 1):
            room = Room(1)
            sock = await Socket.open(self.port, room, 0, self.args.deflate)
            sock.send({"type": "hello"})
            await sock.expect("welcome")
            sock.send({"type": "create_room", "name": f"Night {number}"})
            created = await sock.expect("room_created")
            table = NightTable(number, sock, created["room"])
            sock.start(table.on_frame)
            self.tables.append(table)
        form = {
            "profile": "draw",
            "options": {"players": self.players},
            "rounds": TOURNAMENT_ROUNDS,
            "ending": "round",
            "tables": [x.room for x in self.tables],
        }
        await asyncio.to_thread(director, self.port, "POST", "", form)
        for i in range(self.tables_n * self.players):
            entered = await asyncio.to_thread(
                director, self.port, "POST", "/players", {"name": player_name(i)}
            )
            self.tokens += entered["tokens"]
        self.threads = [threading.Thread(target=self._standings, daemon=True)]
        self.threads += [threading.Thread(target=self._phone, args=(k,), daemon=True) for k in self.tokens]
        for th in self.threads:
            th.start()
        self.director_task = asyncio.create_task(self._direct())
        while not self.tables[0].round:  # round 1 paired, seated and dealt before the measure
            await asyncio.sleep(0.05)

    async def _direct(self) -> None:
        """Each round started once the one before is finished, its tables seated and dealt."""
        while True:
            start = time.perf_counter()
            answer = await asyncio.to_thread(director, self.port, "POST", "/rounds")
            self.pairing_s.append(time.perf_counter() - start)
            if self.seated == "phones":
                await self._sit_down(answer["round"])
            level = self.args.tournament_level if self.seated == "computers" else None
            for table in self.tables:
                table.seat(answer["round"], self.players, level)
            if answer["round"] >= TOURNAMENT_ROUNDS:
                return
            while self.finished < answer["round"]:
                await asyncio.sleep(0.05)

    async def _sit_down(self, round_no: int) -> None:
        """Each player's phone leaves its last table and sits at this round's, as `/night`
        sends it there (its tournament token is its seat's)."""
        await asyncio.gather(*(p.link.close() for p in self.phones))
        self.phones = []
        for k, token in enumerate(self.tokens):
            status, me = await asyncio.to_thread(http, self.port, "GET", "/me", None, token)
            where = me["round"]["table"] if status == 200 and me["round"] else None
            if where is None:  # a bye
                continue
            phone = await Socket.open(self.port, self.phone_errors, 0, self.args.deflate)
            phone.send({"type": "hello", "room": where["room"], "token": token})
            welcome = await phone.expect("welcome")
            if welcome.get("role") != "seat":
                raise SystemExit(f"scripts/bench server: a tournament phone was not seated: {welcome}")
            rng = random.Random(round_no * 1000 + k)
            phone.start(night_phone(phone, where["seat"], self.args.tournament_delay, rng))
            self.phones.append(phone)

    def _standings(self) -> None:
        """The standings screen: a long poll, as web/js/parts/nightapi.js follows it."""
        seq = 0
        while not self.stopping.is_set():
            status, snap = http(self.port, "GET", f"?after={seq}", timeout=40)
            now = time.perf_counter()
            if status != 200:
                self.stopping.wait(0.2)
                continue
            seq = snap["seq"]
            t = snap["tournament"]
            for rnd in t["played"]:
                for x in rnd["tables"]:
                    if x["result"] is not None:
                        self.shown.setdefault((rnd["number"], x["number"]), now)
            if t["played"] and t["played"][-1]["finished"]:
                self.finished = t["played"][-1]["number"]  # read by the director's loop

    def _phone(self, token: str) -> None:
        """A player's phone on its own page (`/night`): a long poll of its place."""
        seq = 0
        while not self.stopping.is_set():
            status, me = http(self.port, "GET", f"/me?after={seq}", token=token, timeout=40)
            if status == 200:
                seq = me["seq"]
                self.polls += 1
            else:
                self.stopping.wait(0.2)

    def figures(self) -> dict:
        ms = sorted(
            1000 * (self.shown[key] - table.ends[key[0]])
            for table in self.tables
            for key in [(r, table.number) for r in table.ends]
            if key in self.shown
        )
        errors = sum(n for table in self.tables for n in table.sock.room.errors.values())
        errors += sum(self.phone_errors.errors.values())
        return {
            "night_ends": len(ms),
            "night_rounds": len(self.pairing_s),
            "standings_p50_ms": statistics.median(ms) if ms else float("nan"),
            "standings_max_ms": ms[-1] if ms else float("nan"),
            "standings_min_ms": ms[0] if ms else float("nan"),
            "pairing_max_s": max(self.pairing_s) if self.pairing_s else float("nan"),
            "night_errors": errors,
            "night_polls": self.polls,
        }

    async def stop(self) -> None:
        self.stopping.set()
        if self.director_task is not None:
            self.director_task.cancel()
        socks = [table.sock for table in self.tables] + self.phones
        for sock in socks:
            sock.handler = lambda _frame: None
        await asyncio.gather(*(sock.link.close() for sock in socks))


class Reviews:
    """Reviews asked for again and again on a running table, `slots` at once (one thread each),
    of a Draw round two computers played to its end in a room of its own."""

    def __init__(self, port: int, slots: int = 2):
        self.port, self.slots = port, slots
        self.done = 0  # reviews read to their summary
        self.busy = 0  # answers `review_busy` (every slot taken)
        self.failed: list[str] = []
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.room, self.token, self.game = self._finished_round()

    def _finished_round(self) -> tuple[str, str, int]:
        import websocket  # the test tools' client: a few frames, no load

        ws = websocket.create_connection(
            f"ws://127.0.0.1:{self.port}/ws", timeout=30, origin=f"http://127.0.0.1:{self.port}"
        )

        def until(pred):
            while True:
                f = json.loads(ws.recv())
                if pred(f):
                    return f

        try:
            ws.send(json.dumps({"type": "hello"}))
            ws.send(json.dumps({"type": "create_room", "name": "Reviews"}))
            created = until(lambda f: f["type"] == "room_created")
            seats = [{"kind": "computer", "level": "easy"}] * 2
            setup = {"type": "setup", "profile": "draw", "options": {"players": 2}, "seats": seats}
            ws.send(json.dumps({**setup, "ref": 1}))
            if until(lambda f: f.get("ref") == 1)["type"] != "ok":
                raise SystemExit("scripts/bench server: the reviews' room was not set up")
            ws.send(json.dumps({"type": "start_round", "ref": 2}))
            until(
                lambda f: (
                    f["type"] == "view" and (f.get("view") or {}).get("phase") in ("round_over", "game_over")
                )
            )
        finally:
            ws.close()
        room, token = created["room"], created["host_token"]
        listed = self._get(f"/api/rooms/{room}/replays", token)
        return room, token, json.loads(listed)["games"][0]["game"]

    def _get(self, path: str, token: str) -> bytes:
        import urllib.request

        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}")
        req.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(req, timeout=120) as resp:
            return resp.read()

    def _loop(self, seat: int) -> None:
        import urllib.error

        path = f"/api/rooms/{self.room}/replays/{self.game}/1/review?seat={seat}"
        while not self.stop.is_set():
            try:
                last = json.loads(self._get(path, self.token).splitlines()[-1])
            except urllib.error.HTTPError as err:
                if err.code == 429:
                    self.busy += 1
                    time.sleep(0.05)
                    continue
                self.failed.append(f"HTTP {err.code}")
                return
            if "summary" in last:
                self.done += 1
            else:
                self.failed.append(str(last))
                return

    def __enter__(self) -> Reviews:
        for seat in range(self.slots):
            t = threading.Thread(target=self._loop, args=(seat % 2,), name="reviews", daemon=True)
            t.start()
            self.threads.append(t)
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=150)


def measure(kind: str, args, frame_bytes: int) -> dict:
    server = start_server(kind, args, frame_bytes)

    async def go():
        load = Load(kind, args, server)
        seated = kind[len(TOURNAMENT_ROW) + 2 : -1] if kind.startswith(TOURNAMENT_ROW) else None
        night = NightLoad(server.port, args, seated) if seated else None
        try:
            await load.grow(args.rooms)
            if night is not None:
                await night.start()
            if kind == REVIEW_ROW:
                return await reviewed(load, server.port, args)
            row = await load.measure(args.seconds, args.warmup)
            if night is not None:
                row.update(night.figures())
            return row
        finally:
            if night is not None:
                await night.stop()
            await load.close()

    try:
        return asyncio.run(go())
    finally:
        server.stop()


REVIEW_ROW = "table, reviews running"


async def reviewed(load: Load, port: int, args) -> dict:
    """The load measured while reviews run throughout (`--review`)."""
    reviews = Reviews(port)
    started = time.perf_counter()
    with reviews:
        row = await load.measure(args.seconds, args.warmup)
    if reviews.failed:
        raise SystemExit(f"scripts/bench server: a review failed: {reviews.failed[0]}")
    if not reviews.done:
        raise SystemExit("scripts/bench server: no review ended during the measurement")
    row["reviews"] = reviews.done
    row["reviews_per_s"] = round(reviews.done / (time.perf_counter() - started), 2)
    return row


def search(args) -> list[dict]:
    """Rooms added step by step to one table server until p99 passes the limit."""
    server = start_server("table", args, 0)

    async def go():
        load, steps = Load("table", args, server), []
        try:
            for rooms in SEARCH_ROOMS:
                await load.grow(rooms)
                steps.append(await load.measure(args.step_seconds, args.warmup))
                if steps[-1]["p99_ms"] > args.limit_ms:
                    break
            return steps
        finally:
            await load.close()

    try:
        return asyncio.run(go())
    finally:
        server.stop()


def summary(
    kind: str,
    rooms: int,
    latencies: list[float],
    elapsed: float,
    rss: float,
    pss: float,
    sizes: list[int],
    cpu: float,
    errors: int = 0,
    load_busy: float = float("nan"),
    stolen: float = float("nan"),
    fsync_ms: float = float("nan"),
    rss_median: float = float("nan"),
    server_busy: float = float("nan"),
) -> dict:
    ms = sorted(x * 1000 for x in latencies)

    def pct(p):
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))] if ms else float("nan")

    return {
        "server": kind,
        "rooms": rooms,
        "actions": len(ms),
        "actions_per_s": len(ms) / elapsed,
        "p50_ms": pct(50),
        "p95_ms": pct(95),
        "p99_ms": pct(99),
        "rss_mb": rss,  # the largest of the samples (every 0.5 s)
        "rss_median_mb": rss_median,
        "pss_mb": pss,
        # the server's CPU time (its process and children) per second of the run, in % of a core
        "server_cpu_pct": 100 * server_busy,
        "frame_bytes": int(statistics.mean(sizes)) if sizes else 0,
        "cpu_ms_per_action": 1000 * cpu / len(ms) if ms else float("nan"),
        "errors": errors,  # error frames the sockets got (none is expected)
        # the load's own process, in % of its core: near 100 the load, not the server, is the limit
        "load_cpu_pct": 100 * load_busy,
        # the server's core taken by the host for other machines: figures measured under much of
        # it are slower than the code (latencies most: the server waits for its core)
        "steal_pct": 100 * stolen,
        # the median time of a 4 KiB write and fsync in the server's data folder meanwhile
        "fsync_ms": fsync_ms,
    }


COLUMNS = [  # (key, heading, format)
    ("actions_per_s", "actions/s", "{:.0f}"),
    ("p50_ms", "p50 ms", "{:.1f}"),
    ("p95_ms", "p95 ms", "{:.1f}"),
    ("p99_ms", "p99 ms", "{:.1f}"),
    ("rss_mb", "RSS MB", "{:.0f}"),
    ("pss_mb", "PSS MB", "{:.0f}"),
    ("cpu_ms_per_action", "CPU ms/act", "{:.2f}"),
    ("server_cpu_pct", "CPU %", "{:.0f}"),
    ("frame_bytes", "frame B", "{:.0f}"),
    ("errors", "errors", "{:.0f}"),
    ("load_cpu_pct", "load CPU %", "{:.0f}"),
    ("steal_pct", "steal %", "{:.0f}"),
    ("fsync_ms", "fsync ms", "{:.1f}"),
]


def cell(values: list[float], fmt: str) -> str:
    """The median, and the spread (lowest-highest) when there are several runs."""
    mid = fmt.format(statistics.median(values))
    if len(values) == 1:
        return mid
    return f"{mid} ({fmt.format(min(values))}-{fmt.format(max(values))})"


def review_note(runs: list[list[dict]]) -> list[str]:
    """How many reviews the `--review` row read to their end, per run (none without it)."""
    rows = [r for run in runs for r in run if r["server"] == REVIEW_ROW]
    if not rows:
        return []
    done = ", ".join(f"{r['reviews']} ({r['reviews_per_s']}/s)" for r in rows)
    return [f"reviews read to their end while the load ran (reviews running): {done}"]


def report(args, runs: list[list[dict]], steps: list[dict]) -> str:
    lines = [
        f"{args.rooms} rooms x {args.sockets} websockets, phones act at once, {args.seconds:.0f} s"
        f" per server, {len(runs)} run(s){' (median, lowest-highest)' if len(runs) > 1 else ''},"
        f" one gevent process each{', permessage-deflate offered' if args.deflate else ''}"
        + (
            f", the server on core {min(args.cores[0])} and the clients on {sorted(args.cores[1])}"
            if args.cores
            else ""
        )
    ]
    rows = [["server"] + [head for _k, head, _f in COLUMNS]]
    for i in range(len(runs[0])):
        rows.append([runs[0][i]["server"]] + [cell([run[i][k] for run in runs], f) for k, _h, f in COLUMNS])

    def row_of(run, kind):
        return next(r for r in run if r["server"] == kind)

    def ratio_row(label, kind, bare=True):
        """actions/s of `bare` (or of the table) over `kind`'s, and p99 of `kind` over it."""
        base = "bare" if bare else "table"
        ratios = [row_of(run, base)["actions_per_s"] / row_of(run, kind)["actions_per_s"] for run in runs]
        p99s = [row_of(run, kind)["p99_ms"] / row_of(run, base)["p99_ms"] for run in runs]
        rows.append([label] + [cell(ratios, "{:.2f}") + "x"] + [""] * 2 + [cell(p99s, "{:.1f}") + "x"])

    kinds = [r["server"] for r in runs[0]]
    ratio_row("bare/table", "table")
    if "table in RAM" in kinds:
        ratio_row("bare/in RAM", "table in RAM")
    for seated in SEATED:
        if night_row(seated) in kinds:
            ratio_row(f"table/+tournament ({seated})", night_row(seated), bare=False)
    if REVIEW_ROW in kinds:
        ratio_row("table/reviews running", REVIEW_ROW, bare=False)
    widths = [max(len(r[c]) if c < len(r) else 0 for r in rows) for c in range(len(rows[0]))]
    for r in rows:
        lines.append("  ".join(v.rjust(w) if c else v.ljust(w) for c, (v, w) in enumerate(zip(r, widths))))
    lines.extend(review_note(runs))
    for seated in SEATED:
        if night_row(seated) not in kinds:
            continue
        night = [row_of(run, night_row(seated)) for run in runs]
        tables, players = args.tournament
        who = (
            f"every seat a computer ({args.tournament_level}, the server's --computer-delay"
            f" {args.tournament_delay:g} s)"
            if seated == "computers"
            else f"every seat a player's phone, acting {args.tournament_delay:g} s after its turn comes"
        )
        lines.append("")
        lines.append(
            f"tournament beside the load ({seated}): {tables} tables x {players} players, Draw, one round"
            f" a table, {who}; {players * tables} phones on their page and one standings screen"
            f" (long polls)"
        )
        plain = [row_of(run, "table") for run in runs]
        for n, t in zip(night, plain):
            lines.append(
                f"  RSS largest {n['rss_mb']:.0f} MB, median {n['rss_median_mb']:.0f} MB (the table alone:"
                f" {t['rss_mb']:.0f}, {t['rss_median_mb']:.0f}); the server's CPU {n['server_cpu_pct']:.0f} %"
                f" of its core (alone: {t['server_cpu_pct']:.0f} %)"
            )
            lines.append(
                f"  {n['night_ends']} table ends in {n['night_rounds']} round(s) paired"
                f" (pairing and seating at most {n['pairing_max_s']:.2f} s): result on the standings"
                f" {n['standings_min_ms']:.0f} / {n['standings_p50_ms']:.0f} / {n['standings_max_ms']:.0f} ms"
                f" (min / median / max) after the table's screen saw the end; errors {n['night_errors']}"
            )
    if steps:
        lines.append("")
        lines.append(
            f"largest load under {args.limit_ms:g} ms p99"
            f" (one table server, {args.step_seconds:.0f} s a step):"
        )
        for s in steps:
            mark = "ok" if s["p99_ms"] <= args.limit_ms else "over"
            lines.append(
                f"  {s['rooms']:3d} rooms x {args.sockets} sockets: {s['actions_per_s']:6.0f} actions/s,"
                f" p50 {s['p50_ms']:5.1f} ms, p99 {s['p99_ms']:5.1f} ms, RSS {s['rss_mb']:3.0f} MB,"
                f" steal {s['steal_pct']:3.0f} %, fsync {s['fsync_ms']:4.1f} ms  {mark}"
            )
        held = [s for s in steps if s["p99_ms"] <= args.limit_ms]
        if not held:
            lines.append(f"  => not even {steps[0]['rooms']} rooms x {args.sockets} sockets")
        else:
            best = held[-1]
            more = " (the server's room limit)" if best["rooms"] == SEARCH_ROOMS[-1] else ""
            lines.append(
                f"  => {best['rooms']} rooms x {args.sockets} sockets = {best['rooms'] * args.sockets}"
                f" websockets{more}"
            )
    return "\n".join(lines)


def tables_by_players(text: str) -> tuple[int, int]:
    """`8x4`: (tables, players a table)."""
    try:
        tables, players = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("TxP, such as 8x4") from None
    if not 1 <= tables or not 2 <= players <= 4:
        raise argparse.ArgumentTypeError("at least one table, of 2 to 4 players (Draw)")
    return tables, players


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="scripts/bench server", description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=20)
    p.add_argument(
        "--sockets", type=int, default=6, help="websockets per room (at least 5: 4 phones, 1 table)"
    )
    p.add_argument("--seconds", type=float, default=15, help="measured seconds per server and run")
    p.add_argument("--warmup", type=float, default=2)
    p.add_argument("--repeat", type=int, default=1, help="runs of table and bare, one after the other")
    p.add_argument("--no-search", action="store_true", help="skip the largest-load search")
    p.add_argument("--step-seconds", type=float, default=6, help="measured seconds per search step")
    p.add_argument("--limit-ms", type=float, default=15, help="the search's p99 limit")
    p.add_argument("--deflate", action="store_true", help="clients offer permessage-deflate, as browsers do")
    p.add_argument("--data", help="folder for the table's data folder (default: the system's temp folder)")
    p.add_argument(
        "--no-ram", action="store_true", help=f"skip the table with its data in {RAM} (fsync free)"
    )
    p.add_argument(
        "--no-pin",
        dest="pin",
        action="store_false",
        help="do not pin the server to the last core and the clients to the others",
    )
    p.add_argument(
        "--tournament",
        type=tables_by_players,
        metavar="TxP",
        help="one more row: the table with a night's tournament of T tables x P players beside the load",
    )
    p.add_argument(
        "--tournament-seats",
        default=",".join(SEATED),
        help="who plays the tournament's tables, a row each: phones (the players', at a person's pace),"
        " computers (standing in for them), or both: phones,computers",
    )
    p.add_argument(
        "--tournament-level", default="medium", help="the computers' level at the tournament's tables"
    )
    p.add_argument(
        "--tournament-delay",
        type=float,
        default=COMPUTER_DELAY,
        help="seconds a move takes at the tournament's tables (default: a computer's, as served)",
    )
    p.add_argument(
        "--review",
        action="store_true",
        help="one more row: the table with reviews running in a room of their own throughout",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.sockets < PHONES + 1:
        p.error("--sockets must be at least 5")
    args.tournament_seats = [x.strip() for x in args.tournament_seats.split(",") if x.strip()]
    if not args.tournament_seats or not set(args.tournament_seats) <= set(SEATED):
        p.error("--tournament-seats: phones, computers, or both")
    args.cores = cores() if args.pin else None
    if args.cores:
        os.sched_setaffinity(0, args.cores[1])
    ram = not args.no_ram and os.path.isdir(RAM)
    runs = []
    for _ in range(args.repeat):
        table = measure("table", args, 0)
        bare = measure("bare", args, table["frame_bytes"] or 2000)
        run = [table, bare]
        if ram:
            run.append(measure("table in RAM", args, 0))
        if args.tournament:
            run += [measure(night_row(seated), args, 0) for seated in args.tournament_seats]
        if args.review:
            run.append(measure(REVIEW_ROW, args, 0))
        runs.append(run)
    steps = [] if args.no_search else search(args)
    if args.json:
        print(json.dumps({"rooms": args.rooms, "sockets": args.sockets, "runs": runs, "search": steps}))
    else:
        print(report(args, runs, steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
