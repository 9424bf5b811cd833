"""A second screen of a table (`hello` with `watch`): it sees what the table screen sees, never a
hand (not even a device seat's), and every command it sends is refused with `view_only`,
changing nothing."""

from __future__ import annotations

import copy

import pytest
from conftest import ask, create_room, join, start

from tabletop import protocol

SEATS = [{"kind": "phone"}, {"kind": "device", "name": "Bo"}]
DEVICES = [{"kind": "device", "name": "Ana"}, {"kind": "device", "name": "Bo"}]


def watcher(make, room_id):
    screen = make()
    screen.send({"type": "hello", "room": room_id, "watch": True})
    welcome = screen.expect("welcome")
    assert welcome["role"] == "watcher" and welcome["seat"] is None and welcome["room"] == room_id
    return screen


def every_command(room_id, version, seat_action):
    """One well-formed message of each command a socket may send after hello (ping aside)."""
    return {
        "create_room": {"name": "Another"},
        "unlock": {"pin": "1234"},
        "lock": {},
        "join": {"seat": 0, "name": "Eve"},
        "leave": {},
        "free_seat": {"seat": 0},
        "standin": {"seat": 0, "level": "easy"},
        "pause": {"paused": True, "reason": "rules"},
        "close_room": {},
        "act": {"action": seat_action, "version": version},
        "undo": {"seat": 1},
        "redo": {},
        "hint": {"seat": 1},
        "setup": {"profile": "block", "options": {"players": 2}, "seats": SEATS},
        "start_round": {},
        "restart": {},
        "new_game": {},
        "ready": {},
        "play_again": {},
        "change_game": {},
        "choose_game": {"profile": "block", "options": {"players": 2}},
        "import": {"round": 1, "move": 0, "seats": SEATS},
    }


def test_a_second_screen_sees_the_table_never_a_hand(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, SEATS)
    phone, _ = join(client_factory, room_id, 0, "Ana")
    screen = watcher(client_factory, room_id)
    lobby = screen.view()
    assert lobby["view"] is None and lobby["room"]["id"] == room_id
    assert [s["connected"] for s in lobby["room"]["seats"]] == [True, True]  # it sits nowhere
    version = start(host)
    table, seen = host.view(version), screen.view(version)
    assert seen["room"] == table["room"] and seen["view"] == table["view"]  # what the table sees
    assert seen["view"]["hand"] is None and seen["view"]["legal"] == [] and seen["view"]["dealt"] is None
    assert not any(seen[k] for k in ("can_undo", "can_redo", "can_restart"))


def test_a_device_seat_hand_goes_to_the_table_screen_only(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, DEVICES)
    screen = watcher(client_factory, room_id)
    version = start(host)
    table, seen = host.view(version), screen.view(version)
    assert table["device_seat"] == table["view"]["turn"] and table["device_view"]["hand"]
    assert seen["device_seat"] is None and seen["device_view"] is None
    assert seen["view"] == table["view"]


@pytest.mark.app_config(kiosk=True, pin="1234")
def test_every_command_from_a_second_screen_is_refused(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, DEVICES)
    version = start(host)
    room = live.tables.rooms[room_id]
    screen = watcher(client_factory, room_id)
    act = host.view(version)["device_view"]["legal"][0]
    commands = every_command(room_id, version, act)
    assert set(commands) == set(protocol.COMMANDS) - {"hello", "ping"}  # a new command is tried too
    before = (room.version, copy.deepcopy(room.meta), dict(room.tokens), len(live.tables.rooms))
    for type_, fields in commands.items():
        answer = ask(screen, {"type": type_, **fields})
        assert answer["type"] == "error" and answer["code"] == "view_only", (type_, answer)
        assert "only shows the table" in answer["detail"]
    assert (room.version, room.meta, dict(room.tokens), len(live.tables.rooms)) == before
    assert not room.paused
    screen.send({"type": "ping"})  # ping is no command: still answered
    screen.expect("pong")


def test_a_watch_hello_names_a_room_and_no_token(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, SEATS)
    for hello in (
        {"type": "hello", "watch": True},
        {"type": "hello", "room": room_id, "watch": True, "host_token": host_token},
        {"type": "hello", "room": room_id, "watch": "yes"},
        {"type": "hello", "room": room_id, "watch_token": "w" * 32},  # a watch token comes with watch
    ):
        client = client_factory()
        client.send(dict(hello, ref="h"))
        assert client.error("bad_message")["ref"] == "h"
        assert all(f["type"] != "welcome" for f in client.frames)
    # an unknown room: no_room, and the socket is in the lobby (as any hello of a gone room)
    client = client_factory()
    client.send({"type": "hello", "room": "ZZZZZ", "watch": True})
    client.error("no_room")


def test_the_second_screen_page_and_its_code(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, SEATS)
    assert host.view()["room"]["watch_url"] == f"http://127.0.0.1:1/watch/{room_id}"
    web = live.app.test_client()
    page = web.get(f"/watch/{room_id}")
    assert page.status_code == 200 and 'data-mode="watch"' in page.get_data(as_text=True)
    code = web.get(f"/api/rooms/{room_id}/watch.svg")
    assert code.status_code == 200 and code.mimetype == "image/svg+xml"
    assert web.get("/api/rooms/ZZZZZ/watch.svg").status_code == 404
