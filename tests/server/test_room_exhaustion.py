"""Guests cannot fill the room table nor try the kiosk PIN: rooms that no table screen shows and
that never started a game expire (also when idle guests' sockets sit in them), a client address
holds a few rooms at most, in kiosk mode only the table's own screen (or the PIN) opens rooms,
the table's own screen is never refused a room, and only a table screen may try a PIN, with a
budget of wrong tries that new addresses do not refill.

Phones are sockets from loopback addresses of their own (127.0.0.2, ...); 127.0.0.1 is the
table's own screen."""

from __future__ import annotations

import time

import pytest
from conftest import Client, ask, create_room

from tabletop import config
from tabletop.limits import Buckets

PIN = "4321"
KIOSK = {"kiosk": True, "pin": PIN}


@pytest.fixture
def phones(clients_from):
    return lambda address="127.0.0.2": clients_from(address)


def greeted(client: Client, **hello) -> Client:
    client.send({"type": "hello", **hello})
    client.expect("welcome")
    return client


def open_room(client: Client) -> dict:
    """`create_room` from `client`: `room_created`, or the error answering it."""
    client.send({"type": "create_room", "name": "Mine", "ref": "open"})
    return client.until(
        lambda f: f["type"] == "room_created" or (f["type"] == "error" and f.get("ref") == "open")
    )


# -- the PIN -----------------------------------------------------------------------------------


@pytest.mark.app_config(**KIOSK)
def test_a_phone_may_not_try_the_pin(live, client_factory, phones):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, [{"kind": "phone"}] * 2)
    guest = greeted(phones(), room=room_id)
    seated = greeted(phones(), room=room_id)
    seated.send({"type": "join", "seat": 0, "name": "Ana", "lang": "en"})
    seated.expect("joined")
    for phone in (guest, seated):
        for pin in ("0000", PIN):  # neither a wrong nor the right PIN is answered
            answer = ask(phone, {"type": "unlock", "pin": pin})
            assert answer["type"] == "error" and answer["code"] == "not_host", answer
        assert ask(phone, {"type": "free_seat", "seat": 1})["code"] in ("not_host", "pin_required")
    # nothing was counted against the address: a table page from it unlocks at once
    assert ask(greeted(phones()), {"type": "unlock", "pin": PIN})["type"] == "ok"


@pytest.mark.app_config(**KIOSK)
def test_new_addresses_bring_no_fresh_pin_tries(live, client_factory, phones):
    tries = 0
    for n in range(config.PIN_TRIES_ALL):  # a few wrong tries from each of many addresses
        lobby = greeted(phones(f"127.0.0.{10 + n // (config.PIN_TRIES - 1)}"))
        assert ask(lobby, {"type": "unlock", "pin": "0000"})["code"] == "bad_pin"
        tries += 1
    fresh = greeted(phones("127.0.0.99"))
    answer = ask(fresh, {"type": "unlock", "pin": PIN})
    assert answer["code"] == "rate_limited" and answer["retry_after"] > 0
    # the table's own screen is never locked out by anybody else's tries
    host, _, _ = create_room(client_factory)
    assert ask(host, {"type": "unlock", "pin": PIN})["type"] == "ok"


# -- who opens rooms ---------------------------------------------------------------------------


@pytest.mark.app_config(**KIOSK)
def test_in_kiosk_mode_only_the_own_screen_or_the_pin_opens_rooms(live, client_factory, phones):
    lobby = greeted(phones())
    assert open_room(lobby)["code"] == "pin_required"
    assert not live.tables.rooms
    assert ask(lobby, {"type": "unlock", "pin": PIN})["type"] == "ok"
    assert open_room(lobby)["type"] == "room_created"
    create_room(client_factory)  # the table's own screen: no PIN asked
    assert len(live.tables.rooms) == 2


@pytest.mark.app_config(kiosk=True)
def test_a_kiosk_without_a_pin_opens_rooms_on_its_own_screen_only(live, client_factory, phones):
    lobby = greeted(phones())
    assert ask(lobby, {"type": "unlock", "pin": "1234"})["type"] == "ok"  # there is no PIN to give
    assert open_room(lobby)["code"] == "pin_required"
    create_room(client_factory)
    assert len(live.tables.rooms) == 1


def test_an_address_holds_a_few_rooms_at_most(live, client_factory, phones):
    live.tables.room_openings = Buckets(1000, 1000)  # the rate aside: the count alone
    tables = [greeted(phones()) for _ in range(config.ROOMS_PER_ADDRESS + 1)]
    for t in tables[:-1]:
        assert open_room(t)["type"] == "room_created"
    assert open_room(tables[-1])["code"] == "device_rooms"
    # another address, and the table's own screen, are not counted with it
    assert open_room(greeted(phones("127.0.0.3")))["type"] == "room_created"
    create_room(client_factory)
    # once one of its rooms is closed, the address opens another
    assert ask(tables[0], {"type": "close_room"})["type"] == "ok"
    assert open_room(tables[-1])["type"] == "room_created"


def test_the_own_screen_opens_a_room_when_guests_filled_the_table(live, client_factory, phones, monkeypatch):
    # the table filled by as many addresses as it has rooms, one room each: none makes way
    monkeypatch.setattr(config, "MAX_ROOMS", 6)
    for n in range(config.MAX_ROOMS):
        assert open_room(greeted(phones(f"127.0.0.{20 + n}")))["type"] == "room_created"
    assert open_room(greeted(phones("127.0.0.30")))["code"] == "too_many_rooms"
    host, room_id, _ = create_room(client_factory)  # a fresh table screen on the server itself
    assert room_id in live.tables.rooms
    assert len(live.tables.rooms) == config.MAX_ROOMS + 1  # nobody's room was closed for it


def test_a_few_addresses_filling_the_table_make_way_for_a_new_table_screen(
    live, client_factory, phones, monkeypatch
):
    """Rooms opened from a few addresses, held open by their sockets, fill the table: a new
    table screen from another address still gets a room, one of theirs closing for it (the
    address holding most first); an address with one room never loses it, and an address
    takes no room from one holding fewer than two more than it does."""
    live.tables.room_openings = Buckets(1000, 1000)  # the rate aside: the counts alone
    monkeypatch.setattr(config, "MAX_ROOMS", 2 * config.ROOMS_PER_ADDRESS + 1)
    family = greeted(phones("127.0.0.50"))
    family_room = open_room(family)["room"]
    squat = {}  # room -> (address, its table's socket)
    for address in ("127.0.0.20", "127.0.0.21"):
        for _ in range(config.ROOMS_PER_ADDRESS):
            table = greeted(phones(address))
            squat[open_room(table)["room"]] = (address, table)
    assert len(live.tables.rooms) == config.MAX_ROOMS  # full
    fresh = open_room(greeted(phones("127.0.0.51")))
    assert fresh["type"] == "room_created", fresh
    (gone,) = [r for r in squat if r not in live.tables.rooms]
    loser, table = squat[gone]
    table.expect("error", code="no_room")  # its table screen is told, and is in the lobby again
    assert family_room in live.tables.rooms and len(live.tables.rooms) == config.MAX_ROOMS
    # the address that lost one holds 3, the other 4: no room to take for it
    assert open_room(greeted(phones(loser)))["code"] == "too_many_rooms"
    # a new address of theirs takes one of the other's four, never the family's
    assert open_room(greeted(phones("127.0.0.22")))["type"] == "room_created"
    assert family_room in live.tables.rooms and fresh["room"] in live.tables.rooms
    held = sorted(r.opened_from for r in live.tables.rooms.values())
    assert held.count("127.0.0.20") == held.count("127.0.0.21") == config.ROOMS_PER_ADDRESS - 1


def test_a_room_with_a_phone_in_it_never_makes_way(live, client_factory, phones, monkeypatch):
    monkeypatch.setattr(config, "MAX_ROOMS", 2)
    setup = {"type": "setup", "profile": "draw", "options": {"players": 2}, "seats": [{"kind": "phone"}] * 2}
    first, second = greeted(phones("127.0.0.20")), greeted(phones("127.0.0.20"))
    played = open_room(first)["room"]
    quiet = open_room(second)["room"]
    assert ask(first, setup)["type"] == "ok"
    phone = greeted(phones("127.0.0.60"), room=played)
    assert ask(phone, {"type": "join", "seat": 0, "name": "Ana", "lang": "en"})["type"] == "ok"
    assert ask(second, setup)["type"] == "ok"  # the room without a phone was touched last
    assert open_room(greeted(phones("127.0.0.51")))["type"] == "room_created"
    assert played in live.tables.rooms and quiet not in live.tables.rooms


@pytest.mark.app_config(empty_close=0.4)
def test_rooms_no_table_shows_expire_even_with_idle_guests_in_them(live, client_factory, phones):
    squatter = greeted(phones())
    room_id = open_room(squatter)["room"]
    squatter.expect("welcome", role="host")
    idle = [greeted(phones(), room=room_id) for _ in range(3)]  # guests holding it open
    squatter.close()
    kept, kept_id, _ = create_room(client_factory)  # a table screen shows this one
    deadline = time.monotonic() + 10
    while room_id in live.tables.rooms and time.monotonic() < deadline:
        time.sleep(0.05)
    assert room_id not in live.tables.rooms
    for guest in idle:
        guest.error("no_room")
    time.sleep(0.5)
    assert kept_id in live.tables.rooms
