"""Leak audit: over many random games, every frame sent to each seat (and to the table) holds no
tile that seat may not see: no other hand, no other player's face-down discard, no boneyard or
left-out tile. At the round's end the hands and discards are revealed; undealt tiles never are.
The test drives every move itself and keeps the engine state of every version to compare with."""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import ask, create_room, join

TILE = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")

GAMES = [
    ("draw", {"players": 2}, 1),
    ("draw", {"players": 3}, 2),
    ("draw", {"players": 4}, 3),
    ("block", {"players": 2}, 4),
    ("block", {"players": 3}, 5),
    ("gaple", {"deal": "4x7", "discard": True}, 6),
    ("gaple", {"deal": "5x5", "discard": True}, 7),
    ("gaple", {"deal": "4x6", "discard": False}, 8),
    ("six-love", {}, 9),
    ("mexican-train", {"players": 3}, 10),
    ("draw", {"players": 2}, 11),
    ("block", {"players": 4}, 12),
]


def norm(a, b):
    a, b = int(a), int(b)
    return (max(a, b), min(a, b))


def tiles_in(obj) -> set:
    return {norm(a, b) for a, b in TILE.findall(json.dumps(obj))}


def secrets_for(state, seat):
    """Tiles `seat` may not see in `state` (tiles shown on the line excepted)."""
    from engine import view_for

    ts = state.ctx.ts
    hidden = set()
    reveal = state.phase in ("round_over", "game_over")
    for other in range(state.ctx.players):
        if other != seat and not reveal:
            hidden |= {norm(*t.split("-")) for t in ts.names(state.hands[other])}
            hidden |= {norm(*t.split("-")) for t in ts.names(state.discards[other])}
    stock = state.ctx.stock[state.stock_pos :] if state.ctx.profile.stuck == "draw" else state.ctx.stock
    hidden |= {norm(ts.tiles[i].hi, ts.tiles[i].lo) for i in stock}
    public = view_for(state, None)
    return hidden - tiles_in({"line": public["line"], "trains": public["trains"]})


# The test plays every seat as fast as the server answers, far above a person's pace: the
# per-socket rate limit (tested in test_hostile) would drop its messages.
@pytest.mark.app_config(rate=(100000.0, 100000.0))
@pytest.mark.parametrize("profile,options,seed", GAMES, ids=[f"{g[0]}-{g[2]}" for g in GAMES])
def test_no_frame_leaks_a_hidden_tile(live, client_factory, profile, options, seed):
    from engine import new_game

    n = new_game(profile, options).players
    host, room_id, _ = create_room(client_factory, profile, options, [{"kind": "phone"}] * n)
    phones = [join(client_factory, room_id, s)[0] for s in range(n)]
    room = live.tables.rooms[room_id]
    rng = random.Random(seed)
    states = {}
    rounds = 0
    answer = ask(host, {"type": "start_round"})
    assert answer["type"] == "ok", answer
    while True:
        with room.lock:
            states[room.version] = room.state
            state, version = room.state, room.version
        if state.phase != "play":
            rounds += 1
            if state.phase == "game_over" or rounds >= 2:
                break
            assert ask(host, {"type": "start_round"})["type"] == "ok"
            continue
        seat = state.turn
        own = phones[seat].view(version)
        assert own["version"] == version
        legal = own["view"]["legal"]
        answer = ask(phones[seat], {"type": "act", "action": rng.choice(legal), "version": version})
        assert answer["type"] == "ok", answer
    # every socket has received the last version; audit everything each one was sent
    final = room.version
    sockets = [(None, host)] + list(enumerate(phones))
    checked = 0
    for seat, client in sockets:
        client.view(final)
        for frame in client.frames:
            if frame["type"] != "view" or frame["view"] is None:
                continue
            state = states[frame["version"]]
            leaked = tiles_in(frame) & secrets_for(state, seat)
            assert not leaked, f"seat {seat} saw {leaked} at version {frame['version']}"
            if seat is not None:
                assert frame["view"]["seat"] == seat
            checked += 1
    assert checked > 2 * len(sockets)


def test_the_audit_would_catch_a_leak():
    """The audit's own check: a hand sent to the wrong seat is caught."""
    from engine import Match, view_for

    m = Match("draw", {"players": 2})
    m.start_round(seed=5)
    assert tiles_in(view_for(m.state, 0)) & secrets_for(m.state, 1)  # seat 0's hand, seen by seat 1
    assert tiles_in(view_for(m.state, 0)) & secrets_for(m.state, None)  # ... or by the table
    assert not tiles_in(view_for(m.state, 0)) & secrets_for(m.state, 0)
    assert not tiles_in(view_for(m.state, None)) & secrets_for(m.state, None)
