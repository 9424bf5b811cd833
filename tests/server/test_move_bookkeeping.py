"""A move costs the table only what it changes: who holds which seat (the seat rule, freed
seats, a round's witnesses) and the summary's evening part are noted again when seats or
connections change, not at every move (the tables' p99 under load, BENCHMARKS.md); what a
failed write left unstored is still stored at the next move."""

from __future__ import annotations

import json

from conftest import ask, dealt_room

PHONES = [{"kind": "phone"}] * 3


def _move(room, phones) -> dict:
    """The phone on turn plays its first legal action; returns its answer."""
    seat = room.state.turn
    view = phones[seat].view(room.version)
    return ask(phones[seat], {"type": "act", "action": view["view"]["legal"][0], "version": room.version})


def test_a_move_notes_no_holder_and_builds_no_evening(live, client_factory, monkeypatch):
    _host, room, phones, _version = dealt_room(live, client_factory, PHONES)
    calls = {"hands": 0, "freed": 0, "evening": 0, "summary": 0}
    note, freed, evening = room.hands_seen.note, room.freed_seats.note, type(room).evening
    summary = type(room).summary

    def count(key, fn):
        def counted(*args, **kw):
            calls[key] += 1
            return fn(*args, **kw)

        return counted

    monkeypatch.setattr(room.hands_seen, "note", count("hands", note))
    monkeypatch.setattr(room.freed_seats, "note", count("freed", freed))
    monkeypatch.setattr(type(room), "evening", count("evening", evening))
    monkeypatch.setattr(type(room), "summary", count("summary", summary))
    for _ in range(3):
        if room.state.phase != "play":
            break
        assert _move(room, phones)["type"] == "ok"
    assert calls == {"hands": 0, "freed": 0, "evening": 0, "summary": 0}
    # a change of the connections is noted at once
    extra = client_factory()
    extra.send({"type": "hello", "room": room.id})
    extra.expect("welcome", role="guest")
    extra.view()
    assert calls["hands"] == calls["freed"] == 1
    assert calls["evening"] == calls["summary"] == 1


def test_hands_seen_the_disk_refused_are_stored_at_the_next_move(live, client_factory, monkeypatch):
    store = live.tables.store
    _host, room, phones, _version = dealt_room(live, client_factory, PHONES)
    deal = room.hands_seen.deal
    seen = {(a, s) for a, seats in room.hands_seen._by_address.items() for s in seats}
    assert seen and not room.hands_seen.unsaved()
    # a new phone address sees a hand: its write fails once
    real = store.note_hands_seen
    failures = []

    def refuse_once(*args, **kw):
        if not failures:
            failures.append(args)
            raise OSError("disk full")
        return real(*args, **kw)

    monkeypatch.setattr(store, "note_hands_seen", refuse_once)
    room.hands_seen._by_address.setdefault("10.9.9.9", set()).add(0)  # as a phone of seat 0 there
    extra = client_factory()
    extra.send({"type": "hello", "room": room.id})
    extra.expect("welcome", role="guest")
    extra.view()
    assert failures and room.hands_seen.unsaved() == [("10.9.9.9", 0)]
    assert _move(room, phones)["type"] == "ok"  # a move: the write is tried again, and holds
    assert room.hands_seen.unsaved() == []
    kept = next(r for r in store.load_rooms() if r["id"] == room.id)["hands_seen"]
    assert tuple(kept["deal"]) == deal
    assert ["10.9.9.9", 0] in [list(p) for p in kept["seen"]]


def test_tonight_kept_over_moves_follows_a_rewrite_of_the_room(live, client_factory):
    """The evening part kept over a round's moves is built again when the room is rewritten
    and notified as a whole (as the delete of a regular does), and the moves after show it."""
    host, room, phones, _version = dealt_room(live, client_factory, PHONES)
    match = {
        "profile": "draw",
        "names": ["Ana", "P1", "P2"],
        "points": [100, 0, 0],
        "winners": [0],
        "rounds": 1,
    }
    with room.lock:
        room.meta["tonight"] = [match]
        room._notify()
    assert _move(room, phones)["type"] == "ok"
    tonight = host.view(room.version)["room"]["tonight"]
    assert tonight["matches"][0]["names"] == ["Ana", "P1", "P2"]
    assert tonight["players"][0] == {"name": "Ana", "played": 1, "wins": 1, "points": {"draw": 100}}
    with room.lock:  # the regular Ana is deleted: her name goes
        room.meta["tonight"] = [dict(match, names=["Seat 1", "P1", "P2"])]
        room._notify()
    assert _move(room, phones)["type"] == "ok"
    tonight = host.view(room.version)["room"]["tonight"]
    assert tonight["matches"][0]["names"] == ["Seat 1", "P1", "P2"]
    assert [p["name"] for p in tonight["players"]] == ["Seat 1", "P1", "P2"]


def test_the_summary_kept_over_moves_is_the_rooms_own(live, client_factory):
    """After every move of a round, the summary each socket gets is the room's summary of that
    version; the table's address, when it changes mid-round, shows at the next move."""
    host, room, phones, _version = dealt_room(live, client_factory, PHONES)
    moves = 0
    while room.state.phase == "play" and moves < 12:
        if moves == 5:
            live.tables.base_url = "http://10.42.0.1:8000"  # the table's Wi-Fi address changed
        assert _move(room, phones)["type"] == "ok"
        moves += 1
        frame = host.view(room.version)
        with room.lock:
            assert frame["room"] == json.loads(json.dumps(room.summary()))
        assert frame["room"]["version"] == room.version
    assert moves > 5
    assert frame["room"]["join_url"] == f"http://10.42.0.1:8000/join/{room.id}"
