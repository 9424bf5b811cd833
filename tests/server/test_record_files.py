"""Record files chosen on the table's page: checked by the engine within limits (hostile files
are refused with where and why, and change nothing), replayed round by round, and played on from
a chosen move (`import`, a host action behind the kiosk PIN)."""

from __future__ import annotations

import copy
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import ask, create_room, join, start
from test_play import play_round

from engine import replay
from tabletop import recordfiles

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]
PIN = "4321"


def golden(name="draw-2p.json") -> dict:
    return json.loads((GOLDEN / name).read_text())["record"]


def call(live, path, token=None, body: bytes | None = None):
    """(status, JSON body) of a GET, or a POST of `body`, with this bearer token."""
    req = urllib.request.Request(live.url + path, data=body, method="POST" if body is not None else "GET")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req) as resp:
            return resp.status, json.load(resp)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def choose(live, room_id, token, record) -> tuple[int, dict]:
    body = record if isinstance(record, bytes) else json.dumps(record).encode()
    return call(live, f"/api/rooms/{room_id}/record-file", token, body)


def test_a_file_is_checked_summed_up_and_replayed(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    record = golden()
    status, body = choose(live, room_id, host_token, record)
    assert status == 200, body
    assert body["profile"] == "draw" and len(body["seats"]) == 2
    expected = replay(record)
    assert [r["result"]["scores"] for r in body["rounds"]] == [r["scores"] for r in expected["rounds"]]
    assert body["match_winner"] == expected["match_winner"]
    status, steps = call(live, f"/api/rooms/{room_id}/record-file/2", host_token)
    assert status == 200 and steps["history"] == record["rounds"][1]["actions"]
    assert steps["steps"][-1]["scores"] == expected["rounds"][1]["scores"]
    assert call(live, f"/api/rooms/{room_id}/record-file/9", host_token)[1]["error"] == "no_round"


def test_a_half_played_round_of_a_file_is_not_replayed(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    record = golden()
    record["rounds"][1]["actions"] = record["rounds"][1]["actions"][:5]
    record["rounds"] = record["rounds"][:2]
    assert choose(live, room_id, host_token, record)[0] == 200
    status, body = call(live, f"/api/rooms/{room_id}/record-file/2", host_token)
    assert (status, body["error"]) == (409, "round_in_progress")


def test_only_the_table_chooses_files(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    _, seat_token = join(client_factory, room_id, 0)
    for token in (None, "x" * 30, seat_token):
        status, body = choose(live, room_id, token, golden())
        assert (status, body["error"]) == (403, "bad_token")
        assert call(live, f"/api/rooms/{room_id}/record-file/1", token)[0] == 403
    assert call(live, f"/api/rooms/{room_id}/record-file/1", host_token)[1]["error"] == "no_record_file"


def hostile_files():
    """(name, file bytes, (status, reason, round, move)) of files a table must refuse."""
    good = golden()
    last = len(good["rounds"])
    after_end = copy.deepcopy(good)
    after_end["rounds"][-1]["actions"].append(dict(after_end["rounds"][-1]["actions"][-1]))
    extra_round = copy.deepcopy(good)
    extra_round["rounds"].append(copy.deepcopy(good["rounds"][0]))
    illegal = copy.deepcopy(good)
    illegal["rounds"][2]["actions"][3] = dict(illegal["rounds"][2]["actions"][2])
    deep = b'{"format": "domino-record/1", "rounds": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    shallow_deep = json.dumps(dict(good, options={"players": 2, "x": [[[[[[[[1]]]]]]]]})).encode()
    huge = json.dumps(dict(good, note="x" * (recordfiles.MAX_BYTES + 10))).encode()
    yield "huge", huge, (413, None, None, None)
    yield "deep", deep, (400, "not_json", None, None)
    yield "nested options", shallow_deep, (400, "too_deep", None, None)
    yield "not json", b"\xff\xfe{", (400, "not_json", None, None)
    yield "NaN", b'{"format": NaN}', (400, "not_json", None, None)
    yield "a list", b"[]", (400, "bad_record", None, None)
    yield (
        "unknown profile",
        json.dumps(dict(good, profile="chess")).encode(),
        (400, "unknown_profile", None, None),
    )
    yield "rounds a string", json.dumps(dict(good, rounds="x")).encode(), (400, "bad_record", None, None)
    yield "seats a number", json.dumps(dict(good, seats=5)).encode(), (400, "bad_record", None, None)
    yield "a round a number", json.dumps(dict(good, rounds=[7])).encode(), (400, "bad_record", 1, None)
    bad_hand = copy.deepcopy(good)
    bad_hand["rounds"][0]["hands"][0][0] = True
    yield "a tile true", json.dumps(bad_hand).encode(), (400, "bad_deal", 1, None)
    bad_action = copy.deepcopy(good)
    bad_action["rounds"][0]["actions"][4] = {"seat": "0", "play": [6, 6]}
    yield "an action of wrong types", json.dumps(bad_action).encode(), (400, "malformed_action", 1, 5)
    yield "an illegal move", json.dumps(illegal).encode(), (400, "not_your_turn", 3, 4)
    n = len(after_end["rounds"][-1]["actions"])
    yield "an action after the end", json.dumps(after_end).encode(), (400, "round_over", last, n)
    yield "a round after the end", json.dumps(extra_round).encode(), (400, "round_over", last + 1, None)


@pytest.mark.parametrize("name,raw,expected", list(hostile_files()), ids=[h[0] for h in hostile_files()])
def test_hostile_files_are_refused_and_change_nothing(live, client_factory, name, raw, expected):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    room = live.tables.rooms[room_id]
    assert choose(live, room_id, host_token, golden("block-2p.json"))[0] == 200
    kept, version, meta = room.record_file, room.version, copy.deepcopy(room.meta)
    status, body = choose(live, room_id, host_token, raw)
    want_status, reason, round_no, move = expected
    assert status == want_status, body
    if status == 413:
        assert body["error"] == "too_large"
    else:
        assert body["error"] == "bad_record" and body["detail"]
        assert (body["reason"], body["round"], body["move"]) == (reason, round_no, move)
    assert room.record_file is kept and room.version == version and room.meta == meta


def test_import_plays_on_from_the_chosen_move(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "block", {"players": 2}, PHONES2)
    record = golden()
    assert choose(live, room_id, host_token, record)[0] == 200
    answer = ask(host, {"type": "import", "round": 3, "move": 6, "seats": PHONES2})
    assert answer["type"] == "ok", answer
    summary = host.view(answer["version"])["room"]
    assert summary["profile"] == "draw" and summary["imported"] == {"round": 3, "move": 6}
    assert summary["started"] is False
    p0, _ = join(client_factory, room_id, 0, "Ana")
    p1, _ = join(client_factory, room_id, 1, "Bo")
    version = start(host)  # plays on: no new deal
    view = host.view(version)["view"]
    expected = replay(
        dict(
            record,
            rounds=[
                *record["rounds"][:2],
                dict(record["rounds"][2], actions=record["rounds"][2]["actions"][:6]),
            ],
        )
    )
    assert view["round"] == 3 and view["phase"] == "play" and len(view["history"]) == 6
    assert view["scores"] == expected["rounds"][-1]["scores"] and view["turn"] == expected["next"]["seat"]
    assert host.view(version)["room"]["imported"] is None
    end = play_round(live, room_id, [p0, p1], host)
    assert end["view"]["phase"] in ("round_over", "game_over")
    played = call(live, f"/api/rooms/{room_id}/record", host_token)[1]
    assert [r["hands"] for r in played["rounds"][:3]] == [r["hands"] for r in record["rounds"][:3]]
    assert [r["actions"] for r in played["rounds"][:2]] == [r["actions"] for r in record["rounds"][:2]]
    assert played["rounds"][2]["actions"][:6] == record["rounds"][2]["actions"][:6]
    assert played["seats"] == [{"name": "Ana"}, {"name": "Bo"}]
    assert replay(played)["rounds"][2]["scores"] == end["view"]["scores"]


def test_import_refusals_change_nothing(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    room = live.tables.rooms[room_id]
    assert ask(host, {"type": "import", "round": 1, "move": 0, "seats": PHONES2})["code"] == "no_record_file"
    record = golden()
    assert choose(live, room_id, host_token, record)[0] == 200
    version, meta = room.version, copy.deepcopy(room.meta)
    last = len(record["rounds"])
    moves = len(record["rounds"][-1]["actions"])
    for msg, code in (
        ({"round": 0, "move": 0, "seats": PHONES2}, "bad_cut"),
        ({"round": last + 1, "move": 0, "seats": PHONES2}, "bad_cut"),
        ({"round": 1, "move": 999, "seats": PHONES2}, "bad_cut"),
        ({"round": last, "move": moves, "seats": PHONES2}, "record_over"),  # the match is won there
        ({"round": 1, "move": 0, "seats": PHONES2 * 2}, "bad_seats"),
        ({"round": 1, "move": True, "seats": PHONES2}, "bad_message"),
    ):
        answer = ask(host, {"type": "import", **msg})
        assert answer["code"] == code, (msg, answer)
    phone, _ = join(client_factory, room_id, 0)
    assert ask(phone, {"type": "import", "round": 1, "move": 0, "seats": PHONES2})["code"] == "not_host"
    assert room.version == version  # a join is no game change
    assert {k: v for k, v in room.meta.items() if k not in ("seats", "captain")} == {
        k: v for k, v in meta.items() if k not in ("seats", "captain")
    }


def test_another_game_set_up_lets_the_import_go(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    room = live.tables.rooms[room_id]
    assert choose(live, room_id, host_token, golden())[0] == 200
    assert ask(host, {"type": "import", "round": 2, "move": 0, "seats": PHONES2})["type"] == "ok"
    options = room.meta["options"]
    computers = [{"kind": "computer", "level": "easy"}, {"kind": "phone"}]
    assert (
        ask(host, {"type": "setup", "profile": "draw", "options": options, "seats": computers})["type"]
        == "ok"
    )
    assert room.summary()["imported"] == {"round": 2, "move": 0}  # the same game: seats change only
    assert (
        ask(host, {"type": "setup", "profile": "block", "options": {"players": 2}, "seats": computers})[
            "type"
        ]
        == "ok"
    )
    assert room.summary()["imported"] is None


@pytest.mark.app_config(kiosk=True, pin=PIN)
def test_import_is_behind_the_kiosk_pin(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    assert choose(live, room_id, host_token, golden())[0] == 200
    msg = {"type": "import", "round": 1, "move": 3, "seats": PHONES2}
    assert ask(host, msg)["code"] == "pin_required"
    assert live.tables.rooms[room_id].summary()["imported"] is None
    assert ask(host, {"type": "unlock", "pin": PIN})["type"] == "ok"
    assert ask(host, msg)["type"] == "ok"


def test_the_tables_own_record_rechecks_its_revealed_seeds(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, _ = join(client_factory, room_id, 0)
    p1, _ = join(client_factory, room_id, 1)
    start(host)
    end = play_round(live, room_id, [p0, p1], host)
    deal = end["room"]["deals"][0]
    played = call(live, f"/api/rooms/{room_id}/record", host_token)[1]
    assert str(played["rounds"][0]["seed"]) == deal["seed"] and "hands" in played["rounds"][0]
    status, body = choose(live, room_id, host_token, played)
    assert status == 200
    assert body["rounds"][0]["seed"] == {
        "seed": deal["seed"],
        "commitment": deal["commitment"],
        "listed": True,
    }
    played["rounds"][0]["seed"] += 1  # another seed deals other tiles
    status, body = choose(live, room_id, host_token, played)
    assert (status, body["reason"], body["round"], body["move"]) == (400, "seed_mismatch", 1, None)
