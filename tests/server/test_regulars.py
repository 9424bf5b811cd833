"""The house's regulars on a live server (tabletop/regulars.py, regulars_api.py): a profile made
and remembered, a regular's rounds and games counted, the leaderboard, the owner's rename, merge
and delete (anonymising every stored record), a guest who leaves nothing, and bad input each
refused with a clear error, nothing changed."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import ask, create_room
from nightplay import api as tapi
from nightplay import http_json
from test_evening import finish_match, ok
from test_play import play_round

PIN = "2468"
PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]
FAST = pytest.mark.app_config(rate=(1000.0, 1000.0), kiosk=True, pin=PIN)


def rapi(base, method, path, body=None, pin=None, token=None):
    """(status, JSON answer) of one request to `/api/regulars<path>`."""
    return http_json(base, method, f"/api/regulars{path}", body, pin, token)


def good(answer):
    status, body = answer
    assert status in (200, 201), body
    return body


def refused(answer, status, code):
    got, body = answer
    assert (got, body.get("error")) == (status, code), body
    assert body.get("detail") is not None or code in ("pin_required", "bad_pin")


def make(live, name, colour=0, mark=0):
    body = good(rapi(live.url, "POST", "", {"name": name, "colour": colour, "mark": mark}))
    return body["token"], body["regular"]["id"]


def sit(client_factory, room_id, seat, name, regular=None):
    phone = client_factory()
    phone.send({"type": "hello", "room": room_id})
    phone.expect("welcome", role="guest")
    msg = {"type": "join", "seat": seat, "name": name, "lang": "en", "ref": "join"}
    if regular:
        msg["regular"] = regular
    phone.send(msg)
    phone.expect("joined", seat=seat)
    phone.view()
    return phone


def rows(live, sql, *args):
    db = sqlite3.connect(f"{live.tables.settings.data}/tabletop.sqlite3")
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def everything_stored(live) -> str:
    """Every text the database holds, table by table (what a deletion must have cleaned)."""
    out = []
    for (table,) in rows(live, "SELECT name FROM sqlite_master WHERE type = 'table'"):
        for row in rows(live, f"SELECT * FROM {table}"):  # noqa: S608 (the schema's own names)
            out.append(f"{table}: {json.dumps(row, ensure_ascii=False)}")
    return "\n".join(out)


@FAST
def test_a_profile_is_made_remembered_and_refused_when_bad(live):
    token, rid = make(live, "Ingrid", colour=3, mark=4)
    me = good(rapi(live.url, "GET", "/me", token=token))
    assert me["regular"] == {"id": rid, "name": "Ingrid", "colour": 3, "mark": 4}
    assert me["stats"] == [] and me["tonight"] == []
    # the store keeps the token's hash, never the token
    assert token not in everything_stored(live)
    before = everything_stored(live)
    for body, code in [
        ({"name": "  ", "colour": 0, "mark": 0}, "name_empty"),
        ({"name": "x" * 40, "colour": 0, "mark": 0}, "name_long"),
        ({"name": "Computer 3", "colour": 0, "mark": 0}, "name_reserved"),
        ({"name": "INGRID", "colour": 0, "mark": 0}, "regular_taken"),  # looks like Ingrid
        ({"name": "Kari", "colour": 10, "mark": 0}, "bad_profile_form"),
        ({"name": "Kari", "colour": 0, "mark": "★"}, "bad_profile_form"),
        ({"name": 7, "colour": 0, "mark": 0}, "bad_profile_form"),
    ]:
        status, answer = rapi(live.url, "POST", "", body)
        assert status in (400, 409) and answer["error"] == code, (body, answer)
    refused(rapi(live.url, "GET", "/me", token="forged-token-forged-token"), 403, "bad_regular")
    refused(rapi(live.url, "GET", "/me"), 403, "bad_regular")
    assert everything_stored(live) == before
    # the player changes their own colour; a name another regular holds is refused
    make(live, "Kari")
    refused(rapi(live.url, "PUT", "/me", {"name": "kari"}, token=token), 409, "regular_taken")
    assert good(rapi(live.url, "PUT", "/me", {"colour": 5}, token=token))["regular"]["colour"] == 5


@FAST
def test_a_forged_profile_token_does_not_sit(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phone = client_factory()
    phone.send({"type": "hello", "room": room_id})
    phone.expect("welcome", role="guest")
    forged = {"type": "join", "seat": 0, "name": "Ingrid", "regular": "A" * 32, "ref": 1}
    answer = ask(phone, forged)
    assert answer["type"] == "error" and answer["code"] == "bad_regular", answer
    room = live.tables.rooms[room_id]
    assert 0 not in room.tokens and not room.meta["seats"][0].get("regular")


@FAST
def test_a_regular_s_rounds_count_and_a_guest_leaves_no_trace(live, client_factory):
    token, rid = make(live, "Ingrid")
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = {
        0: sit(client_factory, room_id, 0, "Ingrid", token),
        1: sit(client_factory, room_id, 1, "Gustav"),
    }
    room = live.tables.rooms[room_id]
    assert room.meta["seats"][0]["regular"] == rid and not room.meta["seats"][1].get("regular")
    ok(host, {"type": "start_round"})
    end = play_round(live, room_id, phones, host)["view"]
    me = good(rapi(live.url, "GET", "/me", token=token))
    (line,) = me["stats"]
    assert line["profile"] == "draw" and line["rounds"] == 1 and line["games"] == 0
    points = room.state.scores[0] - room.state.ctx.scores[0]
    assert line["best_round"] == points
    assert me["tonight"] == me["stats"]
    # the results were written once: the same finished round seen again adds nothing
    live.tables.regulars.noted.clear()
    with room.lock:
        live.tables.regulars.room_changed(room)
    assert rows(live, "SELECT COUNT(*) FROM regular_results") == [(1,)]
    assert end["phase"] == "round_over"
    # the guest: their name is in the room and its game only, nothing of the regulars' own
    stored = everything_stored(live).splitlines()
    assert [s.split(":")[0] for s in stored if "Gustav" in s] == ["rooms", "games"]
    assert all(room_id in s for s in stored if "Gustav" in s)


@FAST
def test_games_count_to_the_leaderboard_tonight_and_all_time(live, client_factory):
    a, ra = make(live, "Ingrid", colour=1, mark=2)
    b, rb = make(live, "Ola")
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = {0: sit(client_factory, room_id, 0, "Ingrid", a), 1: sit(client_factory, room_id, 1, "Ola", b)}
    ok(host, {"type": "start_round"})
    finish_match(live, room_id, phones, host)
    room = live.tables.rooms[room_id]
    winner = room.state.match_winner
    rounds = room.state.round_no
    for when in ("tonight", "all"):
        board = good(rapi(live.url, "GET", f"/leaderboard?game=draw&when={when}"))
        assert board["games"] == ["draw"] and board["when"] == when
        top, second = board["rows"]
        assert top["regular"] == (ra, rb)[winner] and top["wins"] == 1 and second["wins"] == 0
        assert (top["place"], second["place"]) == (1, 2)
        assert top["games"] == second["games"] == 1 and top["rounds"] == rounds
        assert top["average"] == room.state.scores[winner]
    # without a game: the most played one; another game has no line yet
    assert good(rapi(live.url, "GET", "/leaderboard"))["profile"] == "draw"
    assert good(rapi(live.url, "GET", "/leaderboard?game=block&when=all"))["rows"] == []
    refused(rapi(live.url, "GET", "/leaderboard?game=chess"), 409, "bad_profile")
    refused(rapi(live.url, "GET", "/leaderboard?game=draw&when=yesterday"), 409, "bad_request")


@FAST
def test_the_owner_renames_merges_and_deletes_behind_the_pin(live, client_factory):
    a, ra = make(live, "Ingrid")
    b, rb = make(live, "Inga")
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = {0: sit(client_factory, room_id, 0, "Ingrid", a), 1: sit(client_factory, room_id, 1, "Gustav")}
    ok(host, {"type": "start_round"})
    play_round(live, room_id, phones, host)
    # a tournament entry under the same name (another table's night)
    _, other, _ = create_room(client_factory, "draw", {"players": 2}, None, name="Table 2")
    form = {"profile": "draw", "options": {"players": 2}, "rounds": 1, "tables": [other]}
    good(tapi(live.url, "POST", "", form, pin=PIN))
    good(tapi(live.url, "POST", "/players", {"name": "Ingrid"}))
    before = everything_stored(live)
    # no PIN, a wrong PIN, an unknown player, merging into oneself: refused, nothing changed
    refused(rapi(live.url, "GET", ""), 403, "pin_required")
    refused(rapi(live.url, "POST", f"/{ra}/rename", {"name": "Ingrid B"}), 403, "pin_required")
    refused(rapi(live.url, "POST", f"/{ra}/rename", {"name": "Ingrid B"}, pin="0000"), 403, "bad_pin")
    refused(rapi(live.url, "DELETE", f"/{ra}", pin="0000"), 403, "bad_pin")
    refused(rapi(live.url, "POST", "/999/rename", {"name": "X"}, pin=PIN), 404, "no_regular")
    refused(rapi(live.url, "DELETE", "/999", pin=PIN), 404, "no_regular")
    refused(rapi(live.url, "POST", f"/{ra}/merge", {"into": ra}, pin=PIN), 409, "merge_self")
    refused(rapi(live.url, "POST", f"/{ra}/merge", {"into": 999}, pin=PIN), 404, "no_regular")
    refused(rapi(live.url, "POST", f"/{ra}/merge", {"into": "x"}, pin=PIN), 404, "no_regular")
    refused(rapi(live.url, "POST", f"/{ra}/rename", {"name": "inga"}, pin=PIN), 409, "regular_taken")
    assert everything_stored(live) == before
    listed = good(rapi(live.url, "GET", "", pin=PIN))["regulars"]
    assert [(r["name"], r["phones"]) for r in listed] == [("Inga", 1), ("Ingrid", 1)]
    # rename: the house knows them by the new name (the leaderboard too)
    good(rapi(live.url, "POST", f"/{ra}/rename", {"name": "Ingrid Berg"}, pin=PIN))
    assert good(rapi(live.url, "GET", "/me", token=a))["regular"]["name"] == "Ingrid Berg"
    (line,) = good(rapi(live.url, "GET", "/leaderboard?game=draw&when=all"))["rows"]
    assert line["name"] == "Ingrid Berg" and line["rounds"] == 1
    # merge: Inga was Ingrid's second phone; both phones are Ingrid now, with one set of results
    good(rapi(live.url, "POST", f"/{rb}/merge", {"into": ra}, pin=PIN))
    assert good(rapi(live.url, "GET", "/me", token=b))["regular"]["id"] == ra
    assert [r["phones"] for r in good(rapi(live.url, "GET", "", pin=PIN))["regulars"]] == [2]
    # delete: every name they were known by or played under leaves the store; the games stay
    room = live.tables.rooms[room_id]
    good(rapi(live.url, "DELETE", f"/{ra}", pin=PIN))
    stored = everything_stored(live)
    assert "Ingrid" not in stored and "Inga" not in stored
    assert "Gustav" in stored and rows(live, "SELECT COUNT(*) FROM games") == [(1,)]
    assert rows(live, "SELECT COUNT(*) FROM regular_results") == [(0,)]
    assert room.meta["seats"][0]["name"] == "Seat 1" and room.record["seats"][0]["name"] == "Seat 1"
    assert room.match.seats[0]["name"] == "Seat 1"
    entrants = good(tapi(live.url, "GET", ""))["tournament"]["entrants"]
    assert [e["names"] for e in entrants] == [[f"Player {entrants[0]['id']}"]]
    refused(rapi(live.url, "GET", "/me", token=a), 403, "bad_regular")
    refused(rapi(live.url, "GET", "/me", token=b), 403, "bad_regular")
    # the game goes on at the table, and the next change stores no old name again
    for p in phones.values():
        ok(p, {"type": "ready"})
    assert room.state.phase == "play" and "Ingrid" not in everything_stored(live)


@FAST
def test_a_player_forgets_themselves_and_a_forged_token_deletes_nothing(live, client_factory):
    token, rid = make(live, "Ingrid")
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = {
        0: sit(client_factory, room_id, 0, "Ingrid", token),
        1: sit(client_factory, room_id, 1, "Gustav"),
    }
    ok(host, {"type": "start_round"})
    play_round(live, room_id, phones, host)
    before = everything_stored(live)
    refused(rapi(live.url, "DELETE", "/me", token="A" * 32), 403, "bad_regular")
    refused(rapi(live.url, "DELETE", "/me"), 403, "bad_regular")
    assert everything_stored(live) == before
    good(rapi(live.url, "DELETE", "/me", token=token))
    assert "Ingrid" not in everything_stored(live)
    assert rows(live, "SELECT COUNT(*) FROM regulars") == [(0,)]
    refused(rapi(live.url, "GET", "/me", token=token), 403, "bad_regular")


@FAST
def test_the_leaderboard_long_poll_answers_when_a_round_is_counted(live, client_factory):
    import threading

    token, _ = make(live, "Ingrid")
    seq = good(rapi(live.url, "GET", "/leaderboard?game=draw"))["seq"]
    answers = []
    poll = threading.Thread(
        target=lambda: answers.append(rapi(live.url, "GET", f"/leaderboard?game=draw&after={seq}"))
    )
    poll.start()
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = {
        0: sit(client_factory, room_id, 0, "Ingrid", token),
        1: sit(client_factory, room_id, 1, "Gustav"),
    }
    ok(host, {"type": "start_round"})
    play_round(live, room_id, phones, host)
    poll.join(timeout=30)
    ((status, board),) = answers
    assert status == 200 and board["seq"] > seq and [r["name"] for r in board["rows"]] == ["Ingrid"]


def test_tonight_begins_at_six_in_the_morning():
    import time as clock

    from tabletop.regulars import tonight_since

    late = clock.mktime((2026, 12, 5, 2, 30, 0, 0, 0, -1))  # 02:30: still the night of the 4th
    evening = clock.mktime((2026, 12, 5, 21, 0, 0, 0, 0, -1))
    assert tonight_since(late) == clock.mktime((2026, 12, 4, 6, 0, 0, 0, 0, -1))
    assert tonight_since(evening) == clock.mktime((2026, 12, 5, 6, 0, 0, 0, 0, -1))


@FAST
def test_a_regular_s_tournament_games_count_and_a_forged_entry_is_refused(live, client_factory):
    from nightplay import play_table, seated_phones, table_screen

    token, rid = make(live, "Ingrid")
    other, other_id = make(live, "Ola")
    screen = table_screen(client_factory, "Table 1")
    form = {
        "profile": "draw",
        "options": {"players": 2},
        "rounds": 1,
        "ending": "round",
        "tables": [screen[1]],
    }
    good(tapi(live.url, "POST", "", form, pin=PIN))
    status, body = tapi(live.url, "POST", "/players", {"name": "Ingrid", "regular": "A" * 32})
    assert (status, body["error"]) == (403, "bad_regular")
    assert good(tapi(live.url, "GET", ""))["tournament"]["entrants"] == []
    tokens = {}
    for name, regular in (("Ingrid", token), ("Gustav", None)):
        answer = good(
            tapi(live.url, "POST", "/players", {"name": name, **({"regular": regular} if regular else {})})
        )
        tokens[answer["entrant"]] = answer["tokens"][0]
    # Ingrid's profile is merged into Ola's (one person, two phones): the entry counts to Ola's
    good(rapi(live.url, "POST", f"/{rid}/merge", {"into": other_id}, pin=PIN))
    good(tapi(live.url, "POST", "/rounds", {}, pin=PIN))
    (phones,) = seated_phones(client_factory, live.url, tokens).values()
    play_table(phones)
    (line,) = good(rapi(live.url, "GET", "/me", token=other))["stats"]
    assert line["rounds"] == 1 and line["profile"] == "draw"
    assert rows(live, "SELECT COUNT(*) FROM regular_results") == [(1,)]  # Gustav: a guest, nothing


def test_the_stored_rewrite_finds_names_in_any_case_and_with_like_s_own_characters():
    from tabletop import names
    from tabletop.jsontext import text as json_text
    from tabletop.regulars import _anonymise_stored
    from tabletop.store import Store

    store = Store(":memory:")
    spelled = ['Ann_a%"Q\\']
    given = [
        {"seats": [{"name": "Bo"}, {"name": 'ANN_A%"Q\\'}]},  # another case: the same name
        {"seats": [{"name": "Bo"}, {"name": "Annxa%Q"}]},  # _ is no wildcard here
        {"seats": [{"name": "Bo"}, {"name": "Ingrid"}]},
    ]
    store._tx(
        lambda db: db.executemany(
            "INSERT INTO games (room, record, started, updated) VALUES ('ABCDE', ?, 0, 0)",
            [(json_text(r),) for r in given],
        )
    )
    store._tx(lambda db: _anonymise_stored(db, {names.key(n) for n in spelled}, 1, spelled))
    with store._lock:
        kept = [json.loads(r) for (r,) in store._db.execute("SELECT record FROM games ORDER BY id")]
    assert [r["seats"][1]["name"] for r in kept] == ["Seat 2", "Annxa%Q", "Ingrid"]
    store.close()


@FAST
def test_a_round_a_computer_played_for_the_regular_does_not_count(live, client_factory):
    import time as clock

    token, _ = make(live, "Ingrid")
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = {
        0: sit(client_factory, room_id, 0, "Ingrid", token),
        1: sit(client_factory, room_id, 1, "Gustav"),
    }
    room = live.tables.rooms[room_id]
    ok(host, {"type": "unlock", "pin": PIN})
    ok(host, {"type": "standin", "seat": 0, "level": "easy"})  # Ingrid's phone went away
    ok(host, {"type": "start_round"})
    deadline = clock.monotonic() + 60
    while room.state.phase == "play" and clock.monotonic() < deadline:
        if room.state.turn == 1:
            own = phones[1].view(room.version)
            if own["view"]["turn"] == 1:
                ask(phones[1], {"type": "act", "action": own["view"]["legal"][0], "version": own["version"]})
        else:
            clock.sleep(0.02)
    assert room.state.phase != "play"
    assert good(rapi(live.url, "GET", "/me", token=token))["stats"] == []
    assert rows(live, "SELECT COUNT(*) FROM regular_results") == [(0,)]


@FAST
def test_a_regular_and_their_seat_come_back_after_a_restart(live, client_factory, tmp_path):
    from tabletop.app import create_app
    from tabletop.settings import Settings

    token, rid = make(live, "Ingrid", colour=2, mark=7)
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = {
        0: sit(client_factory, room_id, 0, "Ingrid", token),
        1: sit(client_factory, room_id, 1, "Gustav"),
    }
    ok(host, {"type": "start_round"})
    play_round(live, room_id, phones, host)
    again = create_app(Settings(data=str(tmp_path), computer_delay=0))
    try:
        tables = again.extensions["tabletop"]
        me = tables.regulars.me(token)
        assert me["regular"] == {"id": rid, "name": "Ingrid", "colour": 2, "mark": 7}
        assert [s["rounds"] for s in me["stats"]] == [1]
        room = tables.rooms[room_id]
        assert room.meta["seats"][0]["regular"] == rid
        with room.lock:  # the finished round seen again after the restart: counted once still
            tables.regulars.room_changed(room)
        assert [s["rounds"] for s in tables.regulars.me(token)["stats"]] == [1]
    finally:
        again.extensions["tabletop"].shutdown()
