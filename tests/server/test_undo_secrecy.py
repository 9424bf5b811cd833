"""Undo and Restart never give anyone information they should not have (RULES.md: nobody ever
learns the order of the boneyard): undo stays inside the round being played and never takes back
a tile a person drew; Restart deals the round again from a new shuffle, and not after a reveal."""

from __future__ import annotations

import random

from conftest import ask, dealt_room

from engine import legal_actions

PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]


def play(room, phones, until, rng, limit=400):
    """Phones play random legal actions until `until(room)` (or the round ends)."""
    for _ in range(limit):
        with room.lock:
            state, version = room.state, room.version
        if until(room) or state.phase != "play":
            return
        own = phones[state.turn].view(version)
        action = rng.choice(own["view"]["legal"])
        answer = ask(phones[state.turn], {"type": "act", "action": action, "version": own["version"]})
        assert answer["type"] == "ok", answer
    raise AssertionError("the position was not reached")


def stuck(room) -> bool:
    """The seat on turn has nothing to play and must draw."""
    acts = legal_actions(room.state)
    return len(acts) == 1 and acts[0].kind == "draw"


def test_a_drawn_tile_is_never_taken_back(live, client_factory):
    host, room, phones, _ = dealt_room(live, client_factory, PHONES2)
    rng = random.Random(3)
    for _attempt in range(30):  # a position where the seat on turn must draw
        play(room, phones, stuck, rng)
        if room.state.phase == "play":
            break
        assert ask(host, {"type": "start_round"})["type"] == "ok"
    seat = room.state.turn
    phone = phones[seat]
    assert ask(phone, {"type": "act", "action": {"draw": True}, "version": room.version})["type"] == "ok"
    frame = phone.view(room.version)
    assert frame["can_undo"] is False
    answer = ask(phone, {"type": "undo"})
    assert answer["type"] == "error" and answer["code"] == "cannot_undo", answer
    # drawn until a tile fits: the play after the draws may be taken back, the drawn tiles stay
    while stuck(room):
        assert ask(phone, {"type": "act", "action": {"draw": True}, "version": room.version})["type"] == "ok"
    assert room.state.turn == seat and room.state.phase == "play"
    own = phone.view(room.version)
    hand = set(own["view"]["hand"])
    tile = next(a for a in own["view"]["legal"] if "play" in a)
    assert ask(phone, {"type": "act", "action": tile, "version": own["version"]})["type"] == "ok"
    assert ask(phone, {"type": "undo"})["type"] == "ok"
    assert set(phone.view(room.version)["view"]["hand"]) == hand
    assert room.match.rounds[-1].actions[-1].kind == "draw"


def test_nothing_of_a_finished_round_is_undone_or_restarted(live, client_factory):
    host, room, phones, _ = dealt_room(live, client_factory, PHONES2)
    play(room, phones, lambda r: False, random.Random(5))
    assert room.state.phase in ("round_over", "game_over")
    last = room.match.rounds[-1].actions[-1].seat
    assert phones[last].view(room.version)["can_undo"] is False
    answer = ask(phones[last], {"type": "undo"})
    assert answer["type"] == "error" and answer["code"] == "cannot_undo", answer
    answer = ask(host, {"type": "restart"})
    assert answer["type"] == "error" and answer["code"] == "cannot_restart", answer
    if room.state.phase == "game_over":
        return
    # the next round: undo cannot reach back into the finished one, its seed stays hidden
    assert ask(host, {"type": "start_round"})["type"] == "ok"
    for seat, phone in phones.items():
        if not any(a.seat == seat for a in room.match.rounds[-1].actions):
            answer = ask(phone, {"type": "undo"})
            assert answer["type"] == "error" and answer["code"] == "cannot_undo", answer
    deals = host.view(room.version)["room"]["deals"]
    assert deals[-1]["round"] == room.state.round_no and deals[-1]["seed"] is None
    assert all(d["seed"] is not None for d in deals[:-1])


def my_turn(phone, room):
    """The phone's view once it is its turn (or the round ended)."""
    while True:
        own = phone.view(room.version)
        if own["view"]["phase"] != "play" or own["view"]["legal"]:
            return own
        phone.view(own["version"] + 1)


def test_restart_replays_the_deal_only_while_nobody_saw_more_than_at_the_deal(live, client_factory):
    """RULES.md: Restart returns to the deal of the current round. Alone against a computer it
    replays that deal; once the person drew, it would show them the boneyard's order again."""
    seats = [{"kind": "phone"}, {"kind": "computer", "level": "easy"}]
    host, room, phones, _ = dealt_room(live, client_factory, seats)
    phone = phones[0]
    for _ in range(50):  # a deal where the person's first turn has a play (not a draw)
        own = my_turn(phone, room)
        action = next((a for a in own["view"]["legal"] if "play" in a), None)
        if action is not None:
            break
        assert ask(host, {"type": "new_game"})["type"] == "ok"
    assert action is not None, "no deal gave the person a play on their first turn"
    deal = room.match.rounds[-1].deal
    assert ask(phone, {"type": "act", "action": action, "version": own["version"]})["type"] == "ok"
    assert host.view(room.version)["can_restart"] is True
    assert ask(host, {"type": "restart"})["type"] == "ok"
    assert room.match.rounds[-1].deal == deal
    for _ in range(300):  # play on (round after round if need be) until the person must draw
        own = my_turn(phone, room)
        legal = own["view"]["legal"]
        if legal == [{"seat": 0, "draw": True}]:
            break
        if own["view"]["phase"] != "play":
            assert ask(host, {"type": "start_round"})["type"] == "ok"
            continue
        action = next(a for a in legal if "play" in a)
        assert ask(phone, {"type": "act", "action": action, "version": own["version"]})["type"] == "ok"
    assert own["view"]["legal"] == [{"seat": 0, "draw": True}]
    assert ask(phone, {"type": "act", "action": {"draw": True}, "version": own["version"]})["type"] == "ok"
    assert host.view(room.version)["can_restart"] is False
    answer = ask(host, {"type": "restart"})
    assert answer["type"] == "error" and answer["code"] == "cannot_restart", answer
