"""The abuse limits, none of which may hit the table's owner: wrong-PIN lockout per connection
and per client address (never the table's own screen's), one open room per socket and a rate
of new rooms per address, empty rooms that expire, the Host rule against DNS rebinding, hint
budgets per connection and per room, and hostile strings and refs that get the right answer.

A phone on the LAN is played by a socket bound to another loopback address (127.0.0.2, ...):
the server sees it as a client address of its own, unlike 127.0.0.1, the table's own screen."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import pytest
import websocket
from conftest import Client, ask, create_room

import engine
from tabletop import config, guard
from tabletop.app import create_app
from tabletop.errors import Refused
from tabletop.limits import Bucket
from tabletop.settings import Settings

PIN = "4321"
KIOSK = {"kiosk": True, "pin": PIN}


@pytest.fixture
def phones(clients_from):
    return lambda source="127.0.0.2": clients_from(source)


def greeted(client: Client, **hello) -> Client:
    client.send({"type": "hello", **hello})
    client.expect("welcome")
    return client


def ask_any(client, msg) -> dict:
    """Like conftest.ask; a `hint` frame answers its ref too."""
    ref = f"r{id(msg)}-{time.monotonic_ns()}"
    client.send(dict(msg, ref=ref))
    return client.take(lambda f: f["type"] in ("ok", "error", "hint") and f.get("ref") == ref)


# -- wrong PINs ----------------------------------------------------------------------------------


@pytest.mark.app_config(**KIOSK)
def test_a_guests_wrong_pins_lock_that_guest_out_never_the_table(live, client_factory, phones):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, [{"kind": "phone"}] * 2)
    guest = greeted(phones())  # in no room at all
    for _ in range(config.PIN_TRIES):
        assert ask(guest, {"type": "unlock", "pin": "0000"})["code"] == "bad_pin"
    # locked out: even the right PIN is refused on this socket, and on a new one from its address
    assert ask(guest, {"type": "unlock", "pin": PIN})["code"] == "rate_limited"
    again = greeted(phones())
    assert ask(again, {"type": "unlock", "pin": PIN})["code"] == "rate_limited"
    # a phone in a room is no table screen: it may not try a PIN at all
    assert ask(greeted(phones(), room=room_id), {"type": "unlock", "pin": PIN})["code"] == "not_host"
    # holding a host token does not make a guest the table's screen: a host socket from the
    # same address is locked out too
    own = greeted(phones(), room=room_id, host_token=host_token)
    assert ask(own, {"type": "unlock", "pin": PIN})["code"] == "rate_limited"
    # another phone (another address) is not
    assert ask(greeted(phones("127.0.0.3")), {"type": "unlock", "pin": PIN})["type"] == "ok"
    # and the table's own screen never is: its PIN works at once
    assert ask(host, {"type": "unlock", "pin": PIN})["type"] == "ok"
    assert ask(host, {"type": "free_seat", "seat": 0})["type"] == "ok"
    # nor a second screen of the table opened with the room's host token
    screen = greeted(client_factory(), room=room_id, host_token=host_token)
    assert ask(screen, {"type": "unlock", "pin": PIN})["type"] == "ok"


@pytest.mark.app_config(**KIOSK)
def test_the_tables_own_wrong_pins_lock_only_its_own_connection(live, client_factory):
    host, room_id, host_token = create_room(client_factory)
    for _ in range(config.PIN_TRIES):
        assert ask(host, {"type": "unlock", "pin": "1111"})["code"] == "bad_pin"
    assert ask(host, {"type": "unlock", "pin": PIN})["code"] == "rate_limited"
    # the page reloaded (a new socket from the same screen) is not locked out
    screen = greeted(client_factory(), room=room_id, host_token=host_token)
    assert ask(screen, {"type": "unlock", "pin": PIN})["type"] == "ok"


# -- room slots ------------------------------------------------------------------------------------


def test_one_open_room_per_socket(live, client_factory):
    host, room_id, _ = create_room(client_factory)
    answer = ask(host, {"type": "create_room", "name": "Another"})
    assert answer["code"] == "room_open" and room_id in answer["detail"]
    assert list(live.tables.rooms) == [room_id]
    # once its room is closed, the socket is in the lobby again and may open one
    assert ask(host, {"type": "close_room"})["type"] == "ok"
    host.error("no_room")
    host.send({"type": "create_room", "name": "Next"})
    assert host.expect("room_created")["room"] != room_id
    assert len(live.tables.rooms) == 1


def test_rooms_opened_per_address_are_rate_limited_but_not_the_tables(live, client_factory, phones):
    opened = []
    for _ in range(config.ROOM_OPEN_BURST):
        phone = greeted(phones())
        phone.send({"type": "create_room", "ref": "c"})
        opened.append(phone.expect("room_created")["room"])
    late = greeted(phones())
    assert ask(late, {"type": "create_room"})["code"] == "rate_limited"
    # another address, and the table's own screen, still open rooms
    other = greeted(phones("127.0.0.3"))
    other.send({"type": "create_room"})
    other.expect("room_created")
    for _ in range(config.ROOM_OPEN_BURST + 2):
        create_room(client_factory)
    assert len(live.tables.rooms) == 2 * config.ROOM_OPEN_BURST + 3


@pytest.mark.app_config(empty_close=0.4)
def test_rooms_with_nobody_and_no_game_expire(live, client_factory):
    left, left_id, _ = create_room(client_factory)
    kept, kept_id, _ = create_room(client_factory)  # its table stays connected
    played, played_id, _ = create_room(client_factory, "draw", {"players": 2}, [{"kind": "device"}] * 2)
    assert ask(played, {"type": "start_round"})["type"] == "ok"
    left.close()
    played.close()
    deadline = time.monotonic() + 10
    while left_id in live.tables.rooms and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # a few more sweeps
    assert left_id not in live.tables.rooms
    assert {kept_id, played_id} <= set(live.tables.rooms)  # connected, or holding a game
    kept.send({"type": "ping"})
    kept.expect("pong")


def test_rooms_kept_over_a_restart_expire_when_empty(tmp_path):
    first = create_app(Settings(data=str(tmp_path), computer_delay=0))
    t = first.extensions["tabletop"]
    empty, _ = t.create_room("Left open")
    t.shutdown()
    t.store.close()
    again = create_app(Settings(data=str(tmp_path), computer_delay=0, empty_close=0.3))
    t = again.extensions["tabletop"]
    try:
        assert empty.id in t.rooms  # restored ...
        deadline = time.monotonic() + 10
        while empty.id in t.rooms and time.monotonic() < deadline:
            time.sleep(0.05)
        assert empty.id not in t.rooms  # ... and gone well before a day
    finally:
        t.shutdown()


# -- the Host rule (DNS rebinding) ---------------------------------------------------------------


def handshake(live, host=None, origin=None) -> int:
    """The HTTP status of a websocket handshake to 127.0.0.1 with these headers (101: opened)."""
    kw = {"timeout": 5}
    if host is not None:
        kw["host"] = host
    if origin is not None:
        kw["origin"] = origin
    try:
        ws = websocket.create_connection(f"ws://127.0.0.1:{live.port}/ws", **kw)
    except websocket.WebSocketBadStatusException as exc:
        return exc.status_code
    ws.send('{"type": "ping"}')
    assert json.loads(ws.recv()) == {"type": "pong"}
    ws.close()
    return 101


def http_status(live, path, host) -> int:
    req = urllib.request.Request(f"http://127.0.0.1:{live.port}{path}", headers={"Host": host})
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.app_config(hosts=("table.cafe.lan",))
def test_websocket_host_must_be_this_tables(live):
    p = live.port
    evil = f"attacker.example:{p}"
    assert handshake(live, host=evil, origin=f"http://{evil}") == 403  # Origin matches Host
    assert handshake(live, host=evil) == 403
    assert handshake(live, host="[::1") == 403  # not even a host name
    assert handshake(live, origin=f"https://127.0.0.1:{p}") == 403  # not this table's scheme
    assert handshake(live, origin=f"http://127.0.0.1:{p + 1}") == 403
    for host in (f"127.0.0.1:{p}", f"localhost:{p}", f"[::1]:{p}", f"table.cafe.lan:{p}"):
        assert handshake(live, host=host, origin=f"http://{host}") == 101, host
    assert handshake(live) == 101  # no Origin: not a browser page
    # the advertised address is followed when it changes at run time (announce.py sets it)
    assert handshake(live, host=f"table.example:{p}") == 403
    live.tables.base_url = f"http://table.example:{p}"
    assert handshake(live, host=f"table.example:{p}", origin=f"http://table.example:{p}") == 101
    # the table's mDNS name, once drawn
    name = "domino-table-a1b2c3.local"
    assert handshake(live, host=name) == 403
    with open(f"{live.tables.data_dir}/mdns-host", "w") as f:
        f.write("domino-table-a1b2c3\n")
    assert handshake(live, host=f"{name}:{p}", origin=f"http://{name}:{p}") == 101
    # the pages keep working for the real addresses
    assert http_status(live, "/", f"127.0.0.1:{p}") == 200
    assert http_status(live, "/api/health", f"localhost:{p}") == 200
    assert http_status(live, "/join/ABCDE", f"{name}:{p}") == 200


def test_websocket_host_may_be_any_address_of_this_machine(live):
    lan = sorted(a for a in guard._local_addresses() if not a.startswith("127.") and ":" not in a)
    if not lan:
        pytest.skip("this machine has no non-loopback IPv4 address")
    host = f"{lan[0]}:{live.port}"
    assert handshake(live, host=host, origin=f"http://{host}") == 101
    assert http_status(live, "/", host) == 200


# -- hostile strings, refs, HTTP errors --------------------------------------------------------------


def test_lone_surrogates_are_bad_messages_not_internal_errors(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, [{"kind": "phone"}] * 2)
    lobby = greeted(client_factory())
    for raw in (
        '{"type": "create_room", "name": "Caf\\ud800", "ref": 1}',
        '{"type": "create_room", "name": "ok", "ref": 1, "x\\udfff": 1}',
    ):
        lobby.send(raw)
        f = lobby.take(lambda fr: fr["type"] == "error")
        assert f["code"] in ("bad_message",) and f.get("ref") == 1, (raw, f)
    guest = greeted(client_factory(), room=room_id)
    guest.send('{"type": "join", "seat": 0, "name": "Ana\\udc00", "ref": "j"}')
    assert guest.take(lambda fr: fr["type"] == "error") == {
        "type": "error",
        "code": "bad_message",
        "detail": "strings must be valid Unicode (no lone surrogates)",
        "ref": "j",
    }
    guest.send('{"type": "ping", "ref": "bad\\ud800"}')  # not a valid ref: not echoed
    f = guest.take(lambda fr: fr["type"] == "error")
    assert f["code"] == "bad_message" and "ref" not in f
    # a real name with a surrogate pair (an emoji) is fine
    guest.send('{"type": "join", "seat": 0, "name": "Ana \\ud83d\\ude00", "ref": "k"}')
    assert guest.expect("joined", seat=0)
    assert live.tables.rooms[room_id].meta["seats"][0]["name"] == "Ana \U0001f600"
    lobby.send({"type": "create_room", "name": "Café"})
    lobby.expect("room_created")
    codes = [f.get("code") for c in (lobby, guest) for f in c.frames if f["type"] == "error"]
    assert "internal" not in codes


def test_a_valid_ref_is_echoed_in_every_error(live, client_factory):
    c = greeted(client_factory())
    for raw, code, ref in (
        ('{"type": 5, "ref": 1}', "bad_message", 1),
        ('{"ref": 3}', "bad_message", 3),
        ('{"type": "fly", "ref": "x"}', "unknown_type", "x"),
        ('{"type": "join", "seat": "a", "ref": 4}', "bad_message", 4),
        ('{"type": "join", "seat": 0, "name": "A", "ref": 5}', "no_room", 5),
        ('{"type": "ping", "ref": true}', "bad_message", None),
    ):
        c.send(raw)
        f = c.take(lambda fr: fr["type"] == "error")
        assert f["code"] == code and f.get("ref") == ref, (raw, f)
    fresh = client_factory()
    fresh.send('{"type": "join", "seat": 0, "name": "A", "ref": 6}')
    assert fresh.take(lambda fr: fr["type"] == "error")["ref"] == 6  # hello_required


def test_http_errors_are_json(live):
    for path, method, status, code in (
        ("/nope", "GET", 404, "not_found"),
        ("/api/nope", "GET", 404, "not_found"),
        ("/api/rooms/ZZZZZ", "GET", 404, "no_room"),
        ("/locales/x_y.json", "GET", 404, "not_found"),
        ("/api/rooms", "POST", 405, "method_not_allowed"),
    ):
        req = urllib.request.Request(
            f"{live.url}{path}", method=method, data=b"" if method == "POST" else None
        )
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(req, timeout=5)
        assert e.value.code == status, path
        assert e.value.headers.get_content_type() == "application/json", path
        assert json.loads(e.value.read()) == {"error": code}, path


# -- hint budgets ------------------------------------------------------------------------------------

DEVICES2 = [{"kind": "device"}, {"kind": "device"}]


def _next_decision(host, room) -> tuple[int, int]:
    """(version, seat to act) of a room whose seats are all this host's devices; deals again
    when a round or the game is over."""
    state = room.state
    if state.phase != "play":
        answer = ask(host, {"type": "start_round"})
        if answer["type"] == "error":
            assert answer["code"] == "game_over", answer
            assert ask(host, {"type": "new_game"})["type"] == "ok"
    return room.version, room.state.turn


def test_asking_the_same_hint_again_is_free(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, DEVICES2)
    assert ask(host, {"type": "start_round"})["type"] == "ok"
    room = live.tables.rooms[room_id]
    v, turn = _next_decision(host, room)
    answers = [
        ask_any(host, {"type": "hint", "seat": turn, "version": v}) for _ in range(4 * config.HINT_BURST)
    ]
    assert {a["type"] for a in answers} == {"hint"} and len({json.dumps(a["action"]) for a in answers}) == 1


def test_a_hint_flood_is_rate_limited_and_other_rooms_keep_playing(live, client_factory):
    flooder, flood_id, _ = create_room(client_factory, "draw", {"players": 2}, DEVICES2)
    assert ask(flooder, {"type": "start_round"})["type"] == "ok"
    flood_room = live.tables.rooms[flood_id]
    other, other_id, _ = create_room(client_factory, "draw", {"players": 2}, DEVICES2)
    assert ask(other, {"type": "start_round"})["type"] == "ok"
    other_room = live.tables.rooms[other_id]
    stop = threading.Event()
    counts = {"hint": 0, "rate_limited": 0}
    failed = []

    def flood():
        try:
            flood_loop()
        except BaseException as exc:  # reported by the test, not lost in the thread
            failed.append(exc)

    def flood_loop():
        # every hint is for a new version (an act between two), so none comes from the cache;
        # eight hints a second, under the socket's message rate (its excess is dropped unanswered)
        while not stop.wait(0.125):
            v, turn = _next_decision(flooder, flood_room)
            answer = ask_any(flooder, {"type": "hint", "seat": turn, "version": v})
            if answer["type"] == "hint":
                counts["hint"] += 1
            else:
                assert answer["code"] == "rate_limited" and answer["detail"], answer
                counts["rate_limited"] += 1
            legal = engine.view_for(flood_room.state, turn)["legal"]
            assert ask(flooder, {"type": "act", "action": legal[0], "version": v})["type"] == "ok"

    t = threading.Thread(target=flood, daemon=True)
    started = time.monotonic()
    t.start()
    try:
        waits = []
        # the other room plays on, ten moves a second (a socket's message rate is 20 a second)
        while len(waits) < 20 or time.monotonic() - started < 3:
            time.sleep(0.1)
            v, turn = _next_decision(other, other_room)
            legal = engine.view_for(other_room.state, turn)["legal"]
            t0 = time.monotonic()
            assert ask(other, {"type": "act", "action": legal[0], "version": v})["type"] == "ok"
            waits.append(time.monotonic() - t0)
    finally:
        stop.set()
        t.join(20)
    elapsed = time.monotonic() - started
    assert not failed and not t.is_alive(), failed
    assert counts["rate_limited"] > 0, counts
    # no more hints were computed than the connection's budget allows
    assert counts["hint"] <= config.HINT_BURST + config.HINT_RATE * elapsed + 1, (counts, elapsed)
    assert max(waits) < 5.0, waits
    print(f"flood: {counts}, {elapsed:.1f} s; the other room's moves: {len(waits)}, max {max(waits):.3f} s")


def test_a_rooms_hint_budget_is_shared_by_all_its_sockets(tmp_path):
    """`charge_hint` directly, so no refill happens between the calls."""
    t = create_app(Settings(data=str(tmp_path), computer_delay=0)).extensions["tabletop"]
    try:
        room, _ = t.create_room("Busy")
        other, _ = t.create_room("Quiet")

        class Screen:  # what charge_hint reads of a connection
            def __init__(self):
                self.hint_bucket = Bucket(config.HINT_RATE, config.HINT_BURST)

        for _ in range(config.ROOM_HINT_BURST):  # each from a fresh socket: its own budget is full
            t.charge_hint(Screen(), room)
        with pytest.raises(Refused) as e:
            t.charge_hint(Screen(), room)
        assert e.value.code == "rate_limited"
        # another room's budget is its own; a socket out of budget costs the room nothing
        spent = Screen()
        for _ in range(config.HINT_BURST):
            t.charge_hint(spent, other)
        for _ in range(3):
            with pytest.raises(Refused):
                t.charge_hint(spent, other)
        for _ in range(config.ROOM_HINT_BURST - config.HINT_BURST):
            t.charge_hint(Screen(), other)
    finally:
        t.shutdown()
