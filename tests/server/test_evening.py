"""The evening over real sockets: the captain, Ready, play again with rotating partners, change
game, and tonight's matches kept across a restart of the server."""

from __future__ import annotations

import pytest
from conftest import ask, create_room, join
from test_play import play_round

import engine
from tabletop import evening
from tabletop.app import create_app
from tabletop.settings import Settings

PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]
SIX = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "phone"}, {"kind": "computer", "level": "easy"}]


def two_phones(make):
    host, room_id, _ = create_room(make, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(make, room_id, 0, "Ana")
    p1, t1 = join(make, room_id, 1, "Bo")
    return host, room_id, {0: p0, 1: p1}, (t0, t1)


def ok(client, msg):
    answer = ask(client, msg)
    assert answer["type"] == "ok", answer
    return answer


def refused(client, msg, code):
    answer = ask(client, msg)
    assert answer["type"] == "error" and answer["code"] == code, answer


def test_the_first_phone_is_captain_and_it_passes_on(live, client_factory):
    host, room_id, phones, _ = two_phones(client_factory)
    room = live.tables.rooms[room_id]
    assert room.summary()["captain"] == 0
    ok(phones[0], {"type": "leave"})
    assert room.meta["captain"] == 1 and room.summary()["captain"] == 1
    # the captain starts from the phone; another phone may not
    p0, _ = join(client_factory, room_id, 0, "Ana")
    refused(p0, {"type": "start_round"}, "not_captain")
    assert room.match is None
    ok(phones[1], {"type": "start_round"})
    assert room.state.phase == "play"


def test_captain_sets_up_between_games_never_mid_game(live, client_factory):
    # (the captain ends a game with change_game, having asked first: test_captain.py)
    host, room_id, phones, _ = two_phones(client_factory)
    room = live.tables.rooms[room_id]
    setup = {"type": "setup", "profile": "block", "options": {"players": 2}, "seats": PHONES2}
    refused(phones[1], setup, "not_captain")
    ok(phones[0], setup)
    assert room.meta["profile"] == "block" and set(room.tokens) == {0, 1}  # both still seated
    ok(phones[0], {"type": "start_round"})
    version = room.version
    refused(phones[0], dict(setup, profile="draw"), "game_in_progress")
    assert room.version == version and room.meta["profile"] == "block" and room.state.phase == "play"


def test_ready_deals_the_next_round_when_every_phone_is_ready(live, client_factory):
    host, room_id, phones, _ = two_phones(client_factory)
    room = live.tables.rooms[room_id]
    refused(phones[0], {"type": "ready"}, "not_started")
    ok(host, {"type": "start_round"})
    refused(phones[0], {"type": "ready"}, "round_in_progress")
    refused(host, {"type": "ready"}, "not_your_seat")  # the table says go with start_round
    refused(phones[0], {"type": "ready", "ready": "yes"}, "bad_message")
    table = play_round(live, room_id, phones, host)
    assert table["view"]["phase"] == "round_over"
    assert table["room"]["waiting_for"] == [0, 1] and table["room"]["ready"] == []
    version = room.version
    ok(phones[1], {"type": "ready"})
    summary = host.view(version + 1)["room"]
    assert summary["ready"] == [1] and summary["waiting_for"] == [0]
    assert room.state.phase == "round_over" and room.meta["ready"] == [1]
    ok(phones[1], {"type": "ready", "ready": False})  # changed their mind
    assert room.meta["ready"] == []
    ok(phones[1], {"type": "ready"})
    ok(phones[0], {"type": "ready"})
    assert room.state.phase == "play" and room.state.round_no == 2
    assert room.meta["ready"] == [] and host.view(room.version)["room"]["waiting_for"] == []


def test_a_computer_stand_in_is_not_waited_for(live, client_factory):
    host, room_id, phones, _ = two_phones(client_factory)
    room = live.tables.rooms[room_id]
    ok(host, {"type": "start_round"})
    play_round(live, room_id, phones, host)
    ok(host, {"type": "standin", "seat": 1, "level": "easy"})
    assert room.summary()["waiting_for"] == [0]
    ok(phones[0], {"type": "ready"})
    assert room.state.phase == "play" and room.state.round_no == 2


def finish_match(live, room_id, phones, host):
    """Rounds until the match is decided, each dealt by the phones' Ready."""
    room = live.tables.rooms[room_id]
    for _ in range(40):
        table = play_round(live, room_id, phones, host)
        if table["room"]["tonight"]["matches"]:
            return table
        for p in phones.values():
            ok(p, {"type": "ready"})
        assert room.state.phase == "play"
    raise AssertionError("the match did not end")


# A whole match at machine speed sends far more than a person's 20 messages a second; the rate
# limit would answer with an error that names no ref, and `ask` would wait for ever.
@pytest.mark.app_config(rate=(1000.0, 1000.0))
def test_play_again_and_tonight_survive_a_restart(live, client_factory, tmp_path):
    host, room_id, phones, tokens = two_phones(client_factory)
    room = live.tables.rooms[room_id]
    refused(phones[0], {"type": "play_again"}, "not_started")
    ok(host, {"type": "start_round"})
    table = finish_match(live, room_id, phones, host)
    assert room.state.phase == "game_over"
    (match,) = table["room"]["tonight"]["matches"]
    assert match["names"] == ["Ana", "Bo"] and match["points"] == list(room.state.scores)
    assert match["winners"] == [room.state.match_winner]
    standings = table["room"]["tonight"]["players"]
    assert {r["name"]: r["wins"] for r in standings} == {
        "Ana": match["winners"] == [0],
        "Bo": match["winners"] == [1],
    }
    refused(phones[1], {"type": "play_again"}, "not_captain")
    version = room.version
    ok(phones[1], {"type": "ready"})
    assert room.state.phase == "game_over" and room.version == version + 1
    ok(phones[0], {"type": "ready"})  # everybody ready at the end: play again
    assert room.state.phase == "play" and room.state.round_no == 1 and room.state.scores == (0, 0)
    # the new match's first hand opens as RULES.md says, not with the last winner: the highest
    # double dealt (or, with none, the heaviest tile) leads, by its holder
    views = [phones[s].view(room.version)["view"] for s in (0, 1)]
    pips = lambda name: tuple(map(int, name.split("-")))  # noqa: E731
    weight = lambda t: (pips(t)[0] == pips(t)[1], sum(pips(t)), max(pips(t)))  # noqa: E731
    best = max((t for v in views for t in v["hand"]), key=weight)
    opener = next(v for v in views if best in v["hand"])
    assert room.state.turn == opener["seat"]
    assert [a["play"] for a in opener["legal"]] == [best], opener["legal"]
    summary = host.view(room.version)["room"]
    stored = {k: v for k, v in match.items() if k not in ("counts", "low_wins")}
    assert match["counts"] == "points" and match["low_wins"] is False
    assert len(summary["tonight"]["matches"]) == 1 and room.meta["tonight"] == [stored]

    # a new server on the same data keeps tonight and the seats
    app = create_app(Settings(data=str(tmp_path), computer_delay=0, idle_close=0))
    try:
        again = app.extensions["tabletop"].rooms[room_id]
        assert again.meta["tonight"] == [stored] and again.meta["captain"] == 0
        assert again.summary()["tonight"] == summary["tonight"]
        assert again.tokens == room.tokens
    finally:
        app.extensions["tabletop"].shutdown()


def test_change_game_keeps_everyone_seated(live, client_factory):
    host, room_id, phones, _ = two_phones(client_factory)
    room = live.tables.rooms[room_id]
    ok(host, {"type": "start_round"})
    ok(host, {"type": "change_game"})  # the table may, mid-game (it asked first)
    assert room.match is None and set(room.tokens) == {0, 1} and room.meta["profile"] == "draw"
    summary = host.view(room.version)["room"]
    assert not summary["started"] and [s["taken"] for s in summary["seats"]] == [True, True]
    assert summary["tonight"]["matches"] == []  # an unfinished game is not a match played
    ok(phones[0], {"type": "start_round"})
    assert room.state.phase == "play"


def test_kiosk_table_needs_the_pin_the_captain_does_not(live, client_factory):
    live.tables.kiosk, live.tables.pin = True, "2468"
    host, room_id, phones, _ = two_phones(client_factory)
    room = live.tables.rooms[room_id]
    ok(phones[0], {"type": "start_round"})
    play_round(live, room_id, phones, host)
    refused(host, {"type": "change_game"}, "pin_required")
    assert room.match is not None
    ok(phones[0], {"type": "start_round"})  # the captain says go without waiting for Bo
    assert room.state.round_no == 2


@pytest.mark.app_config(rate=(1000.0, 1000.0))
def test_six_love_rematch_rotates_partners(live, client_factory):
    host, room_id, _ = create_room(client_factory, "six-love", {}, SIX)
    phones = {}
    tokens = {}
    for seat, name in enumerate(["Ana", "Bo", "Cy"]):
        phones[seat], tokens[seat] = join(client_factory, room_id, seat, name)
    room = live.tables.rooms[room_id]
    ok(phones[0], {"type": "start_round"})
    computer = room.meta["seats"][3]
    # the phones play; the computer plays by itself; each round is dealt by the phones' Ready
    table = host.view(room.version)
    for _ in range(5000):
        view = table["view"]
        if view["phase"] != "play":
            if table["room"]["tonight"]["matches"]:
                break
            for p in phones.values():
                ok(p, {"type": "ready"})
            table = host.until(lambda f: f["type"] == "view" and f["view"]["phase"] == "play")
            continue
        if view["turn"] != 3:
            own = phones[view["turn"]].view(table["version"])
            ok(
                phones[view["turn"]],
                {"type": "act", "action": own["view"]["legal"][0], "version": own["version"]},
            )
        table = host.view(table["version"] + 1)
    assert room.state.match_winner is not None
    refused(phones[1], {"type": "play_again"}, "not_captain")
    ok(phones[0], {"type": "play_again"})
    # seat 0 stays; Bo (was 1) sits at 2, Cy (was 2) at 3, the computer (was 3) at 1
    assert [s["name"] for s in room.meta["seats"]] == ["Ana", computer["name"], "Bo", "Cy"]
    assert room.meta["seats"][1]["kind"] == "computer"
    assert room.state.round_no == 1 and room.state.scores == (0, 0)
    assert room.match.seats[2]["name"] == "Bo"
    # the new match's first round opens with 6-6, by whoever holds it now (RULES.md, Six-Love)
    # (the computer may have laid it already: then it is the round's first move; the room's lock
    # holds its move off while we look)
    with room.lock:
        state = room.state
        history = [a.to_json() for a in room.match.rounds[-1].actions]
        if history:
            assert history[0].get("play") == "6-6", history[0]
        else:
            holder = next(s for s in range(4) if "6-6" in state.ctx.ts.names(state.hands[s]))
            assert state.turn == holder
            assert [a.to_json() for a in engine.legal_actions(state)] == [{"seat": holder, "play": "6-6"}]
    # each phone was told its new seat, and its own token still opens it
    assert phones[1].expect("welcome", role="seat")["seat"] == 2
    assert phones[2].expect("welcome", role="seat")["seat"] == 3
    assert phones[1].view(room.version)["view"]["seat"] == 2
    assert room.summary()["tonight"]["matches"][0]["names"] == ["Ana", "Bo", "Cy", "Computer 4"]
    again = client_factory()
    again.send({"type": "hello", "room": room_id, "token": tokens[2]})
    assert again.expect("welcome")["seat"] == 3


def played(profile, names, points, winners):
    return {"profile": profile, "names": names, "points": points, "winners": winners}


def test_tonight_never_adds_points_of_games_that_count_differently():
    draw = played("draw", ["Ana", "Bo", "Cy"], [104, 60, 12], [0])
    train = played("mexican-train", ["Ana", "Bo", "Cy"], [240, 96, 150], [1])
    six = played("six-love", ["Ana", "Bo", "Cy", "Di"], [6, 2, 6, 2], [0, 2])
    tonight = evening.tonight([draw, train, six])
    assert [(m["counts"], m["low_wins"]) for m in tonight["matches"]] == [
        ("points", False),
        ("pips", True),
        ("team_points", False),
    ]
    assert tonight["games"] == [
        {"profile": "draw", "counts": "points", "low_wins": False},
        {"profile": "mexican-train", "counts": "pips", "low_wins": True},
        {"profile": "six-love", "counts": "team_points", "low_wins": False},
    ]
    rows = {r["name"]: r for r in tonight["players"]}
    assert rows["Ana"]["points"] == {"draw": 104, "mexican-train": 240, "six-love": 6}
    assert rows["Di"]["points"] == {"six-love": 2} and rows["Di"]["played"] == 1
    # most wins first; equal wins over different games by name (their points are not comparable)
    assert [(r["name"], r["wins"], r["played"]) for r in tonight["players"]] == [
        ("Ana", 2, 3),
        ("Bo", 1, 3),
        ("Cy", 1, 3),
        ("Di", 0, 1),
    ]


def test_tonight_of_one_game_ranks_equal_wins_by_its_points_the_right_way():
    # Mexican Train: the fewest pips is best
    trains = [
        played("mexican-train", ["Ana", "Bo", "Cy"], [90, 200, 150], [0]),
        played("mexican-train", ["Ana", "Bo", "Cy"], [120, 80, 100], [1]),
    ]
    assert [r["name"] for r in evening.tonight(trains)["players"]] == ["Ana", "Bo", "Cy"]
    # Ana 290 and Bo 260 with a win each: the fewest pips first among equal wins
    trains[0]["points"] = [130, 200, 150]
    trains[1]["points"] = [160, 60, 100]
    assert [r["name"] for r in evening.tonight(trains)["players"]] == ["Bo", "Ana", "Cy"]
    # a Draw match to 100: the most points first among equal wins
    draws = [played("draw", ["Ana", "Bo"], [100, 90], [0]), played("draw", ["Ana", "Bo"], [10, 101], [1])]
    assert [r["name"] for r in evening.tonight(draws)["players"]] == ["Bo", "Ana"]


@pytest.mark.app_config(rate=(1000.0, 1000.0))
def test_a_gaple_game_goes_into_tonight_when_it_is_left(live, client_factory):
    # gaple has no match to win (each round stands on its own): the rounds played are kept
    # when the game is left, by New game or Change game, never between its rounds
    four = [{"kind": "phone"}] * 4
    host, room_id, _ = create_room(client_factory, "gaple", {}, four)
    phones = {
        i: join(client_factory, room_id, i, name)[0] for i, name in enumerate(["Ana", "Bo", "Cy", "Di"])
    }
    room = live.tables.rooms[room_id]
    ok(host, {"type": "start_round"})
    ok(host, {"type": "change_game"})  # no round finished: nothing to keep
    assert not room.meta.get("tonight")
    ok(host, {"type": "start_round"})
    play_round(live, room_id, phones, host)
    winner = room.state.result["winner"]
    ok(host, {"type": "new_game"})
    (first,) = room.meta["tonight"]
    assert first["profile"] == "gaple" and first["rounds"] == 1 and first["winners"] == []
    assert first["points"] == [int(seat == winner) for seat in range(4)]  # rounds won
    play_round(live, room_id, phones, host)
    for p in phones.values():
        ok(p, {"type": "ready"})
    assert room.state.round_no == 2 and len(room.meta["tonight"]) == 1  # a new round, the same game
    ok(host, {"type": "change_game"})  # left during round 2: round 1 is kept
    second = room.meta["tonight"][1]
    assert second["rounds"] == 1 and sum(second["points"]) == 1
    tonight = host.view(room.version)["room"]["tonight"]
    assert tonight["games"] == [{"profile": "gaple", "counts": "round_wins", "low_wins": False}]
    assert [r["wins"] for r in tonight["players"]] == [0, 0, 0, 0]
    assert sum(sum(r["points"].values()) for r in tonight["players"]) == 2
