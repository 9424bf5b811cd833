"""The table's menu puts the same table on a second screen: its address and QR code open
/watch/<room>, which shows the lobby's players as they sit down and then the game, as the table
screen shows it, never a hand; a command from it is refused with `view_only`; it replays the
rounds it showed while they were played, and no other."""

from __future__ import annotations

import json
from pathlib import Path

from flows import (
    TIMEOUT,
    act_by_api,
    join_phone,
    join_urls,
    lobby_setup,
    my_turn,
    open_table,
    play_until_round_over,
    start_game,
    wait_game,
)
from handle import Domino

EN = json.loads((Path(__file__).resolve().parents[2] / "locales" / "en.json").read_text(encoding="utf-8"))
PHONES = ((390, 844), (844, 390), (360, 640))
# every text of the lobby screen (its bar too): its font size, box, and whether its end is cut
LOBBY_TEXTS = """() => [...document.querySelectorAll('.watch-lobby-layout *')]
  .filter((e) => !e.closest('.sr-only') && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .map((e) => { const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
    return {text: e.textContent.trim(), px: parseFloat(cs.fontSize), box: [r.left, r.top, r.right, r.bottom],
            cut: cs.overflow !== 'visible' && e.scrollWidth > e.clientWidth + 1}; })"""


def lobby_reads_well(page, width, height):
    """On a phone the lobby's every word is 16 px or more, whole and inside the screen, and so is
    the code to scan."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    texts = page.evaluate(LOBBY_TEXTS)
    assert len(texts) >= 8, texts
    for t in texts:
        left, top, right, bottom = t["box"]
        assert t["px"] >= 16, (width, height, t)
        assert not t["cut"], (width, height, t)
        assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, (width, height, t)
    qr = page.locator(".watch-join .join-any-qr").bounding_box()
    assert qr["width"] >= 120 and qr["x"] >= 0 and qr["x"] + qr["width"] <= width, (width, height, qr)
    assert qr["y"] + qr["height"] <= height, (width, height, qr)


# every text of the game on the watch page (its bar, seats, banner, board and caption), as above
GAME_TEXTS = """() => [...document.querySelectorAll('.host-layout *')]
  .filter((e) => !e.closest('.sr-only') && e.getClientRects().length
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .map((e) => { const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
    return {text: e.textContent.trim(), cls: e.className, px: parseFloat(cs.fontSize),
            box: [r.left, r.top, r.right, r.bottom],
            cut: cs.overflow !== 'visible' && e.scrollWidth > e.clientWidth + 1}; })"""
# the words a watcher reads first: 16 px at least on a phone; every other word 14 px at least
NAMES = ("seat-name", "turn-banner-text", "info-profile", "info-round", "room-code")


def game_reads_well(page, width, height):
    """On a phone the game's every word is 14 px or more (its names 16), whole and inside the
    screen, and so are the board's tiles, 24 px across at least."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        "([w, h]) => innerWidth === w && innerHeight === h"
        " && document.querySelector('.tablescreen').classList.contains('tablescreen--compact')",
        arg=[width, height],
    )
    Domino(page).settle(".table-board")  # the board drawn at its new size, no tile dropping in
    texts = page.evaluate(GAME_TEXTS)
    assert {c for t in texts for c in NAMES if c in t["cls"].split()} == set(NAMES), texts
    for t in texts:
        left, top, right, bottom = t["box"]
        floor = 16 if set(t["cls"].split()) & set(NAMES) else 14
        assert t["px"] >= floor, (width, height, t)
        assert not t["cut"], (width, height, t)
        assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, (width, height, t)
    tiles = page.evaluate(
        "() => [...document.querySelectorAll('.table-board .board-tile')].map((e) => {"
        " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"
    )
    assert tiles, "no tile on the board"
    for left, top, right, bottom in tiles:
        assert min(right - left, bottom - top) >= 24, (width, height, tiles)
        assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, (
            width,
            height,
            tiles,
        )


# every text of the results (the chart's by its drawn size): font size, sideways extent, cut
RESULT_TEXTS = """() => [...document.querySelectorAll('.dlg-results *')]
  .filter((e) => e.getClientRects().length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .map((e) => { const r = e.getBoundingClientRect(), cs = getComputedStyle(e), svg = e.closest('svg');
    return {text: e.textContent.trim(), px: parseFloat(cs.fontSize) * (svg ? svg.getScreenCTM().a : 1),
            x: [r.left, r.right], cut: cs.overflow !== 'visible' && e.scrollWidth > e.clientWidth + 1}; })"""


def results_read_well(page, width, height):
    """On a phone the round's results keep 14 px text (they scroll rather than shrink), within
    the screen's width."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
    texts = page.evaluate(RESULT_TEXTS)
    assert len(texts) >= 10, texts
    for t in texts:
        assert t["px"] >= 14 - 0.05, (width, height, t)
        assert not t["cut"], (width, height, t)
        assert t["x"][0] >= 0 and t["x"][1] <= width + 0.5, (width, height, t)


def test_the_menu_puts_the_table_on_a_second_screen_view_only(live_server, screen, phone, tmp_path):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=3, seats=["phone", "phone", "computer:easy"])
    table.click(".top-menu")
    table.click(".menu-watch")
    address = table.wait_for_selector(".dlg-watch .watch-address", timeout=TIMEOUT)
    url = address.get_attribute("data-watch-url")
    room = Domino(table).room
    assert url == room["watch_url"] == f"{live_server.url}/watch/{room['id']}"
    assert address.text_content() == url.removeprefix("http://")
    table.wait_for_function("() => document.querySelector('.watch-qr').naturalWidth > 0", timeout=TIMEOUT)
    qr = table.locator(".watch-qr").bounding_box()
    assert qr["width"] >= 240 and qr["height"] >= 240, qr
    table.screenshot(path=str(tmp_path / "watch-offer-1920.png"))
    table.keyboard.press("Escape")

    second = screen(1280, 720)
    second.goto(url)
    second.wait_for_selector(".watch-lobby", timeout=TIMEOUT)
    assert second.locator(".watch-badge").text_content() == "View only"
    ingrid = phone()
    join_phone(ingrid, join_urls(table)[0], "Ingrid")
    second.wait_for_selector(".watch-seat >> text=Ingrid", timeout=TIMEOUT)
    second.screenshot(path=str(tmp_path / "watch-lobby-1280.png"))
    seats = [second.locator(".watch-seat").nth(i).bounding_box() for i in (0, 1)]
    assert seats[0]["y"] == seats[1]["y"] and seats[0]["height"] >= 40, seats  # the TV's two columns
    # the same lobby on a phone, in French (its longer words)
    small = phone(lang="fr")
    small.goto(url)
    small.wait_for_selector(".watch-seat >> text=Ingrid", timeout=TIMEOUT)
    for width, height in PHONES:
        lobby_reads_well(small, width, height)
    small.screenshot(path=str(tmp_path / "watch-lobby-360-fr.png"))
    assert Domino(table).request("standin", {"seat": 1, "level": "easy"}) is None  # the open seat

    start_game(table)
    second.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    watcher, host = Domino(second), Domino(table)
    # the computer may open the round, right after the deal: compared once it waits for Ingrid
    host.wait("D.frame.view.turn === 0")
    watcher.wait("D.frame.view && D.frame.version === arg", host.version)
    assert watcher.js("D.frame.view") == host.js("D.frame.view")
    assert watcher.js("D.frame.view.hand") is None and watcher.js("D.frame.device_view") is None
    assert second.locator(".hand-tile").count() == 0  # no tile of anyone's hand is drawn
    second.screenshot(path=str(tmp_path / "watch-game-1280.png"))
    # it can change nothing: the server refuses it, and the table's round goes on
    version = host.version
    refused = watcher.request("restart")
    assert refused["code"] == "view_only", refused
    assert watcher.request("pause", {"paused": True})["code"] == "view_only"
    assert host.version == version and host.js("D.frame.room.paused") is False
    # the phone that watched the lobby shows the game, in French, large enough to read there too
    # (Ingrid opens the line if it is hers to open: then the computers play up to her next turn)
    while not host.js("D.frame.view.line.length"):
        act_by_api(ingrid, my_turn(ingrid))
    host.wait("D.frame.view.turn === 0 && D.frame.view.line.length > 0")
    Domino(small).wait("D.frame.view && D.frame.version === arg", host.version)
    for width, height in PHONES:
        game_reads_well(small, width, height)
    small.screenshot(path=str(tmp_path / "watch-game-360-fr.png"))
    print(f"screenshots: {tmp_path}")


def test_a_second_screen_replays_only_the_rounds_it_watched(live_server, screen, phone):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    url = Domino(table).room["watch_url"]
    early = screen(1280, 720)  # shows the table from the lobby on
    early.goto(url)
    early.wait_for_selector(".watch-lobby", timeout=TIMEOUT)
    ph = phone()
    join_phone(ph, join_urls(table)[0], "Ana")
    start_game(table)
    wait_game(ph)
    play_until_round_over([ph])
    late = screen(390, 844)  # a phone that comes to watch once the round is over
    late.goto(url)
    late.wait_for_selector(".watch-replay", timeout=TIMEOUT)
    late.wait_for_selector(".dlg-results .results-reveal", timeout=TIMEOUT)
    for width, height in PHONES:
        results_read_well(late, width, height)
    for page, seen in ((early, 1), (late, 0)):
        # the results may cover the top bar: the button closes them as it opens the replays
        page.locator(".watch-replay").dispatch_event("click")
        page.wait_for_selector(".replay-list", timeout=TIMEOUT)
        assert page.locator(".replay-pick").count() == seen
        assert page.locator(".replay-none").count() == 1 - seen
    # a refusal shows its code's own sentence: the server answers `not_seen` to a round this
    # screen did not show (its list never offers one, so the answer is put in the list's place),
    # and a table that does not answer is a lost connection
    late.click(".replay-close")
    for answer, sentence in (
        (lambda route: route.fulfill(status=403, json={"error": "not_seen"}), EN["error.not_seen"]),
        (lambda route: route.abort(), EN["error.connection"]),
    ):
        late.route("**/api/rooms/*/replays", answer)
        late.locator(".watch-replay").dispatch_event("click")
        assert late.wait_for_selector(".replay-error", timeout=TIMEOUT).text_content() == sentence
        late.click(".replay-close")
        late.unroute("**/api/rooms/*/replays")
    early.click(".replay-pick")
    early.wait_for_selector(".replay--round .replay-seat", timeout=TIMEOUT)
    early.keyboard.press("End")
    scores = early.evaluate("() => JSON.parse(document.querySelector('.replay').dataset.scores)")
    assert scores == Domino(table).view["scores"]
