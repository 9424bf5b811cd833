"""Replays of finished rounds over HTTP: the positions are the engine's, a round in play is
refused to everyone, a phone opens only the rounds its seat token played, and a second screen
only the rounds it watched (with the watch token its welcome handed it)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from conftest import ask, create_room, join, start
from test_play import play_round

from engine import replay

PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]


def get(live, path, token=None):
    """(status, JSON body) of a GET with this bearer token."""
    req = urllib.request.Request(live.url + path)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req) as resp:
            return resp.status, json.load(resp)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def test_a_finished_round_replays_to_the_engines_result(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, _ = join(client_factory, room_id, 0)
    p1, _ = join(client_factory, room_id, 1)
    start(host)
    play_round(live, room_id, [p0, p1], host)
    status, listed = get(live, f"/api/rooms/{room_id}/replays", host_token)
    assert status == 200 and len(listed["games"]) == 1
    game = listed["games"][0]
    assert [r["round"] for r in game["rounds"]] == [1] and game["profile"] == "draw"
    status, body = get(live, f"/api/rooms/{room_id}/replays/{game['game']}/1", host_token)
    assert status == 200
    record = get(live, f"/api/rooms/{room_id}/record", host_token)[1]
    expected = replay(record)["rounds"][0]
    assert len(body["steps"]) == len(record["rounds"][0]["actions"]) + 1
    assert body["history"] == record["rounds"][0]["actions"]
    last = body["steps"][-1]
    assert last["scores"] == expected["scores"] and body["result"]["totals"] == expected["totals"]
    # every hand face up at every position, and the tiles add up to the deal
    first = body["steps"][0]
    assert [sorted(h) for h in first["reveal"]["hands"]] == [sorted(h) for h in record["rounds"][0]["hands"]]
    assert all(len(s["reveal"]["hands"]) == 2 and "history" not in s for s in body["steps"])


def test_a_round_in_play_is_refused(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    p1, _ = join(client_factory, room_id, 1)
    start(host)
    status, listed = get(live, f"/api/rooms/{room_id}/replays", host_token)
    assert status == 200 and listed["games"] == []  # nothing finished yet
    game_id = live.tables.store.games_of(room_id)[0]["game"]
    for token in (host_token, t0):
        status, body = get(live, f"/api/rooms/{room_id}/replays/{game_id}/1", token)
        assert (status, body["error"]) == (409, "round_in_progress")
    play_round(live, room_id, [p0, p1], host)
    start(host)  # round 2 is now in play: round 1 opens, round 2 does not
    assert get(live, f"/api/rooms/{room_id}/replays/{game_id}/1", host_token)[0] == 200
    status, body = get(live, f"/api/rooms/{room_id}/replays/{game_id}/2", host_token)
    assert (status, body["error"]) == (409, "round_in_progress")
    listed = get(live, f"/api/rooms/{room_id}/replays", host_token)[1]
    assert [r["round"] for r in listed["games"][0]["rounds"]] == [1]
    assert get(live, f"/api/rooms/{room_id}/replays/{game_id}/3", host_token)[1]["error"] == "no_round"


def test_a_phone_opens_only_rounds_it_played(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0, "Ana")
    p1, t1 = join(client_factory, room_id, 1, "Bo")
    start(host)
    play_round(live, room_id, [p0, p1], host)
    assert ask(p1, {"type": "leave"})["type"] == "ok"  # Bo goes home after round 1
    p2, t2 = join(client_factory, room_id, 1, "Cy")
    start(host)
    play_round(live, room_id, [p0, p2], host)
    game_id = live.tables.store.games_of(room_id)[0]["game"]

    def rounds(token):
        status, listed = get(live, f"/api/rooms/{room_id}/replays", token)
        assert status == 200
        return [r["round"] for g in listed["games"] for r in g["rounds"]]

    assert rounds(host_token) == [1, 2]
    assert rounds(t0) == [1, 2]
    assert rounds(t2) == [2]
    status, body = get(live, f"/api/rooms/{room_id}/replays/{game_id}/1", t2)
    assert (status, body["error"]) == (403, "not_seen")
    assert get(live, f"/api/rooms/{room_id}/replays/{game_id}/2", t2)[0] == 200
    # no token, a token of nobody, Bo's revoked token: refused
    for token in (None, "x" * 30, t1):
        status, body = get(live, f"/api/rooms/{room_id}/replays", token)
        assert (status, body["error"]) == (403, "bad_token")
        status, body = get(live, f"/api/rooms/{room_id}/replays/{game_id}/1", token)
        assert (status, body["error"]) == (403, "bad_token")


def test_the_record_is_served_only_to_the_table_and_its_seats_between_rounds(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0, "Ana")
    p1, t1 = join(client_factory, room_id, 1, "Bo")
    start(host)
    # mid-round: refused to everyone, the table and the seats too (it holds every hidden tile)
    for token in (host_token, t0, t1, None, "x" * 30):
        status, body = get(live, f"/api/rooms/{room_id}/record", token)
        assert (status, body["error"]) == (409, "round_in_progress")
    play_round(live, room_id, [p0, p1], host)
    for token in (host_token, t0, t1):
        status, body = get(live, f"/api/rooms/{room_id}/record", token)
        assert status == 200 and replay(body)["rounds"][0]["end"] in ("domino", "blocked")
    # the room code alone, a token of nobody, another room's host token: refused
    _, _, other_host = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    assert ask(p1, {"type": "leave"})["type"] == "ok"  # Bo's token is revoked
    for token in (None, "x" * 30, other_host, t1):
        status, body = get(live, f"/api/rooms/{room_id}/record", token)
        assert (status, body["error"]) == (403, "bad_token"), token


def watcher_token(make, room_id, watch_token=None):
    """A second screen of the room: (its socket, the watch token its welcome hands it)."""
    screen = make()
    hello = {"type": "hello", "room": room_id, "watch": True}
    if watch_token:
        hello["watch_token"] = watch_token
    screen.send(hello)
    welcome = screen.expect("welcome", role="watcher")
    assert welcome["watch_token"]
    return screen, welcome["watch_token"]


def test_a_second_screen_opens_only_rounds_it_watched(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    p1, _ = join(client_factory, room_id, 1)
    early, w_early = watcher_token(client_factory, room_id)  # watches from the start
    start(host)
    game_id = live.tables.store.games_of(room_id)[0]["game"]
    # round 1 in play: refused to everyone, the watcher too
    status, body = get(live, f"/api/rooms/{room_id}/replays/{game_id}/1", w_early)
    assert (status, body["error"]) == (409, "round_in_progress")
    play_round(live, room_id, [p0, p1], host)
    late, w_late = watcher_token(client_factory, room_id)  # comes after round 1 ended
    start(host)
    play_round(live, room_id, [p0, p1], host)
    early.close()
    # the early screen comes back with its token: the same one, and it saw both rounds
    again, w_again = watcher_token(client_factory, room_id, w_early)
    assert w_again == w_early

    def rounds(token):
        status, listed = get(live, f"/api/rooms/{room_id}/replays", token)
        assert status == 200, listed
        return [r["round"] for g in listed["games"] for r in g["rounds"]]

    assert rounds(w_early) == [1, 2]
    assert rounds(w_late) == [2]
    assert get(live, f"/api/rooms/{room_id}/replays/{game_id}/1", w_early)[0] == 200
    status, body = get(live, f"/api/rooms/{room_id}/replays/{game_id}/1", w_late)
    assert (status, body["error"]) == (403, "not_seen")
    assert get(live, f"/api/rooms/{room_id}/replays/{game_id}/2", w_late)[0] == 200
    # a watch token opens no seat's rounds, and no made-up watch token is taken up
    status, body = get(live, f"/api/rooms/{room_id}/replays", "w" * 32)
    assert (status, body["error"]) == (403, "bad_token")
    other, w_other = watcher_token(client_factory, room_id, "w" * 32)
    assert w_other != "w" * 32 and rounds(w_other) == []
    # a seat's token handed in as a watch token proves nothing of that seat's rounds
    thief, w_thief = watcher_token(client_factory, room_id, t0)
    assert w_thief != t0 and rounds(w_thief) == []
