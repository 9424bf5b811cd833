"""The night's tournament on a live server (tabletop/night.py, night_api.py): the director's
page behind the PIN, players entering by name, tables seated each round, results reported by
the tables themselves, and the bad input each refused with a clear error, nothing changed."""

from __future__ import annotations

import time

import pytest
from conftest import ask
from nightplay import api, ok, play_table, seated_phones, table_screen

from tabletop.app import create_app
from tabletop.errors import Refused
from tabletop.settings import Settings

PIN = "2468"
pytestmark = pytest.mark.app_config(kiosk=True, pin=PIN)


def night_of(live, make, players: int, tables: int, rounds: int = 2):
    """Table screens, a tournament of Draw at two seats (one round a table) and its players."""
    screens = [table_screen(make, f"Table {i + 1}") for i in range(tables)]
    form = {"profile": "draw", "options": {"players": 2}, "rounds": rounds, "ending": "round"}
    form["tables"] = [room for _, room, _ in screens]
    ok(api(live.url, "POST", "", form, pin=PIN))
    tokens = {}
    for i in range(players):
        answer = ok(api(live.url, "POST", "/players", {"name": f"Player {chr(65 + i)}"}))
        tokens[answer["entrant"]] = answer["tokens"][0]
    return screens, tokens


def all_ready(phones: dict) -> int:
    """Every phone of a table says Ready after a round: the next round is dealt; its version."""
    answers = [ask(phone, {"type": "ready"}) for phone in phones.values()]
    assert all(a["type"] == "ok" for a in answers), answers
    return answers[-1]["version"]


def snapshot(live):
    return ok(api(live.url, "GET", ""))["tournament"]


def test_director_needs_the_pin(live):
    form = {"profile": "draw", "options": {"players": 2}, "rounds": 2, "tables": []}
    assert api(live.url, "POST", "", form)[0] == 403
    status, body = api(live.url, "POST", "", form, pin="0000")
    assert (status, body["error"]) == (403, "bad_pin")
    status, body = api(live.url, "POST", "", form, pin=PIN)
    assert (status, body["error"]) == (409, "bad_settings")  # past the PIN: no table given
    assert snapshot(live) is None


def test_a_round_seats_the_tables_and_their_results_come_in(live, client_factory):
    screens, tokens = night_of(live, client_factory, players=4, tables=2)
    # a name entered twice (or one that looks like it) is refused
    status, body = api(live.url, "POST", "/players", {"name": "player a"})
    assert (status, body["error"]) == (409, "name_taken")
    assert ok(api(live.url, "POST", "/rounds", {}, pin=PIN)) == {"round": 1}
    t = snapshot(live)
    assert [len(x["seats"]) for x in t["played"][0]["tables"]] == [2, 2]
    for number, (_, room, _) in enumerate(screens, 1):
        seated = live.tables.rooms[room].summary()
        assert seated["tournament"]["round"] == 1 and seated["tournament"]["table"] == number
        assert [s["name"] for s in seated["seats"]] == t["played"][0]["tables"][number - 1]["seats"]
    me = ok(api(live.url, "GET", "/me", token=tokens[1]))
    assert me["round"]["number"] == 1 and me["round"]["table"]["room"] in [r for _, r, _ in screens]
    assert api(live.url, "GET", "/me", token="forged")[0] == 403

    # a round is not paired again while tables play
    status, body = api(live.url, "POST", "/rounds", {}, pin=PIN)
    assert (status, body["error"]) == (409, "round_not_finished")

    phones = seated_phones(client_factory, live.url, tokens)
    play_table(phones[1])
    after_one = snapshot(live)
    assert after_one["played"][0]["tables"][0]["result"] is not None
    assert after_one["played"][0]["tables"][1]["result"] is None
    play_table(phones[2])
    t = snapshot(live)
    assert t["played"][0]["finished"]
    assert sorted(s["wins"] for s in t["standings"]) == [0, 0, 1, 1]

    # a latecomer enters before round 2 (after round 1 was paired): no game, no bye in round 1
    late = ok(api(live.url, "POST", "/players", {"name": "Latecomer"}))
    me = ok(api(live.url, "GET", "/me", token=late["tokens"][0]))
    assert me["round"] == {"number": 1, "bye": False, "table": None}
    ok(api(live.url, "POST", "/rounds", {}, pin=PIN))
    t = snapshot(live)
    assert len(t["played"][1]["byes"]) == 1 and len(t["played"][1]["tables"]) == 2
    seated = {e for x in t["played"][1]["tables"] for side in x["sides"] for e in side}
    assert seated | {t["played"][1]["byes"][0]["entrant"]} == {1, 2, 3, 4, 5}
    status, body = api(live.url, "POST", "/players", {"name": "Too Late"})
    assert (status, body["error"]) == (409, "too_late")
    t = snapshot(live)

    # the CSV has every player, in the standings' order
    csv = live.url + "/api/tournament/standings.csv"
    import urllib.request

    with urllib.request.urlopen(csv) as r:
        lines = r.read().decode().splitlines()
    assert lines[0].startswith("place,name,wins") and len(lines) == 6
    assert [line.split(",")[1] for line in lines[1:]] == [" & ".join(s["names"]) for s in t["standings"]]


def test_bad_reports_are_refused_and_change_nothing(live, client_factory):
    screens, tokens = night_of(live, client_factory, players=6, tables=3, rounds=3)
    ok(api(live.url, "POST", "/rounds", {}, pin=PIN))
    phones = seated_phones(client_factory, live.url, tokens)
    for table in phones.values():
        play_table(table)
    before = snapshot(live)
    assert before["played"][0]["finished"]

    # a double report: table 1 plays on and ends another round; its result stays the first
    second = play_table(phones[1], version=all_ready(phones[1]))
    assert second["view"]["phase"] == "round_over"
    t = snapshot(live)
    assert t["played"] == before["played"] and t["standings"] == before["standings"]
    assert t["refused"][-1]["code"] == "already_reported" and t["refused"][-1]["table"] == 1

    # round 2 without the withdrawn player: five left, two tables and a bye; table 3 is not in it
    entrant_of = {s["entrant"]: s for s in t["standings"]}
    gone = next(
        e for e in entrant_of if e in {x for side in t["played"][0]["tables"][2]["sides"] for x in side}
    )
    status, body = api(live.url, "POST", "/withdraw", {"entrant": gone})
    assert (status, body["error"]) == (403, "pin_required")
    ok(api(live.url, "POST", "/withdraw", {"entrant": gone}, pin=PIN))
    ok(api(live.url, "POST", "/rounds", {}, pin=PIN))
    t = snapshot(live)
    assert [x["number"] for x in t["played"][1]["tables"]] == [1, 2] and len(t["played"][1]["byes"]) == 1

    # a result for a table not in the round: table 3, still seated from round 1, plays on
    play_table(phones[3], version=all_ready(phones[3]))
    after = snapshot(live)
    assert after["refused"][-1]["code"] == "no_such_round" and after["refused"][-1]["table"] == 3
    assert after["played"] == t["played"] and after["standings"] == t["standings"]

    # a withdrawn player's late result: withdrawn while their round-2 table plays
    new_phones = seated_phones(client_factory, live.url, {e: k for e, k in tokens.items() if e != gone})
    table_one = t["played"][1]["tables"][0]
    late = table_one["sides"][1][0]
    ok(api(live.url, "POST", "/withdraw", {"entrant": late}, pin=PIN))
    play_table(new_phones[1])
    after = snapshot(live)
    assert after["refused"][-1]["code"] == "withdrawn" and after["played"][1]["tables"][0]["result"] is None

    # the director enters it, with a reason that stays; not without the PIN
    fix = {"round": 2, "table": 1, "points": [30, 10], "winner": 0, "reason": "Player left early"}
    status, body = api(live.url, "POST", "/corrections", fix)
    assert (status, body["error"]) == (403, "pin_required")
    assert snapshot(live)["played"] == after["played"]
    status, body = api(live.url, "POST", "/corrections", {**fix, "reason": " "}, pin=PIN)
    assert (status, body["error"]) == (409, "no_reason")
    ok(api(live.url, "POST", "/corrections", fix, pin=PIN))
    t = snapshot(live)
    assert t["played"][1]["tables"][0]["result"] == {"points": [30, 10], "winner": 0}
    assert t["corrections"] == [
        {
            "round": 2,
            "table": 1,
            "before": None,
            "after": {"points": [30, 10], "winner": 0},
            "reason": "Player left early",
        }
    ]


def restarted(tmp_path) -> dict:
    """The tournament as a server started again on the same data folder has it."""
    again = create_app(Settings(data=str(tmp_path), computer_delay=0, kiosk=True, pin=PIN))
    try:
        return again.extensions["tabletop"].night.snapshot()["tournament"]
    finally:
        again.extensions["tabletop"].shutdown()


def test_the_tournament_comes_back_after_a_restart(live, client_factory, tmp_path):
    screens, tokens = night_of(live, client_factory, players=4, tables=2)
    ok(api(live.url, "POST", "/rounds", {}, pin=PIN))
    phones = seated_phones(client_factory, live.url, tokens)
    play_table(phones[1])
    before = snapshot(live)
    restored = restarted(tmp_path)
    assert restored["played"] == before["played"] and restored["standings"] == before["standings"]
    assert restored["entrants"] == before["entrants"]

    # killed between the room's write and the tournament's: the result is taken from the room
    night = live.tables.night
    stored = night._data(night.t, night.info)
    stored["tournament"]["rounds"][0]["results"] = []
    live.tables.store.save_tournament(night.id, stored)
    restored = restarted(tmp_path)
    assert restored["played"] == before["played"] and restored["standings"] == before["standings"]


def test_rotating_pairs_of_six_love_sit_as_partners_and_report_as_teams(live, client_factory):
    screens = [table_screen(client_factory, f"Table {i + 1}") for i in range(2)]
    form = {"profile": "six-love", "rounds": 2, "ending": "round", "tables": [r for _, r, _ in screens]}
    ok(api(live.url, "POST", "", form, pin=PIN))
    tokens = {}
    for name in ("Ana", "Bo", "Chidi", "Dewi", "Émile", "Farah", "Gunnar", "Hana"):
        answer = ok(api(live.url, "POST", "/players", {"name": name}))
        tokens[answer["entrant"]] = answer["tokens"][0]
    partners = set()
    for _ in range(2):
        ok(api(live.url, "POST", "/rounds", {}, pin=PIN))
        t = snapshot(live)
        assert t["format"] == "pairs" and t["partners"] == "rotating"
        phones = seated_phones(client_factory, live.url, tokens)
        for table in t["played"][-1]["tables"]:
            names = {e["id"]: e["names"][0] for e in t["entrants"]}
            sides = table["sides"]
            assert [len(side) for side in sides] == [2, 2]
            # side j holds seats j and j + 2: partners sit across the table
            assert table["seats"] == [
                names[sides[0][0]],
                names[sides[1][0]],
                names[sides[0][1]],
                names[sides[1][1]],
            ]
            partners |= {frozenset(side) for side in sides}
            end = play_table(phones[table["number"]])
            result = snapshot(live)["played"][-1]["tables"][table["number"] - 1]["result"]
            scores = end["view"]["scores"]
            team = end["view"]["result"]["team"]  # none: a blocked hand nobody won; more points wins it
            assert result["points"] == scores
            assert result["winner"] == (
                team if team is not None else max((0, 1), key=lambda j: (scores[j], -j))
            )
    assert len(partners) == 8  # four pairs a round, nobody with the same partner twice


def test_the_tournaments_tables_stay_open_while_it_is_played(live, client_factory):
    screens, _ = night_of(live, client_factory, players=4, tables=2)
    other = table_screen(client_factory, "Not in it")[1]
    later = time.monotonic() + 100_000  # long idle, nobody at any table
    closed = live.tables.sweep_idle(60, now=later, empty_seconds=60)
    assert closed == [other] and all(room in live.tables.rooms for _, room, _ in screens)
    ok(api(live.url, "POST", "/close", {}, pin=PIN))
    assert sorted(live.tables.sweep_idle(60, now=later, empty_seconds=60)) == sorted(r for _, r, _ in screens)


def test_a_result_the_disk_refuses_does_not_undo_the_tables_move(live, client_factory, tmp_path, monkeypatch):
    screens, tokens = night_of(live, client_factory, players=4, tables=2)
    ok(api(live.url, "POST", "/rounds", {}, pin=PIN))
    phones = seated_phones(client_factory, live.url, tokens)
    store = live.tables.store

    def full(*_):
        raise Refused("not_saved", "the disk is full")

    monkeypatch.setattr(store, "save_tournament", full)
    end = play_table(phones[1])  # every move acknowledged, the last one too
    assert end["view"]["phase"] == "round_over"
    assert snapshot(live)["played"][0]["tables"][0]["result"] is None
    monkeypatch.undo()
    restored = restarted(tmp_path)  # the next start reads it from the room
    assert restored["played"][0]["tables"][0]["result"] is not None
