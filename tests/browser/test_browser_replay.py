"""Replay on the table screen: golden records, stored as earlier games of the table, open from
the menu and step to their end with the scores `python -m engine replay` prints; every hand is
face up all along, the line shows every tile played; keys and the move list move through it; a
round still being played is not offered and its address is refused."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from flows import (
    TIMEOUT,
    choose,
    join_phone,
    join_urls,
    lobby_setup,
    open_solo,
    open_table,
    play_until_round_over,
    seat_kind,
    start_game,
    wait_game,
)
from handle import Domino

from engine.round_steps import round_steps

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"


def cli_replay(record) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(record),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


def store_game(server, room_id, record) -> int:
    """The record as an earlier game of this table (as the store keeps one)."""
    store = server.app.extensions["tabletop"].store
    now = time.time()
    return store._tx(
        lambda db: (
            db.execute(
                "INSERT INTO games (room, record, started, updated) VALUES (?, ?, ?, ?)",
                (room_id, json.dumps(record), now, now),
            ).lastrowid
        )
    )


def open_replays(table):
    table.click(".top-menu")
    table.click(".menu-replay")
    table.wait_for_selector(".replay-list", timeout=TIMEOUT)


def state(table) -> dict:
    return table.evaluate(
        "() => { const r = document.querySelector('.replay'); return {step: +r.dataset.step,"
        " steps: +r.dataset.steps, scores: JSON.parse(r.dataset.scores), counts: JSON.parse(r.dataset.counts)}; }"
    )


@pytest.mark.parametrize("name", ["draw-2p", "mexican-train-4p", "gaple-4x6-partners"])
def test_a_golden_record_replays_to_the_engines_scores(live_server, screen, name):
    record = json.loads((GOLDEN / f"{name}.json").read_text())["record"]
    expected = cli_replay(record)["rounds"]
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    room_id = Domino(table).room["id"]
    game = store_game(live_server, room_id, record)
    open_replays(table)
    picks = table.locator(f".replay-pick[data-game='{game}']")
    assert picks.count() == len(expected)  # every round of the record is finished
    last = len(expected)
    table.click(f".replay-pick[data-game='{game}'][data-round='{last}']")
    table.wait_for_selector(".replay--round .replay-seat", timeout=TIMEOUT)
    actions = record["rounds"][last - 1]["actions"]
    start = state(table)
    assert start["step"] == 0 and start["steps"] == len(actions)
    assert start["scores"] == (expected[last - 2]["scores"] if last > 1 else start["scores"])
    # every hand face up from the deal: its tiles are shown, as many as the seat holds
    shown = table.eval_on_selector_all(
        ".replay-seat", "rows => rows.map(r => r.querySelectorAll('.replay-tiles .tile').length)"
    )
    assert shown == start["counts"] and sum(shown) > 0
    # the right arrow walks through every move to the end
    for k in range(1, len(actions) + 1):
        table.keyboard.press("ArrowRight")
        assert state(table)["step"] == k
        if k == 3:  # the move just made is said in the table's words, and marked in the list
            said = table.text_content(".replay-said")
            assert said and said == table.text_content(".replay-move--current")
    end = state(table)
    assert end["scores"] == expected[-1]["scores"]
    shown = table.eval_on_selector_all(
        ".replay-seat", "rows => rows.map(r => r.querySelectorAll('.replay-tiles .tile').length)"
    )
    assert shown == end["counts"]
    assert "won the round" in table.text_content(".replay-said") or "nobody" in table.text_content(
        ".replay-said"
    )
    if record["profile"] != "mexican-train":  # the line holds every tile of the engine's final line
        line = round_steps(record, last)["steps"][-1]["line"]
        table.wait_for_function(
            "n => document.querySelectorAll('.replay-board .tile').length === n",
            arg=len(line),
            timeout=TIMEOUT,
        )
    # the moves the rules forced say so, as the engine counts them
    forced = table.eval_on_selector_all(
        ".replay-move", "bs => bs.filter(b => b.textContent.endsWith('(the only legal move)')).length"
    )
    assert forced == sum(round_steps(record, last)["forced"]) > 0
    # Home goes back to the deal, a move in the list jumps to it, End to the result
    table.keyboard.press("Home")
    assert state(table)["step"] == 0
    table.click(".replay-move[data-step='5']")
    assert state(table)["step"] == 5
    table.keyboard.press("End")
    assert state(table)["step"] == len(actions)
    # Escape goes back to the list, then closes
    table.keyboard.press("Escape")
    table.wait_for_selector(".replay-list", timeout=TIMEOUT)
    table.keyboard.press("Escape")
    table.wait_for_selector(".replay", state="detached", timeout=TIMEOUT)


def test_play_runs_to_the_end_and_a_swipe_steps(live_server, screen):
    record = json.loads((GOLDEN / "draw-4p.json").read_text())["record"]
    table = screen(390, 844)  # the single device on a phone
    open_solo(table, live_server.url)
    Domino(table).wait("D && D.frame && D.frame.room && D.frame.room.id")
    game = store_game(live_server, Domino(table).room["id"], record)
    open_replays(table)
    table.click(f".replay-pick[data-game='{game}'][data-round='1']")
    table.wait_for_selector(".replay--round .replay-seat", timeout=TIMEOUT)
    box = table.locator(".replay-hands").bounding_box()
    y = box["y"] + box["height"] / 2
    for dx, step in ((-150, 1), (-150, 2), (150, 1)):
        x0 = box["x"] + box["width"] / 2
        table.mouse.move(x0, y)
        table.mouse.down()
        table.mouse.move(x0 + dx, y, steps=4)
        table.mouse.up()
        assert state(table)["step"] == step
    table.select_option(".replay-speed", "fast")
    table.click(".replay-play")
    table.wait_for_function(
        "() => { const r = document.querySelector('.replay'); return r.dataset.step === r.dataset.steps; }",
        timeout=60_000,
    )
    assert state(table)["scores"] == cli_replay(record)["rounds"][0]["scores"]


def test_the_round_being_played_is_not_offered(live_server, screen):
    table = screen(1280, 720)
    open_solo(table, live_server.url)
    table.click(".lobby-game[data-profile='draw']")
    choose(table, "#opt-players", "2")
    for i in range(2):
        seat_kind(table, i, "device")
    start_game(table)  # round 1 is being played (nobody on this device has moved)
    room_id = Domino(table).room["id"]
    earlier = store_game(live_server, room_id, json.loads((GOLDEN / "draw-2p.json").read_text())["record"])
    open_replays(table)
    games = table.eval_on_selector_all(".replay-pick", "bs => [...new Set(bs.map(b => +b.dataset.game))]")
    assert games == [earlier]  # the earlier game's rounds, none of the game being played
    current = live_server.app.extensions["tabletop"].store.games_of(room_id)[0]["game"]
    assert current != earlier
    token = table.evaluate("id => localStorage.getItem('domino.host.' + id)", room_id)
    answer = table.evaluate(
        "([url, token]) => fetch(url, {headers: {Authorization: 'Bearer ' + token}}).then(async r => [r.status, await r.json()])",
        [f"/api/rooms/{room_id}/replays/{current}/1", token],
    )
    assert answer == [409, {"error": "round_in_progress"}]


def test_a_phone_replays_only_the_rounds_it_played(live_server, screen, phone):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    room_id = Domino(table).room["id"]
    earlier = store_game(live_server, room_id, json.loads((GOLDEN / "draw-2p.json").read_text())["record"])
    ph = phone()
    join_phone(ph, join_urls(table)[0], "Ana")
    start_game(table)
    wait_game(ph)
    play_until_round_over([ph])
    current = live_server.app.extensions["tabletop"].store.games_of(room_id)[-1]["game"]
    ph.wait_for_selector(".backdrop .dialog-x", timeout=TIMEOUT)  # the round's results show first
    ph.click(".backdrop .dialog-x")
    ph.click(".top-menu")
    ph.click(".menu-replay")
    ph.wait_for_selector(".replay-list .replay-pick", timeout=TIMEOUT)
    picks = ph.eval_on_selector_all(".replay-pick", "bs => bs.map(b => [+b.dataset.game, +b.dataset.round])")
    assert picks == [[current, 1]]  # its own round; none of the earlier game it never saw
    ph.click(".replay-pick")
    ph.wait_for_selector(".replay--round .replay-seat", timeout=TIMEOUT)
    ph.keyboard.press("End")
    Domino(table).wait("D.frame.view.phase !== 'play'")  # the table's frame may come after the phone's
    assert state(ph)["scores"] == Domino(table).view["scores"]
    # the earlier game's round, asked for by address with this phone's token: refused
    answer = ph.evaluate(
        "([url, key]) => fetch(url, {headers: {Authorization: 'Bearer ' + localStorage.getItem(key)}})"
        ".then(async r => [r.status, await r.json()])",
        [f"/api/rooms/{room_id}/replays/{earlier}/1", f"domino.token.{room_id}"],
    )
    assert answer == [403, {"error": "not_seen"}]
