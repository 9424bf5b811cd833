"""Hostile clients under load: while one quiet room plays, hypothesis-generated and hand-written
hostile frames, a flood, hint storms and floods of other shapes (pings, endless fragments,
64 KiB frames, a pile of sockets, a reconnect loop, headers sent a byte at a time) hit the
same served table (`tabletop serve`, one gevent process). Every hostile frame gets the right
answer, no traceback is ever sent (nor logged), and the quiet room's p99 stays within twice its
quiet figure, measured first in the same run.

The quiet room is measured in a process of its own (the hostile clients' Python would otherwise
share its interpreter lock); its figure is the time from a phone's `act` until both phones and
the table hold the new version. On a machine with two CPUs or more the server and the quiet room
run on the first, the attackers on the others: on a café's Pi the attackers are other devices,
and their own CPU time is not what is measured. The machine is shared, so the bound is 2 x the quiet p99 plus
50 ms of slack for the scheduler's noise: the ratio and both figures are printed (`-s`).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import secrets
import socket
import threading
import time
from pathlib import Path

import pytest
import serverproc
import websocket
from conftest import Client, create_room, join, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile import messages_st

from tabletop import config

ROOT = Path(__file__).resolve().parents[2]
CODES = {
    key.removeprefix("error.")
    for key in json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    if key.startswith("error.")
} - {"internal", "unknown", "connection"}  # the codes a client can be answered with
QUIET_SECONDS = float(os.environ.get("FAULT_QUIET_SECONDS", "8"))
HOSTILE_SECONDS = float(os.environ.get("FAULT_HOSTILE_SECONDS", "12"))
# hypothesis examples (each up to 5 frames, ~0.3 s): 30 fit in the attack's 12 s; `scripts/bench
# faults` sends 100 (~30 s)
EXAMPLES = int(os.environ.get("FAULT_EXAMPLES", "30"))
SLACK_MS = 50.0  # the shared machine's noise: its quiet p99 alone ranged from 100 to 650 ms
# How much slower the quiet room may get under attack. The target is 2x, held by `scripts/bench
# faults` on a quiet machine; the suite shares CI's machine with everything else, so it holds a
# looser 4x, still well under the 4.9x the unbounded attackers caused.
SLOWDOWN = float(os.environ.get("FAULT_SLOWDOWN", "4"))
# which attackers run (all by default): to see what each one costs the quiet room
ATTACKS = set(
    os.environ.get(
        "FAULT_ATTACKS", "flood,hints,hand,hypothesis,pings,fragments,big,sockets,reconnect,slow"
    ).split(",")
)
PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]
CPUS = sorted(os.sched_getaffinity(0))
SERVER_CPUS = set(CPUS[:1]) if len(CPUS) > 1 else set(CPUS)  # the server and the quiet room
ATTACKER_CPUS = set(CPUS[1:]) or set(CPUS)
SEND_RATE = 15.0  # messages a second each hostile socket sends (the server drops more than 20)


# -- the quiet room, measured in its own process ---------------------------------------------------


def quiet_room(port: int, room_id: str, host_token: str, tokens: dict, seconds: float, out) -> None:
    """Play the quiet room for `seconds`, one act every ~20 ms; put the act-to-everyone
    latencies (seconds) on `out`."""
    os.sched_setaffinity(0, SERVER_CPUS)
    url = f"ws://127.0.0.1:{port}/ws"
    socks = {"host": websocket.create_connection(url, timeout=20)}
    socks["host"].send(json.dumps({"type": "hello", "room": room_id, "host_token": host_token}))
    for seat, token in tokens.items():
        socks[seat] = websocket.create_connection(url, timeout=20)
        socks[seat].send(json.dumps({"type": "hello", "room": room_id, "token": token}))
    latest = {k: None for k in socks}

    def until(key, version):
        while latest[key] is None or latest[key]["version"] < version:
            f = json.loads(socks[key].recv())
            if f["type"] == "view":
                latest[key] = f
            elif f["type"] == "error":
                raise AssertionError(f"quiet room: {f}")

    for k in socks:
        until(k, 0)
    latencies, rng, end = [], random.Random(1), time.monotonic() + seconds
    while time.monotonic() < end:
        frame = latest["host"]
        version, view = frame["version"], frame["view"]
        for k in socks:
            until(k, version)
        if view["phase"] != "play":
            socks["host"].send(
                json.dumps({"type": "start_round" if view["phase"] == "round_over" else "new_game"})
            )
            until("host", version + 1)
            continue
        time.sleep(0.02)
        seat = view["turn"]
        own = latest[int(seat)]["view"]
        sent = time.perf_counter()
        socks[int(seat)].send(
            json.dumps({"type": "act", "action": rng.choice(own["legal"]), "version": version})
        )
        for k in socks:
            until(k, version + 1)
        latencies.append(time.perf_counter() - sent)
    for s in socks.values():
        s.close()
    out.put(latencies)


def p99_ms(latencies: list[float]) -> float:
    ms = sorted(x * 1000 for x in latencies)
    return ms[min(len(ms) - 1, int(0.99 * len(ms)))]


def measure_quiet(port, quiet, seconds) -> multiprocessing.Process:
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=quiet_room, args=(port, *quiet, seconds, out), daemon=True)
    proc.start()
    proc.out = out
    return proc


def latencies_of(proc) -> list[float]:
    got = proc.out.get(timeout=120)
    proc.join(10)
    return got


# -- hostile clients -----------------------------------------------------------------------------


class Hostile:
    """One attacker's socket from its own loopback address, paced below the message limit, that
    remembers every raw text it was sent."""

    def __init__(self, port: int, address: str, **kw):
        self.port, self.address = port, address
        raw = socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(address, 0))
        self.client = Client(f"ws://127.0.0.1:{port}/ws", socket=raw, **kw)
        self.last = 0.0

    def send(self, msg) -> None:
        wait = self.last + 1 / SEND_RATE - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.last = time.monotonic()
        self.client.send(msg)

    def answers_until_pong(self) -> list[dict]:
        self.send({"type": "ping"})
        got = []
        while True:
            f = self.client.recv()
            if f["type"] == "pong":
                return got
            got.append(f)


def wrong_answers(frames: list[dict]) -> list[dict]:
    """Frames no hostile message may ever get: `internal`, an unknown code, a traceback."""
    return [
        f
        for f in frames
        if (f["type"] == "error" and f.get("code") not in CODES) or "Traceback" in json.dumps(f)
    ]


def handshake_status(port: int, **headers) -> int:
    try:
        ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", timeout=10, **headers)
    except websocket.WebSocketBadStatusException as exc:
        return exc.status_code
    ws.close()
    return 101


def closed_by_server(h: Hostile) -> bool:
    try:
        h.client.sock.settimeout(5)
        while True:
            h.client.sock.recv()
    except websocket.WebSocketConnectionClosedException:
        return True
    except websocket.WebSocketTimeoutException:
        return False
    except OSError:
        return True


def hand_written_round(port: int, quiet_id: str, target: dict, n: int) -> list:
    """Every hand-written hostile case once; returns the cases whose answer was wrong."""
    wrong = []
    address = f"127.0.0.{100 + n % 50}"

    def expect(case, frames, code):
        codes = [f.get("code") for f in frames if f["type"] == "error"]
        if code not in codes or wrong_answers(frames):
            wrong.append((case, code, frames[:3]))

    # forged, guessed and another room's tokens: bad_token, and the socket stays a guest
    for case, hello in (
        ("forged seat token", {"token": "A" * 43}),
        ("guessed seat token", {"token": secrets.token_urlsafe(32)}),
        ("another room's host token", {"host_token": target["host_token"]}),
    ):
        h = Hostile(port, address)
        h.send({"type": "hello", "room": quiet_id, **hello, "ref": 1})
        frames = h.answers_until_pong()
        expect(case, frames, "bad_token")
        if not any(f["type"] == "welcome" and f["role"] == "guest" for f in frames):
            wrong.append((case, "guest", frames[:3]))
        # a guest acting or steering the quiet room
        for msg, code in (
            ({"type": "act", "action": {"draw": True}, "version": 1}, "not_your_seat"),
            ({"type": "start_round"}, "not_host"),
            ({"type": "close_room"}, "not_host"),
            ({"type": "join", "seat": 0, "name": "Mallory"}, "seat_taken"),
        ):
            h.send(msg)
            expect(f"{case}: guest {msg['type']}", h.answers_until_pong(), code)
        h.client.close()
    # the attacker's own room: stale and replayed versions, out of turn
    phones = {}
    for seat, token in target["tokens"].items():
        phones[seat] = Hostile(port, address)
        phones[seat].send({"type": "hello", "room": target["id"], "token": token})
        phones[seat].client.expect("welcome")
    view = phones[0].client.view()
    if view["view"]["phase"] == "play":
        turn, v = view["view"]["turn"], view["version"]
        waiting = phones[1 - turn]
        waiting.send({"type": "act", "action": {"draw": True}, "version": v})
        expect("out of turn", waiting.answers_until_pong(), "not_your_turn")
        phones[turn].send({"type": "act", "action": {"draw": True}, "version": v - 1})
        expect("stale version", phones[turn].answers_until_pong(), "stale")
        phones[turn].send({"type": "act", "action": {"draw": True}, "version": 0})
        expect("replayed first version", phones[turn].answers_until_pong(), "stale")
    # frames that are not messages
    h = phones[0]
    for case, raw, code in (
        ("huge", json.dumps({"type": "join", "seat": 0, "name": "x" * 5000}), "too_large"),
        ("not json", "{not json", "bad_json"),
        (
            "deep json",
            '{"type": "setup", "profile": "draw", "options": {"a": ' + "[" * 40 + "]" * 40 + "}}",
            "bad_message",
        ),
        ("nested past the limit", "[" * 3000 + "]" * 3000, "too_large"),
        ("wrong types", '{"type": "join", "seat": "0", "name": 5}', "bad_message"),
        ("wrong type of type", '{"type": 5, "ref": 1}', "bad_message"),
        ("unknown type", '{"type": "fly"}', "unknown_type"),
        ("lone surrogate", '{"type": "create_room", "name": "Caf\\ud800"}', "bad_message"),
        ("NaN", '{"type": "act", "action": {"draw": true}, "version": NaN}', "bad_json"),
    ):
        h.send(raw)
        expect(case, h.answers_until_pong(), code)
    h.client.sock.send_binary(b'{"type": "ping"}')
    expect("binary frame", h.answers_until_pong(), "bad_message")
    for p in phones.values():
        p.client.close()
    # frames the websocket layer refuses by closing the socket
    h = Hostile(port, address)
    h.client.sock.send(b'{"type": "ping", "x": "\xff\xfe"}', opcode=websocket.ABNF.OPCODE_TEXT)
    if not closed_by_server(h):
        wrong.append(("invalid UTF-8 text frame", "closed", []))
    h = Hostile(port, address)
    h.client.sock.send("x" * 70000)
    if not closed_by_server(h):
        wrong.append(("frame over 64 KiB", "closed", []))
    # handshakes of other sites: cross-origin, DNS rebinding
    if handshake_status(port, origin="http://evil.example") != 403:
        wrong.append(("cross-origin handshake", 403, []))
    if handshake_status(port, host="attacker.example", origin="http://attacker.example") != 403:
        wrong.append(("rebinding handshake", 403, []))
    return wrong


def flood(port: int, stop: threading.Event, seen: dict) -> None:
    """Pings as fast as the socket takes them; reconnect whenever the server closes it (once it
    closed one, the address's handshakes are refused, each after a pause)."""
    started = time.monotonic()
    while not stop.is_set():
        seen["seconds"] = time.monotonic() - started
        try:
            h = Hostile(port, "127.0.0.3")
        except websocket.WebSocketBadStatusException as exc:
            seen["refused"].append(exc.status_code)
            continue
        try:
            while not stop.is_set():
                h.client.sock.send('{"type": "ping"}')
        except Exception:
            seen["closed"] += 1
        try:  # what the server said before it closed the socket
            h.client.sock.settimeout(1)
            while True:
                f = h.client._read()
                seen["rate_limited"] += f.get("code") == "rate_limited"
                seen["wrong"] += wrong_answers([f])
        except Exception:
            pass
        h.client.close()


def ping_flood(port: int, stop: threading.Event, seen: dict) -> None:
    """Websocket pings (control frames, not messages) as fast as the socket takes them, never
    reading the pongs; reconnects whenever it is closed."""
    while not stop.is_set():
        try:
            h = Hostile(port, "127.0.0.40")
        except websocket.WebSocketBadStatusException as exc:
            seen["refused"].append(exc.status_code)
            continue
        try:
            while not stop.is_set():
                h.client.sock.ping(b"x")
                seen["sent"] += 1
        except Exception:
            seen["closed"] += 1
        h.client.sock.settimeout(1)
        try:  # the pongs it was answered with, before the server stopped answering
            while True:
                frame = h.client.sock.recv_frame()
                seen["pongs"] += frame.opcode == websocket.ABNF.OPCODE_PONG
        except Exception:
            pass
        h.client.close()


def fragment_flood(port: int, stop: threading.Event, seen: dict) -> None:
    """A text message in one-byte fragments that never ends; reconnects whenever closed."""
    while not stop.is_set():
        try:
            h = Hostile(port, "127.0.0.41")
        except websocket.WebSocketBadStatusException as exc:
            seen["refused"].append(exc.status_code)
            continue
        sent = 0
        try:
            h.client.sock.send_frame(websocket.ABNF(0, 0, 0, 0, websocket.ABNF.OPCODE_TEXT, 1, "["))
            while not stop.is_set():
                h.client.sock.send_frame(websocket.ABNF(0, 0, 0, 0, websocket.ABNF.OPCODE_CONT, 1, " "))
                sent += 1
        except Exception:
            seen["closed"] += 1
            seen["most"] = max(seen["most"], sent)
        h.client.close()


def big_frames(port: int, stop: threading.Event, seen: dict) -> None:
    """Frames just under the 64 KiB the server reads (each answered `too_large`), from
    sockets of one address, as fast as they are taken."""
    payload = json.dumps({"type": "ping", "pad": "x" * 65000})
    while not stop.is_set():
        try:
            h = Hostile(port, "127.0.0.42")
        except websocket.WebSocketBadStatusException as exc:
            seen["refused"].append(exc.status_code)
            continue
        try:
            while not stop.is_set():
                h.client.sock.send(payload)
                seen["sent"] += 1
        except Exception:
            seen["closed"] += 1
        h.client.close()


def socket_pile(port: int, room_id: str, stop: threading.Event, seen: dict) -> None:
    """As many sockets as one address is given, each a guest of a room (a view for every one
    of them at every change) that never reads (so never answers a ping: the server
    drops them after two ping intervals, and the address opens new ones); `open`: how many it
    held before any could have been dropped."""
    held, started = [], time.monotonic()
    while not stop.is_set():
        try:
            h = Hostile(port, "127.0.0.43")
            h.client.send({"type": "hello", "room": room_id})
            held.append(h)
            if time.monotonic() - started < config.PING_INTERVAL:  # none found dead yet
                seen["open"] = len(held)
        except websocket.WebSocketBadStatusException as exc:
            seen["refused"].append(exc.status_code)
        except Exception:
            seen["failed"] += 1
    for h in held:
        h.client.close()


def reconnect_loop(port: int, room_id: str, stop: threading.Event, seen: dict) -> None:
    """Connect, say hello to the quiet room, hang up; again, as fast as it can."""
    started = time.monotonic()
    while not stop.is_set():
        seen["seconds"] = time.monotonic() - started
        try:
            h = Hostile(port, "127.0.0.44")
            h.client.send({"type": "hello", "room": room_id})
            h.client.close()
            seen["opened"] += 1
        except websocket.WebSocketBadStatusException as exc:
            seen["refused"].append(exc.status_code)
        except Exception:
            seen["failed"] += 1


def slow_headers(port: int, stop: threading.Event, seen: dict) -> None:
    """ "Slowloris": more connections than one address is given, each sending a request's
    headers a byte every half second and never their end; one the server closed (one too many
    at accept, or out of time for its headers) is opened again."""
    held: list[socket.socket] = []
    while not stop.is_set():
        while len(held) < config.CONNECTIONS_PER_ADDRESS + 4:
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.45", 0))
                s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                s.setblocking(False)  # below: is it closed? without waiting for an answer
            except OSError:
                seen["failed"] += 1
                break
            held.append(s)
            seen["opened"] += 1
        seen["most"] = max(seen["most"], len(held))
        for s in list(held):
            try:
                gone = s.recv(1) == b""  # the server closed it
            except BlockingIOError:
                gone = False
            except OSError:
                gone = True
            if not gone:
                try:
                    s.sendall(b"x")
                except OSError:
                    gone = True
            if gone:
                held.remove(s)
                s.close()
                seen["closed"] += 1
        stop.wait(0.5)
    for s in held:
        s.close()


def hint_storm(port: int, room: dict, address: str, asks: int, stop: threading.Event, answers: list) -> None:
    """A phone that asks for hints three times at every turn, then plays; it reconnects
    whenever it is closed."""
    while not stop.is_set():
        h = Hostile(port, address)
        h.send({"type": "hello", "room": room["id"], "token": room["tokens"][0]})
        last = -1
        try:
            while not stop.is_set():
                f = h.client.view(last + 1)
                last, view = f["version"], f["view"]
                if view["phase"] != "play" or view["turn"] != 0:
                    continue  # the storm's table deals again; the computer moves
                for _ in range(asks):
                    h.send({"type": "hint", "ref": "h"})
                answers.extend(h.client.take(lambda x: x.get("ref") == "h") for _ in range(asks))
                h.send({"type": "act", "action": view["legal"][0], "version": f["version"]})
        except Exception:
            pass
        h.client.close()


def dealer(port: int, room: dict, stop: threading.Event) -> None:
    """The storm room's table: deals the next round or game when one ends."""
    h = Hostile(port, "127.0.0.4")
    h.send({"type": "hello", "room": room["id"], "host_token": room["host_token"]})
    last = -1
    while not stop.is_set():
        try:
            f = h.client.view(last + 1)
        except Exception:
            return
        last, phase = f["version"], f["view"]["phase"] if f["view"] else None
        if phase in ("round_over", "game_over"):
            h.send({"type": "start_round" if phase == "round_over" else "new_game"})


def set_up(port: int) -> tuple:
    made: list = []

    def make(**kw):
        made.append(Client(f"ws://127.0.0.1:{port}/ws", **kw))
        return made[-1]

    def room(seats, name):
        host, room_id, host_token = create_room(make, "draw", {"players": len(seats)}, seats, name=name)
        tokens = {s: join(make, room_id, s)[1] for s, seat in enumerate(seats) if seat["kind"] == "phone"}
        start(host)
        return {"id": room_id, "host_token": host_token, "tokens": tokens}

    quiet = room(PHONES2, "Quiet")
    target = room(PHONES2, "Target")
    storms = [room([{"kind": "phone"}, {"kind": "computer", "level": "easy"}], f"Storm {i}") for i in (1, 2)]
    for c in made:
        c.close()
    return quiet, target, storms


def rooms_opened_from_one_address(port: int) -> list[dict]:
    """Five sockets of one client address each open a room: the answers."""
    openers = [Hostile(port, "127.0.0.5") for _ in range(5)]
    opened = []
    for h in openers:
        h.send({"type": "hello"})
        h.send({"type": "create_room", "name": "Squat", "ref": 1})
        opened.append(h.client.take(lambda f: f["type"] in ("room_created", "error")))
    for h in openers:
        h.client.close()
    return opened


def attackers(port: int, quiet: dict, target: dict, storms: list, stop: threading.Event, seen: dict) -> list:
    """The attackers of ATTACKS, as threads (not started) that fill `seen`."""
    threads = []
    if "flood" in ATTACKS:
        threads.append(threading.Thread(target=flood, args=(port, stop, seen["flood"]), daemon=True))
    asks = 3 if "hints" in ATTACKS else 0  # "play": the storm rooms play as fast, no hints
    for i, room in enumerate(storms if ATTACKS & {"hints", "play"} else []):
        storm = (port, room, f"127.0.0.{6 + i}", asks, stop, seen["hints"])
        threads.append(threading.Thread(target=hint_storm, args=storm, daemon=True))
        threads.append(threading.Thread(target=dealer, args=(port, room, stop), daemon=True))

    def hand_written():
        n = 0
        while not stop.is_set():
            seen["wrong"].extend(hand_written_round(port, quiet["id"], target, n))
            n += 1

    if "hand" in ATTACKS:
        threads.append(threading.Thread(target=hand_written, daemon=True))
    shapes = {
        "pings": (ping_flood, (port,)),
        "fragments": (fragment_flood, (port,)),
        "big": (big_frames, (port,)),
        # in the attacker's own room: the quiet room's guests are bounded (ROOM_GUESTS, see
        # test_flood_shapes.py) and are the hypothesis attack's
        "sockets": (socket_pile, (port, target["id"])),
        "reconnect": (reconnect_loop, (port, quiet["id"])),
        "slow": (slow_headers, (port,)),
    }
    for name, (shape, args) in shapes.items():
        if name in ATTACKS:
            threads.append(threading.Thread(target=shape, args=(*args, stop, seen[name]), daemon=True))
    return threads


def hypothesis_attack(port: int, quiet: dict, bad: list) -> None:
    """Hypothesis frames from guests of the quiet room itself, each example answered in full."""
    guests = [Hostile(port, f"127.0.0.{20 + i}") for i in range(12)]
    for g in guests:
        g.send({"type": "hello", "room": quiet["id"]})
        g.client.expect("welcome")
    turn = iter(range(10**9))

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.lists(messages_st | st.text(max_size=60), min_size=1, max_size=5), st.booleans())
    def attack(frames, as_bytes):
        g = guests[next(turn) % len(guests)]
        for f in frames:
            text = f if isinstance(f, str) else json.dumps(f)
            if as_bytes:
                g.client.sock.send_binary(text.encode())
                g.last = time.monotonic()
            else:
                g.send(text)
        bad.extend(wrong_answers(g.answers_until_pong()))

    attack()
    for g in guests:
        g.client.close()


@pytest.fixture(scope="module")
def attacked(tmp_path_factory) -> dict:
    """One run: the quiet room measured alone, then again under every attacker at once."""
    data = tmp_path_factory.mktemp("hostile")
    log = data / "server.log"
    port = serverproc.free_port()
    serve = serverproc.tabletop_command(port, data, "--computer-delay", "0")
    server = serverproc.Server(["taskset", "-c", ",".join(map(str, SERVER_CPUS)), *serve], port, output=log)
    stop, own_cpus = threading.Event(), os.sched_getaffinity(0)
    os.sched_setaffinity(0, ATTACKER_CPUS)
    seen = {
        "flood": {"closed": 0, "rate_limited": 0, "wrong": [], "refused": []},
        "hints": [],
        "wrong": [],
        "bad": [],
        "pings": {"sent": 0, "pongs": 0, "closed": 0, "refused": []},
        "fragments": {"closed": 0, "most": 0, "refused": []},
        "big": {"sent": 0, "closed": 0, "refused": []},
        "sockets": {"open": 0, "failed": 0, "refused": []},
        "reconnect": {"opened": 0, "failed": 0, "refused": [], "seconds": 0.0},
        "slow": {"opened": 0, "closed": 0, "most": 0, "failed": 0},
    }
    try:
        quiet, target, storms = set_up(port)
        quiet_args = (quiet["id"], quiet["host_token"], quiet["tokens"])
        seen["calm"] = latencies_of(measure_quiet(port, quiet_args, QUIET_SECONDS))
        seen["opened"] = rooms_opened_from_one_address(port)
        threads = attackers(port, quiet, target, storms, stop, seen)
        for t in threads:
            t.start()
        measured = measure_quiet(port, quiet_args, HOSTILE_SECONDS)
        if "hypothesis" in ATTACKS:
            hypothesis_attack(port, quiet, seen["bad"])
        seen["hostile"] = latencies_of(measured)
        stop.set()
        for t in threads:
            t.join(15)
        seen["log"] = log.read_text(errors="replace")
        calm, hostile = p99_ms(seen["calm"]), p99_ms(seen["hostile"])
        hints = seen["hints"]
        print(
            f"\nquiet room p99: {calm:.1f} ms alone ({len(seen['calm'])} acts), {hostile:.1f} ms under"
            f" attack ({len(seen['hostile'])} acts), ratio {hostile / calm:.2f}; attacks {sorted(ATTACKS)};"
            f" flood closed {seen['flood']['closed']}x; {sum(f['type'] == 'hint' for f in hints)} hints"
            f" computed of {len(hints)} asked"
        )
        shapes = ("pings", "fragments", "big", "sockets", "reconnect", "slow")
        counts = {k: {n: len(v) if isinstance(v, list) else v for n, v in seen[k].items()} for k in shapes}
        print(f"shapes: {counts}")
        return seen
    finally:
        stop.set()
        server.kill9()
        os.sched_setaffinity(0, own_cpus)


def test_every_hostile_frame_gets_the_right_answer_under_load(attacked):
    assert attacked["bad"] == [], attacked["bad"][:5]  # hypothesis frames
    assert attacked["wrong"] == [], attacked["wrong"][:5]  # hand-written cases
    opened = attacked["opened"]
    assert [f["type"] for f in opened] == ["room_created"] * 4 + ["error"], opened
    assert opened[-1]["code"] == "rate_limited"
    flood = attacked["flood"]
    if "flood" in ATTACKS:
        assert flood["closed"] >= 1 and flood["rate_limited"] >= 1 and not flood["wrong"], flood
        # the flooding address reconnects in a loop: refused for a while, slowly
        assert flood["closed"] <= 2 and flood["refused"] and set(flood["refused"]) == {429}, flood
        assert len(flood["refused"]) <= flood["seconds"] / config.FLOOD_TARPIT + 1, flood
    shaped = {k: attacked[k] for k in ("pings", "fragments", "big", "sockets", "reconnect") if k in ATTACKS}
    for name, seen in shaped.items():  # a refused handshake is a 429, never anything else
        assert set(seen["refused"]) <= {429}, (name, seen)
    if "pings" in ATTACKS:  # pings are messages: a flood of them is closed, unanswered
        pings = shaped["pings"]
        assert pings["closed"] >= 1 and pings["pongs"] < pings["sent"], pings
    if "fragments" in ATTACKS:  # a message in endless fragments is closed early (1008: see
        # test_flood_shapes.py; here the kernel takes more frames than the server read)
        assert shaped["fragments"]["closed"] >= 1, shaped["fragments"]
    if "big" in ATTACKS:
        assert shaped["big"]["closed"] >= 1 and shaped["big"]["refused"], shaped["big"]
    if "sockets" in ATTACKS:  # one address holds a bounded number of sockets
        sockets = shaped["sockets"]
        assert sockets["open"] <= config.SOCKETS_PER_ADDRESS and sockets["refused"], sockets
    if "reconnect" in ATTACKS:  # and opens them at a bounded rate
        again = shaped["reconnect"]
        most = config.HANDSHAKE_BURST + config.HANDSHAKE_RATE * again["seconds"] + 1
        assert again["refused"] and again["opened"] <= most, again
    if "slow" in ATTACKS:  # the connections one address holds are bounded: the extra ones closed
        slow = attacked["slow"]
        assert slow["closed"] >= 1 and slow["opened"] > config.CONNECTIONS_PER_ADDRESS, slow
    if "hints" in ATTACKS:
        codes = {f.get("code") for f in attacked["hints"] if f["type"] == "error"}
        assert attacked["hints"] and codes <= {"rate_limited", "stale", "not_your_turn"}, codes
    assert "Traceback" not in attacked["log"]


def test_hostile_clients_do_not_slow_a_quiet_room(attacked):
    calm, hostile = p99_ms(attacked["calm"]), p99_ms(attacked["hostile"])
    assert hostile <= SLOWDOWN * calm + SLACK_MS, (calm, hostile, SLOWDOWN)
