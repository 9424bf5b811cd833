"""Computer seats and hints: the engine's computer player, seeded from the room's own secret and
the game version (not the dealer's seed), run outside the room lock, stale results dropped."""

from __future__ import annotations

import threading

import pytest
from conftest import create_room, dealt_room, start

import engine
import players as ai
from tabletop import autoplay, computer
from tabletop.app import create_app
from tabletop.settings import Settings


def ask(client, msg) -> dict:
    """Like conftest.ask, and a `hint` frame answers its ref too."""
    ref = f"r{id(msg)}"
    client.send(dict(msg, ref=ref))
    return client.take(lambda f: f["type"] in ("ok", "error", "hint") and f.get("ref") == ref)


DEVICE_HARD = [{"kind": "device", "name": "Ana"}, {"kind": "computer", "level": "hard"}]


def _seat_view(seed=5):
    m = engine.Match("draw", {"players": 2})
    m.start_round(seed=seed)
    return engine.view_for(m.state, m.state.turn)


def test_choose_is_engine_ai_with_levels_and_alias():
    view = _seat_view()
    for level in ("easy", "medium", "hard"):
        assert computer.choose(view, level, 42) == ai.choose(view, level, 42)[0]
    assert computer.choose(view, "normal", 42) == ai.choose(view, "medium", 42)[0]
    assert computer.choose(view, "normal", 42) in view["legal"]


def test_seed_depends_on_secret_and_version_only():
    assert computer.seed_for("abc", 7) == computer.seed_for("abc", 7)
    assert computer.seed_for("abc", 7) != computer.seed_for("abc", 8)
    assert computer.seed_for("abc", 7) != computer.seed_for("abd", 7)
    assert 0 <= computer.seed_for("abc", 7) < 2**64


def test_levels_are_validated(live, client_factory):
    host, room_id, _ = create_room(client_factory)
    bad = ask(
        host,
        {
            "type": "setup",
            "profile": "draw",
            "options": {"players": 2},
            "seats": [{"kind": "device"}, {"kind": "computer", "level": "genius"}],
        },
    )
    assert bad["code"] == "bad_seats"
    ok = ask(
        host,
        {
            "type": "setup",
            "profile": "draw",
            "options": {"players": 2},
            "seats": [{"kind": "device"}, {"kind": "computer", "level": "normal"}],
        },
    )
    assert ok["type"] == "ok"
    assert live.tables.rooms[room_id].meta["seats"][1]["level"] == "medium"


def _computer_to_act(host, room):
    """Device seat 0 plays until the computer (seat 1) is to act."""
    for _ in range(40):
        with room.lock:
            state = room.state
            if state.phase == "play" and state.turn == 1:
                return room.version
            view = engine.view_for(state, 0)
            v = room.version
        assert ask(host, {"type": "act", "action": view["legal"][0], "version": v})["type"] == "ok"
    raise AssertionError("the computer never got the turn")


@pytest.mark.app_config(computer_delay=3600)
def test_computer_move_uses_room_secret_and_drops_stale_result(live, client_factory, monkeypatch):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, DEVICE_HARD)
    room = live.tables.rooms[room_id]
    start(host)
    v = _computer_to_act(host, room)
    secret = room.meta["ai_secret"]
    assert len(secret) >= 32 and secret not in repr(host.frames)  # never sent to a client
    seen = {}
    real = computer.choose

    def spy(view, level, seed):
        seen.update(view=view, level=level, seed=seed, locked=room.lock._is_owned())
        return real(view, level, seed)

    monkeypatch.setattr(computer, "choose", spy)
    autoplay.move(room, v)
    assert seen["seed"] == computer.seed_for(secret, v, "move", 1)
    assert seen["level"] == "hard" and seen["view"]["seat"] == 1 and not seen["locked"]
    assert room.version == v + 1 and room.match.rounds[-1].actions[-1].seat == 1

    # a choice that comes back after the table moved on is dropped
    v = _computer_to_act(host, room)
    entered, release = threading.Event(), threading.Event()

    def slow(view, level, seed):
        entered.set()
        release.wait(5)
        return real(view, level, seed)

    monkeypatch.setattr(computer, "choose", slow)
    worker = threading.Thread(target=autoplay.move, args=(room, v))
    worker.start()
    assert entered.wait(5)
    # the room lock is free meanwhile: the host starts a new game (restart could be refused
    # by the random deal, if the device seat had to draw)
    moved = ask(host, {"type": "new_game", "version": room.version})
    assert moved["type"] == "ok", moved
    after_restart = room.version
    actions = list(room.match.rounds[-1].actions)
    release.set()
    worker.join(5)
    assert room.version == after_restart and list(room.match.rounds[-1].actions) == actions


def test_secret_survives_restart_and_old_rooms_get_one(tmp_path):
    settings = Settings(data=str(tmp_path), computer_delay=3600, idle_close=0)
    app = create_app(settings)
    t = app.extensions["tabletop"]
    room, _ = t.create_room("x")
    secret = room.meta["ai_secret"]
    del room.meta["ai_secret"]
    t.store.save_room(room.id, room.meta, room.version)  # a room stored before the secret existed
    t.shutdown()
    t.store.close()
    app = create_app(settings)
    t = app.extensions["tabletop"]
    again = t.rooms[room.id]
    with again.lock:
        fresh = again.ai_secret()
    assert fresh and fresh != secret
    t.shutdown()
    t.store.close()
    app = create_app(settings)
    t = app.extensions["tabletop"]
    assert t.rooms[room.id].meta["ai_secret"] == fresh
    t.shutdown()
    t.store.close()


def test_computer_plays_a_round_against_a_phone(live, client_factory):
    host, room, phones, v = dealt_room(
        live, client_factory, [{"kind": "phone"}, {"kind": "computer", "level": "medium"}]
    )
    p0 = phones[0]
    f = p0.view(v)
    for _ in range(300):
        if f["view"]["phase"] != "play":
            break
        if f["view"]["turn"] == 0:
            ask(p0, {"type": "act", "action": f["view"]["legal"][0], "version": f["version"]})
        f = p0.view(f["version"] + 1)
    assert room.state.phase in ("round_over", "game_over")
    assert any(a.seat == 1 for a in room.match.rounds[-1].actions)


def test_hint_for_own_seat_only(live, client_factory, monkeypatch):
    host, room, phones, v = dealt_room(live, client_factory, [{"kind": "phone"}, {"kind": "phone"}])
    p0, p1 = phones[0], phones[1]
    turn = room.state.turn
    me, other = (p0, p1) if turn == 0 else (p1, p0)
    seen = []
    real = computer.hint

    def spy(view, seed):
        seen.append((view, seed))
        return real(view, seed)

    monkeypatch.setattr(computer, "hint", spy)
    answer = ask(me, {"type": "hint"})
    assert answer["type"] == "hint" and answer["version"] == v and answer["seat"] == turn
    own = me.view(v)["view"]
    assert answer["action"] in own["legal"]
    assert answer["reason"]["key"].startswith("hint.") and isinstance(answer["reason"]["params"], dict)
    ((view, seed),) = seen
    assert view == engine.view_for(room.state, turn)  # that seat's own view
    assert seed == computer.seed_for(room.meta["ai_secret"], v, "hint", turn)
    assert ai.hint(view, seed) == (answer["action"], answer["reason"])
    # asked again at the same version: the same answer, not computed again
    assert ask(me, {"type": "hint"})["action"] == answer["action"] and len(seen) == 1
    # the other seat has no decision; the table has no seat; a stale version is refused
    assert ask(other, {"type": "hint"})["code"] == "not_your_turn"
    assert ask(host, {"type": "hint"})["code"] == "not_your_seat"
    assert ask(host, {"type": "hint", "seat": turn})["code"] == "not_your_seat"  # a phone seat
    assert ask(me, {"type": "hint", "version": v - 1})["code"] == "stale"
    assert ask(me, {"type": "hint", "seat": 1 - turn})["code"] == "not_your_seat"


def test_hint_for_device_seat_from_host(live, client_factory):
    host, room_id, _ = create_room(
        client_factory,
        "draw",
        {"players": 2},
        [{"kind": "device", "name": "Ana"}, {"kind": "device", "name": "Bo"}],
    )
    room = live.tables.rooms[room_id]
    ask(host, {"type": "hint", "seat": 0})
    v = start(host)
    turn = room.state.turn
    answer = ask(host, {"type": "hint", "seat": turn, "version": v})
    assert answer["type"] == "hint" and answer["action"] in engine.view_for(room.state, turn)["legal"]
    assert ask(host, {"type": "hint", "seat": 1 - turn})["code"] == "not_your_turn"


def test_can_undo_and_can_redo_in_view_frames(live, client_factory):
    host, room, phones, v = dealt_room(live, client_factory, [{"kind": "phone"}, {"kind": "phone"}])
    p0, p1 = phones[0], phones[1]
    for c in (host, p0, p1):
        f = c.view(v)
        assert f["can_undo"] is False and f["can_redo"] is False
    first = room.state.turn
    view = phones[first].view(v)["view"]
    assert ask(phones[first], {"type": "act", "action": view["legal"][0], "version": v})["type"] == "ok"
    assert phones[first].view(v + 1)["can_undo"] is True
    assert phones[1 - first].view(v + 1)["can_undo"] is False
    assert host.view(v + 1)["can_undo"] is False  # no device seat
    assert ask(phones[first], {"type": "undo"})["type"] == "ok"
    assert phones[first].view(v + 2)["can_redo"] is True and phones[first].last_view["can_undo"] is False
    assert phones[1 - first].view(v + 2)["can_redo"] is False  # only the seat that undid
    assert ask(phones[first], {"type": "redo"})["type"] == "ok"
    f = phones[first].view(v + 3)
    assert f["can_redo"] is False and f["can_undo"] is True


def test_host_can_undo_for_device_seats(live, client_factory):
    host, room_id, _ = create_room(
        client_factory,
        "draw",
        {"players": 2},
        [{"kind": "device", "name": "Ana"}, {"kind": "computer", "level": "easy"}],
    )
    room = live.tables.rooms[room_id]
    v = start(host)
    assert host.view(v)["can_undo"] is False
    for _ in range(60):  # until the device seat has a move to take back (a drawn tile is not one)
        with room.lock:
            if room.state.turn == 0 and room.match.can_undo(0, room.humans()):
                break
            turn, ver = room.state.turn, room.version
            legal = engine.view_for(room.state, 0)["legal"] if turn == 0 else []
        if turn == 0:
            action = next((a for a in legal if "play" in a), legal[0])  # a play, if any
            ask(host, {"type": "act", "action": action, "version": ver})
        else:
            host.view(ver + 1)
    f = host.view(room.version)
    assert f["can_undo"] is True and f["can_redo"] is False
    assert ask(host, {"type": "undo", "seat": 0})["type"] == "ok"
    assert host.view(room.version)["can_redo"] is True
