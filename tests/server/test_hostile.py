"""Bad input: every frame is checked, refused with a stable code, changes nothing; the server
keeps serving. Cross-origin websockets are refused; floods are throttled; kiosk PINs hold."""

from __future__ import annotations

import json
import threading
import time

import pytest
import websocket
from conftest import ask, create_room, join
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import messages, protocol

PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)
TYPES = sorted(protocol.COMMANDS) + ["", "nope", "HELLO"]
FIELDS = [
    "room",
    "token",
    "host_token",
    "seat",
    "name",
    "lang",
    "action",
    "version",
    "profile",
    "options",
    "seats",
    "level",
    "paused",
    "reason",
    "pin",
    "ref",
    "play",
    "end",
]
messages_st = st.one_of(
    st.builds(
        lambda t, extra: {"type": t, **extra},
        st.sampled_from(TYPES),
        st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=4),
    ),
    json_values,
)


@pytest.mark.app_config(rate=(100000.0, 100000.0))
def test_hypothesis_hostile_frames_keep_the_server_serving(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    p1, t1 = join(client_factory, room_id, 1)
    assert ask(host, {"type": "start_round"})["type"] == "ok"
    room = live.tables.rooms[room_id]
    guest = client_factory()
    guest.send({"type": "hello", "room": room_id})
    guest.expect("welcome")
    record_before = json.dumps(room.match.to_record())
    version_before = room.version

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(messages_st | st.text(max_size=60), min_size=1, max_size=6), st.booleans())
    def attack(frames, as_bytes):
        for f in frames:
            text = f if isinstance(f, str) else json.dumps(f)
            if as_bytes:
                guest.sock.send_binary(text.encode())
            else:
                guest.send(text)
        answered_all()

    def answered_all():
        """Read up to the answer of a marker sent now: a ping would not do, as the frames drawn
        may hold pings of their own, and a pong does not say which ping it answers."""
        marks.append(f"end {len(marks)}")
        guest.send({"type": "no_such_type", "ref": marks[-1]})
        guest.take(lambda fr: fr.get("ref") == marks[-1])

    marks: list[str] = []
    attack()
    # one frame of each kind hypothesis may not have drawn this time, so the codes below are sure
    for text in ('{"type": "no_such_type"}', "{not json", '{"type": "act", "action": 5}'):
        guest.send(text)
    answered_all()
    codes = {f.get("code") for f in guest.frames if f["type"] == "error"}
    assert "internal" not in codes and {"bad_message", "bad_json", "unknown_type"} <= codes, codes
    # nothing changed, nobody lost a seat, and the table still plays
    assert room.version == version_before and json.dumps(room.match.to_record()) == record_before
    assert set(room.tokens) == {0, 1}
    host.view()
    turn = room.state.turn
    phone = (p0, p1)[turn]
    own = phone.view(room.version)
    assert (
        ask(phone, {"type": "act", "action": own["view"]["legal"][0], "version": room.version})["type"]
        == "ok"
    )


@pytest.mark.app_config(rate=(100000.0, 100000.0))
def test_specific_bad_frames_get_stable_codes(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, _ = join(client_factory, room_id, 0)
    join(client_factory, room_id, 1)
    assert ask(host, {"type": "start_round"})["type"] == "ok"
    room = live.tables.rooms[room_id]
    v = room.version
    cases = [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"type": 5}', "bad_message"),
        ('{"type": "fly"}', "unknown_type"),
        ('{"type": "act", "version": 1}', "bad_message"),
        ('{"type": "act", "action": {"seat": 0, "play": "9-9x"}, "version": 1}', "bad_message"),
        ('{"type": "act", "action": {"seat": 99999999, "draw": true}, "version": 1}', "bad_message"),
        ('{"type": "act", "action": {"seat": 0, "draw": true}, "version": 1, "extra": 1}', "bad_message"),
        ('{"type": "hello"}', "already_hello"),
        ('{"type": "restart"}', "not_host"),  # (start_round: this first phone is the captain)
        ('{"type": "act", "action": {"seat": 0, "play": "6-6"}, "version": NaN}', "bad_json"),
        (json.dumps({"type": "join", "seat": 0, "name": "x" * 5000}), "too_large"),
    ]
    for raw, code in cases:
        p0.send(raw)
        f = p0.take(lambda fr: fr["type"] == "error")
        assert f["code"] == code, (raw, f)
    p0.sock.send_binary(b'{"type": "ping"}')
    assert p0.take(lambda fr: fr["type"] == "error")["code"] == "bad_message"
    # an illegal action is refused by the engine's code and changes nothing
    state = room.state
    other = 1 - state.turn
    phone = p0 if other == 0 else None
    if phone is not None:
        assert ask(phone, {"type": "act", "action": {"draw": True}, "version": v})["code"] in (
            "not_your_turn",
            "must_play",
        )
    else:
        assert ask(p0, {"type": "act", "action": {"seat": 0, "play": "0-1"}, "version": v})["code"] in (
            # seat 0 may be the opener, who must lead the highest double: then wrong_opening
            "tile_not_in_hand",
            "does_not_fit",
            "must_play",
            "not_your_turn",
            "wrong_opening",
        )
    assert room.version == v
    p0.send({"type": "ping"})
    p0.take(lambda fr: fr["type"] == "pong")


def test_message_parser_edge_cases():
    with pytest.raises(messages.BadInput) as e:
        protocol.parse('{"type": "join", "seat": true, "name": "a"}')
    assert e.value.code == "bad_message"
    with pytest.raises(messages.BadInput) as e:
        protocol.parse("[" * 5000 + "]" * 5000)
    assert e.value.code == "too_large"
    with pytest.raises(messages.BadInput) as e:
        protocol.parse(
            '{"type": "setup", "profile": "draw", "options": {"a": '
            + "[" * 50
            + "]" * 50
            + '}, "seats": [{"kind": "phone"}]}'
        )
    assert e.value.code == "bad_message"
    assert protocol.parse('{"type": "join", "seat": 1, "name": "  Ana \\n Maria ", "ref": 3}') == {
        "type": "join",
        "seat": 1,
        "name": "Ana Maria",
        "ref": 3,
    }


def test_cross_origin_websocket_is_refused(live):
    with pytest.raises(websocket.WebSocketBadStatusException) as e:
        websocket.create_connection(f"ws://127.0.0.1:{live.port}/ws", origin="http://evil.example", timeout=5)
    assert e.value.status_code == 403
    ok = websocket.create_connection(
        f"ws://127.0.0.1:{live.port}/ws", origin=f"http://127.0.0.1:{live.port}", timeout=5
    )
    ok.send('{"type": "ping"}')
    assert json.loads(ok.recv()) == {"type": "pong"}
    ok.close()


def test_flooding_client_is_throttled_and_others_are_not_slowed(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    other_host, other_room, _ = create_room(client_factory)
    flood = client_factory()
    flood.send({"type": "hello", "room": room_id})
    flood.expect("welcome")
    stop = threading.Event()

    def spam():
        try:
            while not stop.is_set():
                flood.sock.send('{"type": "ping"}')
        except Exception:
            pass

    t = threading.Thread(target=spam, daemon=True)
    t.start()
    try:
        time.sleep(0.3)
        # another room's table still answers quickly
        t0 = time.monotonic()
        for _ in range(10):
            other_host.send({"type": "ping"})
            other_host.take(lambda f: f["type"] == "pong")
        assert time.monotonic() - t0 < 1.0
    finally:
        stop.set()
        t.join(5)
    codes = [f.get("code") for f in flood.frames + flood.backlog if f["type"] == "error"]
    # read what is left; the flooder got rate_limited errors and far fewer pongs than pings
    try:
        flood.sock.settimeout(0.5)
        while True:
            f = flood._read()
            if f["type"] == "error":
                codes.append(f["code"])
    except Exception:
        pass
    assert "rate_limited" in codes


@pytest.mark.app_config(kiosk=True, pin="4321")
def test_kiosk_pin_guards_host_controls(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, _ = join(client_factory, room_id, 0)
    assert ask(host, {"type": "free_seat", "seat": 0})["code"] == "pin_required"
    assert ask(host, {"type": "unlock", "pin": "0000"})["code"] == "bad_pin"
    assert ask(host, {"type": "unlock", "pin": "4321"})["type"] == "ok"
    assert ask(host, {"type": "free_seat", "seat": 0})["type"] == "ok"


tiles_st = st.builds(lambda a, b: f"{a}-{b}", st.integers(0, 13), st.integers(0, 13))
action_st = st.fixed_dictionaries(
    {},
    optional={
        "seat": st.integers(0, 15),
        "play": tiles_st,
        "end": st.sampled_from(["left", "right"]),
        "train": st.integers(0, 15) | st.just("mexican"),
        "draw": st.just(True),
        "pass": st.just(True),
        "discard": tiles_st,
        "done": st.just(True),
        "opener": st.integers(0, 15),
    },
).filter(lambda d: 0 < len(d) <= 4)
option_values = (
    st.none()
    | st.booleans()
    | st.integers(-5, 20)
    | st.text(max_size=6)
    | st.sampled_from(["4x7", "4x6", "5x5", "3x3"])
)
setup_st = st.fixed_dictionaries(
    {
        "type": st.just("setup"),
        "profile": st.sampled_from(["draw", "block", "gaple", "six-love", "mexican-train", "chess"]),
        "options": st.dictionaries(
            st.sampled_from(
                ["players", "deal", "discard", "blank25", "partners", "first_run", "blank50", "target", "x"]
            ),
            option_values,
            max_size=3,
        ),
        "seats": st.lists(
            st.sampled_from([{"kind": "phone"}, {"kind": "device"}, {"kind": "computer", "level": "easy"}]),
            min_size=1,
            max_size=10,
        ),
    }
)


@pytest.mark.app_config(rate=(100000.0, 100000.0))
def test_hypothesis_well_shaped_but_wrong_requests(live, client_factory):
    """Frames that pass validation but ask for illegal moves or impossible setups: engine and
    room refusals with stable codes, never `internal`."""
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, _ = join(client_factory, room_id, 0)
    join(client_factory, room_id, 1)
    assert ask(host, {"type": "start_round"})["type"] == "ok"
    room = live.tables.rooms[room_id]
    spare_host, _, _ = create_room(client_factory)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(action_st, st.integers(-1, 3), setup_st)
    def attack(action, dv, setup):
        before = room.version
        answer = ask(p0, {"type": "act", "action": action, "version": max(0, room.version + dv)})
        assert answer["type"] == "ok" or answer["code"] != "internal", answer
        if answer["type"] == "ok":  # a legal move by chance: fine, it was p0's to make
            assert room.version == before + 1
        answer = ask(spare_host, setup)
        assert answer["type"] == "ok" or answer["code"] in ("bad_profile", "bad_options", "bad_seats"), answer

    attack()
