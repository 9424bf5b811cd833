"""The review of a chosen seat on the replay screen: the progress bar runs, the summary comes on
top, the judged moves are marked in the list; every marked move's preferred play is legal at
that move (the engine's legal actions there) and every reason shown passes its claim check on
the seat's view then (rebuilt here from the record, not taken from the server)."""

from __future__ import annotations

import copy
import json
import urllib.request

from flows import TIMEOUT, open_solo, open_table
from handle import Domino
from test_browser_replay import GOLDEN, open_replays, store_game

from engine import Match, legal_actions, view_for
from engine.round_steps import seat_decisions
from players.review import estimate_holds, reason_holds


def seat_view_before(record, round_no, move, seat):
    """The seat's view just before action `move` of the round: the record cut there, replayed."""
    cut = copy.deepcopy(record)
    cut["rounds"] = cut["rounds"][:round_no]
    cut["rounds"][-1]["actions"] = cut["rounds"][-1]["actions"][:move]
    state = Match.from_record(cut).state
    return state, view_for(state, seat)


WORDS = ["blank", "one", "two", "three", "four", "five", "six"]


def in_words(action):
    """A play as the English catalogue says it (a line game: the tile, and the end if it says)."""
    hi, lo = sorted((int(x) for x in action["play"].split("-")), reverse=True)
    tile = f"double {WORDS[hi]}" if hi == lo else f"{WORDS[hi]}-{WORDS[lo]}"
    return tile + {"left": " on the left end", "right": " on the right end"}.get(action.get("end"), "")


def review_round(page, server, game, round_no, seat):
    """Open the round and review `seat` on the page; the review's lines as the server gives them
    (the review is seeded: the page was given the same)."""
    page.click(f".replay-pick[data-game='{game}'][data-round='{round_no}']")
    page.wait_for_selector(".replay--round .review-start", timeout=TIMEOUT)
    page.select_option(".review-seat", str(seat))
    page.click(".review-start")
    page.wait_for_selector(".review[data-state='done']", timeout=TIMEOUT)
    room_id = Domino(page).room["id"]
    token = page.evaluate("id => localStorage.getItem('domino.host.' + id)", room_id)
    url = f"{server.url}/api/rooms/{room_id}/replays/{game}/{round_no}/review?seat={seat}"
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req) as resp:
        return [json.loads(x) for x in resp.read().decode().splitlines()]


def test_a_reviewed_round_marks_legal_better_plays_with_true_reasons(live_server, screen):
    record = json.loads((GOLDEN / "draw-4p.json").read_text())["record"]
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    game = store_game(live_server, Domino(table).room["id"], record)
    open_replays(table)
    seat = 3
    lines = review_round(table, live_server, game, 1, seat)
    head, judged, summary = lines[0], lines[1:-1], lines[-1]["summary"]
    assert head["seat"] == seat and [j["move"] for j in judged] == head["moves"]
    # the summary on top says what the last line says
    costly = table.text_content(".review-costly")
    if summary["costly"]:
        assert f"{summary['costly']} costly move" in costly and f"about {summary['amount']} points" in costly
    else:
        assert costly == "No costly moves."
    assert (
        table.text_content(".review-agreed")
        == f"Same choice as the hard player: {summary['agreed']} of {summary['decisions']}."
    )
    marks = table.eval_on_selector_all(
        ".replay-moves li", "items => items.map((li, i) => [i - 1, li.dataset.review || null])"
    )
    shown = {move: kind for move, kind in marks if kind}
    assert shown == {
        j["move"]: "agree" if j["agree"] else "costly" if j["costly"] else "better" for j in judged
    }
    reasons = 0
    for j in judged:
        state, view = seat_view_before(record, 1, j["move"], seat)
        assert state.turn == seat and view["legal"]
        legal = [a.to_json() for a in legal_actions(state)]
        assert j["preferred"] in legal and j["made"] == record["rounds"][0]["actions"][j["move"]]
        # the move on screen says the judgement, and what it says holds
        table.click(f".replay-move[data-step='{j['move'] + 1}']")
        detail = table.locator(f".review-detail[data-move='{j['move']}']")
        detail.wait_for(timeout=TIMEOUT)
        hindsight = detail.locator(".review-hindsight")
        if j["hindsight"] is None:
            assert hindsight.count() == 0
        else:  # apart from the judgement, and labelled: it knew every hand
            assert j["hindsight"]["play"] in legal
            assert hindsight.text_content().startswith("Hindsight, with every hand known: ")
        if j["agree"]:
            assert (
                detail.locator(".review-same").text_content()
                == "The hard player would have made the same choice."
            )
            continue
        assert estimate_holds(view, j["search"], j["estimate"])
        better = detail.locator(".review-better").text_content()
        assert better.startswith(f"The hard player prefers {in_words(j['preferred'])}")
        why = detail.locator(".review-why")
        if j["reason"] is None:
            assert why.count() == 0
        else:
            assert reason_holds(view, j["preferred"], j["made"], j["search"], j["reason"])
            assert why.text_content().startswith("Why: ")
            reasons += 1
    assert reasons  # this seat's round has choices the hard player would have made otherwise


def test_the_single_device_on_a_phone_reviews_a_seat(live_server, screen):
    record = json.loads((GOLDEN / "draw-2p.json").read_text())["record"]
    page = screen(390, 844)
    open_solo(page, live_server.url)
    Domino(page).wait("D && D.frame && D.frame.room && D.frame.room.id")
    game = store_game(live_server, Domino(page).room["id"], record)
    open_replays(page)
    lines = review_round(page, live_server, game, 1, 1)
    summary = lines[-1]["summary"]
    assert summary["decisions"] == len(lines) - 2 > 0
    # the review and the move list fit the phone's width
    for selector in (".review", ".replay-moves"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_a_record_file_chosen_on_the_page_is_reviewed_too(live_server, screen, tmp_path):
    record = json.loads((GOLDEN / "draw-2p.json").read_text())["record"]
    file = tmp_path / "draw-2p.json"
    file.write_text(json.dumps(record))
    table = screen(1280, 720)
    open_table(table, live_server.url)
    table.click(".top-menu")
    table.click(".menu-record-file")
    table.wait_for_selector("#record-input", timeout=TIMEOUT)
    table.set_input_files("#record-input", str(file))
    table.wait_for_selector(".record-file[data-file='draw-2p.json']", timeout=TIMEOUT)
    table.click(".replay-pick[data-round='1']")
    table.wait_for_selector(".replay--round .review-start", timeout=TIMEOUT)
    table.select_option(".review-seat", "1")
    table.click(".review-start")
    table.wait_for_selector(".review[data-state='done']", timeout=TIMEOUT)
    judged = table.eval_on_selector_all(".replay-moves li[data-review]", "items => items.length")
    assert judged == len(seat_decisions(record, 1, 1)) > 0
