"""One address cannot keep the real players off the seats: invisible names are refused, a seat
the host freed is not taken back at once from where it was held, and seats are taken at a rate
per address. None of it touches a family: four phones behind one home router (one address) sit
down together, and a player who leaves sits down again at once.

Phones are sockets from loopback addresses of their own (127.0.0.2, ...)."""

from __future__ import annotations

import time

import pytest
from conftest import Client, ask, create_room

from tabletop import config

FOUR_PHONES = [{"kind": "phone"}] * 4


@pytest.fixture
def device(clients_from):
    def make(address: str, room_id: str) -> Client:
        client = clients_from(address)
        client.send({"type": "hello", "room": room_id})
        client.expect("welcome", role="guest")
        return client

    return make


def sit(client: Client, seat: int, name: str) -> dict:
    return ask(client, {"type": "join", "seat": seat, "name": name, "lang": "en"})


def test_a_squatter_cannot_take_back_the_seats_the_host_freed(live, client_factory, device):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 4}, FOUR_PHONES)
    room = live.tables.rooms[room_id]
    squat = [device("127.0.0.50", room_id) for _ in range(4)]
    # invisible names are no names
    for name in ("\u200b", "\u3164", "\u2800", "\u200b\u200c\u200d"):
        assert sit(squat[0], 0, name)["code"] == "name_empty"
    for seat, s in enumerate(squat):
        assert sit(s, seat, "abcd"[seat])["type"] == "ok"
    for seat in range(4):  # the table frees every seat ...
        assert ask(host, {"type": "free_seat", "seat": seat})["type"] == "ok"
        squat[seat].expect("welcome", role="guest")
    for seat, s in enumerate(squat):  # ... and the squatter's script takes them again at once
        answer = sit(s, seat, "abcd"[seat])
        assert answer["code"] == "seat_freed" and 0 < answer["retry_after"] <= config.FREED_SEAT_WAIT
        # from a new socket of the same address too
        assert sit(device("127.0.0.50", room_id), seat, "z")["code"] == "seat_freed"
    assert not room.tokens
    # the real players sit down
    for seat in range(4):
        assert sit(device(f"127.0.0.{60 + seat}", room_id), seat, f"Player{'ABCD'[seat]}")["type"] == "ok"
    assert sorted(room.tokens) == [0, 1, 2, 3]


def test_a_freed_seat_waits_only_for_its_own_holders_and_only_a_while(
    live, client_factory, device, monkeypatch
):
    monkeypatch.setattr(config, "FREED_SEAT_WAIT", 0.5)
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, [{"kind": "phone"}] * 2)
    first = device("127.0.0.51", room_id)
    assert sit(first, 0, "Ana")["type"] == "ok"
    assert ask(host, {"type": "free_seat", "seat": 0})["type"] == "ok"
    first.expect("welcome", role="guest")
    assert sit(first, 0, "Ana")["code"] == "seat_freed"
    assert sit(first, 1, "Ana")["type"] == "ok"  # another seat: no wait
    assert ask(first, {"type": "leave"})["type"] == "ok"
    time.sleep(0.6)
    assert sit(first, 0, "Ana")["type"] == "ok"


def test_a_family_behind_one_router_sits_down_together(live, client_factory, device):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 4}, FOUR_PHONES)
    family = [device("127.0.0.70", room_id) for _ in range(4)]
    for seat, (phone, name) in enumerate(zip(family, ("Mum", "Dad", "Siti", "Adi"))):
        assert sit(phone, seat, name)["type"] == "ok"
    # one of them leaves and sits down again at once (a wrong seat, a change of mind)
    assert ask(family[2], {"type": "leave"})["type"] == "ok"
    assert sit(family[2], 2, "Siti")["type"] == "ok"
    assert ask(host, {"type": "start_round"})["type"] == "ok"


def test_seats_are_taken_at_a_rate_per_address(live, client_factory, device):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, [{"kind": "phone"}] * 2)
    script = device("127.0.0.80", room_id)
    answers = []
    for _ in range(int(config.JOIN_BURST) + 2):  # take, leave, take, leave...
        answer = sit(script, 0, "Bot")
        answers.append(answer.get("code", "ok"))
        if answer["type"] == "ok":
            assert ask(script, {"type": "leave"})["type"] == "ok"
    assert answers[: int(config.JOIN_BURST)] == ["ok"] * int(config.JOIN_BURST)
    assert answers[-1] == "rate_limited"
    # another address is not held up
    assert sit(device("127.0.0.81", room_id), 0, "Ana")["type"] == "ok"
