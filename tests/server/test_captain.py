"""The captain's phone in the lobby: it chooses the game and its options (`choose_game`, the
seats kept) and starts; it may end a game for a new one (`change_game`, everyone still seated).
Another phone is refused and changes nothing; in kiosk mode the captain needs no PIN while the
table's own controls stay behind it."""

from __future__ import annotations

import copy

from conftest import ask, create_room, join
from test_evening import ok, refused

PHONES3 = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "phone"}]


def three_phones(make):
    host, room_id, _ = create_room(make, "block", {"players": 3}, PHONES3)
    phones = {seat: join(make, room_id, seat, name)[0] for seat, name in enumerate(["Ingrid", "Bo", "Cy"])}
    return host, room_id, phones


def unchanged(room):
    """What a refused command must leave as it was."""
    return (copy.deepcopy(room.meta), dict(room.tokens), room.version, room.match)


def test_the_captain_chooses_the_game_and_everyone_stays_seated(live, client_factory):
    host, room_id, phones = three_phones(client_factory)
    room = live.tables.rooms[room_id]
    assert room.meta["captain"] == 0
    ok(phones[0], {"type": "choose_game", "profile": "mexican-train", "options": {"players": 5}})
    assert room.meta["profile"] == "mexican-train" and room.meta["options"]["players"] == 5
    kinds = [s["kind"] for s in room.meta["seats"]]
    assert kinds == ["phone", "phone", "phone", "computer", "computer"]  # the new seats: computers
    assert set(room.tokens) == {0, 1, 2} and [s["name"] for s in room.meta["seats"][:3]] == [
        "Ingrid",
        "Bo",
        "Cy",
    ]
    summary = host.view(room.version)["room"]  # the table sees the choice at once
    assert summary["profile"] == "mexican-train" and len(summary["seats"]) == 5
    # back to fewer seats: the computers go, the players stay
    ok(phones[0], {"type": "choose_game", "profile": "draw", "options": {"players": 3}})
    assert [s["kind"] for s in room.meta["seats"]] == ["phone", "phone", "phone"] and set(room.tokens) == {
        0,
        1,
        2,
    }
    ok(phones[0], {"type": "start_round"})
    assert room.state.phase == "play" and room.state.players == 3


def test_another_phone_or_a_bad_choice_changes_nothing(live, client_factory):
    host, room_id, phones = three_phones(client_factory)
    room = live.tables.rooms[room_id]
    before = unchanged(room)
    refused(phones[1], {"type": "choose_game", "profile": "draw", "options": {"players": 3}}, "not_captain")
    refused(phones[1], {"type": "change_game"}, "not_captain")
    refused(phones[0], {"type": "choose_game", "profile": 7}, "bad_message")  # not a profile name
    refused(phones[0], {"type": "choose_game", "profile": "poker"}, "bad_profile")
    refused(phones[0], {"type": "choose_game", "profile": "draw", "options": {"players": 9}}, "bad_options")
    # a game of two seats would put a seated player out: refused, with why
    answer = ask(phones[0], {"type": "choose_game", "profile": "draw", "options": {"players": 2}})
    assert answer["type"] == "error" and answer["code"] == "players_seated", answer
    assert "seat 3" in answer["detail"]
    # a setup from the captain may not turn a seated phone into a computer (only the table frees)
    seats = [{"kind": "phone"}, {"kind": "computer", "level": "easy"}, {"kind": "phone"}]
    refused(
        phones[0],
        {"type": "setup", "profile": "block", "options": {"players": 3}, "seats": seats},
        "players_seated",
    )
    assert unchanged(room) == before


def test_kiosk_the_captain_needs_no_pin_the_table_does(live, client_factory):
    live.tables.kiosk, live.tables.pin = True, "2468"
    host, room_id, phones = three_phones(client_factory)
    room = live.tables.rooms[room_id]
    ok(phones[0], {"type": "choose_game", "profile": "draw", "options": {"players": 3}})
    ok(host, {"type": "choose_game", "profile": "block", "options": {"players": 3}})  # no game yet
    ok(phones[0], {"type": "start_round"})
    assert room.meta["profile"] == "block" and room.state.phase == "play"
    before = unchanged(room)
    # mid-game: the table's controls are behind the PIN, a phone may not choose another game
    refused(host, {"type": "choose_game", "profile": "draw", "options": {"players": 3}}, "pin_required")
    refused(host, {"type": "change_game"}, "pin_required")
    refused(
        phones[0], {"type": "choose_game", "profile": "draw", "options": {"players": 3}}, "game_in_progress"
    )
    refused(phones[2], {"type": "change_game"}, "not_captain")
    assert unchanged(room) == before
    # the captain's "New game" (asked first on the phone): back to the lobby, everyone seated
    ok(phones[0], {"type": "change_game"})
    assert room.match is None and set(room.tokens) == {0, 1, 2} and room.meta["profile"] == "block"
    ok(phones[0], {"type": "choose_game", "profile": "draw", "options": {"players": 3}})
    ok(phones[0], {"type": "start_round"})
    assert room.meta["profile"] == "draw" and room.state.round_no == 1


def test_new_game_mid_gaple_goes_back_to_the_lobby_with_the_open_seat_open(live, client_factory):
    """The table's "New game" in the middle of a gaple game: the lobby it goes back to has the
    same players seated and shows the open phone seat as open; nothing starts a game with it."""
    seats = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "phone"}, {"kind": "computer", "level": "easy"}]
    host, room_id, _ = create_room(client_factory, "gaple", {}, seats)
    ana, _ = join(client_factory, room_id, 0, "Ana")
    bo, _ = join(client_factory, room_id, 1, "Bo")
    cy, _ = join(client_factory, room_id, 2, "Cy")
    room = live.tables.rooms[room_id]
    ok(host, {"type": "start_round"})
    ok(cy, {"type": "leave"})  # seat 3 is an open phone seat now, mid-game
    # Start never ends the game in play (the computer at seat 4 may move meanwhile: the same
    # match and round go on)
    match, round_no = room.match, room.state.round_no
    refused(host, {"type": "start_round"}, "seats_open")
    assert room.match is match and room.state.round_no == round_no and room.state.phase == "play"
    ok(host, {"type": "change_game"})
    summary = host.view(room.version)["room"]
    assert not summary["started"] and summary["profile"] == "gaple"
    assert [(s["kind"], s["taken"]) for s in summary["seats"]] == [
        ("phone", True),
        ("phone", True),
        ("phone", False),
        ("computer", True),
    ]
    assert [s["name"] for s in summary["seats"][:2]] == ["Ana", "Bo"]
    refused(host, {"type": "start_round"}, "seats_open")  # the open seat needs its player
    cy2, _ = join(client_factory, room_id, 2, "Cy")
    ok(ana, {"type": "start_round"})
    assert room.state.phase == "play" and room.state.round_no == 1
