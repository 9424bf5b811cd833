"""The hard player's review of a seat's choices over HTTP: streamed line by line, each choice
judged from the seat's own view then, refused for a round in play, a seat that is not there, a
phone that did not play the round, and while every review slot is taken."""

from __future__ import annotations

import copy
import json
import urllib.error
import urllib.request
from pathlib import Path

from conftest import create_room, join, start
from test_play import play_round

from engine import Match, view_for
from engine.round_steps import seat_decisions, state_before
from players.hindsight import hindsight
from players.review import estimate_holds, reason_holds

PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]
GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def review(live, path, token):
    """(status, [JSON lines] or the error body) of a review request."""
    req = urllib.request.Request(live.url + path)
    req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req) as resp:
            assert resp.headers["Content-Type"].startswith("application/x-ndjson")
            return resp.status, [json.loads(line) for line in resp.read().decode().splitlines()]
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def heaviest_last(legal):
    """A weak way to play (the lightest tile): choices the review finds fault with."""
    plays = [a for a in legal if "play" in a]
    if not plays:
        return legal[0]
    return min(plays, key=lambda a: sum(int(x) for x in a["play"].split("-")))


def finished_draw(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    p1, t1 = join(client_factory, room_id, 1)
    start(host)
    play_round(live, room_id, [p0, p1], host, pick=heaviest_last)
    game_id = live.tables.store.games_of(room_id)[0]["game"]
    return host, room_id, host_token, (p0, p1), (t0, t1), game_id


def test_a_review_streams_every_choice_of_the_seat_and_a_summary(live, client_factory):
    host, room_id, host_token, _phones, tokens, game_id = finished_draw(live, client_factory)
    req = urllib.request.Request(f"{live.url}/api/rooms/{room_id}/record")
    req.add_header("Authorization", f"Bearer {host_token}")
    record = json.load(urllib.request.urlopen(req))
    disagreed = 0
    for seat in (0, 1):
        status, lines = review(
            live, f"/api/rooms/{room_id}/replays/{game_id}/1/review?seat={seat}", host_token
        )
        assert status == 200
        head, moves, summary = lines[0], lines[1:-1], lines[-1]["summary"]
        choices = seat_decisions(record, 1, seat)
        assert head == {
            "seat": seat,
            "profile": "draw",
            "unit": "chance",
            "moves": [d["move"] for d in choices],
        }
        assert [m["move"] for m in moves] == head["moves"]
        for m, d in zip(moves, choices, strict=True):
            view = d["view"]
            assert view == view_for_move(record, d["move"], seat)  # what the seat saw then, no more
            assert m["made"] == d["action"] and m["preferred"] in view["legal"]
            assert m["agree"] == (m["preferred"] == m["made"])
            if m["hindsight"] is not None:  # with every hand known, a sure win the play made missed
                found = hindsight(state_before(record, 1, d["move"]), m["made"])
                assert m["hindsight"]["play"] in found["winning"] and not found["made_wins"]
            if m["agree"]:
                assert m["reason"] is None and m["estimate"] is None
                continue
            disagreed += 1
            assert m["estimate"] is not None and estimate_holds(view, m["search"], m["estimate"])
            if m["reason"] is not None:
                assert reason_holds(view, m["preferred"], m["made"], m["search"], m["reason"])
        assert summary["decisions"] == len(moves)
        assert summary["agreed"] == sum(m["agree"] for m in moves)
        assert summary["costly"] == sum(m["costly"] for m in moves)
        assert summary["amount"] == sum(m["amount"] for m in moves if m["costly"])
    assert disagreed  # playing the lightest tile, some choice is found fault with
    # the seat's own phone may review it too, and the same view is judged the same way again
    again = review(live, f"/api/rooms/{room_id}/replays/{game_id}/1/review?seat=1", tokens[1])
    assert again == review(live, f"/api/rooms/{room_id}/replays/{game_id}/1/review?seat=1", host_token)


def view_for_move(record, move, seat):
    """The seat's view just before action `move` of round 1: the record cut there, replayed."""
    cut = copy.deepcopy(record)
    cut["rounds"] = cut["rounds"][:1]
    cut["rounds"][0]["actions"] = cut["rounds"][0]["actions"][:move]
    cut["rounds"][0].pop("result", None)
    return view_for(Match.from_record(cut).state, seat)


def test_a_round_in_play_and_bad_asks_are_refused(live, client_factory):
    host, room_id, host_token, phones, tokens, game_id = finished_draw(live, client_factory)
    base = f"/api/rooms/{room_id}/replays/{game_id}"
    start(host)  # round 2 is in play
    for token in (host_token, tokens[0]):
        status, body = review(live, f"{base}/2/review?seat=0", token)
        assert (status, body["error"]) == (409, "round_in_progress")
    for seat in ("2", "-1", "x", ""):
        status, body = review(live, f"{base}/1/review?seat={seat}", host_token)
        assert (status, body["error"]) == (400, "bad_seat")
    status, body = review(live, f"{base}/1/review?seat=0", "x" * 30)
    assert (status, body["error"]) == (403, "bad_token")
    status, body = review(live, f"/api/rooms/{room_id}/replays/{game_id + 99}/1/review?seat=0", host_token)
    assert (status, body["error"]) == (404, "no_round")


def test_reviews_beyond_the_slots_are_refused(live, client_factory):
    host, room_id, host_token, _phones, _tokens, game_id = finished_draw(live, client_factory)
    slots = live.tables.review_slots
    taken = 0
    while slots.acquire(blocking=False):
        taken += 1
    try:
        status, body = review(live, f"/api/rooms/{room_id}/replays/{game_id}/1/review?seat=0", host_token)
        assert (status, body["error"]) == (429, "review_busy")
    finally:
        for _ in range(taken):
            slots.release()
    assert review(live, f"/api/rooms/{room_id}/replays/{game_id}/1/review?seat=0", host_token)[0] == 200


def test_a_chosen_record_file_is_reviewed_by_the_table_only(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    _p0, t0 = join(client_factory, room_id, 0)
    base = f"/api/rooms/{room_id}/record-file"
    status, body = review(live, f"{base}/1/review?seat=0", host_token)
    assert (status, body["error"]) == (404, "no_record_file")
    record = json.loads((GOLDEN / "draw-2p.json").read_text())["record"]
    req = urllib.request.Request(live.url + base, data=json.dumps(record).encode(), method="POST")
    req.add_header("Authorization", f"Bearer {host_token}")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req) as resp:
        assert resp.status == 200
    status, lines = review(live, f"{base}/2/review?seat=1", host_token)
    assert status == 200
    found = seat_decisions(record, 2, 1)
    assert lines[0]["moves"] == [d["move"] for d in found] and len(lines) == len(found) + 2
    for line, d in zip(lines[1:-1], found, strict=True):
        assert line["made"] == d["action"] and line["preferred"] in d["view"]["legal"]
    assert review(live, f"{base}/1/review?seat=0", t0)[1]["error"] == "bad_token"  # a phone: no
    assert review(live, f"{base}/9/review?seat=0", host_token)[1]["error"] == "no_round"
    assert review(live, f"{base}/1/review?seat=5", host_token)[1]["error"] == "bad_seat"
    unfinished = copy.deepcopy(record)
    unfinished["rounds"] = unfinished["rounds"][:1]
    unfinished["rounds"][0]["actions"] = unfinished["rounds"][0]["actions"][:4]
    req = urllib.request.Request(live.url + base, data=json.dumps(unfinished).encode(), method="POST")
    req.add_header("Authorization", f"Bearer {host_token}")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req) as resp:
        assert resp.status == 200
    status, body = review(live, f"{base}/1/review?seat=0", host_token)
    assert (status, body["error"]) == (409, "round_in_progress")
