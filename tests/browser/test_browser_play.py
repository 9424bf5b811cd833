"""Phones and the table in a real browser: join through the QR code's URL, play, results."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from flows import (
    TIMEOUT,
    join_phone,
    join_urls,
    lobby_setup,
    open_table,
    phone_state,
    play_until_round_over,
    room_of,
    start_game,
    wait_game,
)
from handle import Domino


def test_two_phones_play_a_draw_hand_while_the_table_follows(live_server, phone, screen):
    table = screen()
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "phone"])
    urls = join_urls(table)
    room = room_of(table)
    # the URL under each QR code is the room summary's join URL for that seat, and the QR
    # image encodes the same (the server's join.svg for that seat)
    summary = json.load(urllib.request.urlopen(f"{live_server.url}/api/rooms/{room['id']}"))
    assert urls == {0: f"{summary['join_url']}?seat=0", 1: f"{summary['join_url']}?seat=1"}
    srcs = table.eval_on_selector_all(".join-qr", "els => els.map(e => e.getAttribute('src'))")
    assert srcs == [f"/api/rooms/{room['id']}/join.svg?seat=0", f"/api/rooms/{room['id']}/join.svg?seat=1"]

    ana, bo = phone(), phone()
    join_phone(ana, urls[0], "Ana")
    join_phone(bo, urls[1], "Bo")
    # the table shows who sat down
    table.wait_for_selector(".join-card--taken >> text=Ana", timeout=TIMEOUT)
    table.wait_for_selector(".join-card--taken >> text=Bo", timeout=TIMEOUT)
    start_game(table)
    wait_game(ana)
    wait_game(bo)
    # each phone sees only its own hand: 7 tiles, no other hand in its page
    a, b = phone_state(ana), phone_state(bo)
    assert len(a["hand"]) == 7 and len(b["hand"]) == 7
    assert ana.locator(".hand-strip .hand-tile").count() == 7
    for tile in b["hand"]:
        assert ana.locator(f"[data-tile='{tile}']").count() == 0

    final = play_until_round_over([ana, bo])
    assert final["phase"] in ("round_over", "game_over")
    for page in (ana, bo, table):
        page.wait_for_selector(".dlg-results .results-table", timeout=TIMEOUT)
    # the table followed every move: its board holds the whole line
    line = Domino(table).js("D.frame.view.line.length")
    table.wait_for_function(
        "n => document.querySelectorAll('.table-board .board-tile:not(.board-tile--ghost)').length === n",
        arg=line,
    )
    # results reveal both hands with their counts; the record can be downloaded now
    assert table.locator(".dlg-results tbody tr").count() == 2
    assert ana.locator(".dlg-results .results-download").count() == 1
    href = ana.get_attribute(".dlg-results .results-download", "href")
    try:  # the link's address alone (the room code) opens nothing: the phone's token does
        urllib.request.urlopen(live_server.url + href)
        raise AssertionError("the record was served without a token")
    except urllib.error.HTTPError as err:
        assert err.code == 403
    with ana.expect_download() as saved:
        ana.click(".dlg-results .results-download")
    record = json.loads(Path(saved.value.path()).read_text())
    assert record["profile"] == "draw"
    # the seed of the finished round is revealed on the table
    table.wait_for_selector(".dlg-results .seed >> text=/[0-9]{3,}/", timeout=TIMEOUT)
    # the host deals the next round from the results screen
    table.click(".res-next")
    Domino(ana).wait("D.view.round === 2 && D.view.phase === 'play'")
