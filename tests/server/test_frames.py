"""Frames on the wire: every socket of a room gets the view of its own seat (the table's screens
share one text, built once per change), and no websocket compression is negotiated."""

from __future__ import annotations

import json

import websocket
from conftest import create_room, join, start

import engine


def _json(obj):
    return json.loads(json.dumps(obj))


def test_each_socket_gets_its_own_seats_view_and_the_screens_share_one(live, client_factory):
    seats = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "phone"}]
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 3}, seats)
    screen = client_factory()
    screen.send({"type": "hello", "room": room_id, "host_token": host_token})
    screen.expect("welcome", role="host")
    phones = {s: join(client_factory, room_id, s)[0] for s in range(3)}
    version = start(host)
    state = live.tables.rooms[room_id].state
    for seat, phone in phones.items():
        frame = phone.view(version)
        assert frame["version"] == version
        assert frame["view"] == _json(engine.view_for(state, seat))
    first, second = host.view(version), screen.view(version)
    assert first == second
    assert first["view"] == _json(engine.view_for(state, None))
    assert first["view"]["hand"] is None and first["view"]["legal"] == []


def test_permessage_deflate_is_not_negotiated(live):
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{live.port}/ws",
        header=["Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits"],
        timeout=20,
    )
    try:
        assert "sec-websocket-extensions" not in {k.lower() for k in ws.getheaders()}
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv())["type"] == "welcome"
    finally:
        ws.close()
