"""A saved game chosen on the page: every golden record opens as a file on the table screen and
replays to the end `python -m engine replay` prints; a broken file says where and why and
changes nothing; a half-played record is taken up at a chosen move and played to its result."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

from flows import TIMEOUT, open_table, seat_kind
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


def golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text())["record"]


def open_file_panel(table):
    table.click(".top-menu")
    table.click(".menu-record-file")
    table.wait_for_selector("#record-input", timeout=TIMEOUT)


def choose(table, path: Path):
    table.set_input_files("#record-input", str(path))


def state(table) -> dict:
    return table.evaluate(
        "() => { const r = document.querySelector('.replay'); return {step: +r.dataset.step,"
        " steps: +r.dataset.steps, scores: JSON.parse(r.dataset.scores)}; }"
    )


def shown_hands(table) -> list[list[str]]:
    return table.eval_on_selector_all(
        ".replay-seat",
        "rows => rows.map(r => [...r.querySelectorAll('[data-tile]')].map(t => t.dataset.tile))",
    )


def same_tiles(a: str) -> tuple[int, int]:
    x, y = (int(n) for n in a.split("-"))
    return (max(x, y), min(x, y))


def test_every_golden_record_opened_as_a_file_replays_to_the_engines_end(live_server, screen, tmp_path):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    open_file_panel(table)
    for path in sorted(GOLDEN.glob("*.json")):
        record = json.loads(path.read_text())["record"]
        expected = cli_replay(record)["rounds"]
        file = tmp_path / path.name
        file.write_text(json.dumps(record))
        choose(table, file)
        table.wait_for_selector(f".record-file[data-file='{path.name}']", timeout=TIMEOUT)
        last = len(record["rounds"])
        assert table.locator(".replay-pick").count() == last  # every round of a golden record ended
        table.click(f".replay-pick[data-round='{last}']")
        table.wait_for_selector(".replay--round .replay-seat", timeout=TIMEOUT)
        if path.name == "draw-2p.json":  # a file's round is reviewed too (test_browser_review.py)
            assert table.locator(".replay-side .review .review-start").count() == 1
        table.keyboard.press("End")
        end = state(table)
        assert end["step"] == end["steps"] == len(record["rounds"][-1]["actions"]), path.name
        assert end["scores"] == expected[-1]["scores"], path.name
        # the move list keeps the last move in view (only the list scrolls)
        listed, current = (
            table.locator(".replay-moves").bounding_box(),
            table.locator(".replay-move--current").bounding_box(),
        )
        assert (
            listed["y"] <= current["y"]
            and current["y"] + current["height"]
            <= listed["y"] + listed["height"] + 2  # offsetTop is whole pixels
        )
        # the hands left at the end are the engine's, tile for tile, and count as it counts
        engine_end = round_steps(record, last)["steps"][-1]["reveal"]["hands"]
        hands = shown_hands(table)
        assert [sorted(map(same_tiles, h)) for h in hands] == [sorted(map(same_tiles, h)) for h in engine_end]
        if record["profile"] in ("draw", "block"):  # these count the plain pips left in each hand
            assert [sum(a + b for a, b in map(same_tiles, h)) for h in hands] == expected[-1]["totals"]
        table.keyboard.press("Escape")  # back to the file and its rounds
        table.wait_for_selector("#record-input", timeout=TIMEOUT)


def broken_draw_record() -> dict:
    record = golden("draw-2p")
    record["rounds"][2]["actions"][3] = dict(record["rounds"][2]["actions"][2])  # the same seat again
    return record


def test_a_broken_file_says_where_and_the_table_stays_as_it_was(live_server, screen, tmp_path):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    room_id = Domino(table).room["id"]
    good, broken = tmp_path / "good.json", tmp_path / "broken.json"
    good.write_text(json.dumps(golden("block-2p")))
    broken.write_text(json.dumps(broken_draw_record()))
    open_file_panel(table)
    choose(table, good)
    table.wait_for_selector(".record-file[data-file='good.json']", timeout=TIMEOUT)
    picks = table.locator(".replay-pick").count()
    room = live_server.app.extensions["tabletop"].rooms[room_id]
    version, meta, kept = room.version, copy.deepcopy(room.meta), room.record_file
    choose(table, broken)
    table.wait_for_selector(".record-error:not(:empty)", timeout=TIMEOUT)
    assert table.text_content(".record-error") == (
        "Round 3, move 4 of this file cannot be used. It was not that player's turn."
    )
    assert table.locator(".replay-pick").count() == picks  # still the good file's rounds
    assert table.get_attribute(".record-file", "data-file") == "good.json"
    assert table.text_content(".record-shown") == "Shown here: good.json"
    assert room.version == version and room.meta == meta and room.record_file is kept
    notjson = tmp_path / "notes.json"
    notjson.write_text("my notes")
    choose(table, notjson)
    table.wait_for_function(
        "() => document.querySelector('.record-error').textContent.startsWith('The file is not a saved game')"
    )
    assert room.version == version and room.meta == meta and room.record_file is kept


def test_a_half_played_record_is_played_on_to_its_result(live_server, screen, tmp_path):
    record = golden("draw-2p")
    record["rounds"] = record["rounds"][:3]
    record["rounds"][2]["actions"] = record["rounds"][2]["actions"][:8]  # round 3 half played
    file = tmp_path / "half.json"
    file.write_text(json.dumps(record))
    before = cli_replay(record)
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    open_file_panel(table)
    choose(table, file)
    table.wait_for_selector(".record-playon", timeout=TIMEOUT)
    assert table.locator(".replay-pick").count() == 2  # round 3 is not finished: not replayed
    table.select_option("#record-round", "3")
    table.select_option("#record-move", "6")  # play on after move 6 of round 3
    table.click(".record-playon-go")
    table.wait_for_selector(".replay", state="detached", timeout=TIMEOUT)
    d = Domino(table)
    d.wait("D.frame.room.imported && D.frame.room.imported.round === 3 && D.frame.room.imported.move === 6")
    assert table.text_content(".info-imported") == "Playing on from a saved game: round 3, after move 6."
    # the lobby shows the file's game; seats as in any lobby: two computers here
    for i in range(2):
        seat_kind(table, i, "computer:easy")
    d.wait("D.frame.room.seats.every(s => s.kind === 'computer') && D.frame.room.imported")
    table.click(".lobby-start")
    d.wait("D.frame.view && D.frame.view.round === 3 && D.frame.view.phase !== 'play'", timeout=60_000)
    end = d.js("D.frame.view")
    token = table.evaluate("id => localStorage.getItem('domino.host.' + id)", d.room["id"])
    played = table.evaluate(
        "([url, token]) => fetch(url, {headers: {Authorization: 'Bearer ' + token}}).then(r => r.json())",
        [f"/api/rooms/{d.room['id']}/record", token],
    )
    # the match so far is the file's (its two rounds, round 3's deal and first six moves) ...
    assert [r["actions"] for r in played["rounds"][:2]] == [r["actions"] for r in record["rounds"][:2]]
    assert played["rounds"][2]["actions"][:6] == record["rounds"][2]["actions"][:6]
    assert [r["hands"] for r in played["rounds"]] == [r["hands"] for r in record["rounds"]]
    # ... and the round played on from there ends where the engine's replay of it ends
    replayed = cli_replay(played)["rounds"]
    assert replayed[1]["scores"] == before["rounds"][1]["scores"]
    assert replayed[2]["end"] in ("domino", "blocked") and replayed[2]["scores"] == end["scores"]
    table.wait_for_selector(".dlg-results", timeout=TIMEOUT)  # the round's results show as usual
