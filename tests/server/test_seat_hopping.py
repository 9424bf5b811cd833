"""The seat rule: whoever has seen one hand of a round never sees another hand of that round.

Every path to a second hand is tried: leaving one's seat for one a player left, a seat the host
freed, a seat handed to a computer stand-in, a second socket with a copied token, and the shared
single device. Each phone is a socket from a loopback address of its own (127.0.0.2, ...): the
server sees it as a device of its own, as on the café's Wi-Fi."""

from __future__ import annotations

import time

import pytest
from conftest import Client, ask, create_room, start
from test_play import play_round

from tabletop import config

THREE_PHONES = [{"kind": "phone"}] * 3


@pytest.fixture
def device(clients_from):
    return clients_from


def guest(device, address: str, room_id: str) -> Client:
    c = device(address)
    c.send({"type": "hello", "room": room_id})
    c.expect("welcome", role="guest")
    return c


def sit(client: Client, seat: int, name: str) -> dict:
    """`join` from `client`; the answer (`joined` or `error`)."""
    client.send({"type": "join", "seat": seat, "name": name, "lang": "en", "ref": "join"})
    return client.until(lambda f: f["type"] == "joined" or (f["type"] == "error" and f.get("ref") == "join"))


def dealt(live, client_factory, device, seats=THREE_PHONES):
    """A room of phones at 127.0.0.2, .3, .4 (one per phone seat), its first round dealt."""
    host, room_id, host_token = create_room(client_factory, "draw", {"players": len(seats)}, seats)
    phones, tokens = {}, {}
    for seat, s in enumerate(seats):
        if s["kind"] == "phone":
            phones[seat] = guest(device, f"127.0.0.{2 + seat}", room_id)
            answer = sit(phones[seat], seat, f"P{seat}")
            assert answer["type"] == "joined", answer
            tokens[seat] = answer["token"]
    version = start(host)
    for p in phones.values():
        assert p.view(version)["view"]["hand"]
    return host, room_id, host_token, phones, tokens


def hand_of(client: Client, version: int):
    return client.view(version)["view"]["hand"]


def test_leaving_for_a_seat_a_player_left_is_refused(live, client_factory, device):
    host, room_id, _, phones, _ = dealt(live, client_factory, device)
    assert ask(phones[2], {"type": "leave"})["type"] == "ok"  # seat 2 is open mid-round
    assert ask(phones[0], {"type": "leave"})["type"] == "ok"
    answer = sit(phones[0], 2, "Hopper")
    assert answer["type"] == "error" and answer["code"] == "hand_seen"
    # nothing changed: seat 2 is still open, and no frame carried its hand to the hopper
    room = live.tables.rooms[room_id]
    assert 2 not in room.tokens
    assert all(
        f.get("view") is None or f["view"]["seat"] == 0 for f in phones[0].frames if f["type"] == "view"
    )
    # its own seat back is fine (nothing new), and so is seat 2 for someone who saw no hand
    assert sit(phones[0], 0, "P0")["type"] == "joined"
    newcomer = guest(device, "127.0.0.20", room_id)
    assert sit(newcomer, 2, "New")["type"] == "joined"


def test_a_seat_the_host_freed_is_not_taken_by_another_player(live, client_factory, device, monkeypatch):
    monkeypatch.setattr(config, "FREED_SEAT_WAIT", 0.5)
    host, room_id, _, phones, _ = dealt(live, client_factory, device)
    assert ask(host, {"type": "free_seat", "seat": 2})["type"] == "ok"
    phones[2].expect("welcome", role="guest")
    assert ask(phones[1], {"type": "leave"})["type"] == "ok"
    assert sit(phones[1], 2, "Hopper")["code"] == "hand_seen"
    # a new socket from the same phone (another tab, a reload) is the same person
    again = guest(device, "127.0.0.3", room_id)
    assert sit(again, 2, "Hopper")["code"] == "hand_seen"
    # the player whose seat was freed takes it back once the wait for a freed seat is over
    # (test_squatting.py): never refused for having seen a hand, it is the same hand
    assert sit(phones[2], 2, "P2")["code"] == "seat_freed"
    time.sleep(config.FREED_SEAT_WAIT)
    assert sit(phones[2], 2, "P2")["type"] == "joined"


def test_a_seat_handed_to_a_stand_in_is_not_a_way_to_another_hand(live, client_factory, device):
    host, room_id, _, phones, tokens = dealt(live, client_factory, device)
    room = live.tables.rooms[room_id]
    # seat 0 leaves; the host keeps the game going with a stand-in there and frees seat 2 too,
    # also handed to a stand-in
    assert ask(phones[0], {"type": "leave"})["type"] == "ok"
    for seat in (0, 2):
        assert ask(host, {"type": "standin", "seat": seat, "level": "easy"})["type"] == "ok"
    assert ask(host, {"type": "free_seat", "seat": 2})["type"] == "ok"
    assert sit(phones[0], 2, "Hopper")["code"] == "hand_seen"
    assert 2 not in room.tokens
    # its own seat back from its stand-in, which stops: allowed (the same hand)
    assert sit(phones[0], 0, "P0")["type"] == "joined"
    assert room.meta["seats"][0]["standin"] is None
    # seat 1's stand-in is handed back to its own token on a new socket: the same hand again
    assert ask(host, {"type": "standin", "seat": 1, "level": "easy"})["type"] == "ok"
    back = device("127.0.0.3")
    back.send({"type": "hello", "room": room_id, "token": tokens[1]})
    back.expect("welcome", role="seat", seat=1)
    assert room.meta["seats"][1]["standin"] is None
    assert sit(guest(device, "127.0.0.3", room_id), 2, "Hopper")["code"] == "hand_seen"


def test_a_copied_token_on_another_socket_sees_no_second_hand(live, client_factory, device):
    host, room_id, _, phones, tokens = dealt(live, client_factory, device)
    assert ask(phones[2], {"type": "leave"})["type"] == "ok"
    # seat 0's token copied to another browser (another address): it sees seat 0's hand ...
    copy = device("127.0.0.30")
    copy.send({"type": "hello", "room": room_id, "token": tokens[0]})
    copy.expect("welcome", role="seat", seat=0)
    assert hand_of(copy, live.tables.rooms[room_id].version)
    # ... so neither it, after leaving, nor another socket of its browser takes seat 2
    assert ask(copy, {"type": "leave"})["type"] == "ok"
    copy.expect("welcome", role="guest")
    assert sit(copy, 2, "Copy")["code"] == "hand_seen"
    assert sit(guest(device, "127.0.0.30", room_id), 2, "Copy")["code"] == "hand_seen"
    # the phone the token came from, now a guest, is refused too
    phones[0].expect("welcome", role="guest")
    assert sit(phones[0], 2, "P0")["code"] == "hand_seen"


def test_the_shared_single_device_takes_no_phone_seat_mid_round(live, client_factory, device):
    """A room with device seats: the screen playing them passes their hands round, so its
    device has seen them, and no socket from it takes a phone seat freed mid-round."""
    seats = [{"kind": "device", "name": "Ana"}, {"kind": "device", "name": "Bo"}, {"kind": "phone"}]
    solo = device("127.0.0.40")
    solo.send({"type": "hello"})
    solo.expect("welcome", role="lobby")
    assert ask(solo, {"type": "create_room", "name": "Solo"})["type"] == "ok"
    room_id = solo.expect("welcome", role="host")["room"]
    assert (
        ask(solo, {"type": "setup", "profile": "draw", "options": {"players": 3}, "seats": seats})["type"]
        == "ok"
    )
    phone = guest(device, "127.0.0.41", room_id)
    assert sit(phone, 2, "Cy")["type"] == "joined"
    start(solo)
    assert ask(phone, {"type": "leave"})["type"] == "ok"
    other_tab = guest(device, "127.0.0.40", room_id)
    assert sit(other_tab, 2, "Peek")["code"] == "hand_seen"
    assert sit(phone, 2, "Cy")["type"] == "joined"


def test_the_rule_ends_with_the_round(live, client_factory, device):
    """Once the round is over every hand was shown: seats may change hands again, and the next
    deal starts a fresh record."""
    seats = [{"kind": "phone"}] * 2
    host, room_id, _, phones, _ = dealt(live, client_factory, device, seats)
    assert ask(phones[1], {"type": "leave"})["type"] == "ok"
    assert ask(phones[0], {"type": "leave"})["type"] == "ok"
    assert sit(phones[0], 1, "Hop")["code"] == "hand_seen"
    assert sit(phones[0], 0, "P0")["type"] == "joined"
    assert sit(phones[1], 1, "P1")["type"] == "joined"
    end = play_round(live, room_id, phones, host)
    assert end["view"]["phase"] in ("round_over", "game_over")
    # between rounds: the two players swap seats
    for p in phones.values():
        assert ask(p, {"type": "leave"})["type"] == "ok"
    assert sit(phones[0], 1, "P0")["type"] == "joined"
    assert sit(phones[1], 0, "P1")["type"] == "joined"
